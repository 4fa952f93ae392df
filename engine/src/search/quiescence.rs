//! Quiescence: captures (and every evasion when in check) until the position is quiet.

use super::params::DELTA_MARGIN;
use super::*;

impl Worker {
    pub(super) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
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
        if let Some(h) = hit {
            if !pv_node && h.cuts(alpha, beta) {
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
        let mut picker = MovePicker::captures(hit.map_or(Move::NONE, |h| h.mv));
        let mut best_move = Move::NONE;
        let mut any = false;
        while let Some(m) = picker.next(&self.pos, &self.tables, ply) {
            any = true;
            if !in_check {
                let victim = see::value(self.pos.piece_on(m.to()).kind());
                // Delta pruning: even winning the piece cannot reach alpha.
                if self.sel.on(Feature::DeltaPruning)
                    && stand + victim + DELTA_MARGIN() < alpha
                    && !self.pos.gives_check(m)
                {
                    continue;
                }
                // Captures come best first: from the first losing one on, stop.
                if picker.last_was_losing_capture() {
                    break;
                }
            }
            self.prefetch_child(self.pos.key_after(m));
            self.pos.make_move(m);
            self.count_node();
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
        self.tt.store(key, best_move, best, 0, bound, ply as i32);
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
            w.qsearch(-100, 0, 1, false),
            stand,
            "standing pat, the table is not read"
        );
        // A window above the evaluation: the node searches on, and the table's
        // bound cuts it as before.
        assert_eq!(w.qsearch(stand + 100, stand + 200, 1, false), -500);
    }
}
