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

use crate::datagen::{data_engine, search};
use crate::quiet::is_quiet;
use crate::record::Record;
use chariot::limits::MATE_BOUND;
use chariot::Engine;
use chariot_core::pgn::PgnGame;
use std::cell::RefCell;
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

/// Red's result of a PGN result token, if it is one.
pub fn red_result(token: Option<&str>) -> Option<f32> {
    match token? {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// The kept positions of one game (none if it has no result).
pub fn game_records(engine: &mut Engine, cfg: &Config, game: &PgnGame) -> Vec<Record> {
    let Some(result) = red_result(game.result.as_deref()) else {
        return Vec::new();
    };
    engine.new_game();
    let mut pos = game.start();
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= cfg.skip_plies && !pos.in_check() && seen.insert(pos.key()) && is_quiet(&pos) {
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
    thread_local! {
        static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    }
    Ok(pool.install(|| {
        use rayon::prelude::*;
        games
            .par_iter()
            .map(|g| {
                ENGINE.with(|cell| {
                    let mut slot = cell.borrow_mut();
                    let engine = slot.get_or_insert_with(|| data_engine(cfg.hash_mb));
                    game_records(engine, cfg, g)
                })
            })
            .collect()
    }))
}
