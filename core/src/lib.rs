//! The game of Xiangqi: the position and its moves, move generation, static
//! exchange evaluation, the computer league's repetition and draw rules, and
//! perft. The engine, the match runner and the tuning tools build on it.

pub mod error;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod rules;
pub mod see;
mod zobrist;

pub use error::{IllegalReason, ParseFenError, ParseMoveError};
pub use moves::{Move, MoveList};
pub use notation::{chinese, parse_chinese, ParseChineseError};
pub use position::{Position, START_FEN};
pub use tablegen::{Bitboard, Color, PieceKind, Square};
