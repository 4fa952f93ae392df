//! Perft: counting the leaves of the legal move tree, the move generator's test.

use crate::moves::Move;
use crate::position::Position;
use rayon::prelude::*;
use std::time::Instant;

/// Leaf count at `depth`, counting the last ply in bulk.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves.iter() {
        pos.make_move(m);
        n += perft(pos, depth - 1);
        pos.unmake_move();
    }
    n
}

/// Counts under each root move; split over `threads` workers when more than one.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().collect();
    let count = |m: &Move| {
        let mut p = pos.clone();
        p.make_move(*m);
        (*m, perft(&mut p, depth.saturating_sub(1)))
    };
    if threads <= 1 || depth <= 2 {
        moves.iter().map(count).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        pool.install(|| moves.par_iter().map(count).collect())
    }
}

/// Runs a perft and writes the report: each root move with its count, then the
/// total, the time and the speed.
pub fn report(pos: &Position, depth: u32, threads: usize, out: &mut dyn FnMut(String)) -> u64 {
    let start = Instant::now();
    let counts = if depth == 0 {
        Vec::new()
    } else {
        divide(pos, depth, threads)
    };
    let elapsed = start.elapsed();
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|c| c.1).sum()
    };
    for (m, n) in &counts {
        out(format!("{m}: {n}"));
    }
    let ms = elapsed.as_secs_f64() * 1000.0;
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out(format!("total {total} time {ms:.0} ms nps {nps}"));
    total
}
