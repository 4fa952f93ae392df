//! Helpers for the integration tests of every crate: the repository's data/
//! files and a small random generator. The engine's and the match runner's
//! tests include this file (`#[path]`), so there is one locator of data/.
#![allow(dead_code)]

use std::path::PathBuf;

/// A file of the repository's `data/` folder (see data/README.md), e.g.
/// `data_file("perft/public.epd")`.
pub fn data_file(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../data")
        .join(rel)
}

/// The text of a `data/` file; panics with the path if it cannot be read.
pub fn read_data(rel: &str) -> String {
    let path = data_file(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// (FEN, [(depth, count)]) from data/perft/public.epd.
pub fn perft_suite() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = read_data("perft/public.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("Dn count");
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.parse().unwrap(),
                    )
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

/// Every FEN of the perft and openings files.
pub fn sample_fens() -> Vec<String> {
    let mut fens: Vec<String> = perft_suite().into_iter().map(|(f, _)| f).collect();
    let openings = read_data("openings/openings.epd");
    fens.extend(
        openings
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.trim().to_string()),
    );
    fens
}

/// A small deterministic generator for random playouts.
pub struct Rng(pub u64);
impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
