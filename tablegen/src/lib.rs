//! Geometry of the 9x10 Xiangqi board: squares, bitboards, colours, piece kinds,
//! and the attack look-ups generated at build time.

pub mod attacks;
pub mod bitboard;
pub mod generate;
pub mod reference;
pub mod types;

pub use bitboard::Bitboard;
pub use types::{in_palace, Color, PieceKind, Square, FILES, RANKS, SQUARES};
