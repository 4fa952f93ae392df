//! Chariot: a Xiangqi engine speaking UCCI and UCI. The game itself (position,
//! moves, rules) is the `chariot-core` crate; this crate searches it.

pub mod analyse;
pub mod bench;
pub mod book;
pub mod counters;
pub mod limits;
pub mod prefetch;
pub mod protocol;
pub mod score;
pub mod search;
pub mod serve;
pub mod strength;
pub mod threads;
pub mod timeman;
pub mod tt;
pub mod wdl;

pub use limits::{Limits, Report, SearchOptions, SearchResult};
pub use threads::Engine;
