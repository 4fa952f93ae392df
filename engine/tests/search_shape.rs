//! The counters of the search tree's shape (the `counters` feature) count
//! what they say: every node once, each event no more often than what it is
//! a part of. Run with `cargo test -p chariot --features counters --test search_shape`.
#![cfg(feature = "counters")]

use chariot::counters::{self, Counter};

#[test]
fn shape_counters_are_consistent_with_the_bench_search() {
    counters::take();
    let report = chariot::bench::measure(
        &chariot::bench::BenchSetup::standard(16, 1, 7),
        &mut |_, _| {},
        &mut |_| {},
    );
    let c = counters::take();
    let n = |k: Counter| c[k as usize];
    assert_eq!(n(Counter::Node), report.nodes, "every node counted once");
    let parts = [
        (Counter::QNode, Counter::Node),
        (Counter::CheckingMove, Counter::MoveSearched),
        (Counter::CheckExtension, Counter::CheckingMove),
        (Counter::CutoffFirst, Counter::Cutoff),
        (Counter::Cutoff, Counter::MoveSearched),
        (Counter::NullCut, Counter::NullTry),
        (Counter::Research, Counter::Reduced),
        (Counter::Reduced, Counter::MoveSearched),
    ];
    for (part, whole) in parts {
        assert!(n(part) > 0, "{part:?} never counted");
        assert!(
            n(part) <= n(whole),
            "{part:?} {} > {whole:?} {}",
            n(part),
            n(whole)
        );
    }
}
