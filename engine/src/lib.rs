//! Chariot: a Xiangqi engine speaking UCCI and UCI.

pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod rules;
mod zobrist;

pub use moves::{Move, MoveList};
pub use position::{Position, START_FEN};
pub mod limits;
pub mod threads;

pub use limits::{Limits, Report, SearchOptions, SearchResult};
pub use threads::Engine;
pub mod bench;
pub mod correction;
pub mod league;
pub mod movepick;
pub mod protocol;
pub mod search;
pub mod see;
pub mod timeman;
pub mod tt;
