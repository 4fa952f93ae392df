//! The shared table under many threads, and Lazy SMP searches.

mod common;

use chariot::limits::Report;
use chariot::tt::{Bound, TranspositionTable};
use chariot::Engine;
use chariot_core::Position;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

#[test]
fn many_threads_hammering_a_small_table_never_read_a_wrong_move() {
    // A small table so that threads fight over the same clusters.
    let tt = Arc::new(TranspositionTable::new(1).unwrap());
    let hits = Arc::new(AtomicU64::new(0));
    let fens = common::sample_fens();
    std::thread::scope(|s| {
        for t in 0..8u64 {
            let tt = tt.clone();
            let hits = hits.clone();
            let fens = fens.clone();
            s.spawn(move || {
                let mut rng = common::Rng(0x9E37_79B9 + t * 7919);
                for round in 0..60 {
                    let mut pos =
                        Position::from_fen(&fens[(round + t as usize) % fens.len()]).unwrap();
                    for ply in 0..40 {
                        let moves = pos.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        if let Some(hit) = tt.probe(pos.key(), 0) {
                            hits.fetch_add(1, Ordering::Relaxed);
                            assert!(
                                hit.mv.is_none() || pos.is_legal(hit.mv),
                                "table gave {} for {}",
                                hit.mv,
                                pos.fen()
                            );
                        }
                        let m = rng.pick(moves.as_slice());
                        tt.store(pos.key(), m, ply, ply % 20, Bound::Exact, 0);
                        pos.make_move(m);
                    }
                }
            });
        }
    });
    // The same openings recur, so positions are found again.
    assert!(hits.load(Ordering::Relaxed) > 100);
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
