//! Counts of what the search threads touch in shared memory, for the design
//! note on many threads (docs/threads.md): table probes and stores, reads of
//! the stop flag, publications of the node count, claims on a `nodes` limit;
//! and of the search tree's shape, for comparing its selectivity with other
//! engines' (docs/search.md): quiescence nodes, cut-offs and the moves they
//! took, null moves, check extensions, reductions and their re-searches.
//! Only a build with the `counters` feature counts; otherwise [`bump`] is
//! empty and compiles to nothing. Each thread counts in its own cells and adds
//! them to the totals once per search ([`flush`]), so counting shares nothing.

/// What is counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counter {
    /// A transposition-table probe: reads one 64-byte cluster others write.
    TtProbe,
    /// A transposition-table store: writes one entry of a shared cluster.
    TtStore,
    /// A prefetch of the cluster of a child position.
    TtPrefetch,
    /// A read of the stop flag.
    StopRead,
    /// A store of this thread's node count (its own cache line, read by the
    /// main thread for statistics and limits).
    NodesPublish,
    /// An atomic add on the shared claim of a `nodes` limit.
    NodesClaim,
    /// A node searched: a move made in the search (see `count_node`).
    Node,
    /// An entry to the quiescence search. Most are nodes entered by a move;
    /// razoring also looks at a position there that is counted as a node
    /// once.
    QNode,
    /// A move searched in the main search (not quiescence).
    MoveSearched,
    /// A move searched that gives check.
    CheckingMove,
    /// A check extended by a ply.
    CheckExtension,
    /// A main-search node that failed high (a beta cut-off by a move).
    Cutoff,
    /// ... on its first move searched.
    CutoffFirst,
    /// A null move tried.
    NullTry,
    /// ... that failed high.
    NullCut,
    /// A move searched with a late-move reduction of at least a ply.
    Reduced,
    /// ... that failed high and was searched again at full depth.
    Research,
}

pub const ALL: [Counter; 17] = [
    Counter::TtProbe,
    Counter::TtStore,
    Counter::TtPrefetch,
    Counter::StopRead,
    Counter::NodesPublish,
    Counter::NodesClaim,
    Counter::Node,
    Counter::QNode,
    Counter::MoveSearched,
    Counter::CheckingMove,
    Counter::CheckExtension,
    Counter::Cutoff,
    Counter::CutoffFirst,
    Counter::NullTry,
    Counter::NullCut,
    Counter::Reduced,
    Counter::Research,
];

impl Counter {
    /// Does it count the search tree's shape (from `QNode` on) rather than
    /// shared traffic?
    pub fn is_shape(self) -> bool {
        self as usize >= Counter::QNode as usize
    }
}

#[cfg(feature = "counters")]
mod imp {
    use super::{Counter, ALL};
    use std::cell::Cell;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    thread_local! {
        static LOCAL: [Cell<u64>; ALL.len()] = const { [const { Cell::new(0) }; ALL.len()] };
    }
    static TOTAL: [AtomicU64; ALL.len()] = [const { AtomicU64::new(0) }; ALL.len()];

    #[inline(always)]
    pub fn bump(c: Counter) {
        LOCAL.with(|l| l[c as usize].set(l[c as usize].get() + 1));
    }
    pub fn flush() {
        LOCAL.with(|l| {
            for (cell, total) in l.iter().zip(&TOTAL) {
                total.fetch_add(cell.replace(0), Relaxed);
            }
        });
    }
    pub fn take() -> [u64; ALL.len()] {
        std::array::from_fn(|i| TOTAL[i].swap(0, Relaxed))
    }
}

#[cfg(not(feature = "counters"))]
mod imp {
    use super::{Counter, ALL};
    #[inline(always)]
    pub fn bump(_: Counter) {}
    #[inline(always)]
    pub fn flush() {}
    pub fn take() -> [u64; ALL.len()] {
        [0; ALL.len()]
    }
}

/// Counts one event on this thread.
pub use imp::bump;
/// Adds this thread's counts to the totals (each search thread, once a search).
pub use imp::flush;
/// The totals since the last take, in the order of [`ALL`]; all zero without
/// the `counters` feature.
pub use imp::take;
