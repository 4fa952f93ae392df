//! The engine facade: options, table and thread count, and `go`/`stop`/`wait`.

use super::panic_guard::install_panic_hook;
use super::placement::{self, Placement, Topology};
use super::policy::Outlook;
#[cfg(test)]
use super::pool::Fault;
use super::pool::{children, search_id, thread_main, Birth, Busy, Job, PoolThread};
use super::watchdog::{Running, Watchdog};
use crate::limits::{Limits, Report, SearchOptions};
use crate::search::{SearchSetup, Shared};
use crate::timeman;
use crate::tt::{Bound, TranspositionTable};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use crossbeam_channel::{unbounded, Sender};
use nnue_free_eval::evaluate;
use parking_lot::Mutex;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;
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

pub struct Engine {
    threads: Vec<PoolThread>,
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    options: SearchOptions,
    pub(super) shared: Arc<Shared>,
    /// True from `go` until the answer is given (by the main thread, `stop`
    /// or the watchdog); `threads` counts those still in the search or answering.
    pub(super) busy: Arc<Busy>,
    outlook: Arc<Mutex<Outlook>>,
    /// The running (or last) search, for `stop`'s answer.
    current: Option<Running>,
    /// Keeps the hard time limit when the main thread cannot get a core.
    watchdog: Watchdog,
    /// The next search makes this thread panic at this point (tests only).
    #[cfg(test)]
    pub(super) fault: Option<(usize, Fault)>,
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
            busy: Arc::new(Busy::default()),
            outlook: Arc::new(Mutex::new(Outlook::default())),
            #[cfg(test)]
            fault: None,
            current: None,
            watchdog: Watchdog::start(),
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

    /// How the search threads are placed; takes effect between searches.
    pub fn set_placement(&mut self, placement: Placement) {
        self.wait();
        if placement != self.options.placement {
            self.options.placement = placement;
            let n = self.threads.len();
            self.shut_down_threads();
            self.spawn_threads(n);
        }
    }

    fn spawn_threads(&mut self, n: usize) {
        install_panic_hook();
        // More threads than cores: the search threads yield to the protocol
        // threads (see `latency::lowest_priority`).
        let crowded = oversubscribed(n);
        let places = match self.options.placement {
            Placement::None => vec![None; n],
            p => placement::plan(p, n, &Topology::of_this_machine()),
        };
        let shared = Arc::new(Shared::new(n));
        let setup = Arc::new(SearchSetup {
            limits: Limits::default(),
            options: self.options.clone(),
            budget: None,
            reports: None,
            threads: n,
        });
        let (senders, receivers): (Vec<Sender<Job>>, Vec<_>) =
            (0..n).map(|_| unbounded::<Job>()).unzip();
        for (id, rx) in receivers.into_iter().enumerate() {
            let cpus = places[id].clone();
            let busy = self.busy.clone();
            let outlook = self.outlook.clone();
            let children = children(id, n).map(|c| senders[c].clone()).collect();
            let birth = Birth {
                tt: self.tt.clone(),
                shared: shared.clone(),
                setup: setup.clone(),
            };
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(16 << 20)
                .spawn(move || {
                    // Not the short slice of the protocol thread that created
                    // it: the threads that answer the GUI must come first.
                    super::latency::default_slice();
                    if crowded {
                        super::latency::lowest_priority();
                    }
                    if let Some(cpus) = cpus {
                        placement::bind_current_thread(&cpus);
                    }
                    thread_main(id, rx, children, birth, busy, outlook)
                })
                .expect("spawn search thread");
            self.threads.push(PoolThread {
                jobs: senders[id].clone(),
                handle: Some(handle),
            });
        }
        self.shared = shared;
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
        // The last search holds the old table: let it go (the watchdog's copy
        // a moment later, the search threads' at their next search).
        self.current = None;
        self.watchdog.forget();
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

    /// Writes the table to `path` (after the running search, if any).
    pub fn save_hash(&mut self, path: &std::path::Path) -> Result<(), String> {
        self.wait();
        self.tt.save(path)
    }

    /// Reads a table saved by `save_hash`; a file that does not fit this
    /// table's size or is damaged is refused and the table stays as it was.
    pub fn load_hash(&mut self, path: &std::path::Path) -> Result<(), String> {
        self.wait();
        self.tt.load(path)
    }

    pub fn is_searching(&self) -> bool {
        self.busy.searching()
    }

    /// Per mille of the table in use by the current search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Starts a search in the background; reports, ending with `Report::Done`,
    /// go to `reports`. In infinite or ponder mode `Done` waits for stop/ponderhit.
    pub fn go(&mut self, pos: &Position, limits: Limits, reports: Sender<Report>) {
        // The clock runs from here, not from when the last search's threads
        // have left or the main thread first gets a core.
        let start = Instant::now();
        self.stop();
        // The last search's answer is given; threads still in it (hundreds on
        // a few cores may need a while to notice the stop) are not waited
        // for: they take up this search when they leave that one.
        self.wait_for_answer();
        let n = self.threads.len();
        let shared = Arc::new(Shared::new(n));
        shared.set_start(start);
        shared.pondering.store(limits.ponder, SeqCst);
        shared.draw_offered.store(limits.draw_offered, SeqCst);
        self.shared = shared.clone();
        let mut limits = limits;
        if let Some(h) = self.options.handicap() {
            limits.nodes = Some(limits.nodes.map_or(h.nodes, |n| n.min(h.nodes)));
        }
        let budget = timeman::budget(&limits, self.options.move_overhead);
        let setup = Arc::new(SearchSetup {
            limits,
            options: self.options.clone(),
            budget,
            reports: Some(reports),
            threads: n,
        });
        self.tt.new_search();
        self.busy.begin(search_id(&shared), n);
        let pos = Arc::new(pos.clone());
        let running = Running {
            pos: pos.clone(),
            setup: setup.clone(),
            shared: shared.clone(),
            tt: self.tt.clone(),
            busy: self.busy.clone(),
            outlook: self.outlook.clone(),
        };
        self.watchdog.watch(running.clone());
        self.current = Some(running);
        // To the main thread; the others get it from it (see `children`),
        // so that this thread is free at once to read a `stop`.
        let _ = self.threads[0].jobs.send(Job::Search {
            pos,
            tt: self.tt.clone(),
            shared,
            setup,
            #[cfg(test)]
            fault: self.fault.take(),
        });
    }

    /// Asks a running search to finish now. The answer comes at once, sent
    /// from here, unless the main thread or the watchdog has claimed it (it
    /// comes from them then, at once as well): from the
    /// threads' completed iterations, or, before any is complete, from a
    /// one-ply search on this thread (the main thread may be waiting for a
    /// core among hundreds of threads).
    pub fn stop(&self) {
        self.shared.pondering.store(false, SeqCst);
        self.shared.stop.store(true, SeqCst);
        if let Some(running) = &self.current {
            running.stop_and_answer();
        }
    }

    /// The opponent played the pondered move (offering a draw with it, when
    /// `draw`): the clock runs from now.
    pub fn ponderhit(&self, draw: bool) {
        if draw {
            self.shared.draw_offered.store(true, SeqCst);
        }
        self.shared.set_start(Instant::now());
        self.shared.pondering.store(false, SeqCst);
    }

    /// Blocks until the running search (if any) has given its answer.
    fn wait_for_answer(&self) {
        self.busy.wait_until(|b| !b.searching());
    }

    /// Blocks until the running search (if any) has sent `Done` and every
    /// thread has left every search.
    pub fn wait(&mut self) {
        self.busy.wait_until(|b| !b.searching() && b.threads() == 0);
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

/// More search threads than the machine has cores?
pub fn oversubscribed(threads: usize) -> bool {
    threads > cores()
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
