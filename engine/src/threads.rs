//! The engine handle the protocols drive: options, hash, threads, and searches
//! that run in the background and report over a channel.
//!
//! INTERIM: a one-ply placeholder search behind the final interface; the Lazy SMP
//! pool replaces the body without changing the signatures.

use crate::limits::{Limits, Report, SearchOptions, SearchResult};
use crate::moves::Move;
use crate::position::Position;
use crossbeam_channel::Sender;
use nnue_free_eval::evaluate;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
    threads: usize,
    hash_mb: usize,
    options: SearchOptions,
    stop: Arc<AtomicBool>,
    ponderhit: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub const DEFAULT_HASH_MB: usize = 64;
    pub const MAX_HASH_MB: usize = 1 << 16;

    pub fn new() -> Engine {
        Engine {
            threads: 1,
            hash_mb: Self::DEFAULT_HASH_MB,
            options: SearchOptions::default(),
            stop: Arc::new(AtomicBool::new(false)),
            ponderhit: Arc::new(AtomicBool::new(false)),
            handle: None,
        }
    }
    pub fn threads(&self) -> usize {
        self.threads
    }
    /// 0 = one per available core.
    pub fn set_threads(&mut self, n: usize) {
        self.wait();
        self.threads = if n == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            n
        };
    }
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }
    /// 0 = automatic size. Fails (leaving the old table) when memory is refused.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        self.wait();
        if mb > Self::MAX_HASH_MB {
            return Err(format!(
                "hash size {mb} MB is over the maximum {} MB",
                Self::MAX_HASH_MB
            ));
        }
        self.hash_mb = if mb == 0 { Self::DEFAULT_HASH_MB } else { mb };
        Ok(())
    }
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }
    pub fn options_mut(&mut self) -> &mut SearchOptions {
        &mut self.options
    }
    /// Clears the table and every history (UCCI newgame, UCI ucinewgame).
    pub fn new_game(&mut self) {
        self.wait();
    }
    pub fn clear_hash(&mut self) {
        self.wait();
    }
    pub fn is_searching(&self) -> bool {
        self.handle.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Starts a search in the background; reports, ending with `Report::Done`,
    /// go to `reports`. In infinite or ponder mode `Done` waits for stop/ponderhit.
    pub fn go(&mut self, pos: &Position, limits: Limits, reports: Sender<Report>) {
        self.stop();
        self.wait();
        self.stop.store(false, Ordering::SeqCst);
        self.ponderhit.store(false, Ordering::SeqCst);
        let pos = pos.clone();
        let stop = self.stop.clone();
        let ponderhit = self.ponderhit.clone();
        let knowledge = self.options.knowledge.to_knowledge();
        self.handle = Some(std::thread::spawn(move || {
            let start = Instant::now();
            let mut best: Option<(Move, i32)> = None;
            let mut p = pos.clone();
            for m in pos.legal_moves().iter() {
                if limits.ban_moves.contains(&m)
                    || (!limits.search_moves.is_empty() && !limits.search_moves.contains(&m))
                {
                    continue;
                }
                p.make_move(m);
                let s = -evaluate(&p, knowledge);
                p.unmake_move();
                if best.is_none_or(|(_, b)| s > b) {
                    best = Some((m, s));
                }
            }
            let wait_for_stop = limits.infinite || limits.ponder;
            while wait_for_stop
                && !stop.load(Ordering::Relaxed)
                && !(limits.ponder && ponderhit.load(Ordering::Relaxed))
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            let elapsed = start.elapsed().as_millis() as u64;
            if limits.depth != Some(0) {
                let _ = reports.send(Report::Stats {
                    nodes: 1,
                    nps: 1000 / elapsed.max(1),
                    time_ms: elapsed,
                    hashfull: 0,
                });
            }
            let result = SearchResult {
                best: if limits.depth == Some(0) {
                    None
                } else {
                    best.map(|b| b.0)
                },
                score: best.map_or(0, |b| b.1),
                ..Default::default()
            };
            let _ = reports.send(Report::Done(result));
        }));
    }

    /// Asks a running search to finish now (bestmove follows at once).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
    /// The opponent played the pondered move: the clock now applies.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::SeqCst);
    }
    /// Blocks until the running search (if any) has sent `Done`.
    pub fn wait(&mut self) {
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
    /// What the transposition table holds for this position.
    pub fn probe(&self, _pos: &Position) -> Option<ProbeInfo> {
        None
    }
    /// The static evaluation with the current knowledge level (side to move's view).
    pub fn static_eval(&self, pos: &Position) -> i32 {
        evaluate(pos, self.options.knowledge.to_knowledge())
    }
}
