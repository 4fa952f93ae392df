//! The openings file: one FEN a line (EPD: anything after a `;` is ignored),
//! blank lines and `#` comments skipped. Every line is checked before play.

use chariot_core::Position;
use std::path::Path;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    Sequential,
    Random,
}

pub fn parse_openings(text: &str, source: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = Position::from_fen(line)
            .map_err(|e| format!("{source} line {}: bad FEN '{line}': {e}", i + 1))?;
        if pos.legal_moves().is_empty() {
            return Err(format!(
                "{source} line {}: the side to move has no legal move in '{line}'",
                i + 1
            ));
        }
        out.push(pos.fen());
    }
    if out.is_empty() {
        return Err(format!("{source}: no openings in it"));
    }
    Ok(out)
}

pub fn load_openings(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    parse_openings(&text, &path.display().to_string())
}

/// Shuffles in place with a small seeded generator (splitmix64), so a seed
/// reproduces the order.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}
