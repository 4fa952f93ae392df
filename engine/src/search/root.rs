//! Iterative deepening with aspiration windows, and the root of the tree:
//! the root moves, their order, MultiPV and the iteration reports.

use super::*;

/// Bounds of failed aspiration windows are shown only after this long.
const BOUND_REPORT_AFTER: Duration = Duration::from_secs(1);

/// What a root score says against its window: above beta a lower bound,
/// at or below alpha an upper bound, inside it nothing to report.
fn window_bound(score: i32, alpha: i32, beta: i32) -> Option<ScoreBound> {
    if score >= beta {
        Some(ScoreBound::Lower)
    } else if score <= alpha {
        Some(ScoreBound::Upper)
    } else {
        None
    }
}

impl Worker {
    /// Runs iterative deepening until a limit or a stop.
    pub fn iterative_deepening(&mut self) {
        if self.root_moves.is_empty() {
            return;
        }
        // The depth limit belongs to the main thread: helpers search on until
        // it ends the search, so no core idles while it finishes its last
        // iteration (the vote counts only completed depths either way).
        let deepest = MAX_PLY as u32 - 8;
        let max_depth = match self.setup.limits.depth {
            Some(d) if self.is_main() => d.min(deepest),
            _ => deepest,
        } as i32;
        // A weaker level searches its lines exactly to choose among them;
        // the GUI is shown the lines it asked for.
        let shown = self.setup.options.multipv;
        let searched = self
            .setup
            .options
            .handicap()
            .map_or(shown, |h| h.lines.max(shown));
        let (multipv, shown) = if self.is_main() {
            let n = self.root_moves.len();
            (searched.clamp(1, n), shown.clamp(1, n))
        } else {
            (1, 1)
        };
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
                let mut delta = params::ASPIRATION_DELTA();
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
                    if let Some(bound) = window_bound(score, alpha, beta) {
                        self.report_bound(depth as u32, pv_idx, bound);
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
            self.publish_ballot();
            // The root's own entry, for `probe` and the next search; not from an
            // interrupted iteration.
            let (best_move, best_score) = (self.root_moves[0].mv, self.root_moves[0].score);
            if best_score > -INFINITE && !interrupted {
                self.tt.store(
                    self.pos.key(),
                    best_move,
                    best_score,
                    depth,
                    Bound::Exact,
                    0,
                );
            }
            if self.is_main() {
                self.report_iteration(depth as u32, shown);
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
        crate::counters::bump(crate::counters::Counter::NodesPublish);
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
        crate::counters::flush();
    }

    pub(super) fn should_stop_after_iteration(&mut self, score: i32, prev_score: i32) -> bool {
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

    /// An aspiration window failed: once the search has run a second, the
    /// main thread shows the bound (UCI `lowerbound`/`upperbound`), so a GUI
    /// sees a long re-search as what it is rather than as silence.
    pub(super) fn report_bound(&self, depth: u32, pv_idx: usize, bound: ScoreBound) {
        if !self.is_main() || self.elapsed() < BOUND_REPORT_AFTER {
            return;
        }
        let Some(tx) = &self.setup.reports else {
            return;
        };
        let nodes = self.shared.total_nodes().max(self.nodes);
        let t = self.elapsed();
        let rm = &self.root_moves[pv_idx];
        let _ = tx.send(Report::Iteration(IterationInfo {
            depth,
            seldepth: rm.seldepth.max(depth),
            multipv: pv_idx + 1,
            score: rm.score,
            bound,
            nodes,
            nps: nps(nodes, t),
            time_ms: t.as_millis() as u64,
            hashfull: self.tt.hashfull(),
            pv: rm.pv.clone(),
            wdl: None,
        }));
    }

    pub(super) fn report_iteration(&self, depth: u32, multipv: usize) {
        let Some(tx) = &self.setup.reports else {
            return;
        };
        let nodes = self.shared.total_nodes().max(self.nodes);
        let t = self.elapsed();
        // A weaker level shows the line it will play first, so the GUI's
        // principal variation starts with the move it is about to see.
        let chosen = self.chosen_line();
        let shown =
            std::iter::once(chosen).chain((0..self.root_moves.len()).filter(|&i| i != chosen));
        for (i, rm) in shown.map(|i| &self.root_moves[i]).take(multipv).enumerate() {
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
                wdl: None,
            }));
        }
    }

    /// Bounded noise for a root move (the `randomness` option): deterministic for a seed.
    pub(super) fn root_noise(&self, m: Move) -> i32 {
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

    pub(super) fn search_root(&mut self, mut alpha: i32, beta: i32, depth: i32) -> i32 {
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
            let new_depth = depth - 1
                + i32::from(
                    gives_check
                        && depth >= super::params::CHECK_EXT_MIN_DEPTH()
                        && self.sel.on(Feature::CheckExtension),
                );
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_window_is_a_bound_and_an_exact_score_is_none() {
        assert_eq!(window_bound(50, 0, 40), Some(ScoreBound::Lower));
        assert_eq!(window_bound(40, 0, 40), Some(ScoreBound::Lower));
        assert_eq!(window_bound(-5, 0, 40), Some(ScoreBound::Upper));
        assert_eq!(window_bound(0, 0, 40), Some(ScoreBound::Upper));
        assert_eq!(window_bound(20, 0, 40), None);
    }

    /// One worker of a `go depth` search, searching on its own thread until
    /// `stop_after` passes; returns its completed depth.
    fn completed_depth_of(id: usize, depth: u32, stop_after: Duration) -> u32 {
        let tt = Arc::new(TranspositionTable::new(16).unwrap());
        let shared = Arc::new(Shared::new(2));
        let setup = Arc::new(SearchSetup {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            options: SearchOptions::default(),
            budget: None,
            reports: None,
            threads: 2,
        });
        let mut w = Worker::new(id, tt.clone(), shared.clone(), setup.clone());
        w.prepare(&Position::startpos(), tt, shared.clone(), setup);
        let searcher = std::thread::spawn(move || {
            w.iterative_deepening();
            w.completed_depth
        });
        std::thread::sleep(stop_after);
        shared.stop.store(true, Relaxed);
        searcher.join().unwrap()
    }

    #[test]
    fn the_depth_limit_binds_the_main_thread_and_helpers_search_until_the_stop() {
        let limit = 3;
        assert_eq!(
            completed_depth_of(0, limit, Duration::from_millis(300)),
            limit
        );
        // A helper passes the limit: it keeps its core busy until the main
        // thread ends the search.
        assert!(completed_depth_of(1, limit, Duration::from_millis(1000)) > limit);
    }
}
