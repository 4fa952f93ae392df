//! Tuning tools: self-play data (positions with the game's result and the
//! search's score) and the fit of the evaluation's weights to that data.

pub mod cli;
pub mod datagen;
pub mod dataset;
pub mod fit;
pub mod game_positions;
pub mod label;
pub mod quiet;
pub mod record;
pub mod rng;
pub mod wdl_fit;
