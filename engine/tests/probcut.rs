//! ProbCut, off by default, switched on through the tune build's search
//! parameters: it changes the tree, and the composed mates are still found. Run with
//! `cargo test -p chariot --features tune --test probcut`. One test, since the
//! parameters are global to the process.
#![cfg(feature = "tune")]

use chariot::limits::{Limits, Report, MATE_BOUND};
use chariot::search::params;
use chariot::Engine;
use chariot_core::Position;
use crossbeam_channel::unbounded;

/// The best move and score of a search of `fen` to `depth`.
fn best(fen: &str, depth: u32) -> (String, i32) {
    let mut engine = Engine::new();
    let pos = Position::from_fen(fen).unwrap();
    let (tx, rx) = unbounded();
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    engine.go(&pos, limits, tx);
    for r in rx.iter() {
        if let Report::Done(d) = r {
            engine.wait();
            return (d.best.expect("a move").to_string(), d.score);
        }
    }
    panic!("search ended without a result");
}

fn bench_nodes(depth: u32) -> u64 {
    chariot::bench::measure(16, 1, depth, &mut |_, _| {}, &mut |_| {}).nodes
}

#[test]
fn probcut_changes_the_tree_and_keeps_the_composed_mates() {
    assert_eq!(params::get("PROBCUT_MIN_DEPTH"), Some(0), "off by default");
    let off = bench_nodes(7);
    params::set("PROBCUT_MIN_DEPTH", 5).unwrap();
    let on = bench_nodes(7);
    // It fires: the tree changes (on the bench positions 6% smaller at
    // depth 11, 3% larger at depth 9, where its own searches cost more than
    // they cut).
    assert_ne!(on, off, "ProbCut on and off searched the same tree");
    // data/tactics/composed-14.epd: mates in 5 and 7 plies.
    for (fen, bm) in [
        (
            "9/2Cca4/3k1C3/4P1p2/4N1b2/4R1r2/4c1n2/3p1n3/2rNK4/9 w - - 0 1",
            "e6d6",
        ),
        ("9/9/3a1k3/9/1N5N1/4R4/1n5r1/9/3K1p3/9 w - - 0 1", "b5d6"),
        (
            "9/9/5k1N1/4p1P1p/3P1C1C1/2N1r1r2/9/3ABK3/2ncpp3/1pBAc4 w - - 0 1",
            "h7f6",
        ),
    ] {
        let (m, score) = best(fen, 10);
        assert_eq!(m, bm, "{fen}");
        assert!(score >= MATE_BOUND, "{fen}: score {score}");
    }
    params::set("PROBCUT_MIN_DEPTH", 0).unwrap();
    assert_eq!(bench_nodes(7), off, "off again, the same search");
}
