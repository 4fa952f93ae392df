//! The analysis session: one game (a start position and the moves played
//! from it) and the engine analysing its last position without end. It runs
//! on its own thread, owns the `Engine`, takes commands from the web side
//! over a channel, and publishes what browsers see as one JSON text through
//! a `watch` channel: at once after a command, and at most every
//! `PUBLISH_EVERY` while the search reports (never one message per line).
//!
//! The web side may come and go: the session and its search go on without
//! any browser, and whoever connects reads the last published state.

use super::annotation::{Annotation, Progress};
use super::checks::{self, MAX_PLIES};
use super::game::{line_texts, Game, GameResult, PlayedMove, Score};
use super::play::{color_name, EngineMove, PlaySettings, PlayState};
use crate::limits::{IterationInfo, Limits, Report, ScoreBound};
use crate::strength::FULL;
use crate::threads::Engine;
use crate::wdl;
use chariot_core::notation::chinese;
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
    /// Takes the last move back (in play mode, back to the person's turn).
    Undo,
    /// The first game of a PGN text.
    Pgn(String),
    /// Analyse (the default) or stop analysing.
    Go,
    Stop,
    MultiPv(usize),
    /// The board at this ply of the game (analysis mode).
    Goto(usize),
    /// Play against the engine from the position on the board.
    Play(PlaySettings),
    /// Back to analysis.
    Analyse,
    /// Annotates the game, this many milliseconds a position.
    Annotate {
        movetime_ms: u64,
    },
    /// Stops the annotation.
    Cancel,
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

/// What every browser sees (serialized as the `state` message).
#[derive(Serialize)]
struct State<'a> {
    r#type: &'static str,
    /// Grows with every publication.
    seq: u64,
    /// When it was published, in milliseconds since the session began.
    at_ms: u64,
    start_fen: &'a str,
    /// The board: the position at `ply` of the game.
    fen: String,
    ply: usize,
    side: &'static str,
    in_check: bool,
    /// Why the game cannot go on, if it cannot ("" otherwise).
    status: String,
    /// How the game ended at the board's position, by the league's rules.
    result: Option<GameResult>,
    moves: &'a [PlayedMove],
    /// Red's score of each position of the game (the start and after each
    /// move), or null where none is known yet.
    scores: &'a [Option<Score>],
    /// Every legal move here, in ICCS.
    legal: Vec<String>,
    /// "analyse" or "play".
    mode: &'static str,
    play: Option<PlayState>,
    annotating: Option<Progress>,
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

/// What the session does with the engine.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Mode {
    Analyse,
    Play(PlaySettings),
}

/// What the running search is for.
enum Task {
    Idle,
    /// The endless analysis of the board's position.
    Analysing,
    /// The engine's move in a game against it.
    EngineMove,
    Annotating(Box<Annotation>),
}

struct Session {
    engine: Engine,
    hash_mb: usize,
    game: Game,
    mode: Mode,
    /// Analyse in analysis mode (Go / Stop).
    analysing: bool,
    task: Task,
    /// The running search's reports (`never()` when none runs).
    reports: Receiver<Report>,
    /// Publish at once, not at the next tick.
    urgent: bool,
    last_engine_move: Option<EngineMove>,
    /// Material of the searched position, for the WDL model.
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
        Session {
            engine,
            hash_mb,
            game: Game::new(Position::startpos(), Vec::new()),
            mode: Mode::Analyse,
            analysing: true,
            task: Task::Idle,
            reports: never(),
            urgent: false,
            last_engine_move: None,
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
        loop {
            let wait = if self.urgent {
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
                    self.urgent = true;
                }
                recv(self.reports) -> report => match report {
                    Ok(r) => dirty |= self.on_report(r),
                    Err(_) => self.reports = never(),
                },
                default(wait) => {}
            }
            if dirty && (self.urgent || last.elapsed() >= PUBLISH_EVERY) {
                last = Instant::now();
                dirty = false;
                self.urgent = false;
                // Every receiver gone means the server is gone too.
                if publish.send(Arc::from(self.state_json(last))).is_err() {
                    break;
                }
            }
        }
        self.engine.stop();
        self.engine.wait();
    }

    fn thinking(&self) -> bool {
        matches!(self.task, Task::EngineMove)
    }

    /// Carries a command out; on an error nothing has changed.
    fn handle(&mut self, command: Command) -> Result<(), String> {
        if let Task::Annotating(_) = self.task {
            if command != Command::Cancel {
                return Err("the game is being annotated: cancel the annotation first".into());
            }
        }
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
                self.set_game(Game::new(start, list));
            }
            Command::Move(text) => {
                if let Mode::Play(p) = self.mode {
                    if let Some(r) = self.game.result() {
                        return Err(format!("the game is over: {}", r.text));
                    }
                    if self.thinking() || self.game.pos.side_to_move() != p.human {
                        return Err("not your move: the engine is thinking of its own".into());
                    }
                }
                if self.game.ply >= MAX_PLIES {
                    return Err(format!("a game here has at most {MAX_PLIES} moves"));
                }
                let m = checks::parse_move(&self.game.pos, &text)?;
                self.game.play(m);
                self.restart();
            }
            Command::Undo => {
                self.game.undo()?;
                if let Mode::Play(p) = self.mode {
                    // Back to the person's turn, when there is one.
                    if self.game.pos.side_to_move() != p.human && self.game.ply > 0 {
                        self.game.undo()?;
                    }
                }
                self.restart();
            }
            Command::Pgn(text) => {
                let game = checks::pgn(&text)?;
                let start = game.start();
                self.set_game(Game::new(start, game.moves));
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
                    self.engine.options_mut().multipv = k;
                    if self.mode == Mode::Analyse {
                        self.engine.stop();
                        self.restart();
                    }
                }
            }
            Command::Goto(ply) => {
                if let Mode::Play(_) = self.mode {
                    return Err(
                        "while playing the board follows the game: switch to analysis to go to another move"
                            .into(),
                    );
                }
                self.game.goto(ply)?;
                self.restart();
            }
            Command::Play(settings) => {
                self.game.cut_after_cursor();
                self.mode = Mode::Play(settings);
                self.last_engine_move = None;
                self.restart();
            }
            Command::Analyse => {
                if self.mode != Mode::Analyse {
                    self.mode = Mode::Analyse;
                    self.restart();
                }
            }
            Command::Annotate { movetime_ms } => {
                if self.thinking() {
                    return Err("the engine is thinking of its move: annotate after it".into());
                }
                if self.game.moves.is_empty() {
                    return Err("no moves to annotate".into());
                }
                self.engine.stop();
                self.clear_lines();
                for r in &mut self.game.reports {
                    *r = None;
                }
                let annotation = Annotation::new(&self.game.start, &self.game.moves, movetime_ms);
                self.task = Task::Annotating(Box::new(annotation));
                self.next_annotation();
            }
            Command::Cancel => {
                if !matches!(self.task, Task::Annotating(_)) {
                    return Err("no annotation to cancel".into());
                }
                self.task = Task::Idle;
                self.restart();
            }
        }
        Ok(())
    }

    /// A new game whose moves were checked.
    fn set_game(&mut self, game: Game) {
        self.game = game;
        self.last_engine_move = None;
        self.restart();
    }

    fn clear_lines(&mut self) {
        self.lines.clear();
        self.nodes = 0;
        self.nps = 0;
        self.time_ms = 0;
        self.hashfull = 0;
    }

    /// Starts a search of `pos` for `task` at this level and this many
    /// lines (the engine's own options are left as they were).
    fn search(&mut self, pos: &Position, limits: Limits, skill: u8, multipv: usize) {
        let (tx, rx) = unbounded();
        self.material = wdl::material(pos);
        let options = self.engine.options_mut();
        let kept = (options.skill, options.multipv);
        options.skill = skill;
        options.multipv = multipv;
        self.engine.go(pos, limits, tx);
        let options = self.engine.options_mut();
        (options.skill, options.multipv) = kept;
        self.reports = rx;
    }

    /// Starts what the board's position calls for afresh: the analysis in
    /// analysis mode, the engine's move when it is its turn in a game
    /// against it, or nothing.
    fn restart(&mut self) {
        self.clear_lines();
        self.task = Task::Idle;
        self.reports = never();
        let pos = self.game.pos.clone();
        match self.mode {
            Mode::Analyse => {
                if self.analysing && !pos.legal_moves().is_empty() {
                    let limits = Limits {
                        infinite: true,
                        ..Limits::default()
                    };
                    let multipv = self.engine.options().multipv;
                    self.search(&pos, limits, FULL, multipv);
                    self.task = Task::Analysing;
                }
            }
            Mode::Play(p) => {
                if self.game.result().is_none() && pos.side_to_move() != p.human {
                    self.search(&pos, p.limits(), p.skill(), 1);
                    self.task = Task::EngineMove;
                }
            }
        }
        if let Task::Idle = self.task {
            self.engine.stop();
        }
    }

    /// Searches the annotation's next position, or ends it.
    fn next_annotation(&mut self) {
        let Task::Annotating(a) = &mut self.task else {
            return;
        };
        match a.next_search() {
            Some((_, pos, limits)) => {
                let pos = pos.clone();
                self.search(&pos, limits, FULL, 1);
            }
            None => {
                self.task = Task::Idle;
                self.restart();
            }
        }
        self.urgent = true;
    }

    /// Takes a search report in; true when the page should hear of it.
    fn on_report(&mut self, report: Report) -> bool {
        if let Task::Annotating(a) = &mut self.task {
            let Some((i, done)) = a.take(report) else {
                return false;
            };
            self.game.set_report(i, done, &a.positions);
            self.next_annotation();
            return true;
        }
        match report {
            Report::Iteration(info) => {
                self.nodes = info.nodes;
                self.nps = info.nps;
                self.time_ms = info.time_ms;
                self.hashfull = info.hashfull;
                if info.pv.is_empty() || info.multipv == 0 || info.multipv > MAX_MULTIPV {
                    return true;
                }
                if info.multipv == 1 && info.bound == ScoreBound::Exact {
                    self.game.set_score(self.game.ply, info.score, info.depth);
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
            Report::Done(result) => {
                self.reports = never();
                if let (Task::EngineMove, Mode::Play(p)) = (&self.task, self.mode) {
                    self.task = Task::Idle;
                    let pos = &self.game.pos;
                    if let Some(m) = result.best.filter(|&m| pos.is_legal(m)) {
                        let side = pos.side_to_move();
                        self.last_engine_move = Some(EngineMove {
                            iccs: m.to_string(),
                            chinese: chinese(pos, m),
                            level: p.skill(),
                            nodes: result.nodes,
                            depth: result.depth,
                            text: Score::new(result.score, side, result.depth).text,
                        });
                        self.game
                            .set_score(self.game.ply, result.score, result.depth);
                        self.game.play(m);
                        self.restart();
                    }
                    self.urgent = true;
                }
                true
            }
        }
    }

    /// A search line as the page shows it (Red's view).
    fn line(&self, info: &IterationInfo) -> Line {
        let side = self.game.pos.side_to_move();
        let red = side == Color::Red;
        let [w, d, l] = wdl::per_mille(info.score, self.material);
        let (pv, pv_chinese) = line_texts(&self.game.pos, &info.pv);
        let score = Score::new(info.score, side, info.depth);
        let bound = match (info.bound, red) {
            (ScoreBound::Exact, _) => "exact",
            (ScoreBound::Lower, true) | (ScoreBound::Upper, false) => "lower",
            _ => "upper",
        };
        Line {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            cp: score.cp,
            mate: score.mate,
            text: score.text,
            bound,
            wdl: if red { [w, d, l] } else { [l, d, w] },
            nodes: info.nodes,
            pv,
            pv_chinese,
        }
    }

    fn pgn(&self) -> String {
        self.game.pgn("chariot serve")
    }

    /// The state as published at `at`.
    fn state_json(&mut self, at: Instant) -> String {
        self.seq += 1;
        let pos = &self.game.pos;
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let depth = self
            .lines
            .first()
            .and_then(|l| l.as_ref())
            .map_or(0, |l| l.depth);
        let result = self.game.result();
        let state = State {
            r#type: "state",
            seq: self.seq,
            at_ms: at.saturating_duration_since(self.born).as_millis() as u64,
            start_fen: &self.game.start_fen,
            fen: pos.fen(),
            ply: self.game.ply,
            side: color_name(pos.side_to_move()),
            in_check: pos.in_check(),
            status: result.as_ref().map(|r| r.text.clone()).unwrap_or_default(),
            result,
            moves: &self.game.played,
            scores: &self.game.scores,
            legal,
            mode: match self.mode {
                Mode::Analyse => "analyse",
                Mode::Play(_) => "play",
            },
            play: match self.mode {
                Mode::Play(p) => Some(p.state(self.thinking(), self.last_engine_move.clone())),
                Mode::Analyse => None,
            },
            annotating: match &self.task {
                Task::Annotating(a) => Some(a.progress()),
                _ => None,
            },
            analysing: matches!(self.task, Task::Analysing),
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(s.game.played[0].chinese, "炮二平五");
        assert_eq!(s.game.played[1].iccs, "h9g7");
        let fen = s.game.pos.fen();
        assert!(s.handle(Command::Move("a0a5".into())).is_err());
        assert!(s
            .handle(Command::Position {
                fen: Some("not a fen".into()),
                moves: vec![]
            })
            .is_err());
        assert!(s.handle(Command::MultiPv(6)).is_err());
        assert!(s.handle(Command::Goto(3)).is_err());
        assert!(s.handle(Command::Cancel).is_err());
        assert_eq!(s.game.pos.fen(), fen);
        assert_eq!(s.game.moves.len(), 2);
        s.handle(Command::Undo).unwrap();
        s.handle(Command::Undo).unwrap();
        assert!(s.handle(Command::Undo).is_err());
        assert_eq!(s.game.pos.fen(), chariot_core::START_FEN);
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
        assert_eq!(game.moves, s.game.moves);
        s.handle(Command::Pgn(text)).unwrap();
        assert_eq!(s.game.moves.len(), 3);
        s.handle(Command::Goto(1)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&s.state_json(Instant::now())).unwrap();
        assert_eq!(json["moves"][2]["chinese"], "马二进三");
        assert_eq!(json["side"], "black");
        assert_eq!(json["ply"], 1);
        assert_eq!(json["scores"].as_array().unwrap().len(), 4);
        assert_eq!(json["mode"], "analyse");
    }

    #[test]
    fn in_play_mode_the_person_moves_only_on_their_turn() {
        let mut s = session();
        let black = PlaySettings::new("black", Some(0), None).unwrap();
        s.handle(Command::Play(black)).unwrap();
        // Red is the engine's: its move is under way.
        assert!(s.thinking());
        let err = s.handle(Command::Move("h9g7".into())).unwrap_err();
        assert!(err.contains("not your move"), "{err}");
        assert!(s.handle(Command::Goto(0)).is_err());
        s.handle(Command::Analyse).unwrap();
        assert!(!s.thinking());
    }
}
