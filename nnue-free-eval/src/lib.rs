//! The hand-crafted evaluation. It sees a position only through [`EvalBoard`],
//! so the engine's `Position` (or any other board) can be evaluated.
//!
//! Scores are in centipawn-like units where a horse or cannon is about 100, and
//! are tapered between middlegame and endgame by the material left. The UCCI
//! `knowledge` option picks how much is evaluated, see [`Knowledge`].

mod breakdown;
pub mod coefficients;
pub mod danger;
mod endgame;
mod eval;
mod king;
mod masks;
pub mod params;
mod patterns;
mod pieces;
mod psq;
mod score;
mod trace;
#[rustfmt::skip]
pub mod weights;

pub use breakdown::{breakdown, term_used, Breakdown};
pub use coefficients::{coefficients, recompute, Coefficients};
pub use endgame::{HALFMOVE_SCALE_FULL, SCALE_FULL};
pub use eval::{material, phase, scale_for_halfmove, unscaled_after_null, TEMPO};
pub use psq::{material_value, psq_value, MATERIAL};
pub use score::{taper, Score, PHASE_MAX};
pub use tablegen::{Bitboard, Color, PieceKind, Square};
pub use trace::{Finish, Term, Trace};

use trace::NoTrace;

/// What the evaluation needs to see of a position.
pub trait EvalBoard {
    fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard;
    fn color_pieces(&self, color: Color) -> Bitboard;
    fn occupied(&self) -> Bitboard;
    fn piece_at(&self, sq: Square) -> Option<(Color, PieceKind)>;
    fn side_to_move(&self) -> Color;
    /// Plies since the last capture.
    fn halfmove_clock(&self) -> u32;
    /// Sum of [`psq_value`] over all pieces, kept incrementally (Red's view).
    fn psq(&self) -> Score;
    /// Red's material minus Black's ([`material_value`] per piece). A board may
    /// keep it incrementally; this default counts the pieces.
    fn material(&self) -> Score
    where
        Self: Sized,
    {
        eval::material(self, Color::Red) - eval::material(self, Color::Black)
    }
}

/// The UCCI `knowledge` option: how much the evaluation knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Knowledge {
    /// Material only.
    None,
    /// Material and piece-square tables (the position's incremental sum), and tempo.
    Small,
    /// ... and mobility and king safety.
    Medium,
    /// ... and the classic patterns and endgame knowledge.
    #[default]
    Large,
}

/// Score from the side to move's point of view. Allocates nothing.
#[inline]
pub fn evaluate<B: EvalBoard>(board: &B, knowledge: Knowledge) -> i32 {
    scale_for_halfmove(
        evaluate_unscaled(board, knowledge),
        board.halfmove_clock(),
        knowledge,
    )
}

/// The evaluation before its scale for plies without capture: a function of
/// the pieces and the side to move alone, so that a search may keep it by
/// position key. `scale_for_halfmove(evaluate_unscaled(b, k), clock, k)` is
/// `evaluate(b, k)`.
#[inline]
pub fn evaluate_unscaled<B: EvalBoard>(board: &B, knowledge: Knowledge) -> i32 {
    // The evaluation counts many 128-bit sets; without the CPU's population-count
    // instruction each count is a long bit-twiddling sequence. When the build does
    // not assume the instruction but the CPU has it, run a copy compiled with it.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been found to support `popcnt`, the only
        // feature the copy is compiled with beyond the build's own.
        return unsafe { evaluate_unscaled_with_popcnt(board, knowledge) };
    }
    eval::evaluate_parts::<B, NoTrace, false>(board, knowledge, &mut NoTrace)
}

/// `evaluate_unscaled`, compiled to use the population-count instruction.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn evaluate_unscaled_with_popcnt<B: EvalBoard>(board: &B, knowledge: Knowledge) -> i32 {
    eval::evaluate_parts::<B, NoTrace, false>(board, knowledge, &mut NoTrace)
}
