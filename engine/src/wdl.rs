//! Win, draw and loss chances from a score, for UCI `UCI_ShowWDL` and UCCI
//! `showwdl`: a logistic model fitted to Chariot's own self-play games (see
//! `chariot-wdl` and docs/tuning.md), as Stockfish fits its own. With `a` and
//! `b` cubic polynomials in the material on the board,
//!   win  = 1 / (1 + exp((a - score) / b)),
//!   loss = 1 / (1 + exp((a + score) / b)),
//!   draw = 1 - win - loss:
//! `a` is the score that wins half the games, `b` how fast the odds turn.

use crate::score::DECISIVE_BOUND;
use chariot_core::position::Position;
use chariot_core::Color;
use tablegen::PieceKind;

#[rustfmt::skip]
#[path = "wdl_params.rs"]
mod wdl_params;
pub use wdl_params::{A, B};

/// Material points by kind (king, advisor, elephant, horse, rook, cannon, pawn).
const POINTS: [u32; 7] = [0, 2, 2, 4, 9, 4, 1];
/// The material of the start position, both sides.
pub const START_MATERIAL: u32 = 94;

/// Material on the board, both sides: 94 at the start, 0 with kings alone.
pub fn material(pos: &Position) -> u32 {
    let mut m = 0;
    for c in [Color::Red, Color::Black] {
        for k in PieceKind::ALL {
            m += POINTS[k as usize] * pos.pieces(c, k).count();
        }
    }
    m
}

/// The model's `a` and `b` at a material count (clamped to the start's).
pub fn model(a: &[f64; 4], b: &[f64; 4], material: u32) -> (f64, f64) {
    let m = material.min(START_MATERIAL) as f64 / START_MATERIAL as f64;
    let poly = |c: &[f64; 4]| ((c[3] * m + c[2]) * m + c[1]) * m + c[0];
    (poly(a), poly(b).max(1.0))
}

/// Win and loss probabilities of the side whose score it is.
pub fn win_loss(a: f64, b: f64, score: f64) -> (f64, f64) {
    let win = 1.0 / (1.0 + ((a - score) / b).exp());
    let loss = 1.0 / (1.0 + ((a + score) / b).exp());
    (win, loss)
}

/// `[win, draw, loss]` per mille for the side to move's score (summing to 1000).
pub fn per_mille(score: i32, material: u32) -> [u32; 3] {
    // Mates and wins by the rules are certain.
    if score >= DECISIVE_BOUND {
        return [1000, 0, 0];
    }
    if score <= -DECISIVE_BOUND {
        return [0, 0, 1000];
    }
    let (a, b) = model(&A, &B, material);
    let (w, l) = win_loss(a, b, score as f64);
    let w = (w * 1000.0).round() as u32;
    let l = ((l * 1000.0).round() as u32).min(1000 - w);
    [w, 1000 - w - l, l]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_counts_both_sides() {
        assert_eq!(material(&Position::startpos()), START_MATERIAL);
        let kings = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(material(&kings), 0);
    }

    #[test]
    fn chances_sum_to_a_thousand_and_grow_with_the_score() {
        let mut last_win = 0;
        for score in (-1500..=1500).step_by(50) {
            let [w, d, l] = per_mille(score, 60);
            assert_eq!(w + d + l, 1000, "{score}");
            assert!(w >= last_win, "{score}");
            last_win = w;
        }
        let [w, _, l] = per_mille(0, 60);
        assert!(w.abs_diff(l) <= 1, "an even score is symmetric: {w} {l}");
        assert_eq!(per_mille(DECISIVE_BOUND + 5, 10), [1000, 0, 0]);
        assert_eq!(per_mille(-DECISIVE_BOUND - 5, 10), [0, 0, 1000]);
    }
}
