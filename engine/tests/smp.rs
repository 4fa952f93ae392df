//! The shared table under many threads, and Lazy SMP searches.

mod common;

use chariot::limits::Report;
use chariot::tt::{Bound, TranspositionTable};
use chariot::Engine;
use chariot_core::moves::Move;
use chariot_core::Position;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

#[test]
fn many_threads_hammering_a_small_table_never_read_a_mixed_entry() {
    // A small table and few keys, so that threads fight over the same
    // clusters and entries. Every field a store writes is a function of
    // the key's low bits (the part an entry checks; the cluster stands for
    // the rest), so a hit mixed from two stores shows as fields that
    // disagree with the probing key, even when another key with the same
    // low bits answers.
    let tt = Arc::new(TranspositionTable::new(1).unwrap());
    let hits = Arc::new(AtomicU64::new(0));
    let fields = |key: u64| {
        let low = key & 0x7ffff;
        let mv = Move(((low & 0x3fff) as u16).max(1));
        (mv, (low >> 5) as i32 - 8000, (low % 60) as i32)
    };
    std::thread::scope(|s| {
        for t in 0..8u64 {
            let tt = tt.clone();
            let hits = hits.clone();
            s.spawn(move || {
                let mut rng = common::Rng(0x9E37_79B9 + t * 7919);
                for _ in 0..50_000 {
                    let key = (rng.below(4000) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    if let Some(hit) = tt.probe(key, 0) {
                        hits.fetch_add(1, Ordering::Relaxed);
                        assert_eq!((hit.mv, hit.score, hit.depth), fields(key), "key {key:x}");
                    }
                    let (mv, score, depth) = fields(key);
                    tt.store(key, mv, score, depth, Bound::Exact, 0);
                }
            });
        }
    });
    assert!(hits.load(Ordering::Relaxed) > 100_000);
}

#[test]
fn lazy_smp_with_several_threads_returns_a_legal_move_and_counts_all_nodes() {
    let mut e = Engine::new();
    e.set_threads(4);
    let pos = Position::startpos();
    let (r, reports) = common::search(&mut e, &pos, common::depth(7));
    let last_nodes = reports
        .iter()
        .rev()
        .find_map(|r| match r {
            Report::Iteration(i) => Some(i.nodes),
            _ => None,
        })
        .unwrap_or(0);
    assert!(pos.is_legal(r.best.unwrap()));
    // The final count sums every thread, so it is at least the main thread's last report.
    assert!(r.nodes >= last_nodes, "{} < {}", r.nodes, last_nodes);
    assert!(e.nodes() >= r.nodes);
}

#[test]
fn one_thread_node_counts_are_deterministic() {
    let count = || {
        let mut out = Vec::new();
        let n = chariot::bench::run(&chariot::bench::BenchSetup::standard(8, 1, 3), &mut |l| {
            out.push(l)
        });
        (
            n,
            out.iter()
                .filter(|l| l.starts_with("position"))
                .map(|l| l.split(" time").next().unwrap().to_string())
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(count(), count());
}
