//! The hand-crafted evaluation. It sees a position only through [`EvalBoard`],
//! so the engine's `Position` (or any other board) can be evaluated.
//!
//! Scores are in centipawn-like units where a horse or cannon is about 100, and
//! are tapered between middlegame and endgame by the material left. The UCCI
//! `knowledge` option picks how much is evaluated, see [`Knowledge`].

mod breakdown;
mod endgame;
mod eval;
mod king;
mod masks;
mod patterns;
mod pieces;
mod psq;
mod score;
mod trace;

pub use breakdown::{breakdown, term_used, Breakdown};
pub use endgame::{HALFMOVE_SCALE_FULL, SCALE_FULL};
pub use eval::{material, phase, TEMPO};
pub use psq::{material_value, psq_value, MATERIAL};
pub use score::{taper, Score, PHASE_MAX};
pub use tablegen::{Bitboard, Color, PieceKind, Square};
pub use trace::{Finish, Term};

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
    eval::evaluate_traced(board, knowledge, &mut NoTrace)
}
