//! The search of one thread: iterative deepening with aspiration windows over a
//! principal variation search, quiescence with check evasions, and the selective
//! parts (null move, LMR, futility, razoring, SEE pruning) scaled by the
//! `pruning` option. Many workers run it at once over the shared table (Lazy SMP).
//!
//! `root` iterates the depths, `alpha_beta` is the main search, `quiescence`
//! the capture search, `budget` counts nodes and polls the clock,
//! `selectivity` says what the options switch on, `params` holds every tuned
//! number, `movepick` orders the moves, `correction` corrects the evaluation.

mod alpha_beta;
mod budget;
pub mod correction;
mod eval_cache;
pub mod movepick;
pub mod params;
mod quiescence;
mod root;
mod selectivity;

pub use selectivity::Feature;
use selectivity::Selectivity;

use crate::limits::{IterationInfo, Level, Limits, Report, ScoreBound, SearchOptions, Style};
use crate::score::{DECISIVE_BOUND, INFINITE, MATE, MATE_BOUND, RULE_WIN};
use crate::timeman::{self, TimeBudget};
use crate::tt::{Bound, TranspositionTable};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use chariot_core::rules::{self, Rules};
use chariot_core::see;
use correction::{CorrectionHistory, Slots};
use crossbeam_channel::Sender;
use crossbeam_utils::CachePadded;
use eval_cache::EvalCache;
use movepick::{
    counter_slot, piece_square, EarlierMoves, MovePicker, OrderingTables, MAX_PLY, NO_CONTINUATION,
    NO_EARLIER,
};
use nnue_free_eval::{evaluate_unscaled, scale_for_halfmove, unscaled_after_null, Knowledge};
use std::sync::atomic::{
    AtomicBool, AtomicU64,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tablegen::PieceKind;

/// Score of losing by a perpetual check or chase (below mate scores: no mate is
/// printed, but worse than any material loss).
pub const REPETITION_LOSS: i32 = RULE_WIN;

/// Nodes a thread counts between two polls, at most.
const POLL_INTERVAL: u64 = 1024;

/// State every thread of one search shares.
pub(crate) struct Shared {
    pub stop: AtomicBool,
    /// True while pondering: the clock does not run until ponderhit.
    pub pondering: AtomicBool,
    /// Each thread's node count, on its own cache line.
    pub nodes: Vec<CachePadded<AtomicU64>>,
    /// When the clock started (`go`, or `ponderhit`), in nanoseconds since
    /// [`epoch`]: an atomic, not a lock, because the main thread reads it and
    /// the watchdog and `ponderhit` must never wait for a main thread
    /// preempted while reading it (see [`Shared::elapsed`]).
    start: AtomicU64,
    /// The opponent offers a draw (`go draw`, or `ponderhit draw` later).
    pub draw_offered: AtomicBool,
    /// How much of a `nodes` limit the threads have taken (see `claim_nodes`).
    pub nodes_claimed: AtomicU64,
    /// Each thread's answer after its last completed iteration. The main
    /// thread votes with what is here when the search ends, without waiting
    /// for the helpers to notice the stop (with hundreds of threads on a few
    /// cores that wait took seconds). Each is one atomic word, not a lock:
    /// whoever answers reads them all and must not wait for a thread
    /// preempted while publishing.
    pub ballots: Vec<PublishedBallot>,
    /// Set by whoever gives the search's answer: the main thread when its
    /// search ends, or `stop` or the watchdog (at the hard time limit) from
    /// the published ballots (on a machine
    /// with many more threads than cores the main thread may wait long for a
    /// core). Exactly one answer goes out.
    pub answered: AtomicBool,
    /// The main thread set `answered`: should it panic before sending the
    /// answer, its fallback still sends one.
    pub main_answers: AtomicBool,
}

/// One thread's answer for the Lazy SMP vote: its best root move after its
/// last completed iteration.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ballot {
    pub mv: Move,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
}

impl Ballot {
    /// No answer (yet): the vote skips it.
    pub const NONE: Ballot = Ballot {
        mv: Move::NONE,
        ponder: None,
        score: 0,
        depth: 0,
    };

    /// The ballot in one word: the move, the ponder move (0 for none), the
    /// score and the depth, 16 bits each. Scores stay within +-INFINITE
    /// (31,000) and depths within MAX_PLY, so nothing is lost; anything
    /// outside saturates.
    fn pack(&self) -> u64 {
        let score = self.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16;
        let depth = self.depth.min(u16::MAX as u32) as u16;
        let ponder = self.ponder.unwrap_or(Move::NONE).0;
        self.mv.0 as u64 | (ponder as u64) << 16 | (score as u64) << 32 | (depth as u64) << 48
    }

    fn unpack(word: u64) -> Ballot {
        let ponder = Move((word >> 16) as u16);
        Ballot {
            mv: Move(word as u16),
            ponder: (!ponder.is_none()).then_some(ponder),
            score: (word >> 32) as u16 as i16 as i32,
            depth: (word >> 48) as u16 as u32,
        }
    }
}

/// A thread's ballot where the others can read it: one atomic word, so a
/// reader never waits for the writer (a lock held by a thread preempted
/// while publishing kept `stop` waiting until that thread got a core
/// again) and never sees half a ballot.
pub(crate) struct PublishedBallot(AtomicU64);

impl PublishedBallot {
    fn new() -> PublishedBallot {
        PublishedBallot(AtomicU64::new(Ballot::NONE.pack()))
    }
    pub fn load(&self) -> Ballot {
        Ballot::unpack(self.0.load(Acquire))
    }
    pub fn store(&self, ballot: &Ballot) {
        self.0.store(ballot.pack(), Release);
    }
}

/// The fixed instant the search clocks count from (see `Shared::start`).
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

impl Shared {
    pub fn new(threads: usize) -> Shared {
        // The epoch is fixed here, when the engine makes its first `Shared`,
        // before any clock is set (an instant before it would count as it).
        epoch();
        let shared = Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: (0..threads)
                .map(|_| CachePadded::new(AtomicU64::new(0)))
                .collect(),
            start: AtomicU64::new(0),
            draw_offered: AtomicBool::new(false),
            nodes_claimed: AtomicU64::new(0),
            ballots: (0..threads).map(|_| PublishedBallot::new()).collect(),
            answered: AtomicBool::new(false),
            main_answers: AtomicBool::new(false),
        };
        shared.set_start(Instant::now());
        shared
    }

    /// Starts the clock at `at`.
    pub fn set_start(&self, at: Instant) {
        let since = at.saturating_duration_since(epoch()).as_nanos() as u64;
        self.start.store(since, Release);
    }

    /// The time since the clock started.
    pub fn elapsed(&self) -> Duration {
        let start = epoch() + Duration::from_nanos(self.start.load(Acquire));
        Instant::now().saturating_duration_since(start)
    }
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

/// What one `go` asks of every thread.
#[derive(Clone)]
pub(crate) struct SearchSetup {
    pub limits: Limits,
    pub options: SearchOptions,
    pub budget: Option<TimeBudget>,
    pub reports: Option<Sender<Report>>,
    pub threads: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub prev_score: i32,
    pub seldepth: u32,
    pub pv: Vec<Move>,
}

#[derive(Copy, Clone, Default)]
struct Frame {
    eval: i32,
    null_allowed: bool,
    /// The (piece, to) index of the move that led here, for continuation
    /// history; NO_CONTINUATION at the root and after a null move.
    came_by: usize,
    /// The move a singular-extension search leaves out at this node.
    excluded: Move,
}

// One frame a ply, read and written at every node: kept to 16 bytes.
const _: () = assert!(std::mem::size_of::<Frame>() == 16);

pub(crate) struct Worker {
    pub id: usize,
    pub pos: Position,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: u32,
    /// A weaker level's choice after its last completed iteration: an
    /// interrupted one leaves its lines half re-scored and re-ordered, and
    /// the move played is the one the GUI was last shown.
    settled_choice: Option<Ballot>,
    pub nodes: u64,
    /// `count_node` polls when `nodes` reaches this.
    next_poll: u64,
    /// The most nodes this thread may count: what it has taken of a `nodes`
    /// limit, u64::MAX without one.
    node_cap: u64,
    tt: Arc<TranspositionTable>,
    shared: Arc<Shared>,
    setup: Arc<SearchSetup>,
    tables: OrderingTables,
    correction: CorrectionHistory,
    eval_cache: EvalCache,
    stack: [Frame; MAX_PLY + 4],
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    seldepth: u32,
    root_depth: i32,
    pv_idx: usize,
    best_move_changes: f64,
    knowledge: Knowledge,
    sel: Selectivity,
    contempt: i32,
    /// The repetition rule and natural-move limit the game is played under.
    rules: Rules,
    stopped: bool,
    last_report: Instant,
    idle_since: Instant,
    lmr: Box<[[i32; 64]; 64]>,
}

/// Late move reductions by depth and move number, from the LMR parameters.
fn lmr_table() -> Box<[[i32; 64]; 64]> {
    let mut lmr = Box::new([[0; 64]; 64]);
    let base = params::LMR_BASE() as f64 / 100.0;
    let divisor = params::LMR_DIVISOR() as f64 / 100.0;
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (base + (d as f64).ln() * (m as f64).ln() / divisor) as i32;
        }
    }
    lmr
}

impl Worker {
    pub fn new(
        id: usize,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
    ) -> Worker {
        let lmr = lmr_table();
        Worker {
            id,
            pos: Position::startpos(),
            root_moves: Vec::new(),
            completed_depth: 0,
            settled_choice: None,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            node_cap: u64::MAX,
            tt,
            shared,
            setup,
            tables: OrderingTables::new(),
            correction: CorrectionHistory::new(),
            eval_cache: EvalCache::new(),
            stack: [Frame::default(); MAX_PLY + 4],
            pv: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            seldepth: 0,
            root_depth: 0,
            pv_idx: 0,
            best_move_changes: 0.0,
            knowledge: Knowledge::Large,
            sel: Selectivity::new(Level::Large, Style::Normal, 0),
            contempt: 0,
            rules: Rules::LEAGUE,
            stopped: false,
            last_report: Instant::now(),
            idle_since: Instant::now(),
            lmr,
        }
    }

    pub fn clear_tables(&mut self) {
        self.tables.clear();
        self.correction.clear();
    }

    /// Prepares this worker for a new search.
    pub fn prepare(
        &mut self,
        pos: &Position,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
    ) {
        // The buffer of the last search is kept (see `copy_from`).
        self.pos.copy_from(pos, MAX_PLY + 8);
        self.tt = tt;
        self.shared = shared;
        self.knowledge = setup.options.knowledge.to_knowledge();
        self.eval_cache.prepare(self.knowledge);
        self.sel = Selectivity::new(
            setup.options.pruning,
            setup.options.style,
            setup.options.ablate,
        );
        self.contempt = setup.options.style.contempt();
        self.rules = setup.options.rules;
        // The reductions follow parameters a tuner may have changed.
        #[cfg(feature = "tune")]
        {
            self.lmr = lmr_table();
        }
        self.setup = setup;
        self.nodes = 0;
        self.node_cap = if self.setup.limits.nodes.is_some() {
            0
        } else {
            u64::MAX
        };
        self.claim_nodes();
        self.next_poll = POLL_INTERVAL.min(self.node_cap);
        self.completed_depth = 0;
        self.settled_choice = None;
        self.stopped = false;
        self.best_move_changes = 0.0;
        self.tables.killers = [[Move::NONE; 2]; MAX_PLY + 4];
        self.root_moves = root_moves(&self.pos, &self.setup.limits);
        self.idle_since = Instant::now();
        self.stack = [Frame {
            eval: 0,
            null_allowed: true,
            came_by: NO_CONTINUATION,
            excluded: Move::NONE,
        }; MAX_PLY + 4];
    }

    /// This thread's ballot: its best root move after its last completed iteration.
    pub fn ballot(&self) -> Ballot {
        if let Some(settled) = &self.settled_choice {
            return settled.clone();
        }
        self.ballot_now()
    }

    /// The ballot the root lines give as they stand.
    fn ballot_now(&self) -> Ballot {
        let rm = self.root_moves.get(self.chosen_line());
        Ballot {
            mv: rm.map_or(Move::NONE, |r| r.mv),
            ponder: rm.and_then(|r| r.pv.get(1).copied()),
            score: rm.map_or(0, |r| r.score),
            depth: self.completed_depth,
        }
    }

    /// The root line this thread plays: the best, except on the main thread
    /// of a weaker level, which plays the line its level chooses.
    pub(super) fn chosen_line(&self) -> usize {
        match self.setup.options.handicap() {
            Some(h) if self.is_main() && !self.root_moves.is_empty() => {
                let mut lines = [(Move::NONE, 0); 8];
                let n = h.lines.min(self.root_moves.len()).min(lines.len());
                for (line, r) in lines.iter_mut().zip(&self.root_moves[..n]) {
                    *line = (r.mv, r.score);
                }
                crate::strength::choose(&lines[..n], h.margin)
            }
            _ => 0,
        }
    }

    /// Puts this thread's ballot where the main thread's vote reads it.
    /// Called after each completed iteration; settles a weaker level's choice.
    fn publish_ballot(&mut self) {
        let ballot = self.ballot_now();
        self.shared.ballots[self.id].store(&ballot);
        if self.is_main() && self.setup.options.handicap().is_some() {
            self.settled_choice = Some(ballot);
        }
    }

    #[inline(always)]
    fn is_main(&self) -> bool {
        self.id == 0
    }

    fn elapsed(&self) -> Duration {
        self.shared.elapsed()
    }

    /// Draw score from the side to move's view, shifted by contempt for the root side.
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    #[inline]
    fn eval(&mut self) -> i32 {
        let key = self.pos.key();
        let unscaled = match self.eval_cache.get(key) {
            Some(e) => e,
            None => {
                let e = evaluate_unscaled(&self.pos, self.knowledge);
                self.eval_cache.put(key, e);
                e
            }
        };
        scale_for_halfmove(unscaled, self.pos.halfmove_clock(), self.knowledge)
    }

    /// Before a null move: the position after it has the same pieces, so its
    /// evaluation follows from this one's (where the evaluation allows it,
    /// see `unscaled_after_null`). Kept in the cache, the child finds it
    /// there instead of evaluating.
    #[inline]
    fn seed_null_eval(&mut self) {
        if let Some(e) = self.eval_cache.get(self.pos.key()) {
            if let Some(after) = unscaled_after_null(e, self.knowledge) {
                self.eval_cache.put(self.pos.key_after_null(), after);
            }
        }
    }

    /// Starts fetching what the child with `key` reads first: its table
    /// cluster and its evaluation-cache entry.
    #[inline(always)]
    fn prefetch_child(&self, key: u64) {
        self.tt.prefetch(key);
        self.eval_cache.prefetch(key);
    }

    /// The static evaluation moved by what the correction history learnt,
    /// kept clear of the decisive scores.
    #[inline]
    fn corrected(&self, raw: i32, slots: Slots) -> i32 {
        if !self.sel.on(Feature::Correction) {
            return raw;
        }
        (raw + self.correction.correction(slots)).clamp(-DECISIVE_BOUND + 1, DECISIVE_BOUND - 1)
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
        // Keep row 1 reachable for the root (pv_len[1] is read there).
    }
}

/// Helper threads skip some depths so they search different trees than the main
/// thread (the pattern of skip sizes and phases used by Lazy SMP engines).
fn skip_depth(id: usize, depth: i32) -> bool {
    const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (id - 1) % 20;
    ((depth + PHASE[i]) / SIZE[i]) % 2 != 0
}

pub fn nps(nodes: u64, t: Duration) -> u64 {
    (nodes as f64 / t.as_secs_f64().max(1e-3)) as u64
}

/// The root moves to search: legal, not banned, within `searchmoves`.
pub(crate) fn root_moves(pos: &Position, limits: &Limits) -> Vec<RootMove> {
    pos.legal_moves()
        .iter()
        .filter(|m| !limits.ban_moves.contains(m))
        .filter(|m| limits.search_moves.is_empty() || limits.search_moves.contains(m))
        .map(|mv| RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
            seldepth: 0,
            pv: vec![mv],
        })
        .collect()
}

#[cfg(test)]
impl Worker {
    /// A worker set to search `fen` alone, with its own empty table.
    pub(super) fn for_test(fen: &str) -> Worker {
        let tt = Arc::new(TranspositionTable::new(1).unwrap());
        let shared = Arc::new(Shared::new(1));
        let setup = Arc::new(SearchSetup {
            limits: Limits::default(),
            options: SearchOptions::default(),
            budget: None,
            reports: None,
            threads: 1,
        });
        let mut w = Worker::new(0, tt.clone(), shared.clone(), setup.clone());
        w.prepare(&Position::from_fen(fen).unwrap(), tt, shared, setup);
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_lists_parse_to_masks_and_unknown_names_are_refused() {
        assert_eq!(Feature::parse_list(""), Ok(0));
        let mask = Feature::parse_list("lmr, iir").unwrap();
        assert_eq!(
            mask,
            (1 << Feature::Lmr as u32) | (1 << Feature::Iir as u32)
        );
        let err = Feature::parse_list("lmr,nullmov").unwrap_err();
        assert!(
            err.contains("'nullmov'") && err.contains("nullmove"),
            "{err}"
        );
        for f in Feature::ALL {
            assert_eq!(Feature::parse_list(f.name()), Ok(1 << f as u32));
        }
    }

    #[test]
    fn a_published_ballot_reads_back_as_it_was_written() {
        let published = PublishedBallot::new();
        assert_eq!(published.load(), Ballot::NONE);
        let mv = |m: &str| Move::parse_text(m).unwrap();
        for ballot in [
            Ballot {
                mv: mv("h2e2"),
                ponder: Some(mv("h9g7")),
                score: 37,
                depth: 12,
            },
            Ballot {
                mv: mv("i0i1"),
                ponder: None,
                score: -INFINITE,
                depth: MAX_PLY as u32,
            },
            Ballot {
                mv: mv("a3a4"),
                ponder: Some(mv("i9i8")),
                score: MATE - 3,
                depth: 1,
            },
            Ballot {
                mv: mv("b2b9"),
                ponder: None,
                score: -(MATE - 8),
                depth: 0,
            },
        ] {
            published.store(&ballot);
            assert_eq!(published.load(), ballot);
        }
    }

    #[test]
    fn the_clock_runs_from_the_start_set() {
        let shared = Shared::new(1);
        let later = Instant::now() + Duration::from_secs(60);
        shared.set_start(later);
        assert_eq!(shared.elapsed(), Duration::ZERO, "not started yet");
        shared.set_start(Instant::now());
        std::thread::sleep(Duration::from_millis(20));
        let t = shared.elapsed();
        assert!(
            t >= Duration::from_millis(20) && t < Duration::from_secs(60),
            "{t:?}"
        );
    }

    #[test]
    fn an_ablated_feature_is_off_and_the_others_stay_on() {
        let off = Feature::parse_list("nullmove,delta").unwrap();
        let sel = Selectivity::new(Level::Large, Style::Normal, off);
        assert!(!sel.on(Feature::NullMove) && !sel.on(Feature::DeltaPruning));
        let on: Vec<Feature> = Feature::ALL.into_iter().filter(|f| sel.on(*f)).collect();
        assert_eq!(on.len(), Feature::ALL.len() - 2);
    }
}
