//! The search end to end: a fixed-depth search of the bench positions with one
//! thread (nodes per second is the figure that matters).
//!   cargo bench -p chariot-benches --bench search

use chariot::limits::{Limits, Report};
use chariot::Engine;
use chariot_core::Position;
use criterion::{criterion_group, criterion_main, Criterion};
use crossbeam_channel::unbounded;

fn search_to_depth(engine: &mut Engine, pos: &Position, depth: u32) -> u64 {
    let (tx, rx) = unbounded();
    engine.go(
        pos,
        Limits {
            depth: Some(depth),
            ..Default::default()
        },
        tx,
    );
    for r in rx.iter() {
        if matches!(r, Report::Done(_)) {
            break;
        }
    }
    engine.wait();
    engine.nodes()
}

fn bench_search(c: &mut Criterion) {
    let positions: Vec<Position> = chariot::bench::BENCH_FENS[..8]
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.bench_function("8 bench positions depth 7", |b| {
        let mut engine = Engine::new();
        b.iter(|| {
            engine.new_game();
            positions
                .iter()
                .map(|p| search_to_depth(&mut engine, p, 7))
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
