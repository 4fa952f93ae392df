//! Helpers for the integration tests of every crate: the repository's data/
//! files, a small random generator, scratch files and the `chariot` engine
//! binary. The engine's, the match runner's and the tuning tools' tests and
//! the benchmarks include this file (`#[path]`), so each of these exists
//! once. (A file rather than a crate: cargo gives `CARGO_TARGET_TMPDIR` to
//! test and bench targets only.)
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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

/// The FENs of a `data/` file of FEN or EPD lines (what precedes a line's
/// first `;`), without its blank lines and `#` comments.
pub fn epd_fens(rel: &str) -> Vec<String> {
    read_data(rel)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

/// Every FEN of the perft and openings files.
pub fn sample_fens() -> Vec<String> {
    let mut fens = epd_fens("perft/public.epd");
    fens.extend(epd_fens("openings/openings.epd"));
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
    /// One of `items` (the one `below(items.len())` names).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// One scenario of data/rules/league-verdicts.txt, as the league simulator
/// judged it: the start, the moves played, and the verdict and reason (with
/// any note in parentheses) as the file words them.
pub struct VerdictScenario {
    pub name: String,
    pub fen: String,
    pub moves: Vec<String>,
    pub plies: usize,
    pub verdict: String,
    pub reason: String,
}

/// The scenarios of data/rules/league-verdicts.txt (blocks without a `name:`
/// line are notes); panics on a scenario without one of its lines or with
/// other than `plies` moves.
pub fn verdict_scenarios() -> Vec<VerdictScenario> {
    let text = read_data("rules/league-verdicts.txt");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key}:")))
                .map(|v| v.trim().to_string())
        };
        let Some(name) = field("name") else { continue };
        let get = |key: &str| field(key).unwrap_or_else(|| panic!("{name}: no '{key}:' line"));
        let moves: Vec<String> = get("moves").split_whitespace().map(String::from).collect();
        let plies: usize = get("plies").parse().expect("plies");
        assert_eq!(moves.len(), plies, "{name}: moves vs plies");
        out.push(VerdictScenario {
            fen: get("fen"),
            moves,
            plies,
            verdict: get("verdict"),
            reason: get("reason"),
            name,
        });
    }
    out
}

/// The folder `<name>-<pid>` of this test process under cargo's temporary
/// directory.
fn scratch_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()))
}

/// A folder of this test process under cargo's temporary directory
/// (`<name>-<pid>`), created if missing.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `scratch_dir(name)` without what an earlier run left there.
pub fn empty_scratch_dir(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file of this test process's scratch folder (`chariot-tests-<pid>`), with
/// any file an earlier run left under that name removed. The tests of one
/// process run at once, so each names its own files.
pub fn scratch_file(name: &str) -> PathBuf {
    let path = scratch_dir("chariot-tests").join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The `chariot` engine binary, which lives in another package of the
/// workspace (so cargo gives no `CARGO_BIN_EXE_chariot` here). `cargo test
/// --workspace` has built it beside this test's own binaries; when only this
/// package is tested, it is built here with the same profile.
pub fn chariot_engine() -> PathBuf {
    static ENGINE: OnceLock<PathBuf> = OnceLock::new();
    ENGINE
        .get_or_init(|| {
            let exe = std::env::current_exe().expect("test executable path");
            // target/<profile>/deps/<test> -> target/<profile>/chariot
            let profile_dir = exe.parent().and_then(|d| d.parent()).expect("target dir");
            let engine = profile_dir.join(format!("chariot{}", std::env::consts::EXE_SUFFIX));
            if !engine.exists() {
                let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
                let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
                    Some("release") => "release",
                    _ => "test",
                };
                let status = Command::new(cargo)
                    .args([
                        "build",
                        "--profile",
                        profile,
                        "-p",
                        "chariot",
                        "--bin",
                        "chariot",
                    ])
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .status()
                    .expect("run cargo build for the chariot binary");
                assert!(status.success(), "building the chariot binary failed");
            }
            assert!(engine.exists(), "no chariot binary at {}", engine.display());
            engine
        })
        .clone()
}
