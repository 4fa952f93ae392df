//! Training positions from games already played: each PGN game is replayed,
//! and its quiet positions are scored by a search of our own and labelled
//! with the game's result. The games may be Chariot's against a stronger
//! engine, so the fit sees the positions Chariot steers into and how those
//! games ended, beside what self-play gives.
//!
//! A position is kept under the self-play rules (`datagen`): past the first
//! `skip_plies` plies, not in check, the search's best move not a capture,
//! no mate score, quiescence equal to the evaluation, each once per game.
//! Games without a result (`*`, or none) are skipped. The output is in game
//! order whatever the number of threads.

use crate::datagen::{search, with_thread_engine};
use crate::quiet::is_quiet;
use crate::record::Record;
use chariot::limits::MATE_BOUND;
use chariot::Engine;
use chariot_core::pgn::PgnGame;
use std::collections::HashSet;

/// How positions are scored and which are kept.
#[derive(Clone, Debug)]
pub struct Config {
    /// Nodes of the search that scores each kept position.
    pub nodes: u64,
    /// Plies from the game's start that are not kept.
    pub skip_plies: usize,
    pub hash_mb: usize,
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            nodes: 5000,
            skip_plies: 8,
            hash_mb: 16,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// The kept positions of one game (none if it has no result).
pub fn game_records(engine: &mut Engine, cfg: &Config, game: &PgnGame) -> Vec<Record> {
    let Some(red_points) = game.red_half_points() else {
        return Vec::new();
    };
    let result = red_points as f32 / 2.0;
    engine.new_game();
    let mut pos = game.start();
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= cfg.skip_plies && seen.insert(pos.key()) && is_quiet(&pos) {
            let (best, score) = search(engine, &pos, cfg.nodes);
            if best.is_some_and(|b| !pos.is_capture(b)) && score.abs() < MATE_BOUND {
                kept.push(Record::new(&pos, score, result));
            }
        }
        pos.make_move(mv);
    }
    kept
}

/// Every game's kept positions, in game order.
pub fn all_records(cfg: &Config, games: &[PgnGame]) -> Result<Vec<Vec<Record>>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    Ok(pool.install(|| {
        use rayon::prelude::*;
        games
            .par_iter()
            .map(|g| with_thread_engine(cfg.hash_mb, |engine| game_records(engine, cfg, g)))
            .collect()
    }))
}
