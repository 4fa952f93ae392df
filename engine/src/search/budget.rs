//! The node budget: counting nodes, polling the clock and the stop flag,
//! the `idle` option's pauses, and the periodic statistics.

use super::*;
use crate::counters::{self, Counter};

impl Worker {
    /// Called every POLL_INTERVAL nodes, and when the nodes this thread has
    /// taken of a `nodes` limit are used up: takes more, publishes the node
    /// count, checks the clock (main thread), honours `idle`, and notices a stop.
    #[cold]
    pub(super) fn poll(&mut self) {
        if self.nodes >= self.node_cap {
            self.claim_nodes();
            if self.nodes > self.node_cap {
                // The limit is spent and the stop is set: the position just
                // entered is left without a search, so it is no node.
                self.nodes = self.node_cap;
            }
        }
        self.next_poll = (self.nodes + POLL_INTERVAL).min(self.node_cap);
        counters::bump(Counter::NodesPublish);
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
        counters::bump(Counter::StopRead);
        if self.shared.stop.load(Relaxed) {
            self.stopped = true;
        }
    }

    /// UCCI `idle`: sleep a share of the time so the CPU stays partly free.
    pub(super) fn idle(&mut self) {
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

    pub(super) fn send_stats(&self) {
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
    pub(super) fn claim_nodes(&mut self) {
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
        counters::bump(Counter::NodesClaim);
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

    /// Counts a node: called as each move of the search is made (the root's,
    /// the main search's, quiescence's), so a null move, a re-search of the
    /// same move or a second look at the same node is no node. That is the
    /// count Stockfish and Pikafish-HCE keep, so nodes a second compare with
    /// theirs; counted at every entry to the search instead, the same tree
    /// came to 7.6% more nodes. One compare per node: `next_poll` is
    /// POLL_INTERVAL nodes after the last poll, or the end of this thread's
    /// share of a `nodes` limit if sooner.
    #[inline(always)]
    pub(super) fn count_node(&mut self) {
        counters::bump(Counter::Node);
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
    }
}
