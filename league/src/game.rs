//! One game between two engine processes under the league rules: the clock,
//! the commands of each move as the league simulator sends them, and every way
//! the game can end.

use super::adjudication::{
    by_rules, fault, losing_repetitions, DrawRule, Ending, GameOutcome, ResignRule, ScoreWatch,
    Termination,
};
use super::clock::{GameClock, Limit};
use super::engine::{EngineProcess, Reply, TrafficLog};
use chariot_core::rules::Rules;
use chariot_core::Color;
use chariot_core::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// The rules every game of a match is played by.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub limit: Limit,
    /// How late a bestmove may come after the clock ran out (the simulator's 200 ms).
    pub grace_ms: u64,
    /// Under a depth or node limit: how long to wait for a move before `stop`.
    pub move_timeout_ms: u64,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// The repetition rule and natural-move limit (`-rules`; the league's).
    pub rules: Rules,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            limit: Limit::Clock {
                base_ms: 10_000,
                inc_ms: 100,
            },
            grace_ms: 200,
            move_timeout_ms: 60_000,
            resign: None,
            draw: None,
            rules: Rules::LEAGUE,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start_fen: String,
    /// Moves in ICCS (`h2e2`).
    pub moves: Vec<String>,
    /// What the engine said of each move (score, depth, time), in the order
    /// of `moves`; empty when not known (a game recovered or forfeited).
    pub notes: Vec<MoveNote>,
    pub ending: Ending,
}

/// What an engine reported with a move: its last score (its own view, in
/// its units) and depth, and the time it took.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    pub score: Option<i32>,
    pub depth: Option<u32>,
    pub ms: u64,
}

impl GameRecord {
    /// The side whose engine should be restarted after this game, if any.
    pub fn faulty_side(&self) -> Option<Color> {
        if !self.ending.termination.engine_fault() {
            return None;
        }
        match self.ending.outcome {
            GameOutcome::RedWins => Some(Color::Black),
            GameOutcome::BlackWins => Some(Color::Red),
            GameOutcome::Draw => None,
        }
    }
}

/// The FEN the league simulator sends: board and side of the position after
/// the last capture, with empty clocks.
fn capture_fen(pos: &Position) -> String {
    let fen = pos.fen();
    let mut f = fen.split_whitespace();
    let board = f.next().unwrap_or_default();
    let side = f.next().unwrap_or("w");
    format!("{board} {side} - - 0 1")
}

/// Plays one game. `engines` are Red's and Black's. Returns None when `stop`
/// was raised before the game ended (the game is to be replayed).
pub fn play_game(
    engines: [&mut EngineProcess; 2],
    start_fen: &str,
    settings: &GameSettings,
    log: &mut TrafficLog,
    stop: &AtomicBool,
) -> Result<Option<GameRecord>, String> {
    let mut pos =
        Position::from_fen(start_fen).map_err(|e| format!("opening '{start_fen}': {e}"))?;
    let [red, black] = engines;
    let engines = [red, black];
    let mut moves: Vec<String> = Vec::new();
    let mut notes: Vec<MoveNote> = Vec::new();
    let finish = |(moves, notes): (Vec<String>, Vec<MoveNote>), ending: Ending| {
        Ok(Some(GameRecord {
            start_fen: start_fen.to_string(),
            moves,
            notes,
            ending,
        }))
    };
    if let Some(end) = by_rules(&pos, settings.rules) {
        return finish((moves, notes), end);
    }
    for c in Color::BOTH {
        if engines[c as usize].new_game(log).is_err() {
            return finish(
                (moves, notes),
                fault(c, Termination::Crash, "did not get ready for the game"),
            );
        }
    }
    // Each side's limit: its engine's own, else the match's. A side
    // without a clock of its own shows its opponent's, never charged.
    let limits = engines
        .each_ref()
        .map(|e| e.config.limit_or(settings.limit));
    let shown = limits
        .iter()
        .find_map(|l| match *l {
            Limit::Clock { base_ms, inc_ms } => Some(GameClock::new(base_ms, inc_ms)),
            _ => None,
        })
        .unwrap_or(GameClock::new(0, 0));
    let mut clocks = limits.map(|l| match l {
        Limit::Clock { base_ms, inc_ms } => GameClock::new(base_ms, inc_ms),
        _ => shown,
    });
    let mut since_fen = capture_fen(&pos);
    let mut since_moves: Vec<String> = Vec::new();
    let mut draw_offered = false;
    let mut watch = ScoreWatch::new(settings.resign, settings.draw);
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let side = pos.side_to_move();
        let me = side as usize;
        let engine = &mut *engines[me];
        let mut setup = vec![engine.position_command(&since_fen, &since_moves, start_fen, &moves)];
        setup.extend(engine.banmoves_command(&losing_repetitions(&mut pos, settings.rules)));
        let limit = limits[me];
        let go = engine.go_command(
            &limit,
            &clocks[me],
            &clocks[1 - me],
            side == Color::Red,
            draw_offered,
        );
        let budget = match limit {
            Limit::Clock { .. } => clocks[me].remaining_ms(),
            _ => settings.move_timeout_ms,
        };
        let thought = engine.think(&setup, &go, budget, settings.grace_ms, log);
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let (mv, draw) = match thought.reply {
            Reply::Crashed => {
                return finish(
                    (moves, notes),
                    fault(side, Termination::Crash, "'s engine crashed"),
                )
            }
            Reply::NoAnswer => {
                let end = match limit {
                    Limit::Clock { .. } => fault(
                        side,
                        Termination::TimeForfeit,
                        "lost on time (no move after stop)",
                    ),
                    _ => fault(side, Termination::NoAnswer, "'s engine did not answer"),
                };
                return finish((moves, notes), end);
            }
            Reply::NoMove => {
                return finish(
                    (moves, notes),
                    fault(side, Termination::Resignation, "resigns (no move)"),
                )
            }
            Reply::BestMove { resign: true, .. } => {
                return finish(
                    (moves, notes),
                    fault(side, Termination::Resignation, "resigns"),
                )
            }
            Reply::BestMove { mv, draw, .. } => (mv, draw),
        };
        if let Limit::Clock { .. } = limit {
            if !clocks[me].charge(thought.elapsed_ms, settings.grace_ms) {
                let over = thought.elapsed_ms.saturating_sub(budget);
                let what = format!("lost on time (moved {over} ms after the clock ran out)");
                return finish((moves, notes), fault(side, Termination::TimeForfeit, &what));
            }
        }
        if draw && draw_offered {
            return finish(
                (moves, notes),
                Ending {
                    outcome: GameOutcome::Draw,
                    termination: Termination::DrawAgreed,
                    detail: "draw by agreement".to_string(),
                },
            );
        }
        let m = match pos.parse_move(&mv) {
            Ok(m) => m,
            Err(e) => {
                return finish(
                    (moves, notes),
                    fault(
                        side,
                        Termination::IllegalMove,
                        &format!("plays an illegal move: {e}"),
                    ),
                )
            }
        };
        pos.make_move(m);
        let text = m.to_string();
        moves.push(text.clone());
        notes.push(MoveNote {
            score: thought.score,
            depth: thought.depth,
            ms: thought.elapsed_ms,
        });
        if pos.halfmove_clock() == 0 {
            since_fen = capture_fen(&pos);
            since_moves.clear();
        } else {
            since_moves.push(text);
        }
        draw_offered = draw;
        if let Some(end) = by_rules(&pos, settings.rules) {
            return finish((moves, notes), end);
        }
        if let Some(end) = watch.record(side, thought.score, pos.fullmove_number()) {
            return finish((moves, notes), end);
        }
    }
}
