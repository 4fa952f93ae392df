//! The main search: a principal variation search in numbered steps, and the
//! history updates of its cut-offs.

use super::params::*;
use super::*;
use crate::counters::{self, Counter};
use crate::tt::TtHit;

/// What the steps after the probe know of a node.
#[derive(Copy, Clone)]
struct Node {
    depth: i32,
    ply: usize,
    pv_node: bool,
    cut_node: bool,
    in_check: bool,
    /// The static evaluation is above the one two plies up.
    improving: bool,
    /// The static evaluation, refined by the table's bound.
    eval: i32,
}

/// What move pruning decides for a move.
enum Pruning {
    Search,
    Skip,
    /// Skip this and every later quiet move.
    SkipQuiets,
}

/// What the singular search says of the table move.
enum Singular {
    No,
    Extend,
    /// The node's score, at once (the alternatives fail high, or a stop).
    Cut(i32),
}

/// A table bound on the far side of the evaluation is a better guess of
/// the node's score than the evaluation (not in check: there is none).
#[inline(always)]
pub(super) fn refined(hit: Option<TtHit>, eval: i32, in_check: bool) -> i32 {
    match hit {
        Some(h) if !in_check && h.refines(eval) => h.score,
        _ => eval,
    }
}

impl Worker {
    /// Did the position occur before in the game or the search (with no capture
    /// or null move since)? Then the game's rules score it: under the league's,
    /// perpetual check or chase loses and anything else is a draw.
    #[inline]
    pub(super) fn repetition_score(&self, ply: usize) -> Option<i32> {
        let verdict = self.rules.repetition(&self.pos)?;
        let us = self.pos.side_to_move();
        Some(match verdict.outcome {
            rules::Outcome::Draw => self.draw_score(ply),
            rules::Outcome::Win(c) if c == us => REPETITION_LOSS - ply as i32,
            rules::Outcome::Win(_) => -(REPETITION_LOSS - ply as i32),
        })
    }

    /// The frames the children of the node at `ply` start from: null move
    /// allowed, and the grandchildren's killers cleared.
    #[inline]
    fn clear_child_frames(&mut self, ply: usize) {
        self.stack[ply + 1].null_allowed = true;
        self.tables.killers[ply + 2] = [Move::NONE; 2];
    }

    /// Plays `m` from the node at `ply`: the child's table and evaluation
    /// entries fetched ahead, the move it came by noted, and the child
    /// counted (a node is a move made, see `count_node`).
    #[inline]
    fn enter_child(&mut self, ply: usize, m: Move) {
        self.prefetch_child(self.pos.key_after(m));
        self.stack[ply + 1].came_by = piece_square(self.pos.piece_on(m.from()), m.to());
        self.pos.make_move(m);
        self.count_node();
    }

    pub(super) fn has_big_piece(&self) -> bool {
        let us = self.pos.side_to_move();
        (self.pos.pieces(us, PieceKind::Rook)
            | self.pos.pieces(us, PieceKind::Horse)
            | self.pos.pieces(us, PieceKind::Cannon))
        .any()
    }

    pub(super) fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        // Step 1. At the horizon, quiescence decides.
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, pv_node, QS_CHECKS() != 0);
        }
        self.pv_len[ply] = ply;
        if self.stopped {
            return 0;
        }
        if pv_node && ply as u32 > self.seldepth {
            self.seldepth = ply as u32;
        }
        // Step 2. Repetitions, the natural-move limit (the game's rules), mate distance.
        if let Some(s) = self.repetition_score(ply) {
            return s;
        }
        if self.rules.move_limit_reached(&self.pos) || self.pos.no_attackers_left() {
            return self.draw_score(ply);
        }
        if ply >= MAX_PLY - 4 {
            return if self.pos.in_check() { 0 } else { self.eval() };
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 3. Static evaluation, corrected, reverse futility on it alone,
        // then the table probe and its cut-off. Evaluated before the probe, as
        // in quiescence: the fetch of the prefetched cluster lands meanwhile.
        let in_check = self.pos.in_check();
        let (slots, raw_eval, static_eval) = self.evaluate_node(in_check);
        let excluded = self.stack[ply].excluded;
        self.stack[ply].eval = static_eval;
        let improving = ply >= 2 && !in_check && static_eval > self.stack[ply - 2].eval;
        let whole_node_pruning = !pv_node && !in_check && excluded.is_none();
        // A node this far above beta returns without waiting for its table
        // cluster from memory.
        if whole_node_pruning
            && static_eval.abs() < DECISIVE_BOUND
            && self.reverse_futile(static_eval, depth, improving, beta)
        {
            return static_eval;
        }
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply as i32);
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        if let Some(h) = hit {
            if !pv_node && excluded.is_none() && h.depth >= depth && h.cuts(alpha, beta) {
                if TT_CUT_HISTORY() != 0 {
                    self.learn_from_table_cut(ply, depth, tt_move, h.score >= beta);
                }
                return h.score;
            }
        }
        let mut node = Node {
            depth,
            ply,
            pv_node,
            cut_node,
            in_check,
            improving,
            eval: refined(hit, static_eval, in_check),
        };

        // Step 4. Whole-node pruning: reverse futility, razoring, null move.
        if whole_node_pruning && node.eval.abs() < DECISIVE_BOUND {
            // Reverse futility again where the table's bound moved the
            // evaluation (else it failed above).
            if node.eval != static_eval && self.reverse_futile(node.eval, depth, improving, beta) {
                return node.eval;
            }
            if let Some(v) = self.razor(&node, alpha) {
                return v;
            }
            if let Some(v) = self.null_move(&node, beta) {
                return v;
            }
        }
        // Step 5. Internal iterative reduction: no table move, search shallower first.
        if self.sel.on(Feature::Iir) && tt_move.is_none() && depth >= IIR_MIN_DEPTH() {
            node.depth -= 1;
        }
        let depth = node.depth;

        // Step 6. The moves, best first (see movepick).
        let earlier = self.earlier_moves(ply);
        let mut picker = MovePicker::main(tt_move, earlier);
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count: usize = 0;
        let mut quiets = [Move::NONE; 64];
        let mut quiet_count = 0;
        self.clear_child_frames(ply);
        while let Some(m) = picker.next(&self.pos, &self.tables, ply) {
            if m == excluded {
                continue;
            }
            move_count += 1;
            let capture = self.pos.is_capture(m);
            // Step 7. Move pruning: late moves, futility, losing captures.
            if best > -DECISIVE_BOUND {
                match self.prune_move(&node, m, capture, move_count, alpha) {
                    Pruning::Search => {}
                    Pruning::Skip => continue,
                    Pruning::SkipQuiets => {
                        picker.skip_quiets();
                        continue;
                    }
                }
            }
            // Step 8. Extensions: singular (with its cut) and check.
            let mut singular = false;
            if m == tt_move && excluded.is_none() {
                match self.singular(&node, m, hit, beta) {
                    Singular::No => {}
                    Singular::Extend => singular = true,
                    Singular::Cut(v) => return v,
                }
            }
            self.enter_child(ply, m);
            let gives_check = self.pos.in_check();
            counters::bump(Counter::MoveSearched);
            if gives_check {
                counters::bump(Counter::CheckingMove);
            }
            let check = gives_check
                && depth >= CHECK_EXT_MIN_DEPTH()
                && ply < 2 * self.root_depth as usize + 4
                && self.sel.on(Feature::CheckExtension);
            if check {
                counters::bump(Counter::CheckExtension);
            }
            let new_depth = depth - 1 + i32::from(singular || check);
            // Step 9. Late move reductions, then the principal variation search.
            let mut score;
            if depth >= LMR_MIN_DEPTH()
                && move_count > 1 + usize::from(pv_node)
                && !capture
                && !gives_check
                && !in_check
                && self.sel.on(Feature::Lmr)
            {
                let r =
                    bounded_reduction(self.reduction(&node, m, move_count, &earlier), new_depth);
                if r > 0 {
                    counters::bump(Counter::Reduced);
                }
                let reduced = new_depth - r;
                score = -self.search(-alpha - 1, -alpha, reduced, ply + 1, false, true);
                if score > alpha && r > 0 {
                    counters::bump(Counter::Research);
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
            // Step 10. A new best move; a cut-off rewards the quiet move.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        counters::bump(Counter::Cutoff);
                        if move_count == 1 {
                            counters::bump(Counter::CutoffFirst);
                        }
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
        // Step 11. No move: mate or stalemate (both lose); else store the verdict.
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
        self.tt
            .store(key, best_move, best, depth, bound, ply as i32);
        best
    }

    /// A table cut-off at `ply` by a quiet `tt_move`: a lower bound (`cut`)
    /// rewards it as a searched cut-off would, an upper bound punishes it.
    /// The move may come from another position sharing the entry, so it is
    /// checked first.
    #[cold]
    fn learn_from_table_cut(&mut self, ply: usize, depth: i32, tt_move: Move, cut: bool) {
        if tt_move.is_none() || !self.pos.is_pseudo_legal(tt_move) || self.pos.is_capture(tt_move) {
            return;
        }
        let earlier = self.earlier_moves(ply);
        if cut {
            self.reward_quiet(ply, depth, tt_move, &[], &earlier);
        } else {
            let us = self.pos.side_to_move().index();
            let malus = -history_bonus(depth);
            self.tables.update_history(us, tt_move, malus);
            if earlier != NO_EARLIER {
                let moved = piece_square(self.pos.piece_on(tt_move.from()), tt_move.to());
                self.tables.update_continuation(&earlier, moved, malus);
            }
        }
    }

    /// The static evaluation of this node: its correction slots, the raw
    /// evaluation (0 in check, where the correction history learns nothing)
    /// and the corrected one (-INFINITE in check: no evaluation stands
    /// there). The correction entries are fetched first, so that they
    /// arrive while evaluating.
    #[inline(always)]
    pub(super) fn evaluate_node(&mut self, in_check: bool) -> (Slots, i32, i32) {
        let slots = Slots::of(&self.pos);
        if in_check {
            return (slots, 0, -INFINITE);
        }
        self.correction.prefetch(slots);
        let raw = self.eval();
        (slots, raw, self.corrected(raw, slots))
    }

    /// Razoring: far below alpha at a shallow depth, the node's score is its
    /// quiescence search's when that cannot reach alpha either.
    #[inline]
    fn razor(&mut self, node: &Node, alpha: i32) -> Option<i32> {
        if !self.sel.on(Feature::Razoring)
            || node.depth > RAZOR_MAX_DEPTH()
            || node.eval + RAZOR_MARGIN() * node.depth * self.sel.margin_scale / 4 >= alpha
        {
            return None;
        }
        let v = self.qsearch(alpha, alpha + 1, node.ply, false, QS_CHECKS() != 0);
        (v <= alpha).then_some(v)
    }

    /// Null move: when passing still leaves the node at or above beta, it
    /// fails high (verified by a reduced search when deep). Guarded against
    /// zugzwang by requiring a rook, horse or cannon. Some(0) on a stop.
    fn null_move(&mut self, node: &Node, beta: i32) -> Option<i32> {
        let (depth, ply) = (node.depth, node.ply);
        if !self.sel.on(Feature::NullMove)
            || depth < NULL_MIN_DEPTH()
            || node.eval < beta
            || !self.stack[ply].null_allowed
            || !self.has_big_piece()
        {
            return None;
        }
        let r = NULL_BASE_R()
            + depth / NULL_DEPTH_DIVISOR()
            + ((node.eval - beta) / NULL_EVAL_DIVISOR()).min(NULL_EVAL_MAX());
        counters::bump(Counter::NullTry);
        self.seed_null_eval();
        self.pos.make_null();
        self.stack[ply + 1].null_allowed = false;
        self.stack[ply + 1].came_by = NO_CONTINUATION;
        let v = -self.search(
            -beta,
            -beta + 1,
            depth - 1 - r,
            ply + 1,
            false,
            !node.cut_node,
        );
        self.stack[ply + 1].null_allowed = true;
        self.pos.unmake_null();
        if self.stopped {
            return Some(0);
        }
        if v < beta {
            return None;
        }
        counters::bump(Counter::NullCut);
        let v = if v >= DECISIVE_BOUND { beta } else { v };
        if depth < NULL_VERIFY_DEPTH() || !self.sel.on(Feature::NullVerify) {
            return Some(v);
        }
        // Deep: verify with a reduced search without null move.
        self.stack[ply].null_allowed = false;
        let w = self.search(beta - 1, beta, depth - 1 - r, ply, false, false);
        self.stack[ply].null_allowed = true;
        (w >= beta).then_some(v)
    }

    /// Is move `m` (the `move_count`-th) not worth searching here? Late
    /// quiet moves and hopeless ones (neither test depends on the move: once
    /// one prunes a quiet move, it prunes every later one too), and captures
    /// that lose too much by SEE.
    #[inline(always)]
    fn prune_move(
        &self,
        node: &Node,
        m: Move,
        capture: bool,
        move_count: usize,
        alpha: i32,
    ) -> Pruning {
        let (depth, ply) = (node.depth, node.ply);
        if node.in_check || ply == 0 {
            return Pruning::Search;
        }
        if !capture && m != self.tables.killers[ply][0] {
            let late = self.sel.on(Feature::Lmp)
                && depth <= LMP_MAX_DEPTH()
                && move_count as i32
                    > (LMP_BASE() + depth * depth) / if node.improving { 1 } else { LMP_DIVISOR() }
                        + LMP_EXTRA();
            let hopeless = self.sel.on(Feature::Futility)
                && depth <= FUTILITY_MAX_DEPTH()
                && node.eval + futility_margin(depth, self.sel.margin_scale) <= alpha;
            if late || hopeless {
                return Pruning::SkipQuiets;
            }
        } else if capture
            && self.sel.on(Feature::SeePruning)
            && depth <= SEE_PRUNE_MAX_DEPTH()
            && !self.pos.see_ge(m, -SEE_PRUNE_MARGIN() * depth)
        {
            return Pruning::Skip;
        }
        Pruning::Search
    }

    /// Singular extension of the table move `m`: when every other move falls
    /// well short of its table score, it is searched a ply deeper; when even
    /// without it the node fails high, the node cuts at once.
    fn singular(&mut self, node: &Node, m: Move, hit: Option<TtHit>, beta: i32) -> Singular {
        let (depth, ply) = (node.depth, node.ply);
        if ply == 0
            || depth < SINGULAR_MIN_DEPTH()
            || !self.sel.on(Feature::Singular)
            || ply >= 2 * self.root_depth as usize
        {
            return Singular::No;
        }
        let Some(h) = hit.filter(|h| {
            h.depth >= depth - SINGULAR_TT_DEPTH()
                && h.bound != Bound::Upper
                && h.score.abs() < DECISIVE_BOUND
        }) else {
            return Singular::No;
        };
        let singular_beta = h.score - SINGULAR_DEPTH_MARGIN() * depth / 100;
        self.stack[ply].excluded = m;
        let v = self.search(
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            false,
            node.cut_node,
        );
        self.stack[ply].excluded = Move::NONE;
        if self.stopped {
            Singular::Cut(0)
        } else if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// The late move reduction of quiet move `m` (just made: the child's
    /// frame holds it), before it is scaled and kept above the horizon.
    #[inline(always)]
    fn reduction(&self, node: &Node, m: Move, move_count: usize, earlier: &EarlierMoves) -> i32 {
        let (depth, ply) = (node.depth, node.ply);
        let mut r = self.lmr[depth.min(63) as usize][move_count.min(63)];
        r += i32::from(!node.pv_node) + LMR_CUT_NODE() * i32::from(node.cut_node)
            - i32::from(node.improving);
        if m == self.tables.killers[ply][0] || m == self.tables.killers[ply][1] {
            r -= 1;
        }
        // Moves with a good history, here and after the last two moves, are
        // reduced less. The move is made: the side that played it is the other.
        let us = self.pos.side_to_move().other().index();
        let earlier = if self.sel.on(Feature::LmrContinuation) {
            earlier
        } else {
            &NO_EARLIER
        };
        let stat = self
            .tables
            .quiet_history(us, m, self.stack[ply + 1].came_by, earlier, 2);
        r -= stat / LMR_HISTORY_DIVISOR();
        r * self.sel.lmr_scale / 4
    }

    /// Reverse futility: is `eval` so far above `beta` at this shallow
    /// `depth` that the node is taken to fail high without a search?
    #[inline(always)]
    fn reverse_futile(&self, eval: i32, depth: i32, improving: bool, beta: i32) -> bool {
        self.sel.on(Feature::ReverseFutility)
            && depth <= RFP_MAX_DEPTH()
            && eval
                - (RFP_MARGIN() * depth - RFP_IMPROVING() * i32::from(improving))
                    * self.sel.margin_scale
                    / 4
                >= beta
    }

    /// The moves before the node at `ply` that its quiet moves continue: the
    /// opponent's last move and our own before it.
    #[inline]
    pub(super) fn earlier_moves(&self, ply: usize) -> EarlierMoves {
        if !self.sel.on(Feature::ContinuationHistory) {
            return NO_EARLIER;
        }
        let back = |plies: usize| {
            if ply + 1 >= plies {
                self.stack[ply + 1 - plies].came_by
            } else {
                NO_CONTINUATION
            }
        };
        [back(1), back(2)]
    }

    pub(super) fn reward_quiet(
        &mut self,
        ply: usize,
        depth: i32,
        m: Move,
        tried: &[Move],
        earlier: &EarlierMoves,
    ) {
        let us = self.pos.side_to_move().index();
        let bonus = history_bonus(depth);
        self.tables.update_history(us, m, bonus);
        for &q in tried {
            self.tables.update_history(us, q, -bonus);
        }
        if *earlier != NO_EARLIER {
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
}

/// The futility margin at `depth`, scaled by the `pruning`/`style` margin
/// scale (per 4).
#[inline]
fn futility_margin(depth: i32, scale: i32) -> i32 {
    (FUTILITY_BASE() + FUTILITY_PER_DEPTH() * depth) * scale / 4
}

/// A late move's reduction kept above the horizon (at most `new_depth` - 1)
/// and at least 0, or with LMR_EXTEND at least -1: a ply deeper than its
/// siblings for a move whose history is good enough.
#[inline(always)]
fn bounded_reduction(r: i32, new_depth: i32) -> i32 {
    r.clamp(-LMR_EXTEND(), new_depth - 1)
}

/// A cut-off's history bonus at `depth`: min(mul x depth - sub, max), never
/// below zero (a tuner may try a large `sub`).
#[inline]
fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_MUL() * depth - HISTORY_BONUS_SUB()).clamp(0, HISTORY_BONUS_MAX())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_futility_does_not_wait_for_the_table() {
        // Red is a rook up: at depth 1 the evaluation is far above beta 0.
        let mut w = Worker::for_test("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        let eval = w.eval();
        assert!(eval > 200, "a rook up: {eval}");
        // The table holds a deep upper bound far below: a cut for any window
        // above it, were the table read.
        let key = w.pos.key();
        w.tt.store(key, Move::NONE, -500, 8, Bound::Upper, 1);
        assert_eq!(w.search(-100, 0, 1, 1, false, true), eval);
        // Beta above the evaluation: the table is read and its bound cuts.
        assert_eq!(w.search(eval + 100, eval + 101, 1, 1, false, true), -500);
    }

    /// Red to move, far below alpha at depth 2: Ra0-d0 checks safely,
    /// Ra0-a9 checks into the horse on b7, Ra0-a1 is no check.
    fn futile_node() -> (Worker, Node, [Move; 3]) {
        let w = Worker::for_test("3k5/9/1n7/9/9/9/9/9/9/R3K4 w - - 0 1");
        let node = Node {
            depth: 2,
            ply: 1,
            pv_node: false,
            cut_node: true,
            in_check: false,
            improving: false,
            eval: -1000,
        };
        let moves = ["a0d0", "a0a9", "a0a1"].map(|t| w.pos.parse_move(t).unwrap());
        (w, node, moves)
    }

    /// What move pruning decides for each quiet move, as the first move of `node`.
    fn decisions(w: &Worker, node: &Node, moves: &[Move; 3]) -> [&'static str; 3] {
        moves.map(|m| match w.prune_move(node, m, false, 1, 0) {
            Pruning::Search => "search",
            Pruning::Skip => "skip",
            Pruning::SkipQuiets => "skip quiets",
        })
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_table_cut_teaches_the_history_only_when_asked() {
        // Red's quiet Ra0-a1 is the table move of a deep bound; a null
        // window at 0 is cut by it at once.
        let history_after = |settings: &[(&str, i32)], score: i32, bound: Bound| {
            let mut w = Worker::for_test("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
            let m = w.pos.parse_move("a0a1").unwrap();
            let key = w.pos.key();
            w.tt.store(key, m, score, 12, bound, 1);
            crate::search::params::with(settings, || w.search(-1, 0, 4, 1, false, true));
            w.tables.history[0][m.from().index()][m.to().index()]
        };
        let on = [("TT_CUT_HISTORY", 1)];
        assert_eq!(history_after(&[], 900, Bound::Lower), 0);
        assert!(history_after(&on, 900, Bound::Lower) > 0);
        assert_eq!(history_after(&[], -900, Bound::Upper), 0);
        assert!(history_after(&on, -900, Bound::Upper) < 0);
    }

    #[test]
    fn futility_skips_every_later_quiet_move_checks_too() {
        let (w, node, moves) = futile_node();
        // Under the parameters' lock: no test that sets parameters (tune
        // build) runs meanwhile.
        let all = crate::search::params::with(&[], || decisions(&w, &node, &moves));
        assert_eq!(all, ["skip quiets"; 3]);
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_negative_reduction_extends_a_ply_only_when_asked() {
        use crate::search::params::with;
        let bounded = |settings: &[(&str, i32)]| {
            with(settings, || {
                [
                    bounded_reduction(-3, 6),
                    bounded_reduction(2, 6),
                    bounded_reduction(9, 6),
                ]
            })
        };
        assert_eq!(bounded(&[]), [0, 2, 5]);
        assert_eq!(bounded(&[("LMR_EXTEND", 1)]), [-1, 2, 5]);
    }
}
