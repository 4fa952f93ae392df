//! `chariot bench`: a fixed set of positions searched to a fixed depth. With one
//! thread the total node count is a deterministic signature of the search.

use crate::limits::{Limits, Report};
use crate::threads::Engine;
use chariot_core::position::Position;
use crossbeam_channel::unbounded;
use std::time::Instant;

/// Start, openings, middlegames and endgames.
pub const BENCH_FENS: [&str; 30] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/NC2C4/8R/R1BAKABN1 b - - 0 1",
    "2bakabnr/r8/1cn4c1/p1p1p3p/6p2/9/P1P1P1P1P/1CN4C1/3R5/2BAKABNR w - - 0 1",
    "rnbakab1r/9/1c1c2n2/p1p1p1p1p/9/2P6/P3P1P1P/1CN4C1/9/R1BAKABNR w - - 0 1",
    "r1bakab1r/9/n3c1n2/p1p1p1p1p/7c1/9/P1P1P1P1P/3CB2CN/4A4/RNBAK3R w - - 0 1",
    "1rbakab1r/9/2n3nc1/p1p1p1p1p/9/6P2/PcP1P3P/C1N3NC1/9/1RBAKAB1R b - - 0 1",
    "rnbakab2/8r/1c2c1n2/p1p1p1pRp/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB2 b - - 0 1",
    "rnbakabnr/9/2c1c4/p1p1p1p1p/9/2C6/P1P1P1P1P/7C1/9/RNBAKABNR w - - 0 1",
    "r1bakabnr/9/1cn4c1/p3p1p1p/2p6/9/P1P1P1P1P/1C2C1N2/4A4/RNBAK1B1R b - - 0 1",
    "rnb1kabnr/4a4/1c5c1/p3p1p1p/2p6/9/P1P1P1P1P/1C2B1NC1/9/RNBAKA2R w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "rnbakab1r/9/1c1c2n2/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RNBAKA1R1 b - - 0 4",
    "1rbaka2r/9/2n1bcn2/p3p1p1p/2p6/6P2/PcP1P3P/N1C1C1N2/9/1RBAKABR1 w - - 0 8",
    "r1bakabr1/9/1cn3nc1/p3p2Rp/2p3p2/9/P1P1P1P1P/1CN1C1N2/R8/2BAKAB2 b - - 0 6",
    "r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 b - - 0 5",
    "r1bakabr1/9/1c4nc1/4p1p1p/pnp6/6P2/P1P1P3P/N1C1C1N2/9/R1BAKABR1 w - - 0 7",
    "2bakab2/r2r5/1cn1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/1CN1C1N2/9/R1BAKABR1 w - - 0 7",
    "rnbakabr1/9/4c1n2/p1p1p1p1p/9/6P2/P1P1P2cP/1C2C1N2/9/RNBAKABR1 w - - 0 5",
    "rnbaka1nr/9/1c2b1c2/p1p1p1p1p/9/6P2/P1P1P3P/4C2C1/9/RNBAKABNR w - - 0 3",
    "r1bakabnr/9/1cn4c1/p3p1p1p/2p6/6P2/P1P1P3P/1C4NC1/9/RNBAKAB1R w - - 0 3",
    "2bak4/4a4/4b4/p3p3p/2p3p2/9/P1P1P1P1P/4B4/4A4/2BAK4 w - - 0 1",
    "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1",
    "4k4/9/3a5/9/9/9/9/9/4A4/3RK4 w - - 0 1",
    "3k5/9/9/9/9/9/9/4B4/9/2BAKN3 w - - 0 1",
    "4kab2/4a4/4b4/9/9/6R2/9/9/4A4/3AK4 w - - 0 1",
    "2ba1k3/4a4/4b4/9/2p6/9/2N6/9/4A4/3AK4 w - - 0 1",
    "3k5/4a4/5a3/9/9/9/2C6/9/4A4/4K4 w - - 0 1",
    "4C4/4a4/b2ank2b/9/9/1RNR1crC1/3r1p3/3cKA3/4A4/4n4 w - - 0 1",
    "9/2Cca4/3k1C3/4P1p2/4N1b2/4R1r2/4c1n2/3p1n3/2rNK4/9 w - - 0 1",
    "3aka3/3P5/7R1/4r2C1/6C2/6R2/9/3p1n3/4p4/3K5 w - - 0 1",
];

pub const DEFAULT_DEPTH: u32 = 10;

/// Searches every bench position and writes one line each, then the totals.
/// Returns the total node count.
pub fn run(hash_mb: usize, threads: usize, depth: u32, out: &mut dyn FnMut(String)) -> u64 {
    let mut engine = Engine::new();
    if let Err(e) = engine.set_hash_mb(hash_mb) {
        out(format!("bench: {e}; keeping {} MB", engine.hash_mb()));
    }
    engine.set_threads(threads);
    engine.new_game();
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (i, fen) in BENCH_FENS.iter().enumerate() {
        let pos = Position::from_fen(fen).expect("bench FEN is valid");
        let (tx, rx) = unbounded();
        let t0 = Instant::now();
        engine.go(
            &pos,
            Limits {
                depth: Some(depth),
                ..Default::default()
            },
            tx,
        );
        let mut result = None;
        for r in rx.iter() {
            if let Report::Done(d) = r {
                result = Some(d);
                break;
            }
        }
        engine.wait();
        let r = result.unwrap_or_default();
        let nodes = engine.nodes();
        total_nodes += nodes;
        let best = r.best.map_or("none".to_string(), |m| m.to_string());
        out(format!(
            "position {:2}: bestmove {best} score {} nodes {nodes} time {} ms",
            i + 1,
            r.score,
            t0.elapsed().as_millis()
        ));
    }
    let secs = start.elapsed().as_secs_f64();
    out("===========================".to_string());
    out(format!("Total time (ms) : {}", (secs * 1000.0) as u64));
    out(format!("Nodes searched  : {total_nodes}"));
    out(format!(
        "Nodes/second    : {}",
        (total_nodes as f64 / secs.max(1e-3)) as u64
    ));
    total_nodes
}
