//! The analysis session: one game (a start position and the moves played
//! from it) and the engine analysing its last position without end. It runs
//! on its own thread, owns the `Engine`, takes commands from the web side
//! over a channel, and publishes what browsers see as one JSON text through
//! a `watch` channel: at once after a command, and at most every
//! `PUBLISH_EVERY` while the search reports (never one message per line).
//!
//! The web side may come and go: the session and its search go on without
//! any browser, and whoever connects reads the last published state.

use super::checks::{self, MAX_PLIES};
use crate::limits::{mate_in_plies, IterationInfo, Limits, Report, ScoreBound, DECISIVE_BOUND};
use crate::threads::Engine;
use crate::wdl;
use chariot_core::moves::Move;
use chariot_core::notation::chinese;
use chariot_core::pgn::{iccs_text, wrap_words};
use chariot_core::{Color, Position};
use crossbeam_channel::{never, select, unbounded, Receiver, Sender};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};

/// The fastest the page is updated while the search runs.
pub const PUBLISH_EVERY: Duration = Duration::from_millis(250);
/// MultiPV lines a browser may ask for.
pub const MAX_MULTIPV: usize = 5;

/// What the steering browser may ask of the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A new game from `fen` (None: the start position) and these moves.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// One more move (ICCS `h2e2`, `H2-E2`, or Chinese `炮二平五`).
    Move(String),
    /// Takes the last move back.
    Undo,
    /// The first game of a PGN text.
    Pgn(String),
    /// Analyse (the default) or stop analysing.
    Go,
    Stop,
    MultiPv(usize),
}

/// A command and where its answer goes: `Err` with the reason it was refused
/// (the game is then as it was).
pub struct Request {
    pub command: Command,
    pub reply: oneshot::Sender<Result<(), String>>,
}

/// The web side's end of a running session.
#[derive(Clone)]
pub struct SessionHandle {
    requests: Sender<Request>,
    state: watch::Receiver<Arc<str>>,
}

impl SessionHandle {
    /// Hands a command to the session and waits for its answer.
    pub async fn ask(&self, command: Command) -> Result<(), String> {
        let (reply, answer) = oneshot::channel();
        self.requests
            .send(Request { command, reply })
            .map_err(|_| "the analysis session has ended".to_string())?;
        answer
            .await
            .unwrap_or_else(|_| Err("the analysis session has ended".into()))
    }

    /// The published state, to watch for changes.
    pub fn watch(&self) -> watch::Receiver<Arc<str>> {
        self.state.clone()
    }

    /// The last published state.
    pub fn current(&self) -> Arc<str> {
        self.state.borrow().clone()
    }
}

/// How the session's engine is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSetup {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
}

/// Starts the session on its own thread, analysing the start position.
pub fn start(setup: &EngineSetup) -> Result<SessionHandle, String> {
    let mut engine = Engine::new();
    engine.set_hash_mb(setup.hash_mb)?;
    engine.set_threads(setup.threads);
    engine.options_mut().multipv = setup.multipv.clamp(1, MAX_MULTIPV);
    let (requests, inbox) = unbounded();
    let mut session = Session::new(engine, setup.hash_mb);
    session.restart();
    let (publish, state) = watch::channel(Arc::from(session.state_json(Instant::now())));
    std::thread::Builder::new()
        .name("serve-session".into())
        .spawn(move || session.run(inbox, publish))
        .map_err(|e| format!("cannot start the analysis thread: {e}"))?;
    Ok(SessionHandle { requests, state })
}

/// One line of the analysis as it is shown: scores from Red's side.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Line {
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    /// Centipawns from Red's side (a horse is about 100).
    pub cp: i32,
    /// Mate in this many moves, positive when Red mates.
    pub mate: Option<i32>,
    /// The score as text: `+0.35`, `#3`, `#-2`, `+rule`.
    pub text: String,
    /// "exact", "lower" or "upper" (the score is a bound).
    pub bound: &'static str,
    /// Red's win, draw and loss chances per mille.
    pub wdl: [u32; 3],
    pub nodes: u64,
    /// The line in ICCS (`h2e2`) and in Chinese notation.
    pub pv: Vec<String>,
    pub pv_chinese: Vec<String>,
}

/// One move of the game in both notations.
#[derive(Clone, Debug, Serialize, PartialEq)]
struct PlayedMove {
    iccs: String,
    chinese: String,
}

/// What every browser sees (serialized as the `state` message).
#[derive(Serialize)]
struct State<'a> {
    r#type: &'static str,
    /// Grows with every publication.
    seq: u64,
    /// When it was published, in milliseconds since the session began.
    at_ms: u64,
    start_fen: &'a str,
    fen: String,
    side: &'static str,
    in_check: bool,
    /// Why the game cannot go on, if it cannot ("" otherwise).
    status: String,
    moves: &'a [PlayedMove],
    /// Every legal move here, in ICCS.
    legal: Vec<String>,
    analysing: bool,
    multipv: usize,
    lines: Vec<&'a Line>,
    depth: u32,
    nodes: u64,
    nps: u64,
    hashfull: u32,
    time_ms: u64,
    threads: usize,
    hash_mb: usize,
    pgn: String,
}

struct Session {
    engine: Engine,
    hash_mb: usize,
    start: Position,
    start_fen: String,
    pos: Position,
    moves: Vec<Move>,
    played: Vec<PlayedMove>,
    analysing: bool,
    /// The running search's reports (`never()` when none runs).
    reports: Receiver<Report>,
    /// Material of the analysed position, for the WDL model.
    material: u32,
    lines: Vec<Option<Line>>,
    nodes: u64,
    nps: u64,
    hashfull: u32,
    time_ms: u64,
    seq: u64,
    born: Instant,
}

impl Session {
    fn new(engine: Engine, hash_mb: usize) -> Session {
        let start = Position::startpos();
        Session {
            engine,
            hash_mb,
            start_fen: start.fen(),
            pos: start.clone(),
            start,
            moves: Vec::new(),
            played: Vec::new(),
            analysing: true,
            reports: never(),
            material: 0,
            lines: Vec::new(),
            nodes: 0,
            nps: 0,
            hashfull: 0,
            time_ms: 0,
            seq: 0,
            born: Instant::now(),
        }
    }

    fn run(mut self, inbox: Receiver<Request>, publish: watch::Sender<Arc<str>>) {
        let mut last = Instant::now();
        let mut dirty = false;
        let mut at_once = false;
        loop {
            let wait = if at_once {
                Duration::ZERO
            } else if dirty {
                PUBLISH_EVERY.saturating_sub(last.elapsed())
            } else {
                Duration::from_secs(3600)
            };
            select! {
                recv(inbox) -> request => {
                    let Ok(Request { command, reply }) = request else { break };
                    let answer = self.handle(command);
                    let _ = reply.send(answer);
                    // A command's effect is shown at once.
                    dirty = true;
                    at_once = true;
                }
                recv(self.reports) -> report => match report {
                    Ok(r) => dirty |= self.on_report(r),
                    Err(_) => self.reports = never(),
                },
                default(wait) => {}
            }
            if dirty && (at_once || last.elapsed() >= PUBLISH_EVERY) {
                last = Instant::now();
                dirty = false;
                at_once = false;
                // Every receiver gone means the server is gone too.
                if publish.send(Arc::from(self.state_json(last))).is_err() {
                    break;
                }
            }
        }
        self.engine.stop();
        self.engine.wait();
    }

    /// Carries a command out; on an error nothing has changed.
    fn handle(&mut self, command: Command) -> Result<(), String> {
        match command {
            Command::Position { fen, moves } => {
                let start = match fen.as_deref() {
                    None => Position::startpos(),
                    Some(f) => checks::fen(f)?,
                };
                if moves.len() > MAX_PLIES {
                    return Err(format!(
                        "{} moves: a game here has at most {MAX_PLIES}",
                        moves.len()
                    ));
                }
                let mut pos = start.clone();
                let mut list = Vec::with_capacity(moves.len());
                for (i, text) in moves.iter().enumerate() {
                    let m = checks::parse_move(&pos, text)
                        .map_err(|e| format!("move {} of the list: {e}", i + 1))?;
                    pos.make_move(m);
                    list.push(m);
                }
                self.set_game(start, list);
            }
            Command::Move(text) => {
                if self.moves.len() >= MAX_PLIES {
                    return Err(format!("a game here has at most {MAX_PLIES} moves"));
                }
                let m = checks::parse_move(&self.pos, &text)?;
                self.played.push(PlayedMove {
                    iccs: m.to_string(),
                    chinese: chinese(&self.pos, m),
                });
                self.pos.make_move(m);
                self.moves.push(m);
                self.restart();
            }
            Command::Undo => {
                if self.moves.pop().is_none() {
                    return Err("no move to take back".into());
                }
                self.played.pop();
                self.pos.unmake_move();
                self.restart();
            }
            Command::Pgn(text) => {
                let game = checks::pgn(&text)?;
                let start = game.start();
                self.set_game(start, game.moves);
            }
            Command::Go => {
                if !self.analysing {
                    self.analysing = true;
                    self.restart();
                }
            }
            Command::Stop => {
                if self.analysing {
                    self.analysing = false;
                    self.restart();
                }
            }
            Command::MultiPv(k) => {
                if !(1..=MAX_MULTIPV).contains(&k) {
                    return Err(format!("MultiPV {k}: from 1 to {MAX_MULTIPV} lines"));
                }
                if self.engine.options().multipv != k {
                    self.engine.stop();
                    self.engine.options_mut().multipv = k;
                    self.restart();
                }
            }
        }
        Ok(())
    }

    /// A new game whose moves were checked.
    fn set_game(&mut self, start: Position, moves: Vec<Move>) {
        let mut pos = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for &m in &moves {
            played.push(PlayedMove {
                iccs: m.to_string(),
                chinese: chinese(&pos, m),
            });
            pos.make_move(m);
        }
        self.start_fen = start.fen();
        self.start = start;
        self.pos = pos;
        self.moves = moves;
        self.played = played;
        self.restart();
    }

    /// Starts the search of the current position afresh (or stops it).
    fn restart(&mut self) {
        self.lines.clear();
        self.nodes = 0;
        self.nps = 0;
        self.time_ms = 0;
        self.hashfull = 0;
        if !self.analysing || self.pos.legal_moves().is_empty() {
            self.engine.stop();
            self.reports = never();
            return;
        }
        let (tx, rx) = unbounded();
        self.material = wdl::material(&self.pos);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.engine.go(&self.pos, limits, tx);
        self.reports = rx;
    }

    /// Takes a search report in; true when the page should hear of it.
    fn on_report(&mut self, report: Report) -> bool {
        match report {
            Report::Iteration(info) => {
                self.nodes = info.nodes;
                self.nps = info.nps;
                self.time_ms = info.time_ms;
                self.hashfull = info.hashfull;
                if info.pv.is_empty() || info.multipv == 0 || info.multipv > MAX_MULTIPV {
                    return true;
                }
                let line = self.line(&info);
                let k = info.multipv;
                if self.lines.len() < k {
                    self.lines.resize(k, None);
                }
                self.lines[k - 1] = Some(line);
                true
            }
            Report::Stats {
                nodes,
                nps,
                time_ms,
                hashfull,
            } => {
                self.nodes = nodes;
                self.nps = nps;
                self.time_ms = time_ms;
                self.hashfull = hashfull;
                true
            }
            Report::CurrMove { .. } => false,
            Report::Done(_) => {
                self.reports = never();
                true
            }
        }
    }

    /// A search line as the page shows it (Red's view).
    fn line(&self, info: &IterationInfo) -> Line {
        let red = self.pos.side_to_move() == Color::Red;
        let [w, d, l] = wdl::per_mille(info.score, self.material);
        let mut pos = self.pos.clone();
        let mut pv = Vec::new();
        let mut pv_chinese = Vec::new();
        for &m in &info.pv {
            if !pos.is_legal(m) {
                break;
            }
            pv.push(m.to_string());
            pv_chinese.push(chinese(&pos, m));
            pos.make_move(m);
        }
        let cp = if red { info.score } else { -info.score };
        let bound = match (info.bound, red) {
            (ScoreBound::Exact, _) => "exact",
            (ScoreBound::Lower, true) | (ScoreBound::Upper, false) => "lower",
            _ => "upper",
        };
        let mate = mate_in_plies(info.score).map(|p| {
            let moves = if p >= 0 { (p + 1) / 2 } else { -((-p + 1) / 2) };
            if red {
                moves
            } else {
                -moves
            }
        });
        Line {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            cp,
            mate,
            text: score_text(cp, mate),
            bound,
            wdl: if red { [w, d, l] } else { [l, d, w] },
            nodes: info.nodes,
            pv,
            pv_chinese,
        }
    }

    fn status(&self, legal: usize) -> String {
        if legal > 0 {
            return String::new();
        }
        let (side, winner) = match self.pos.side_to_move() {
            Color::Red => ("Red", "Black"),
            Color::Black => ("Black", "Red"),
        };
        if self.pos.in_check() {
            format!("{side} is mated: {winner} wins")
        } else {
            format!("{side} has no move: {winner} wins")
        }
    }

    fn pgn(&self) -> String {
        let mut s = String::new();
        if self.start_fen != chariot_core::START_FEN {
            s.push_str(&format!("[FEN \"{}\"]\n", self.start_fen));
        }
        s.push_str("[Annotator \"chariot serve\"]\n\n");
        let mut words = Vec::new();
        let mut number = self.start.fullmove_number().max(1);
        let mut red = self.start.side_to_move() == Color::Red;
        for (i, m) in self.moves.iter().enumerate() {
            if red {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(iccs_text(&m.to_string()));
            if !red {
                number += 1;
            }
            red = !red;
        }
        words.push("*".into());
        s.push_str(&wrap_words(&words));
        s
    }

    /// The state as published at `at`.
    fn state_json(&mut self, at: Instant) -> String {
        self.seq += 1;
        let legal: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let depth = self
            .lines
            .first()
            .and_then(|l| l.as_ref())
            .map_or(0, |l| l.depth);
        let state = State {
            r#type: "state",
            seq: self.seq,
            at_ms: at.saturating_duration_since(self.born).as_millis() as u64,
            start_fen: &self.start_fen,
            fen: self.pos.fen(),
            side: match self.pos.side_to_move() {
                Color::Red => "red",
                Color::Black => "black",
            },
            in_check: self.pos.in_check(),
            status: self.status(legal.len()),
            moves: &self.played,
            legal,
            analysing: self.analysing,
            multipv: self.engine.options().multipv,
            lines: self.lines.iter().flatten().collect(),
            depth,
            nodes: self.nodes,
            nps: self.nps,
            hashfull: self.hashfull,
            time_ms: self.time_ms,
            threads: self.engine.threads(),
            hash_mb: self.hash_mb,
            pgn: self.pgn(),
        };
        serde_json::to_string(&state).expect("plain data serializes")
    }
}

/// A score as the page prints it: pawns with a sign, `#N` / `#-N` for mates
/// (Red mates / is mated), `+rule` / `-rule` for a win by the repetition rules.
pub fn score_text(cp: i32, mate: Option<i32>) -> String {
    match mate {
        Some(n) if n >= 0 => format!("#{n}"),
        Some(n) => format!("#-{}", -n),
        None if cp >= DECISIVE_BOUND => "+rule".into(),
        None if cp <= -DECISIVE_BOUND => "-rule".into(),
        None => format!("{:+.2}", cp as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_pawns_mates_or_rule_wins() {
        assert_eq!(score_text(35, None), "+0.35");
        assert_eq!(score_text(-120, None), "-1.20");
        assert_eq!(score_text(0, None), "+0.00");
        assert_eq!(score_text(29990, Some(3)), "#3");
        assert_eq!(score_text(-29990, Some(-2)), "#-2");
        assert_eq!(score_text(DECISIVE_BOUND + 1, None), "+rule");
    }

    fn session() -> Session {
        let mut engine = Engine::new();
        engine.set_hash_mb(1).unwrap();
        engine.set_threads(1);
        let mut s = Session::new(engine, 1);
        s.analysing = false;
        s
    }

    #[test]
    fn moves_undo_and_bad_input_leave_the_game_as_it_was() {
        let mut s = session();
        s.handle(Command::Move("h2e2".into())).unwrap();
        s.handle(Command::Move("马８进７".into())).unwrap();
        assert_eq!(s.played[0].chinese, "炮二平五");
        assert_eq!(s.played[1].iccs, "h9g7");
        let fen = s.pos.fen();
        assert!(s.handle(Command::Move("a0a5".into())).is_err());
        assert!(s
            .handle(Command::Position {
                fen: Some("not a fen".into()),
                moves: vec![]
            })
            .is_err());
        assert!(s.handle(Command::MultiPv(6)).is_err());
        assert_eq!(s.pos.fen(), fen);
        assert_eq!(s.moves.len(), 2);
        s.handle(Command::Undo).unwrap();
        s.handle(Command::Undo).unwrap();
        assert!(s.handle(Command::Undo).is_err());
        assert_eq!(s.pos.fen(), chariot_core::START_FEN);
    }

    #[test]
    fn the_pgn_of_the_game_reads_back() {
        let mut s = session();
        s.handle(Command::Position {
            fen: None,
            moves: vec!["h2e2".into(), "h9g7".into(), "h0g2".into()],
        })
        .unwrap();
        let text = s.pgn();
        let game = &chariot_core::pgn::read_games(&text).unwrap()[0];
        assert_eq!(game.moves, s.moves);
        s.handle(Command::Pgn(text)).unwrap();
        assert_eq!(s.moves.len(), 3);
        let json: serde_json::Value = serde_json::from_str(&s.state_json(Instant::now())).unwrap();
        assert_eq!(json["moves"][2]["chinese"], "马二进三");
        assert_eq!(json["side"], "black");
    }
}
