//! Quiescence: captures (and every evasion when in check) until the position
//! is quiet; with `QS_CHECKS`, the first ply's quiet checks too.

use super::params::{DELTA_MARGIN, QS_CHECKS, QS_QUIET_EVASIONS};
use super::*;

impl Worker {
    /// `checks`: this is quiescence's first ply and quiet checks are tried
    /// here. Such a node's table entry has depth 0, one without them -1, so
    /// that a node with checks does not take a verdict reached without.
    pub(super) fn qsearch(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        checks: bool,
    ) -> i32 {
        self.pv_len[ply.min(MAX_PLY)] = ply.min(MAX_PLY);
        crate::counters::bump(crate::counters::Counter::QNode);
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
        let (_, _, stand) = self.evaluate_node(in_check);
        // Standing pat needs no table: the probe (a wait for memory) is
        // left to the nodes that search on.
        if !in_check && stand >= beta {
            return stand;
        }
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply as i32);
        let depth = if checks || QS_CHECKS() == 0 { 0 } else { -1 };
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth && h.cuts(alpha, beta) {
                return h.score;
            }
        }
        let stand = alpha_beta::refined(hit, stand, in_check);
        let mut best;
        if in_check {
            best = -INFINITE;
        } else {
            // Only a table bound that raised the evaluation reaches beta here.
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        let mut picker = if checks {
            MovePicker::captures_and_checks(tt_move)
        } else {
            MovePicker::captures(tt_move)
        };
        let mut best_move = Move::NONE;
        let mut any = false;
        let evasion_limit = QS_QUIET_EVASIONS();
        let mut quiet_evasions = 0;
        while let Some(m) = picker.next(&self.pos, &self.tables, ply) {
            any = true;
            // In check, quiet evasions (after the captures) only up to the
            // limit once the node is not lost (0: every one).
            if in_check && evasion_limit != 0 && !self.pos.is_capture(m) {
                if quiet_evasions >= evasion_limit && best > -DECISIVE_BOUND {
                    break;
                }
                quiet_evasions += 1;
            }
            if !in_check && self.pos.is_capture(m) {
                let victim = see::value(self.pos.piece_on(m.to()).kind());
                // Delta pruning: even winning the piece cannot reach alpha.
                if self.sel.on(Feature::DeltaPruning)
                    && stand + victim + DELTA_MARGIN() < alpha
                    && !self.pos.gives_check(m)
                {
                    continue;
                }
            }
            self.prefetch_child(self.pos.key_after(m));
            self.pos.make_move(m);
            self.count_node();
            let score = -self.qsearch(-beta, -alpha, ply + 1, pv_node, false);
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
            .store(key, best_move, best, depth, bound, ply as i32);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standing_pat_does_not_wait_for_the_table() {
        // Red is a rook up with nothing to capture: the evaluation stands pat.
        let mut w = Worker::for_test("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        let stand = w.eval();
        assert!(stand > 200, "a rook up: {stand}");
        // The table holds an upper bound far below: a cut for any window
        // above it, were the table read.
        let key = w.pos.key();
        w.tt.store(key, Move::NONE, -500, 0, Bound::Upper, 1);
        assert_eq!(
            w.qsearch(-100, 0, 1, false, false),
            stand,
            "standing pat, the table is not read"
        );
        // A window above the evaluation: the node searches on, and the table's
        // bound cuts it as before.
        assert_eq!(w.qsearch(stand + 100, stand + 200, 1, false, false), -500);
    }

    /// Red mates with the quiet Rb0-b9 (the rook on a8 holds rank 8); nothing
    /// can be captured.
    const QUIET_MATE: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";

    #[test]
    fn the_first_ply_sees_a_quiet_mating_check_only_when_asked() {
        let mut w = Worker::for_test(QUIET_MATE);
        let captures_only = w.qsearch(-INFINITE, INFINITE, 1, true, false);
        assert!(captures_only < MATE_BOUND, "{captures_only}");
        // Mated at ply 2, the child of the node at ply 1.
        assert_eq!(w.qsearch(-INFINITE, INFINITE, 1, true, true), MATE - 2);
        assert_eq!(w.pv[1][1].to_string(), "b0b9");
    }

    /// `QS_CHECKS` is on by default, so this runs in every build.
    #[test]
    fn a_node_with_checks_does_not_take_the_verdict_of_one_without() {
        let mut w = Worker::for_test(QUIET_MATE);
        let eval = w.eval();
        // Without checks: the evaluation fails low and is stored as an
        // upper bound, which would cut the same window.
        assert_eq!(w.qsearch(eval, eval + 1, 1, false, false), eval);
        // With checks the entry does not count: the mate is found.
        assert_eq!(w.qsearch(eval, eval + 1, 1, false, true), MATE - 2);
    }

    #[cfg(feature = "tune")]
    #[test]
    fn in_check_the_quiet_evasions_stop_at_the_limit() {
        // Black's king on e8 is checked by the rook on e4: Kd8, Kf8 and the
        // block Bc9-e7 are its three evasions, none a capture.
        let searched = |limit| {
            crate::search::params::with(&[("QS_QUIET_EVASIONS", limit)], || {
                let mut w = Worker::for_test("2b6/4k4/9/9/9/4R4/9/9/9/4K4 b - - 0 1");
                let v = w.qsearch(-INFINITE, INFINITE, 1, true, false);
                (w.nodes, v)
            })
        };
        let (all, v_all) = searched(0);
        let (one, v_one) = searched(1);
        assert!(one < all, "nodes: {one} with the limit, {all} without");
        assert!(
            v_one > -MATE_BOUND && v_all > -MATE_BOUND,
            "{v_one} {v_all}"
        );
    }
}
