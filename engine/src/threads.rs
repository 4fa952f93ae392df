//! The engine handle the protocols drive, and the Lazy SMP pool behind it.
//!
//! Search threads are created once (and again only when the thread count
//! changes) and park on their job channel between searches. Each owns its
//! worker: a position copy, history and killer tables, a node counter. They
//! share the transposition table and the stop flag only. Thread 0 is the main
//! thread: it owns time management and output, and when it is done it stops the
//! helpers, takes their votes and sends the result.

use crate::limits::{Limits, Report, SearchOptions, SearchResult, MATE, MATE_BOUND};
use crate::moves::Move;
use crate::position::Position;
use crate::search::{SearchSetup, Shared, Worker};
use crate::timeman;
use crate::tt::{Bound, TranspositionTable};
use crossbeam_channel::{unbounded, Receiver, Sender};
use nnue_free_eval::evaluate;
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;
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

enum Job {
    Search {
        pos: Box<Position>,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
        done: Sender<Ballot>,
        ballots: Option<Receiver<Ballot>>,
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
        for (i, t) in self.threads.iter().enumerate() {
            let _ = t.jobs.send(Job::Search {
                pos: Box::new(pos.clone()),
                tt: self.tt.clone(),
                shared: shared.clone(),
                setup: setup.clone(),
                done: done_tx.clone(),
                ballots: (i == 0).then(|| done_rx.clone()),
            });
        }
    }

    /// Asks a running search to finish now (bestmove follows at once).
    pub fn stop(&self) {
        self.shared.pondering.store(false, SeqCst);
        self.shared.stop.store(true, SeqCst);
    }

    /// The opponent played the pondered move: the clock runs from now.
    pub fn ponderhit(&self) {
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
            } => {
                let w = worker.get_or_insert_with(|| {
                    Worker::new(id, tt.clone(), shared.clone(), setup.clone())
                });
                w.prepare(&pos, tt, shared.clone(), setup.clone());
                if id == 0 {
                    *shared.start.lock() = Instant::now();
                    let ballots = ballots.expect("the main thread receives the ballots");
                    let result = main_thread_search(w, &shared, &setup, &ballots);
                    if let Some(tx) = &setup.reports {
                        let result = judge_outcome(
                            result,
                            &pos,
                            &setup.limits,
                            &setup.options,
                            &mut outlook.lock(),
                        );
                        let _ = tx.send(Report::Done(result));
                    }
                    let (lock, cv) = &*busy;
                    *lock.lock() = false;
                    cv.notify_all();
                } else {
                    if setup.limits.depth != Some(0) {
                        w.iterative_deepening();
                    }
                    let _ = done.send(ballot(w));
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

/// The main thread's part: search, hold the answer while pondering or in
/// infinite mode, stop the helpers and choose the move by their votes.
fn main_thread_search(
    w: &mut Worker,
    shared: &Shared,
    setup: &SearchSetup,
    ballots_rx: &Receiver<Ballot>,
) -> SearchResult {
    let limits = &setup.limits;
    let static_score = evaluate(&w.pos, setup.options.knowledge.to_knowledge());
    if limits.depth == Some(0) || w.root_moves.is_empty() {
        shared.stop.store(true, SeqCst);
        drain_helpers(setup.threads, ballots_rx);
        return SearchResult {
            best: None,
            score: if w.root_moves.is_empty() {
                -MATE
            } else {
                static_score
            },
            ..Default::default()
        };
    }
    w.iterative_deepening();
    // The protocol must not hear bestmove before stop (infinite) or ponderhit.
    while (limits.infinite || shared.pondering.load(SeqCst)) && !shared.stop.load(SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    shared.stop.store(true, SeqCst);
    let mut ballots = vec![ballot(w)];
    ballots.extend(drain_helpers(setup.threads, ballots_rx));
    let chosen = vote(&ballots);
    SearchResult {
        best: Some(chosen.mv),
        ponder: chosen.ponder,
        score: chosen.score,
        depth: chosen.depth,
        nodes: shared.total_nodes().max(w.nodes),
        draw: false,
        resign: false,
    }
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
    limits: &Limits,
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
        let accept = limits.draw_offered && r.score <= 10;
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
