//! Training positions from games already played: each PGN game is replayed,
//! and its quiet positions are scored by a search of our own and labelled
//! with the game's result. The games may be Chariot's against a stronger
//! engine, so the fit sees the positions Chariot steers into and how those
//! games ended, beside what self-play gives.
//!
//! Or the scores are the other engine's own, read from the games' move notes
//! (`Config::notes_of`): the positions where it was to move, scored by the
//! search it ran in the game, far deeper than a labelling search can afford.
//!
//! A position is kept under the self-play rules (`datagen`): past the first
//! `skip_plies` plies, not in check, the search's best move not a capture,
//! no mate score, quiescence equal to the evaluation, each once per game.
//! Games without a result (`*`, or none) are skipped. The output is in game
//! order whatever the number of threads.

use crate::datagen::{search, with_thread_engine};
use crate::quiet::is_quiet;
use crate::record::Record;
use chariot::score::MATE_BOUND;
use chariot::Engine;
use chariot_core::pgn::{engine_note, NoteScore, PgnGame};
use chariot_core::Color;
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
    /// Score by this engine's move notes instead of searching.
    pub notes_of: Option<NotesOf>,
}

/// Whose move notes score the positions, and which notes count.
#[derive(Clone, Debug)]
pub struct NotesOf {
    /// The engine's name as the games' `Red` and `Black` tags give it.
    pub engine: String,
    /// A note of a shallower search (an instant reply) is not kept.
    pub min_depth: u32,
    /// The note's score (centipawns) times this is the record's.
    pub scale: f64,
    /// A score this large (before the scale) is a won game, not an
    /// evaluation, as in `chariot-label`.
    pub decisive: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            nodes: 5000,
            skip_plies: 8,
            hash_mb: 16,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            notes_of: None,
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

/// The kept positions of one game where `of.engine` was to move, scored by
/// its own note of the move it played there (none if it did not play the
/// game, or the game has no result). The move played is its best: kept when
/// it is not a capture, as a search's best move is in `game_records`.
pub fn noted_records(cfg: &Config, of: &NotesOf, game: &PgnGame) -> Vec<Record> {
    let Some(red_points) = game.red_half_points() else {
        return Vec::new();
    };
    let side = if game.tag("Red") == Some(of.engine.as_str()) {
        Color::Red
    } else if game.tag("Black") == Some(of.engine.as_str()) {
        Color::Black
    } else {
        return Vec::new();
    };
    let result = red_points as f32 / 2.0;
    let mut pos = game.start();
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= cfg.skip_plies && pos.side_to_move() == side && seen.insert(pos.key()) {
            if let Some(score) = noted_score(game.note(ply), of) {
                if !pos.is_capture(mv) && is_quiet(&pos) {
                    let scaled = (f64::from(score) * of.scale).round() as i32;
                    kept.push(Record::new(&pos, scaled, result));
                }
            }
        }
        pos.make_move(mv);
    }
    kept
}

/// A note's score (centipawns, the mover's view) when it counts: a search of
/// at least `min_depth`, neither a mate nor a decisive score.
fn noted_score(note: Option<&str>, of: &NotesOf) -> Option<i32> {
    let note = engine_note(note?)?;
    match note.score {
        NoteScore::Centipawns(cp)
            if note.depth.unwrap_or(0) >= of.min_depth && cp.abs() < of.decisive =>
        {
            Some(cp)
        }
        _ => None,
    }
}

/// Every game's kept positions, in game order.
pub fn all_records(cfg: &Config, games: &[PgnGame]) -> Result<Vec<Vec<Record>>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    Ok(pool.install(|| {
        use rayon::prelude::*;
        let games = games.par_iter();
        match &cfg.notes_of {
            Some(of) => games.map(|g| noted_records(cfg, of, g)).collect(),
            None => games
                .map(|g| with_thread_engine(cfg.hash_mb, |engine| game_records(engine, cfg, g)))
                .collect(),
        }
    }))
}
