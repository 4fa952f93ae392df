//! Self-play games at a fixed node count, under the league's rules, turned into
//! training positions: quiet ones (not in check, the best move not a capture,
//! quiescence equal to the evaluation), past the opening, each once per game.
//!
//! A run is `games` games numbered 0..games; game `g` depends only on the seed
//! and `g` (its opening, a fresh table and histories, a one-thread search by
//! node count), never on the thread or machine that plays it. A shard K/N
//! plays the K-th of N contiguous slices of the numbers, and a run writes its
//! games in number order, so the shards' files concatenated in shard order are
//! the file of the whole run.

use crate::quiet::is_quiet;
use crate::record::Record;
use crate::rng::Rng;
use chariot::limits::{Limits, Report};
use chariot::score::MATE_BOUND;
use chariot::Engine;
use chariot_core::rules::{self, Outcome};
use chariot_core::{Color, Position};
use std::cell::RefCell;
use std::collections::HashSet;
use std::io::{self, Write};
use std::ops::Range;

/// What to play and keep.
#[derive(Clone, Debug)]
pub struct Config {
    pub games: u64,
    pub nodes: u64,
    pub seed: u64,
    /// (K, N): play the K-th of N slices (0-based).
    pub shard: (u64, u64),
    /// Random plies from the start position, at least this many...
    pub random_plies: u32,
    /// ... and up to this many more.
    pub random_plies_spread: u32,
    /// Opening positions; odd games start from one of them (plus a random ply or two).
    pub openings: Vec<Position>,
    /// Plies after the opening that are not kept.
    pub skip_plies: u32,
    /// A game this long is a draw.
    pub max_plies: u32,
    pub hash_mb: usize,
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 1000,
            nodes: 5000,
            seed: 1,
            shard: (0, 1),
            random_plies: 6,
            random_plies_spread: 4,
            openings: Vec::new(),
            skip_plies: 8,
            max_plies: 400,
            hash_mb: 16,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// An opening whose search score is further from equal than this is drawn again.
const OPENING_BALANCE: i32 = 300;
/// Scores at least this decisive for this many plies in a row end the game.
const WIN_SCORE: i32 = 1500;
const WIN_PLIES: u32 = 8;
/// Scores at most this far from zero for this many plies in a row, past ply
/// `DRAW_FROM`, end the game drawn.
const DRAW_SCORE: i32 = 8;
const DRAW_PLIES: u32 = 24;
const DRAW_FROM: u32 = 120;

/// The numbers of the games shard (k, n) plays.
pub fn shard_games(games: u64, (k, n): (u64, u64)) -> Range<u64> {
    assert!(n > 0 && k < n, "shard {k}/{n}");
    let start = games * k / n;
    let end = games * (k + 1) / n;
    start..end
}

/// One game's kept positions and how it ended.
#[derive(Clone, Debug, Default)]
pub struct GameData {
    pub records: Vec<Record>,
    /// Red's result.
    pub result: f32,
    pub plies: u32,
}

/// A search of `pos` by node count: (best move, score from the side to move).
pub(crate) fn search(
    engine: &mut Engine,
    pos: &Position,
    nodes: u64,
) -> (Option<chariot_core::Move>, i32) {
    let (tx, rx) = crossbeam_channel::unbounded();
    engine.go(
        pos,
        Limits {
            nodes: Some(nodes),
            ..Default::default()
        },
        tx,
    );
    let done = rx.iter().find_map(|r| match r {
        Report::Done(d) => Some(d),
        _ => None,
    });
    engine.wait();
    let done = done.expect("a search always ends with a result");
    (done.best, done.score)
}

/// The game's starting position: random plies from the start or from an
/// opening, redrawn while the search finds it unbalanced.
fn opening(engine: &mut Engine, cfg: &Config, game: u64, rng: &mut Rng) -> Position {
    let mut last = Position::startpos();
    for _attempt in 0..20 {
        let (mut pos, plies) = if game % 2 == 1 && !cfg.openings.is_empty() {
            let p = cfg.openings[rng.below(cfg.openings.len())].clone();
            (p, 1 + rng.below(2) as u32)
        } else {
            let spread = rng.below(cfg.random_plies_spread as usize + 1) as u32;
            (Position::startpos(), cfg.random_plies + spread)
        };
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || rules::adjudicate(&pos).is_some() {
                ok = false;
                break;
            }
            pos.make_move(moves.as_slice()[rng.below(moves.len())]);
        }
        if !ok || rules::adjudicate(&pos).is_some() {
            continue;
        }
        engine.new_game();
        let (_, score) = search(engine, &pos, cfg.nodes);
        last = pos;
        if score.abs() <= OPENING_BALANCE {
            break;
        }
    }
    last
}

/// Red's result of a verdict.
fn red_result(outcome: Outcome) -> f32 {
    match outcome {
        Outcome::Draw => 0.5,
        Outcome::Win(Color::Red) => 1.0,
        Outcome::Win(Color::Black) => 0.0,
    }
}

/// Plays game number `game` of the run.
pub fn play_game(engine: &mut Engine, cfg: &Config, game: u64) -> GameData {
    let mut rng = Rng::for_item(cfg.seed, game);
    let mut pos = opening(engine, cfg, game, &mut rng);
    engine.new_game();
    let mut kept: Vec<Record> = Vec::new();
    let mut seen = HashSet::new();
    let (mut win_run, mut draw_run) = (0u32, 0u32);
    let mut plies = 0u32;
    let result = loop {
        if let Some(verdict) = rules::adjudicate(&pos) {
            break red_result(verdict.outcome);
        }
        if plies >= cfg.max_plies {
            break 0.5;
        }
        let (best, score) = search(engine, &pos, cfg.nodes);
        let Some(best) = best else {
            // No move although the rules see none of their endings: count it
            // as a loss of the side to move, as the rules would.
            break red_result(Outcome::Win(pos.side_to_move().other()));
        };
        if plies >= cfg.skip_plies
            && score.abs() < MATE_BOUND
            && !pos.is_capture(best)
            && seen.insert(pos.key())
            && is_quiet(&pos)
        {
            kept.push(Record::new(&pos, score, 0.5));
        }
        let red_score = if pos.side_to_move() == Color::Red {
            score
        } else {
            -score
        };
        win_run = if red_score.abs() >= WIN_SCORE {
            win_run + 1
        } else {
            0
        };
        draw_run = if red_score.abs() <= DRAW_SCORE && plies >= DRAW_FROM {
            draw_run + 1
        } else {
            0
        };
        if win_run >= WIN_PLIES {
            break if red_score > 0 { 1.0 } else { 0.0 };
        }
        if draw_run >= DRAW_PLIES {
            break 0.5;
        }
        pos.make_move(best);
        plies += 1;
    };
    for r in &mut kept {
        r.result = result;
    }
    GameData {
        records: kept,
        result,
        plies,
    }
}

/// A one-thread engine for data generation.
pub fn data_engine(hash_mb: usize) -> Engine {
    let mut e = Engine::new();
    e.set_threads(1);
    e.set_hash_mb(hash_mb)
        .expect("hash size for data generation");
    e
}

/// Runs `f` with this thread's data engine, made on first use and kept
/// (each game starts with `new_game`, so nothing carries between games).
pub(crate) fn with_thread_engine<R>(hash_mb: usize, f: impl FnOnce(&mut Engine) -> R) -> R {
    thread_local! {
        static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    }
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        f(slot.get_or_insert_with(|| data_engine(hash_mb)))
    })
}

/// What a run has done so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub games: u64,
    pub positions: u64,
    pub red_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
}

/// Plays the shard's games from its `first_done`-th on, writing every game's
/// positions to `out` in game order; after each batch of games (written and
/// flushed) it calls `after_batch` with the progress so far (for a progress
/// bar and the resume file). Returns the progress at the end.
pub fn run(
    cfg: &Config,
    first_done: u64,
    out: &mut dyn Write,
    after_batch: &mut dyn FnMut(&Progress) -> io::Result<()>,
) -> io::Result<Progress> {
    let games = shard_games(cfg.games, cfg.shard);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .map_err(io::Error::other)?;
    let mut progress = Progress {
        games: first_done,
        ..Default::default()
    };
    let batch = (cfg.threads.max(1) * 4) as u64;
    let mut next = games.start + first_done;
    while next < games.end {
        let upto = (next + batch).min(games.end);
        let played: Vec<GameData> = pool.install(|| {
            use rayon::prelude::*;
            (next..upto)
                .into_par_iter()
                .map(|g| with_thread_engine(cfg.hash_mb, |engine| play_game(engine, cfg, g)))
                .collect()
        });
        for g in &played {
            for r in &g.records {
                writeln!(out, "{r}")?;
            }
            progress.games += 1;
            progress.positions += g.records.len() as u64;
            match g.result {
                r if r >= 1.0 => progress.red_wins += 1,
                r if r <= 0.0 => progress.black_wins += 1,
                _ => progress.draws += 1,
            }
        }
        out.flush()?;
        after_batch(&progress)?;
        next = upto;
    }
    Ok(progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_games_once_in_order() {
        for games in [0u64, 1, 7, 100, 101] {
            for n in 1..6 {
                let mut all = Vec::new();
                for k in 0..n {
                    all.extend(shard_games(games, (k, n)));
                }
                assert_eq!(
                    all,
                    (0..games).collect::<Vec<_>>(),
                    "{games} games, {n} shards"
                );
            }
        }
    }
}
