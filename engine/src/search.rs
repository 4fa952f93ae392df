//! The search of one thread: iterative deepening with aspiration windows over a
//! principal variation search, quiescence with check evasions, and the selective
//! parts (null move, LMR, futility, razoring, SEE pruning) scaled by the
//! `pruning` option. Many workers run it at once over the shared table (Lazy SMP).

use crate::correction::{CorrectionHistory, Slots};
use crate::limits::{
    IterationInfo, Level, Limits, Report, ScoreBound, SearchOptions, Style, DECISIVE_BOUND,
    INFINITE, MATE, MATE_BOUND, RULE_WIN,
};
use crate::movepick::{
    counter_slot, piece_square, MovePicker, OrderingTables, MAX_PLY, NO_CONTINUATION,
};
use crate::timeman::{self, TimeBudget};
use crate::tt::{Bound, TranspositionTable};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use chariot_core::rules;
use chariot_core::see;
use crossbeam_channel::Sender;
use crossbeam_utils::CachePadded;
use nnue_free_eval::{evaluate, Knowledge};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablegen::PieceKind;

/// Score of losing by a perpetual check or chase (below mate scores: no mate is
/// printed, but worse than any material loss).
pub const REPETITION_LOSS: i32 = RULE_WIN;

/// Nodes a thread counts between two polls, at most.
const POLL_INTERVAL: u64 = 1024;

/// State every thread of one search shares.
pub struct Shared {
    pub stop: AtomicBool,
    /// True while pondering: the clock does not run until ponderhit.
    pub pondering: AtomicBool,
    /// Each thread's node count, on its own cache line.
    pub nodes: Vec<CachePadded<AtomicU64>>,
    pub start: parking_lot::Mutex<Instant>,
    /// The opponent offers a draw (`go draw`, or `ponderhit draw` later).
    pub draw_offered: AtomicBool,
    /// How much of a `nodes` limit the threads have taken (see `claim_nodes`).
    pub nodes_claimed: AtomicU64,
}

impl Shared {
    pub fn new(threads: usize) -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: (0..threads)
                .map(|_| CachePadded::new(AtomicU64::new(0)))
                .collect(),
            start: parking_lot::Mutex::new(Instant::now()),
            draw_offered: AtomicBool::new(false),
            nodes_claimed: AtomicU64::new(0),
        }
    }
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

/// What one `go` asks of every thread.
#[derive(Clone)]
pub struct SearchSetup {
    pub limits: Limits,
    pub options: SearchOptions,
    pub budget: Option<TimeBudget>,
    pub reports: Option<Sender<Report>>,
    pub threads: usize,
}

#[derive(Clone, Debug)]
pub struct RootMove {
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

/// Reductions and margins, from the `pruning` and `style` options.
#[derive(Copy, Clone)]
struct Selectivity {
    null_move: bool,
    lmr_scale: i32, // per 4: 0 = off
    futility: bool,
    margin_scale: i32, // per 4
    lmp: bool,
    iir: bool,
    /// Features switched off one by one for self-play A/B tests (see `Feature`).
    off: u32,
}

/// Search features that the hidden option `ablate` can switch off (a
/// comma-separated list of the names below), so that self-play matches can
/// measure what each one is worth. Empty, everything the pruning level enables
/// is on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Feature {
    NullMove,
    NullVerify,
    Lmr,
    ReverseFutility,
    Razoring,
    Futility,
    SeePruning,
    Lmp,
    Iir,
    CheckExtension,
    CounterMove,
    ContinuationHistory,
    LmrContinuation,
    Aspiration,
    DeltaPruning,
    Singular,
    Correction,
}

impl Feature {
    pub const ALL: [Feature; 17] = [
        Feature::NullMove,
        Feature::NullVerify,
        Feature::Lmr,
        Feature::ReverseFutility,
        Feature::Razoring,
        Feature::Futility,
        Feature::SeePruning,
        Feature::Lmp,
        Feature::Iir,
        Feature::CheckExtension,
        Feature::CounterMove,
        Feature::ContinuationHistory,
        Feature::LmrContinuation,
        Feature::Aspiration,
        Feature::DeltaPruning,
        Feature::Singular,
        Feature::Correction,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Feature::NullMove => "nullmove",
            Feature::NullVerify => "nullverify",
            Feature::Lmr => "lmr",
            Feature::ReverseFutility => "rfp",
            Feature::Razoring => "razoring",
            Feature::Futility => "futility",
            Feature::SeePruning => "seepruning",
            Feature::Lmp => "lmp",
            Feature::Iir => "iir",
            Feature::CheckExtension => "checkext",
            Feature::CounterMove => "counter",
            Feature::ContinuationHistory => "conthist",
            Feature::LmrContinuation => "lmrcont",
            Feature::Aspiration => "aspiration",
            Feature::DeltaPruning => "delta",
            Feature::Singular => "singular",
            Feature::Correction => "correction",
        }
    }

    /// The list of the features in a mask, as `parse_list` reads it.
    pub fn list_of(mask: u32) -> String {
        let names: Vec<&str> = Feature::ALL
            .iter()
            .filter(|f| mask & (1 << **f as u32) != 0)
            .map(|f| f.name())
            .collect();
        names.join(",")
    }

    /// The mask of the features named in a list like "lmr,iir".
    pub fn parse_list(text: &str) -> Result<u32, String> {
        let mut mask = 0;
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let f = Feature::ALL
                .iter()
                .find(|f| f.name() == name)
                .ok_or_else(|| {
                    let known: Vec<&str> = Feature::ALL.iter().map(|f| f.name()).collect();
                    format!(
                        "unknown search feature '{name}' (known: {})",
                        known.join(", ")
                    )
                })?;
            mask |= 1 << *f as u32;
        }
        Ok(mask)
    }
}

impl Selectivity {
    #[inline(always)]
    fn on(&self, f: Feature) -> bool {
        self.off & (1 << f as u32) == 0
    }

    fn new(pruning: Level, style: Style, off: u32) -> Self {
        Selectivity {
            off,
            ..Self::for_level(pruning, style)
        }
    }

    fn for_level(pruning: Level, style: Style) -> Self {
        let style_scale = match style {
            Style::Solid => 5,
            Style::Normal => 4,
            Style::Risky => 3,
        };
        match pruning {
            Level::None => Selectivity {
                null_move: false,
                lmr_scale: 0,
                futility: false,
                margin_scale: 4,
                lmp: false,
                iir: false,
                off: 0,
            },
            Level::Small => Selectivity {
                null_move: true,
                lmr_scale: 2,
                futility: false,
                margin_scale: style_scale,
                lmp: false,
                iir: true,
                off: 0,
            },
            Level::Medium => Selectivity {
                null_move: true,
                lmr_scale: 3,
                futility: true,
                margin_scale: style_scale + 2,
                lmp: false,
                iir: true,
                off: 0,
            },
            Level::Large => Selectivity {
                null_move: true,
                lmr_scale: 4,
                futility: true,
                margin_scale: style_scale,
                lmp: true,
                iir: true,
                off: 0,
            },
        }
    }
}

pub struct Worker {
    pub id: usize,
    pub pos: Position,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: u32,
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
    stopped: bool,
    last_report: Instant,
    idle_since: Instant,
    lmr: Box<[[i32; 64]; 64]>,
}

impl Worker {
    pub fn new(
        id: usize,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
    ) -> Worker {
        let mut lmr = Box::new([[0; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.6) as i32;
            }
        }
        Worker {
            id,
            pos: Position::startpos(),
            root_moves: Vec::new(),
            completed_depth: 0,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            node_cap: u64::MAX,
            tt,
            shared,
            setup,
            tables: OrderingTables::new(),
            correction: CorrectionHistory::new(),
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
        self.pos = pos.clone();
        self.tt = tt;
        self.shared = shared;
        self.knowledge = setup.options.knowledge.to_knowledge();
        self.sel = Selectivity::new(
            setup.options.pruning,
            setup.options.style,
            setup.options.ablate,
        );
        self.contempt = setup.options.style.contempt();
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

    #[inline(always)]
    fn is_main(&self) -> bool {
        self.id == 0
    }

    fn elapsed(&self) -> Duration {
        self.shared.start.lock().elapsed()
    }

    /// Called every POLL_INTERVAL nodes, and when the nodes this thread has
    /// taken of a `nodes` limit are used up: takes more, publishes the node
    /// count, checks the clock (main thread), honours `idle`, and notices a stop.
    #[cold]
    fn poll(&mut self) {
        if self.nodes >= self.node_cap {
            self.claim_nodes();
            if self.nodes > self.node_cap {
                // The limit is spent and the stop is set: this call returns
                // without searching, so it is no node.
                self.nodes = self.node_cap;
            }
        }
        self.next_poll = (self.nodes + POLL_INTERVAL).min(self.node_cap);
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
        if self.is_main() && !self.shared.pondering.load(Relaxed) {
            if let Some(b) = &self.setup.budget {
                if self.root_depth > 1 && self.elapsed() >= b.hard {
                    self.shared.stop.store(true, Relaxed);
                }
            }
        }
        if self.is_main()
            && self.last_report.elapsed() >= Duration::from_secs(1)
            && self.elapsed() >= Duration::from_secs(3)
        {
            self.last_report = Instant::now();
            self.send_stats();
        }
        self.idle();
        if self.shared.stop.load(Relaxed) {
            self.stopped = true;
        }
    }

    /// UCCI `idle`: sleep a share of the time so the CPU stays partly free.
    fn idle(&mut self) {
        let share = match self.setup.options.idle {
            Level::None => return,
            Level::Small => 0.25,
            Level::Medium => 0.5,
            Level::Large => 0.75,
        };
        let busy = self.idle_since.elapsed();
        if busy >= Duration::from_millis(10) {
            std::thread::sleep(
                busy.mul_f64(share / (1.0 - share))
                    .min(Duration::from_millis(50)),
            );
            self.idle_since = Instant::now();
        }
    }

    fn send_stats(&self) {
        if let Some(tx) = &self.setup.reports {
            let nodes = self.shared.total_nodes();
            let t = self.elapsed();
            let _ = tx.send(Report::Stats {
                nodes,
                nps: nps(nodes, t),
                time_ms: t.as_millis() as u64,
                hashfull: self.tt.hashfull(),
            });
        }
    }

    /// Takes the next share of a `nodes` limit: at most POLL_INTERVAL nodes,
    /// less near the end so that the threads split what is left. Every node a
    /// thread counts lies in a share it took, so all threads together never
    /// pass the limit; one thread stops exactly at it, and with T threads the
    /// shares others hold unused when it runs out leave at most (T - 1) *
    /// POLL_INTERVAL of it unsearched. A spent limit stops the search, but not
    /// while pondering: then shares are handed out past it, so that after
    /// ponderhit the nodes searched while pondering count against it.
    fn claim_nodes(&mut self) {
        let Some(limit) = self.setup.limits.nodes else {
            return;
        };
        let claimed = &self.shared.nodes_claimed;
        let pondering = self.shared.pondering.load(Relaxed);
        let want = if pondering {
            POLL_INTERVAL
        } else {
            let left = limit.saturating_sub(claimed.load(Relaxed));
            (left / self.setup.threads as u64).clamp(1, POLL_INTERVAL)
        };
        let start = claimed.fetch_add(want, Relaxed);
        let got = if pondering {
            want
        } else {
            want.min(limit.saturating_sub(start))
        };
        if got == 0 {
            self.shared.stop.store(true, Relaxed);
        }
        self.node_cap += got;
    }

    /// One compare per node: `next_poll` is POLL_INTERVAL nodes after the last
    /// poll, or the end of this thread's share of a `nodes` limit if sooner.
    #[inline(always)]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
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
    fn eval(&self) -> i32 {
        evaluate(&self.pos, self.knowledge)
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

    /// Runs iterative deepening until a limit or a stop.
    pub fn iterative_deepening(&mut self) {
        if self.root_moves.is_empty() {
            return;
        }
        let max_depth =
            self.setup
                .limits
                .depth
                .map_or(MAX_PLY as u32 - 8, |d| d.min(MAX_PLY as u32 - 8)) as i32;
        let multipv = if self.is_main() {
            self.setup.options.multipv.clamp(1, self.root_moves.len())
        } else {
            1
        };
        let mut last_best = Move::NONE;
        let mut prev_score = -INFINITE;
        for depth in 1..=max_depth {
            if !self.is_main() && skip_depth(self.id, depth) {
                continue;
            }
            self.root_depth = depth;
            self.best_move_changes *= 0.5;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta = 20;
                let (mut alpha, mut beta) = if depth >= 5
                    && prev.abs() < DECISIVE_BOUND
                    && self.sel.on(Feature::Aspiration)
                {
                    ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let score = self.search_root(alpha, beta, depth);
                    self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                }
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
            }
            if self.stopped && depth > 1 {
                break;
            }
            // A stop inside the first iteration still needs a move. If not even
            // the first root move was searched, its score is unknown: give it the
            // static one rather than -INFINITE, which would read as being mated
            // (a resignation, a "mate" score).
            let interrupted = self.stopped;
            if interrupted && self.root_moves[0].score == -INFINITE {
                self.root_moves[0].score = if self.pos.in_check() { 0 } else { self.eval() };
            }
            self.completed_depth = depth as u32;
            // The root's own entry, for `probe` and the next search; not from an
            // interrupted iteration.
            let best = &self.root_moves[0];
            if best.score > -INFINITE && !interrupted {
                let eval = if self.pos.in_check() { 0 } else { self.eval() };
                self.tt.store(
                    self.pos.key(),
                    best.mv,
                    best.score,
                    eval,
                    depth,
                    Bound::Exact,
                    0,
                );
            }
            if self.is_main() {
                self.report_iteration(depth as u32, multipv);
                if self.root_moves[0].mv != last_best {
                    last_best = self.root_moves[0].mv;
                }
                let score = self.root_moves[0].score;
                if self.should_stop_after_iteration(score, prev_score) {
                    break;
                }
                prev_score = score;
            }
            if self.stopped {
                break;
            }
        }
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
    }

    fn should_stop_after_iteration(&mut self, score: i32, prev_score: i32) -> bool {
        let limits = &self.setup.limits;
        if let Some(m) = limits.mate {
            if score >= MATE_BOUND && MATE - score < 2 * m as i32 {
                return true;
            }
        }
        if self.shared.pondering.load(Relaxed) {
            return false;
        }
        if let Some(b) = &self.setup.budget {
            let elapsed = self.elapsed();
            // One legal move: answer at once.
            if self.root_moves.len() == 1 && self.root_depth >= 4 {
                return true;
            }
            let drop = if prev_score > -INFINITE {
                prev_score - score
            } else {
                0
            };
            let soft = b
                .soft
                .mul_f64(timeman::stretch(self.best_move_changes, drop));
            if elapsed >= soft.min(b.hard) {
                return true;
            }
        }
        false
    }

    fn report_iteration(&self, depth: u32, multipv: usize) {
        let Some(tx) = &self.setup.reports else {
            return;
        };
        let nodes = self.shared.total_nodes().max(self.nodes);
        let t = self.elapsed();
        for (i, rm) in self.root_moves.iter().take(multipv).enumerate() {
            let _ = tx.send(Report::Iteration(IterationInfo {
                depth,
                seldepth: rm.seldepth.max(depth),
                multipv: i + 1,
                score: rm.score,
                bound: ScoreBound::Exact,
                nodes,
                nps: nps(nodes, t),
                time_ms: t.as_millis() as u64,
                hashfull: self.tt.hashfull(),
                pv: rm.pv.clone(),
            }));
        }
    }

    /// Bounded noise for a root move (the `randomness` option): deterministic for a seed.
    fn root_noise(&self, m: Move) -> i32 {
        let window = match self.setup.options.randomness {
            Level::None => return 0,
            Level::Small => 4,
            Level::Medium => 8,
            Level::Large => 15,
        };
        let mut x = self.setup.options.seed
            ^ self.pos.key()
            ^ (m.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 33;
        x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        x ^= x >> 33;
        (x % (window + 1)) as i32
    }

    fn search_root(&mut self, mut alpha: i32, beta: i32, depth: i32) -> i32 {
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        let in_check = self.pos.in_check();
        for i in self.pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if self.is_main()
                && self.elapsed() > Duration::from_secs(3)
                && self.last_report.elapsed() > Duration::from_millis(500)
            {
                self.last_report = Instant::now();
                if let Some(tx) = &self.setup.reports {
                    let _ = tx.send(Report::CurrMove {
                        depth: depth as u32,
                        mv: m,
                        number: i + 1,
                    });
                }
            }
            let noise = self.root_noise(m);
            self.stack[1].came_by = piece_square(self.pos.piece_on(m.from()), m.to());
            self.pos.make_move(m);
            self.count_node();
            let gives_check = self.pos.in_check();
            let new_depth =
                depth - 1 + i32::from(gives_check && self.sel.on(Feature::CheckExtension));
            let (a, b) = (alpha - noise, beta - noise);
            let mut score;
            if i == self.pv_idx {
                score = -self.search(-b, -a, new_depth, 1, true, false);
            } else {
                let reduce = if depth >= 3
                    && !gives_check
                    && !in_check
                    && self
                        .pos
                        .history()
                        .last()
                        .is_none_or(|u| u.captured.is_none())
                    && self.sel.lmr_scale > 0
                    && self.sel.on(Feature::Lmr)
                {
                    (self.lmr[depth.min(63) as usize][i.min(63)] * self.sel.lmr_scale / 4 - 1)
                        .max(0)
                } else {
                    0
                };
                score = -self.search(-a - 1, -a, new_depth - reduce, 1, false, true);
                if score > a && reduce > 0 {
                    score = -self.search(-a - 1, -a, new_depth, 1, false, true);
                }
                if score > a && score < b {
                    score = -self.search(-b, -a, new_depth, 1, true, false);
                }
            }
            self.pos.unmake_move();
            if self.stopped {
                return best;
            }
            if score.abs() < DECISIVE_BOUND {
                score += noise;
            }
            let child_len = self.pv_len[1];
            let rm = &mut self.root_moves[i];
            if i == self.pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1][1..child_len.max(1)]);
                if i != self.pv_idx {
                    self.best_move_changes += 1.0;
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
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

    /// Did the position occur before in the game or the search (with no capture
    /// or null move since)? Then the league's rules score it: perpetual check or
    /// chase loses, anything else is a draw.
    #[inline]
    fn repetition_score(&self, ply: usize) -> Option<i32> {
        let history = self.pos.history();
        let n = history.len();
        let span = (self.pos.halfmove_clock() as usize).min(n);
        if span < 4 {
            return None;
        }
        let key = self.pos.key();
        let mut i = n;
        while i >= 2 && n - i + 2 <= span {
            if history[i - 1].mv.is_none() || history[i - 2].mv.is_none() {
                return None;
            }
            i -= 2;
            if n - i >= 4 && history[i].key == key {
                let us = self.pos.side_to_move();
                return Some(match rules::cycle_verdict(&self.pos, i).outcome {
                    rules::Outcome::Draw => self.draw_score(ply),
                    rules::Outcome::Win(c) if c == us => REPETITION_LOSS - ply as i32,
                    rules::Outcome::Win(_) => -(REPETITION_LOSS - ply as i32),
                });
            }
        }
        None
    }

    fn has_big_piece(&self) -> bool {
        let us = self.pos.side_to_move();
        (self.pos.pieces(us, PieceKind::Rook)
            | self.pos.pieces(us, PieceKind::Horse)
            | self.pos.pieces(us, PieceKind::Cannon))
        .any()
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, pv_node);
        }
        self.pv_len[ply] = ply;
        self.count_node();
        if self.stopped {
            return 0;
        }
        if pv_node && ply as u32 > self.seldepth {
            self.seldepth = ply as u32;
        }
        if let Some(s) = self.repetition_score(ply) {
            return s;
        }
        // The league's natural-move limit: checks and their replies do not count.
        if self.pos.natural_plies() >= rules::NATURAL_LIMIT || self.pos.no_attackers_left() {
            return self.draw_score(ply);
        }
        if ply >= MAX_PLY - 4 {
            return if self.pos.in_check() { 0 } else { self.eval() };
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Evaluated before the probe, as in quiescence: the fetch of the
        // prefetched cluster lands meanwhile.
        let in_check = self.pos.in_check();
        let slots = Slots::of(&self.pos);
        let (raw_eval, eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = self.eval();
            (raw, self.corrected(raw, slots))
        };
        let excluded = self.stack[ply].excluded;
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply as i32);
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        if let Some(h) = hit {
            if !pv_node && excluded.is_none() && h.depth >= depth && h.cuts(alpha, beta) {
                return h.score;
            }
        }

        self.stack[ply].eval = eval;
        let improving = ply >= 2 && !in_check && eval > self.stack[ply - 2].eval;
        let scale = self.sel.margin_scale;
        let static_eval = eval;
        // A table bound on the far side of the evaluation is a better guess.
        let eval = match hit {
            Some(h) if !in_check && h.refines(eval) => h.score,
            _ => eval,
        };

        if !pv_node && !in_check && excluded.is_none() && eval.abs() < DECISIVE_BOUND {
            // Reverse futility: far above beta already.
            if self.sel.futility
                && self.sel.on(Feature::ReverseFutility)
                && depth <= 6
                && eval - (30 * depth - 10 * i32::from(improving)) * scale / 4 >= beta
            {
                return eval;
            }
            // Razoring: far below alpha, see if captures can save it.
            if self.sel.futility
                && self.sel.on(Feature::Razoring)
                && depth <= 2
                && eval + 120 * depth * scale / 4 < alpha
            {
                let v = self.qsearch(alpha, alpha + 1, ply, false);
                if v <= alpha {
                    return v;
                }
            }
            // Null move, guarded against zugzwang by requiring a rook, horse or cannon.
            if self.sel.null_move
                && self.sel.on(Feature::NullMove)
                && depth >= 2
                && eval >= beta
                && self.stack[ply].null_allowed
                && self.has_big_piece()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 80).min(3);
                self.pos.make_null();
                self.stack[ply + 1].null_allowed = false;
                self.stack[ply + 1].came_by = NO_CONTINUATION;
                let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, !cut_node);
                self.stack[ply + 1].null_allowed = true;
                self.pos.unmake_null();
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    let v = if v >= DECISIVE_BOUND { beta } else { v };
                    if depth < 10 || !self.sel.on(Feature::NullVerify) {
                        return v;
                    }
                    // Deep: verify with a reduced search without null move.
                    self.stack[ply].null_allowed = false;
                    let w = self.search(beta - 1, beta, depth - 1 - r, ply, false, false);
                    self.stack[ply].null_allowed = true;
                    if w >= beta {
                        return v;
                    }
                }
            }
        }
        // Internal iterative reduction: no table move, search shallower first.
        if self.sel.iir && self.sel.on(Feature::Iir) && tt_move.is_none() && depth >= 6 {
            depth -= 1;
        }

        let us = self.pos.side_to_move().index();
        let earlier = self.earlier_moves(ply);
        let mut picker = MovePicker::main(tt_move, earlier);
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count: usize = 0;
        let mut quiets = [Move::NONE; 64];
        let mut quiet_count = 0;
        self.stack[ply + 1].null_allowed = true;
        self.tables.killers[ply + 2] = [Move::NONE; 2];
        while let Some(m) = picker.next(&self.pos, &self.tables, ply) {
            if m == excluded {
                continue;
            }
            move_count += 1;
            let capture = self.pos.is_capture(m);
            if !in_check && best > -DECISIVE_BOUND && ply > 0 {
                if !capture && m != self.tables.killers[ply][0] {
                    // Neither test depends on the move: once one prunes a quiet
                    // move, it prunes every later one too.
                    if (self.sel.lmp
                        && self.sel.on(Feature::Lmp)
                        && depth <= 4
                        && move_count as i32 > (3 + depth * depth) / (2 - i32::from(improving)) + 2)
                        || (self.sel.futility
                            && self.sel.on(Feature::Futility)
                            && depth <= 6
                            && eval + (60 + 50 * depth) * scale / 4 <= alpha)
                    {
                        picker.skip_quiets();
                        continue;
                    }
                } else if capture
                    && self.sel.futility
                    && self.sel.on(Feature::SeePruning)
                    && depth <= 4
                    && !self.pos.see_ge(m, -60 * depth)
                {
                    continue;
                }
            }
            // Singular extension: when every other move falls well short of
            // the table move's score, the table move is searched deeper; when
            // even without it the node fails high, it cuts at once.
            let mut singular = 0;
            if m == tt_move
                && ply > 0
                && depth >= 8
                && excluded.is_none()
                && self.sel.null_move
                && self.sel.on(Feature::Singular)
                && ply < 2 * self.root_depth as usize
            {
                if let Some(h) = hit.filter(|h| {
                    h.depth >= depth - 3
                        && h.bound != Bound::Upper
                        && h.score.abs() < DECISIVE_BOUND
                }) {
                    let singular_beta = h.score - 2 * depth;
                    self.stack[ply].excluded = m;
                    let v = self.search(
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        false,
                        cut_node,
                    );
                    self.stack[ply].excluded = Move::NONE;
                    if self.stopped {
                        return 0;
                    }
                    if v < singular_beta {
                        singular = 1;
                    } else if singular_beta >= beta {
                        return singular_beta;
                    }
                }
            }
            self.tt.prefetch(self.pos.key_after(m));
            self.stack[ply + 1].came_by = piece_square(self.pos.piece_on(m.from()), m.to());
            self.pos.make_move(m);
            let gives_check = self.pos.in_check();
            let extension = i32::from(
                gives_check
                    && ply < 2 * self.root_depth as usize + 4
                    && self.sel.on(Feature::CheckExtension),
            )
            .max(singular);
            let new_depth = depth - 1 + extension;
            let mut score;
            if depth >= 3
                && move_count > 1 + usize::from(pv_node)
                && !capture
                && !gives_check
                && !in_check
                && self.sel.lmr_scale > 0
                && self.sel.on(Feature::Lmr)
            {
                let mut r = self.lmr[depth.min(63) as usize][move_count.min(63)];
                r += i32::from(!pv_node) + i32::from(cut_node) - i32::from(improving);
                if m == self.tables.killers[ply][0] || m == self.tables.killers[ply][1] {
                    r -= 1;
                }
                // Moves with a good history, here and after the last two moves,
                // are reduced less.
                let mut stat = self.tables.history[us][m.from().index()][m.to().index()];
                if self.sel.on(Feature::LmrContinuation) {
                    stat += self
                        .tables
                        .continuation_score(&earlier, self.stack[ply + 1].came_by)
                        / 2;
                }
                r -= stat / 6000;
                r = (r * self.sel.lmr_scale / 4).clamp(0, new_depth - 1);
                score = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
                if score > alpha && r > 0 {
                    score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
                }
            } else if !pv_node || move_count > 1 {
                score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
            } else {
                score = alpha + 1; // force the full-window search below
            }
            if pv_node && (move_count == 1 || (score > alpha && score < beta)) {
                score = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
            }
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if !capture {
                            self.reward_quiet(ply, depth, m, &quiets[..quiet_count], &earlier);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if !capture && quiet_count < quiets.len() {
                quiets[quiet_count] = m;
                quiet_count += 1;
            }
        }
        if move_count == 0 {
            if !excluded.is_none() {
                // Only the left-out move: its alternatives are as bad as can be.
                return alpha;
            }
            // Mated or stalemated: both lose in Xiangqi.
            return -MATE + ply as i32;
        }
        if !excluded.is_none() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The search's verdict teaches the correction history, unless the
        // bound says nothing about the evaluation's error or a capture decided.
        if !in_check
            && self.sel.on(Feature::Correction)
            && (best_move.is_none() || !self.pos.is_capture(best_move))
            && best.abs() < DECISIVE_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.correction.update(slots, depth, best, raw_eval);
        }
        self.tt.store(
            key,
            best_move,
            best,
            if in_check { 0 } else { raw_eval },
            depth,
            bound,
            ply as i32,
        );
        best
    }

    /// The moves before the node at `ply` that its quiet moves continue: the
    /// opponent's last move and our own before it.
    #[inline]
    fn earlier_moves(&self, ply: usize) -> [usize; 2] {
        if !self.sel.on(Feature::ContinuationHistory) {
            return [NO_CONTINUATION; 2];
        }
        let own = if ply >= 1 {
            self.stack[ply - 1].came_by
        } else {
            NO_CONTINUATION
        };
        [self.stack[ply].came_by, own]
    }

    fn reward_quiet(
        &mut self,
        ply: usize,
        depth: i32,
        m: Move,
        tried: &[Move],
        earlier: &[usize; 2],
    ) {
        let us = self.pos.side_to_move().index();
        let bonus = (200 * depth - 100).min(2000);
        self.tables.update_history(us, m, bonus);
        for &q in tried {
            self.tables.update_history(us, q, -bonus);
        }
        if *earlier != [NO_CONTINUATION; 2] {
            let moved = |q: Move| piece_square(self.pos.piece_on(q.from()), q.to());
            self.tables.update_continuation(earlier, moved(m), bonus);
            for &q in tried {
                self.tables.update_continuation(earlier, moved(q), -bonus);
            }
        }
        self.tables.add_killer(ply, m);
        if self.sel.on(Feature::CounterMove) {
            if let Some((p, s)) = counter_slot(&self.pos) {
                self.tables.counter[p][s] = m;
            }
        }
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
        self.pv_len[ply.min(MAX_PLY)] = ply.min(MAX_PLY);
        self.count_node();
        if self.stopped {
            return 0;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 4 {
            return if in_check { 0 } else { self.eval() };
        }
        // The evaluation comes before the table probe: the parent prefetched
        // this node's cluster, and evaluating gives the fetch time to land. A
        // table hit would save the evaluation in only about one node in eight.
        let (raw_eval, stand) = if in_check {
            (0, -INFINITE)
        } else {
            let raw = self.eval();
            (raw, self.corrected(raw, Slots::of(&self.pos)))
        };
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply as i32);
        if let Some(h) = hit {
            if !pv_node && h.cuts(alpha, beta) {
                return h.score;
            }
        }
        // A table bound on the far side of the evaluation is a better guess.
        let stand = match hit {
            Some(h) if !in_check && h.refines(stand) => h.score,
            _ => stand,
        };
        let mut best;
        if in_check {
            best = -INFINITE;
        } else {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut picker = MovePicker::captures(hit.map_or(Move::NONE, |h| h.mv));
        let mut best_move = Move::NONE;
        let mut any = false;
        while let Some(m) = picker.next(&self.pos, &self.tables, ply) {
            any = true;
            if !in_check {
                let victim = see::value(self.pos.piece_on(m.to()).kind());
                // Delta pruning: even winning the piece cannot reach alpha.
                if self.sel.on(Feature::DeltaPruning)
                    && stand + victim + 60 < alpha
                    && !self.pos.gives_check(m)
                {
                    continue;
                }
                // Captures come best first: from the first losing one on, stop.
                if picker.last_was_losing_capture() {
                    break;
                }
            }
            self.tt.prefetch(self.pos.key_after(m));
            self.pos.make_move(m);
            let score = -self.qsearch(-beta, -alpha, ply + 1, pv_node);
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node && ply < MAX_PLY {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && !any {
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best, raw_eval, 0, bound, ply as i32);
        best
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
pub fn root_moves(pos: &Position, limits: &Limits) -> Vec<RootMove> {
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
    fn an_ablated_feature_is_off_and_the_others_stay_on() {
        let sel = Selectivity {
            off: Feature::parse_list("nullmove,delta").unwrap(),
            ..Selectivity::for_level(Level::Large, Style::Normal)
        };
        assert!(!sel.on(Feature::NullMove) && !sel.on(Feature::DeltaPruning));
        let on: Vec<Feature> = Feature::ALL.into_iter().filter(|f| sel.on(*f)).collect();
        assert_eq!(on.len(), Feature::ALL.len() - 2);
    }
}
