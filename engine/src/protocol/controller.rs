//! The controller both protocols share: it holds the position, the bans, the
//! protocol settings and the engine, acts on commands, and turns the search's
//! reports into feedback through the chosen protocol's formatter.
//!
//! States (UCCI 3.0 section 3): boot is `super::run`'s loop; here the engine
//! is idle, or busy: thinking (`search`) or running a long extra command such
//! as perft or bench (`task`) on its own thread, so input is still answered.

use super::command::{Command, GoSpec, OptionSet, PositionSpec, Protocol, TimeUnit};
use super::dialect::{dialect, Dialect};
use super::input::Input;
use super::options::{Settings, Target};
use super::ucci;
use crate::book::{Book, BookMove};
use crate::limits::{Limits, Report, SearchResult};
use crate::threads::Engine;
use crate::wdl;
use chariot_core::moves::Move;
use chariot_core::position::Position;
use crossbeam_channel::{select, Receiver, RecvTimeoutError, TryRecvError};
use std::collections::VecDeque;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long `stop` or `quit` waits for a search to hand in its move before
/// the controller goes back to reading input.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// How often the reports of a search are looked at when there are more
/// search threads than cores (see `Controller::polls_reports`).
const REPORT_POLL: Duration = Duration::from_millis(1);

/// The next report within `limit`, looked for every `REPORT_POLL` without
/// waiting on the channel (see `Controller::polls_reports`).
fn poll_report(reports: &Receiver<Report>, limit: Duration) -> Result<Report, RecvTimeoutError> {
    let end = Instant::now() + limit;
    loop {
        match reports.try_recv() {
            Ok(r) => return Ok(r),
            Err(TryRecvError::Disconnected) => return Err(RecvTimeoutError::Disconnected),
            Err(TryRecvError::Empty) if Instant::now() >= end => {
                return Err(RecvTimeoutError::Timeout)
            }
            Err(TryRecvError::Empty) => std::thread::sleep(REPORT_POLL),
        }
    }
}

/// A search in progress.
struct Search {
    reports: Receiver<Report>,
    /// The root's material, for the win/draw/loss model.
    material: u32,
    pondering: bool,
    /// Infinite or ponder: it only ends on stop (or ponderhit).
    unbounded: bool,
}

/// A perft or bench running on its own thread; its output comes over `lines`.
struct Task {
    lines: Receiver<TaskLine>,
}

/// The last line travels marked, so the engine is idle again the moment the
/// GUI can read it.
enum TaskLine {
    More(String),
    Last(Option<String>),
}

impl Task {
    fn spawn(job: impl FnOnce(&mut dyn FnMut(String)) + Send + 'static) -> Task {
        let (tx, lines) = crossbeam_channel::unbounded();
        std::thread::spawn(move || {
            // A perft or bench is heavy work, not the protocol's: not the
            // short slice this thread inherits from the controller.
            crate::threads::default_slice();
            let mut held: Option<String> = None;
            job(&mut |line| {
                if let Some(previous) = held.replace(line) {
                    let _ = tx.send(TaskLine::More(previous));
                }
            });
            let _ = tx.send(TaskLine::Last(held));
        });
        Task { lines }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Exit,
}

pub struct Controller<W: Write> {
    dialect: &'static dyn Dialect,
    engine: Engine,
    pos: Position,
    bans: Vec<Move>,
    settings: Settings,
    search: Option<Search>,
    task: Option<Task>,
    /// The opening book of `bookfiles`, when one could be read.
    book: Option<Book>,
    /// UCI commands that came during a search; they run when it ends.
    deferred: VecDeque<Command>,
    out: W,
}

impl<W: Write> Target for Controller<W> {
    fn settings(&mut self) -> &mut Settings {
        &mut self.settings
    }
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
    fn load_books(&mut self, files: String) {
        Controller::load_books(self, files)
    }
    fn message(&mut self, text: &str) {
        Controller::message(self, text)
    }
}

impl<W: Write> Controller<W> {
    pub fn new(protocol: Protocol, out: W) -> Controller<W> {
        Controller {
            dialect: dialect(protocol),
            engine: Engine::new(),
            pos: Position::startpos(),
            bans: Vec::new(),
            settings: Settings {
                // UCCI 3.0: usebook is on by default; UCI's OwnBook is off.
                usebook: protocol == Protocol::Ucci,
                ..Settings::default()
            },
            book: None,
            search: None,
            task: None,
            deferred: VecDeque::new(),
            out,
        }
    }

    /// Greets (the first command was the protocol's name), then serves until
    /// `quit`, end of input or an interrupt.
    pub fn run(&mut self, input: &Receiver<Input>, interrupts: &Receiver<()>) {
        self.execute(Command::Hello);
        let mut input = input.clone();
        let mut interrupts = interrupts.clone();
        loop {
            let flow = if let Some(search) = &self.search {
                let reports = search.reports.clone();
                if self.polls_reports() {
                    match reports.try_recv() {
                        Ok(r) => self.on_report(Some(r)),
                        Err(TryRecvError::Disconnected) => self.on_report(None),
                        Err(TryRecvError::Empty) if self.settings.batch => select! {
                            recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                            default(REPORT_POLL) => Flow::Continue,
                        },
                        Err(TryRecvError::Empty) => select! {
                            recv(input) -> i => self.on_input(i.ok(), &mut input),
                            recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                            default(REPORT_POLL) => Flow::Continue,
                        },
                    }
                } else if self.settings.batch {
                    // Batch mode: input waits in the channel until the search ends.
                    select! {
                        recv(reports) -> r => self.on_report(r.ok()),
                        recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                    }
                } else {
                    select! {
                        recv(reports) -> r => self.on_report(r.ok()),
                        recv(input) -> i => self.on_input(i.ok(), &mut input),
                        recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                    }
                }
            } else if let Some(task) = &self.task {
                let lines = task.lines.clone();
                if self.settings.batch {
                    select! {
                        recv(lines) -> l => self.on_task_line(l.ok()),
                        recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                    }
                } else {
                    select! {
                        recv(lines) -> l => self.on_task_line(l.ok()),
                        recv(input) -> i => self.on_input(i.ok(), &mut input),
                        recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                    }
                }
            } else if let Some(cmd) = self.deferred.pop_front() {
                self.execute(cmd)
            } else {
                select! {
                    recv(input) -> i => self.on_input(i.ok(), &mut input),
                    recv(interrupts) -> i => self.on_interrupt(i.is_ok(), &mut interrupts),
                }
            };
            if flow == Flow::Exit {
                return;
            }
        }
    }

    /// With more search threads than cores the reports are polled, never
    /// waited on: a search thread that sends a report while this thread
    /// waits wakes it from inside the channel's lock, and one preempted there
    /// (among hundreds of busy threads) kept this thread from reading `stop`
    /// until it got a core again, up to seconds. Polling takes no lock.
    fn polls_reports(&self) -> bool {
        crate::threads::oversubscribed(self.engine.threads())
    }

    fn on_input(&mut self, msg: Option<Input>, input: &mut Receiver<Input>) -> Flow {
        match msg {
            Some(Input::Command(cmd)) => self.execute(cmd),
            // A repeated protocol word is a repeated greeting request.
            Some(Input::Start(_)) => self.execute(Command::Hello),
            Some(Input::Eof) | None => {
                *input = crossbeam_channel::never();
                self.end_of_input()
            }
        }
    }

    fn on_task_line(&mut self, line: Option<TaskLine>) -> Flow {
        match line {
            Some(TaskLine::More(l)) => self.send(&l),
            Some(TaskLine::Last(l)) => {
                self.task = None;
                if let Some(l) = l {
                    self.send(&l);
                }
            }
            // The task died without its last line (a panic in it).
            None => {
                self.task = None;
                self.message("the command ended abnormally");
            }
        }
        Flow::Continue
    }

    /// Ctrl-C: stop a running search, give its move, leave (a perft or bench
    /// ends with the process).
    fn on_interrupt(&mut self, signalled: bool, interrupts: &mut Receiver<()>) -> Flow {
        if !signalled {
            // No handler could be installed; stop listening for it.
            *interrupts = crossbeam_channel::never();
            return Flow::Continue;
        }
        self.stop_and_wait();
        Flow::Exit
    }

    /// The GUI has gone: a bounded search may finish (so piped scripts get
    /// their answer), an unbounded one is stopped; commands a UCI search
    /// deferred still run; then the engine exits.
    fn end_of_input(&mut self) -> Flow {
        loop {
            if let Some(search) = &self.search {
                if search.unbounded {
                    self.stop_and_wait();
                    if self.search.is_some() {
                        return Flow::Exit;
                    }
                } else {
                    let r = search.reports.recv().ok();
                    self.on_report(r);
                }
            } else if let Some(task) = &self.task {
                let line = task.lines.recv().ok();
                self.on_task_line(line);
            } else if let Some(cmd) = self.deferred.pop_front() {
                if self.execute(cmd) == Flow::Exit {
                    return Flow::Exit;
                }
            } else {
                return Flow::Exit;
            }
        }
    }

    fn execute(&mut self, cmd: Command) -> Flow {
        if self.search.is_some() || self.task.is_some() {
            return self.execute_busy(cmd);
        }
        match cmd {
            Command::Hello => {
                for l in self.dialect.hello(&self.settings, &self.engine) {
                    self.send(&l);
                }
            }
            Command::IsReady => self.send("readyok"),
            Command::Debug(on) => self.settings.debug = on,
            Command::SetOption(o) => self.set_option(o),
            Command::NewGame => self.engine.new_game(),
            Command::Position(spec) => match self.build_position(&spec) {
                Ok(pos) => {
                    self.pos = pos;
                    self.bans.clear();
                }
                Err(e) => self.message(&format!("position refused: {e}")),
            },
            Command::BanMoves(moves) => match self.check_moves(&moves, "banmoves") {
                Ok(()) => self.bans = moves,
                Err(e) => self.message(&e),
            },
            Command::Go(spec) => self.go(&spec),
            Command::PonderHit { .. } => self.debug_message("ponderhit ignored: not pondering"),
            Command::Stop => {
                if let Some(reply) = self.dialect.idle_stop_reply() {
                    self.send(reply);
                }
            }
            Command::Probe(spec) => self.probe(&spec),
            Command::Quit => {
                self.quit();
                return Flow::Exit;
            }
            Command::Bench(args) => {
                let dialect = self.dialect;
                self.task = Some(Task::spawn(move |out| {
                    if let Err(e) = super::bench(&args, out) {
                        out(dialect.message(&e));
                    }
                }));
            }
            Command::Perft(depth) => self.perft(depth),
            Command::Display => {
                let text = self.pos.to_string();
                for l in text.lines() {
                    self.send(l);
                }
            }
            Command::Eval => self.eval(),
            Command::Nothing => {}
            Command::Unknown(word) => {
                self.debug_message(&format!("unknown command '{word}' ignored"))
            }
            Command::Malformed(why) => self.message(&why),
        }
        Flow::Continue
    }

    /// While thinking only isready, stop, ponderhit, probe and quit act (UCCI
    /// 3.0 section 3 (3)); UCI commands that change state wait for the end.
    /// The same holds while a perft or bench runs.
    fn execute_busy(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::IsReady => self.send("readyok"),
            Command::Stop if self.search.is_some() => self.stop_and_wait(),
            Command::Stop => {
                self.message("perft and bench run to their end; stop does not cut them short")
            }
            Command::PonderHit { draw } => {
                if self.search.as_ref().is_some_and(|s| s.pondering) {
                    if let Some(s) = &mut self.search {
                        s.pondering = false;
                        s.unbounded = false;
                    }
                    self.engine.ponderhit(draw);
                } else {
                    self.debug_message("ponderhit ignored: not pondering");
                }
            }
            Command::Probe(spec) => self.probe(&spec),
            Command::Quit => {
                self.stop_and_wait();
                self.quit();
                return Flow::Exit;
            }
            Command::Debug(on) => self.settings.debug = on,
            Command::Nothing => {}
            Command::Unknown(word) => {
                self.debug_message(&format!("unknown command '{word}' ignored"))
            }
            Command::Malformed(why) => self.message(&why),
            other if self.dialect.defers_while_busy() => self.deferred.push_back(other),
            other => self.message(&format!(
                "{} ignored: the engine is busy (thinking, or running perft or bench)",
                command_name(&other)
            )),
        }
        Flow::Continue
    }

    fn on_report(&mut self, report: Option<Report>) -> Flow {
        let Some(report) = report else {
            // The search ended without a result (it should never happen).
            self.message("the search ended without a move");
            self.finish(&SearchResult::default());
            return Flow::Continue;
        };
        match report {
            Report::Iteration(mut info) => {
                if let (true, Some(s)) = (self.settings.show_wdl, &self.search) {
                    info.wdl = Some(wdl::per_mille(info.score, s.material));
                }
                for l in self.dialect.iteration(&info) {
                    self.send(&l);
                }
            }
            Report::CurrMove { depth, mv, number } => {
                let line = self.dialect.currmove(depth, mv, number);
                self.send(&line);
            }
            Report::Stats {
                nodes,
                nps,
                time_ms,
                hashfull,
            } => {
                let line = self.dialect.stats(time_ms, nodes, nps, hashfull);
                self.send(&line);
            }
            Report::Done(result) => self.finish(&result),
        }
        Flow::Continue
    }

    /// Prints the result and returns to idle. Helpers may still be leaving
    /// the search (with hundreds of threads on a few cores that takes a
    /// while); whatever needs them idle (the next `go`, a table or thread
    /// change) waits for them itself.
    fn finish(&mut self, result: &SearchResult) {
        self.search = None;
        let line = self.dialect.bestmove(result);
        self.send(&line);
    }

    /// Stops the search and waits for its move (UCCI: answer stop as fast as
    /// possible), so that commands after `stop` meet an idle engine.
    fn stop_and_wait(&mut self) {
        if self.search.is_none() {
            return;
        }
        self.engine.stop();
        let poll = self.polls_reports();
        while let Some(search) = &self.search {
            let report = if poll {
                poll_report(&search.reports, STOP_GRACE)
            } else {
                search.reports.recv_timeout(STOP_GRACE)
            };
            match report {
                Ok(r) => {
                    self.on_report(Some(r));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.on_report(None);
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.message("the search has not stopped yet");
                    return;
                }
            }
        }
    }

    fn quit(&mut self) {
        if let Some(line) = self.dialect.farewell() {
            self.send(line);
        }
    }

    /// Reads the books `files` names (`;` between them); those that cannot be
    /// read are reported and left out, and the engine plays on without them.
    fn load_books(&mut self, files: String) {
        let mut books = Vec::new();
        for name in files.split(';').map(str::trim).filter(|n| !n.is_empty()) {
            match Book::load(Path::new(name)) {
                Ok(b) => {
                    self.debug_message(&format!("book {name}: {} entries", b.len()));
                    books.push(b);
                }
                Err(e) => self.message(&format!("book not used: {e}")),
            }
        }
        self.book = (!books.is_empty()).then(|| Book::merged(books));
        self.settings.bookfiles = files;
    }

    /// A book move for the position, when the book is on and the search is
    /// one that plays a move (not infinite analysis, not pondering).
    fn book_move(&self, limits: &Limits) -> Option<BookMove> {
        if !self.settings.usebook || limits.infinite || limits.ponder {
            return None;
        }
        let book = self.book.as_ref()?;
        let mut banned = limits.ban_moves.clone();
        if !limits.search_moves.is_empty() {
            banned.extend(
                self.pos
                    .legal_moves()
                    .as_slice()
                    .iter()
                    .filter(|m| !limits.search_moves.contains(m)),
            );
        }
        let roll = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos()) as f64
            / 1e9;
        book.pick(&self.pos, &banned, self.engine.options().randomness, roll)
    }

    fn go(&mut self, spec: &GoSpec) {
        if !spec.ignored.is_empty() {
            self.message(&format!("go: ignored {}", spec.ignored.join(", ")));
        }
        if let Some(depth) = spec.perft {
            self.perft(depth);
            return;
        }
        let unit = TimeUnit::for_protocol(self.dialect.protocol(), self.settings.millisec);
        let mut limits = spec.limits(unit, self.pos.side_to_move());
        if let Err(e) = self.check_moves(&limits.search_moves, "go searchmoves") {
            self.message(&e);
            return;
        }
        limits.ban_moves = self.bans.clone();
        if self.settings.debug {
            self.message(&format!("search limits: {limits:?}"));
        }
        if limits.depth == Some(0) {
            // UCCI: depth 0 asks only for the static score, then nobestmove.
            let score = self.engine.static_eval(&self.pos);
            let line = self.dialect.static_score(score);
            self.send(&line);
            self.finish(&SearchResult::default());
            return;
        }
        if limits.infinite
            && !limits.ponder
            && self.dialect.protocol() == Protocol::Ucci
            && self.pos.legal_moves().is_empty()
        {
            // UCCI 3.0 (go, infinite): the search runs until it finds a mate
            // or hears stop; with no move there is nothing to find, and the
            // answer is nobestmove at once. (UCI waits for stop, as it must.)
            self.finish(&SearchResult::default());
            return;
        }
        if let Some(bm) = self.book_move(&limits) {
            self.message(&format!(
                "book move {} ({} games, {:.0}%)",
                bm.mv,
                bm.games,
                bm.score_percent()
            ));
            self.finish(&SearchResult {
                best: Some(bm.mv),
                ..SearchResult::default()
            });
            return;
        }
        let (tx, reports) = crossbeam_channel::unbounded();
        let pondering = limits.ponder;
        let unbounded = limits.ponder || limits.infinite;
        self.engine.go(&self.pos, limits, tx);
        self.search = Some(Search {
            reports,
            material: wdl::material(&self.pos),
            pondering,
            unbounded,
        });
    }

    fn set_option(&mut self, option: OptionSet) {
        if let OptionSet::Unknown(name) = &option {
            if self.dialect.unknown_option_is_an_error() {
                self.message(&format!("no such option: {name}"));
            } else {
                self.debug_message(&format!("option '{name}' ignored"));
            }
        }
        option.apply(self);
    }

    /// Plays out a `position`/`probe` body; the held position is not touched.
    fn build_position(&self, spec: &PositionSpec) -> Result<Position, String> {
        let mut pos = match &spec.fen {
            None => Position::startpos(),
            Some(fen) => Position::from_fen(fen).map_err(|e| e.to_string())?,
        };
        pos.promotion = self.settings.promotion;
        for (i, &m) in spec.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                let why = pos
                    .parse_move(&m.to_string())
                    .err()
                    .map_or_else(|| format!("'{m}' is not legal"), |e| e.to_string());
                return Err(format!("move {} of the list: {why}", i + 1));
            }
            pos.make_move(m);
        }
        Ok(pos)
    }

    fn check_moves(&self, moves: &[Move], what: &str) -> Result<(), String> {
        for &m in moves {
            if let Err(e) = self.pos.parse_move(&m.to_string()) {
                return Err(format!("{what} refused: {e}"));
            }
        }
        Ok(())
    }

    fn probe(&mut self, spec: &PositionSpec) {
        match self.build_position(spec) {
            Ok(pos) => {
                let info = self.engine.probe(&pos);
                self.send(&ucci::pophash(info.as_ref()));
            }
            Err(e) => self.message(&format!("probe refused: {e}")),
        }
    }

    fn perft(&mut self, depth: u32) {
        let pos = self.pos.clone();
        let threads = self.engine.threads();
        self.task = Some(Task::spawn(move |out| {
            chariot_core::perft::report(&pos, depth, threads, out);
        }));
    }

    fn eval(&mut self) {
        let knowledge = self.engine.options().knowledge;
        let table = nnue_free_eval::breakdown(&self.pos, knowledge.to_knowledge()).to_string();
        for line in table.lines() {
            self.send(line);
        }
        let score = self.engine.static_eval(&self.pos);
        self.send(&format!(
            "static eval {score} (side to move's view, knowledge {})",
            knowledge.name()
        ));
    }

    fn message(&mut self, text: &str) {
        let line = self.dialect.message(text);
        self.send(&line);
    }

    fn debug_message(&mut self, text: &str) {
        if self.settings.debug {
            self.message(text);
        }
    }

    /// One line of feedback, flushed at once. A closed output is not an error
    /// worth stopping for: the end of input follows.
    fn send(&mut self, line: &str) {
        let _ = self
            .out
            .write_all(line.as_bytes())
            .and_then(|_| self.out.write_all(b"\n"))
            .and_then(|_| self.out.flush());
    }
}

fn command_name(cmd: &Command) -> &'static str {
    match cmd {
        Command::Hello => "ucci",
        Command::SetOption(_) => "setoption",
        Command::NewGame => "newgame",
        Command::Position(_) => "position",
        Command::BanMoves(_) => "banmoves",
        Command::Go(_) => "go",
        Command::Bench(_) => "bench",
        Command::Perft(_) => "perft",
        Command::Display => "d",
        Command::Eval => "eval",
        _ => "that command",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_report() -> Report {
        Report::Done(SearchResult::default())
    }

    #[test]
    fn a_polled_report_comes_as_it_would_waited_for() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            tx.send(a_report()).unwrap();
            tx
        });
        let got = poll_report(&rx, Duration::from_secs(10));
        assert!(
            matches!(got, Ok(Report::Done(_))),
            "the report sent meanwhile"
        );
        let tx = sender.join().unwrap();
        let start = Instant::now();
        let got = poll_report(&rx, Duration::from_millis(30));
        assert!(
            matches!(got, Err(RecvTimeoutError::Timeout)),
            "nothing sent"
        );
        assert!(
            start.elapsed() >= Duration::from_millis(30),
            "not before the limit"
        );
        drop(tx);
        let got = poll_report(&rx, Duration::from_secs(10));
        assert!(
            matches!(got, Err(RecvTimeoutError::Disconnected)),
            "the search is gone"
        );
    }
}
