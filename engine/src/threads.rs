//! The engine handle the protocols drive, and the Lazy SMP pool behind it.
//!
//! Search threads are created once (and again only when the thread count
//! changes) and park on their job channel between searches. Each owns its
//! worker: a position copy, history and killer tables, a node counter. They
//! share the transposition table and the stop flag only. Thread 0 is the main
//! thread: it owns time management and output, and when it is done it stops the
//! helpers, takes their votes and sends the result.
//!
//! A panic inside a search is caught on its thread: a helper's vote is then
//! left out, the main thread still answers (with the best legal move the
//! others found, or any legal one), and the worker is rebuilt for the next
//! search. Without this a dead thread would leave the engine busy for good and
//! the GUI without a `bestmove`. The panic is told once on stderr; stdout is
//! the protocol's.

use crate::limits::{Limits, Report, SearchOptions, SearchResult, MATE, MATE_BOUND};
use crate::search::{root_moves, SearchSetup, Shared, Worker};
use crate::timeman;
use crate::tt::{Bound, TranspositionTable};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use crossbeam_channel::{unbounded, Receiver, Sender};
use nnue_free_eval::evaluate;
use parking_lot::{Condvar, Mutex};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::Ordering::SeqCst;
use std::sync::{Arc, Once};
use std::thread::JoinHandle;
use std::time::Instant;

/// What `probe` finds in the transposition table for a position.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ProbeInfo {
    pub best: Option<Move>,
    /// (score, depth) when the stored score is a lower bound (or exact).
    pub lower: Option<(i32, u32)>,
    /// (score, depth) when the stored score is an upper bound (or exact).
    pub upper: Option<(i32, u32)>,
}

/// One thread's answer, for the vote.
#[derive(Clone, Debug)]
struct Ballot {
    mv: Move,
    ponder: Option<Move>,
    score: i32,
    depth: u32,
}

impl Ballot {
    /// The vote of a thread that has none (it panicked): `vote` skips it.
    const NONE: Ballot = Ballot {
        mv: Move::NONE,
        ponder: None,
        score: 0,
        depth: 0,
    };
}

/// Where a test makes a search thread panic, to check that the engine lives on.
#[cfg(test)]
#[derive(Copy, Clone, Debug, PartialEq)]
enum Fault {
    /// After `prepare`, before the thread searches.
    BeforeSearch,
    /// After the thread's own search, before its vote.
    AfterSearch,
}

enum Job {
    Search {
        pos: Box<Position>,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
        done: Sender<Ballot>,
        ballots: Option<Receiver<Ballot>>,
        #[cfg(test)]
        fault: Option<Fault>,
    },
    ClearTables,
    Quit,
}

struct PoolThread {
    jobs: Sender<Job>,
    handle: Option<JoinHandle<()>>,
}

/// Tracks the score over the game's searches, for draw offers and resigning.
#[derive(Default)]
struct Outlook {
    dead_even_streak: u32,
    lost_streak: u32,
}

pub struct Engine {
    threads: Vec<PoolThread>,
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    options: SearchOptions,
    shared: Arc<Shared>,
    /// True from `go` until the main thread has sent `Done`.
    busy: Arc<(Mutex<bool>, Condvar)>,
    outlook: Arc<Mutex<Outlook>>,
    /// The next search makes this thread panic at this point (tests only).
    #[cfg(test)]
    fault: Option<(usize, Fault)>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.wait();
        self.shut_down_threads();
    }
}

impl Engine {
    pub const DEFAULT_HASH_MB: usize = 64;
    pub const MAX_HASH_MB: usize = 1 << 16;

    pub fn new() -> Engine {
        let mut e = Engine {
            threads: Vec::new(),
            tt: Arc::new(
                TranspositionTable::new(Self::DEFAULT_HASH_MB).expect("default hash table"),
            ),
            hash_mb: Self::DEFAULT_HASH_MB,
            options: SearchOptions::default(),
            shared: Arc::new(Shared::new(1)),
            busy: Arc::new((Mutex::new(false), Condvar::new())),
            outlook: Arc::new(Mutex::new(Outlook::default())),
            #[cfg(test)]
            fault: None,
        };
        e.spawn_threads(1);
        e
    }

    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// 0 = one per available core. Takes effect between searches.
    pub fn set_threads(&mut self, n: usize) {
        self.wait();
        let n = if n == 0 { cores() } else { n.min(1024) };
        if n != self.threads.len() {
            self.shut_down_threads();
            self.spawn_threads(n);
        }
    }

    fn spawn_threads(&mut self, n: usize) {
        install_panic_hook();
        let pin = self.options.affinity && n <= cores();
        let core_ids = if pin {
            core_affinity::get_core_ids().unwrap_or_default()
        } else {
            Vec::new()
        };
        for id in 0..n {
            let (tx, rx) = unbounded::<Job>();
            let core = core_ids.get(id).copied();
            let busy = self.busy.clone();
            let outlook = self.outlook.clone();
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(16 << 20)
                .spawn(move || {
                    if let Some(c) = core {
                        core_affinity::set_for_current(c);
                    }
                    thread_main(id, rx, busy, outlook)
                })
                .expect("spawn search thread");
            self.threads.push(PoolThread {
                jobs: tx,
                handle: Some(handle),
            });
        }
        self.shared = Arc::new(Shared::new(n));
    }

    fn shut_down_threads(&mut self) {
        for t in &self.threads {
            let _ = t.jobs.send(Job::Quit);
        }
        for t in &mut self.threads {
            if let Some(h) = t.handle.take() {
                let _ = h.join();
            }
        }
        self.threads.clear();
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// 0 = automatic size. When memory is refused the old table stays.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        self.wait();
        if mb > Self::MAX_HASH_MB {
            return Err(format!(
                "hash size {mb} MB is over the maximum of {} MB",
                Self::MAX_HASH_MB
            ));
        }
        let mb = if mb == 0 { Self::DEFAULT_HASH_MB } else { mb };
        if mb == self.hash_mb {
            return Ok(());
        }
        let table = TranspositionTable::new(mb)?;
        self.tt = Arc::new(table);
        self.hash_mb = mb;
        Ok(())
    }

    pub fn options(&self) -> &SearchOptions {
        &self.options
    }
    pub fn options_mut(&mut self) -> &mut SearchOptions {
        &mut self.options
    }

    /// Clears the table and every thread's histories (UCCI newgame, UCI ucinewgame).
    pub fn new_game(&mut self) {
        self.wait();
        self.tt.clear();
        for t in &self.threads {
            let _ = t.jobs.send(Job::ClearTables);
        }
        *self.outlook.lock() = Outlook::default();
    }

    pub fn clear_hash(&mut self) {
        self.wait();
        self.tt.clear();
    }

    pub fn is_searching(&self) -> bool {
        *self.busy.0.lock()
    }

    /// Per mille of the table in use by the current search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Starts a search in the background; reports, ending with `Report::Done`,
    /// go to `reports`. In infinite or ponder mode `Done` waits for stop/ponderhit.
    pub fn go(&mut self, pos: &Position, limits: Limits, reports: Sender<Report>) {
        self.stop();
        self.wait();
        let n = self.threads.len();
        let shared = Arc::new(Shared::new(n));
        shared.pondering.store(limits.ponder, SeqCst);
        shared.draw_offered.store(limits.draw_offered, SeqCst);
        self.shared = shared.clone();
        let budget = timeman::budget(&limits, self.options.move_overhead);
        let setup = Arc::new(SearchSetup {
            limits,
            options: self.options.clone(),
            budget,
            reports: Some(reports),
            threads: n,
        });
        self.tt.new_search();
        *self.busy.0.lock() = true;
        let (done_tx, done_rx) = unbounded();
        #[cfg(test)]
        let fault = self.fault.take();
        for (i, t) in self.threads.iter().enumerate() {
            let _ = t.jobs.send(Job::Search {
                pos: Box::new(pos.clone()),
                tt: self.tt.clone(),
                shared: shared.clone(),
                setup: setup.clone(),
                done: done_tx.clone(),
                ballots: (i == 0).then(|| done_rx.clone()),
                #[cfg(test)]
                fault: fault.filter(|f| f.0 == i).map(|f| f.1),
            });
        }
    }

    /// Asks a running search to finish now (bestmove follows at once).
    pub fn stop(&self) {
        self.shared.pondering.store(false, SeqCst);
        self.shared.stop.store(true, SeqCst);
    }

    /// The opponent played the pondered move (offering a draw with it, when
    /// `draw`): the clock runs from now.
    pub fn ponderhit(&self, draw: bool) {
        if draw {
            self.shared.draw_offered.store(true, SeqCst);
        }
        *self.shared.start.lock() = Instant::now();
        self.shared.pondering.store(false, SeqCst);
    }

    /// Blocks until the running search (if any) has sent `Done`.
    pub fn wait(&mut self) {
        let (lock, cv) = &*self.busy;
        let mut busy = lock.lock();
        while *busy {
            cv.wait(&mut busy);
        }
    }

    /// Total nodes of the running (or last) search.
    pub fn nodes(&self) -> u64 {
        self.shared.total_nodes()
    }

    /// What the transposition table holds for this position.
    pub fn probe(&self, pos: &Position) -> Option<ProbeInfo> {
        let hit = self.tt.probe(pos.key(), 0)?;
        let best = (!hit.mv.is_none() && pos.is_legal(hit.mv)).then_some(hit.mv);
        let d = hit.depth.max(0) as u32;
        let (lower, upper) = match hit.bound {
            Bound::Exact => (Some((hit.score, d)), Some((hit.score, d))),
            Bound::Lower => (Some((hit.score, d)), None),
            Bound::Upper => (None, Some((hit.score, d))),
            Bound::None => (None, None),
        };
        Some(ProbeInfo { best, lower, upper })
    }

    /// The static evaluation with the current knowledge level (side to move's view).
    pub fn static_eval(&self, pos: &Position) -> i32 {
        evaluate(pos, self.options.knowledge.to_knowledge())
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn thread_main(
    id: usize,
    jobs: Receiver<Job>,
    busy: Arc<(Mutex<bool>, Condvar)>,
    outlook: Arc<Mutex<Outlook>>,
) {
    let mut worker: Option<Worker> = None;
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Quit => return,
            Job::ClearTables => {
                if let Some(w) = worker.as_mut() {
                    w.clear_tables();
                }
            }
            Job::Search {
                pos,
                tt,
                shared,
                setup,
                done,
                ballots,
                #[cfg(test)]
                fault,
            } => {
                let then = if id == 0 {
                    "answering with the best legal move found"
                } else {
                    "its vote is left out"
                };
                let own = guarded(id, then, || {
                    let w = worker.get_or_insert_with(|| {
                        Worker::new(id, tt.clone(), shared.clone(), setup.clone())
                    });
                    w.prepare(&pos, tt, shared.clone(), setup.clone());
                    if id == 0 {
                        *shared.start.lock() = Instant::now();
                    }
                    #[cfg(test)]
                    if fault == Some(Fault::BeforeSearch) {
                        panic!("injected fault before the search of thread {id}");
                    }
                    if setup.limits.depth != Some(0) {
                        w.iterative_deepening();
                    }
                    #[cfg(test)]
                    if fault == Some(Fault::AfterSearch) {
                        panic!("injected fault after the search of thread {id}");
                    }
                    ballot(w)
                });
                if own.is_none() {
                    // Its position, stack and tables may be half updated.
                    worker = None;
                }
                if id == 0 {
                    let ballots = ballots.expect("the main thread receives the ballots");
                    let result = guarded(id, "answering with no move", || {
                        main_thread_result(own, &pos, &shared, &setup, &ballots, &outlook)
                    })
                    .unwrap_or_else(|| {
                        shared.stop.store(true, SeqCst);
                        SearchResult::default()
                    });
                    if let Some(tx) = &setup.reports {
                        let _ = tx.send(Report::Done(result));
                    }
                    let (lock, cv) = &*busy;
                    *lock.lock() = false;
                    cv.notify_all();
                } else {
                    let _ = done.send(own.unwrap_or(Ballot::NONE));
                }
            }
        }
    }
}

fn ballot(w: &Worker) -> Ballot {
    let rm = w.root_moves.first();
    Ballot {
        mv: rm.map_or(Move::NONE, |r| r.mv),
        ponder: rm.and_then(|r| r.pv.get(1).copied()),
        score: rm.map_or(0, |r| r.score),
        depth: w.completed_depth,
    }
}

/// The main thread's part once its own search is over (`own` is None when it
/// panicked): hold the answer while pondering or in infinite mode, stop the
/// helpers and choose the move by their votes. The move is always one of the
/// root moves, or none when there is none.
fn main_thread_result(
    own: Option<Ballot>,
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    ballots_rx: &Receiver<Ballot>,
    outlook: &Mutex<Outlook>,
) -> SearchResult {
    let limits = &setup.limits;
    let knowledge = setup.options.knowledge.to_knowledge();
    let roots = root_moves(pos, limits);
    if limits.depth == Some(0) || roots.is_empty() {
        shared.stop.store(true, SeqCst);
        drain_helpers(setup.threads, ballots_rx);
        return SearchResult {
            best: None,
            score: if roots.is_empty() {
                -MATE
            } else {
                evaluate(pos, knowledge)
            },
            ..Default::default()
        };
    }
    // The protocol must not hear bestmove before stop (infinite) or ponderhit.
    while (limits.infinite || shared.pondering.load(SeqCst)) && !shared.stop.load(SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    shared.stop.store(true, SeqCst);
    let mut ballots = vec![own.unwrap_or(Ballot::NONE)];
    ballots.extend(drain_helpers(setup.threads, ballots_rx));
    let chosen = vote(&ballots);
    let nodes = shared.total_nodes();
    if !roots.iter().any(|r| r.mv == chosen.mv) {
        // No thread finished an iteration (the main one panicked): any legal
        // move beats none, but a guess should neither resign nor offer a draw.
        return SearchResult {
            best: Some(roots[0].mv),
            score: if pos.in_check() {
                0
            } else {
                evaluate(pos, knowledge)
            },
            nodes,
            ..Default::default()
        };
    }
    judge_outcome(
        SearchResult {
            best: Some(chosen.mv),
            ponder: chosen.ponder,
            score: chosen.score,
            depth: chosen.depth,
            nodes,
            draw: false,
            resign: false,
        },
        pos,
        shared.draw_offered.load(SeqCst),
        &setup.options,
        &mut outlook.lock(),
    )
}

/// Collects the helpers' ballots once they have seen the stop flag.
fn drain_helpers(threads: usize, ballots: &Receiver<Ballot>) -> Vec<Ballot> {
    (1..threads).filter_map(|_| ballots.recv().ok()).collect()
}

/// Lazy SMP vote: each thread backs its move with (score above the worst + 14)
/// times its completed depth; a found mate wins outright, the shortest first.
fn vote(ballots: &[Ballot]) -> Ballot {
    let valid: Vec<&Ballot> = ballots
        .iter()
        .filter(|b| !b.mv.is_none() && b.depth > 0)
        .collect();
    if valid.is_empty() {
        return ballots[0].clone();
    }
    let min = valid.iter().map(|b| b.score).min().unwrap_or(0);
    let weight = |m: Move| -> i64 {
        valid
            .iter()
            .filter(|b| b.mv == m)
            .map(|b| (b.score - min + 14) as i64 * b.depth as i64)
            .sum()
    };
    let mut best = valid[0];
    for &b in &valid[1..] {
        if best.score >= MATE_BOUND {
            if b.score > best.score {
                best = b;
            }
        } else if b.score >= MATE_BOUND || (b.score > -MATE_BOUND && weight(b.mv) > weight(best.mv))
        {
            best = b;
        }
    }
    best.clone()
}

/// Draw offers and resignation, from the score and how it has gone in this game.
fn judge_outcome(
    mut r: SearchResult,
    pos: &Position,
    draw_offered: bool,
    options: &SearchOptions,
    outlook: &mut Outlook,
) -> SearchResult {
    if r.best.is_none() {
        return r;
    }
    let dead_even = r.score.abs() <= 5;
    outlook.dead_even_streak = if dead_even {
        outlook.dead_even_streak + 1
    } else {
        0
    };
    outlook.lost_streak = if r.score <= -500 {
        outlook.lost_streak + 1
    } else {
        0
    };
    if options.allow_draw {
        // Only a draw worth at least the position (the contempt) is taken.
        let accept = draw_offered && r.score <= -options.style.contempt();
        let offer = pos.no_attackers_left()
            || (outlook.dead_even_streak >= 20 && pos.halfmove_clock() >= 60);
        r.draw = accept || offer;
    }
    if options.allow_resign {
        let mated_soon = r.score <= -(MATE - 10);
        r.resign = mated_soon || outlook.lost_streak >= 5;
    }
    r
}

thread_local! {
    /// True while this thread runs a guarded part of a search job.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    /// Where the last panic of a guarded part happened, and its backtrace when
    /// RUST_BACKTRACE asks for one: the hook keeps them for `report_panic`.
    static PANIC_SITE: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

/// A panic hook that stays quiet for the guarded parts of search jobs
/// (`guarded` reports those itself, once, with the engine's prefix) and hands
/// every other panic to the hook that was there before.
fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) {
                let place = info
                    .location()
                    .map_or_else(|| "an unknown place".to_string(), |l| l.to_string());
                let trace = std::backtrace::Backtrace::capture();
                let trace = (trace.status() == std::backtrace::BacktraceStatus::Captured)
                    .then(|| trace.to_string());
                PANIC_SITE.with(|s| *s.borrow_mut() = Some((place, trace)));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs part of a search job on thread `id`; a panic in it is reported on
/// stderr, saying what happens next (`then`), and gives None instead of
/// ending the thread.
fn guarded<T>(id: usize, then: &str, job: impl FnOnce() -> T) -> Option<T> {
    GUARDED.with(|g| g.set(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(job));
    GUARDED.with(|g| g.set(false));
    outcome
        .map_err(|payload| report_panic(id, &*payload, then))
        .ok()
}

fn report_panic(id: usize, payload: &(dyn Any + Send), then: &str) {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    let (place, trace) = PANIC_SITE
        .with(|s| s.borrow_mut().take())
        .unwrap_or_else(|| ("an unknown place".to_string(), None));
    // Not eprintln!, which panics when stderr is gone.
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "chariot: error: search thread {id} panicked at {place}: {message}; {then}"
    );
    if let Some(trace) = trace {
        let _ = writeln!(err, "{trace}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::ManuallyDrop;
    use std::time::Duration;

    /// An engine with `threads` threads. Tests hold it in ManuallyDrop: the
    /// Drop of a wedged engine waits for good, and a failing test must fail,
    /// not hang.
    fn engine(threads: usize) -> ManuallyDrop<Engine> {
        let mut e = Engine::new();
        e.options_mut().affinity = false;
        e.set_threads(threads);
        ManuallyDrop::new(e)
    }

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Default::default()
        }
    }

    /// Runs one search to its `Done` (stopping it after `stop_after`, if given).
    fn search(
        e: &mut Engine,
        pos: &Position,
        limits: Limits,
        stop_after: Option<Duration>,
    ) -> SearchResult {
        let (tx, rx) = unbounded();
        e.go(pos, limits, tx);
        if let Some(pause) = stop_after {
            std::thread::sleep(pause);
            assert!(
                !rx.try_iter().any(|r| matches!(r, Report::Done(_))),
                "an infinite search answered before stop"
            );
            assert!(e.is_searching());
            e.stop();
        }
        loop {
            match rx.recv_timeout(Duration::from_secs(120)) {
                Ok(Report::Done(r)) => {
                    e.wait();
                    assert!(!e.is_searching());
                    return r;
                }
                Ok(_) => {}
                Err(err) => panic!("the search sent no result: {err}"),
            }
        }
    }

    fn assert_legal(pos: &Position, r: &SearchResult) {
        let best = r.best.expect("a move");
        assert!(pos.is_legal(best), "illegal {best}");
    }

    /// After a fault the same engine searches normally, every thread taking part.
    fn assert_sound_afterwards(e: &mut Engine) {
        let pos = Position::startpos();
        let r = search(e, &pos, depth(5), None);
        assert_legal(&pos, &r);
        // A real vote, not a fallback (a helper may win it with depth 4).
        assert!(r.depth > 0);
        for (id, n) in e.shared.nodes.iter().enumerate() {
            assert!(n.load(SeqCst) > 0, "thread {id} did not search");
        }
    }

    #[test]
    fn a_helper_that_panics_is_left_out_of_the_vote() {
        for fault in [Fault::BeforeSearch, Fault::AfterSearch] {
            let mut e = engine(2);
            let pos = Position::startpos();
            e.fault = Some((1, fault));
            let r = search(&mut e, &pos, depth(5), None);
            assert_legal(&pos, &r);
            assert_eq!(r.depth, 5, "{fault:?}");
            assert_sound_afterwards(&mut e);
            ManuallyDrop::into_inner(e);
        }
    }

    #[test]
    fn a_main_thread_that_panics_still_answers_with_a_legal_move() {
        for fault in [Fault::BeforeSearch, Fault::AfterSearch] {
            for threads in [1, 2] {
                let mut e = engine(threads);
                let pos = Position::startpos();
                e.fault = Some((0, fault));
                let r = search(&mut e, &pos, depth(5), None);
                assert_legal(&pos, &r);
                assert!(!r.resign && !r.draw);
                assert_sound_afterwards(&mut e);
                ManuallyDrop::into_inner(e);
            }
        }
    }

    #[test]
    fn the_fallback_move_is_never_a_banned_one_nor_one_that_does_not_exist() {
        let mut e = engine(1);
        let pos = Position::startpos();
        let first = pos.legal_moves().as_slice()[0];
        e.fault = Some((0, Fault::BeforeSearch));
        let r = search(
            &mut e,
            &pos,
            Limits {
                depth: Some(5),
                ban_moves: vec![first],
                ..Default::default()
            },
            None,
        );
        assert_legal(&pos, &r);
        assert_ne!(r.best, Some(first));
        // Mated: no move to fall back on.
        let mated = Position::from_fen("R3k4/9/4P4/9/9/9/9/9/9/3K5 b").unwrap();
        e.fault = Some((0, Fault::BeforeSearch));
        assert_eq!(search(&mut e, &mated, depth(3), None).best, None);
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn after_a_panic_an_infinite_search_still_answers_only_at_stop() {
        let mut e = engine(2);
        let pos = Position::startpos();
        e.fault = Some((0, Fault::BeforeSearch));
        let infinite = Limits {
            infinite: true,
            ..Default::default()
        };
        let r = search(&mut e, &pos, infinite, Some(Duration::from_millis(200)));
        assert_legal(&pos, &r);
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }
}
