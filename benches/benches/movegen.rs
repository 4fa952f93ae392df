//! Move generation hot paths: perft from the start and from a middlegame,
//! legal move generation, and make/unmake.
//!   cargo bench -p chariot-benches --bench movegen

use chariot_core::perft::perft;
use chariot_core::Position;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const MIDDLEGAME: &str =
    "r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 b - - 0 5";

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    g.bench_function("start depth 4", |b| {
        let mut pos = Position::startpos();
        b.iter(|| assert_eq!(perft(&mut pos, 4), 3_290_240))
    });
    g.bench_function("middlegame depth 4", |b| {
        let mut pos = Position::from_fen(MIDDLEGAME).unwrap();
        b.iter(|| assert_eq!(perft(&mut pos, 4), 1_796_521))
    });
    g.finish();
}

fn bench_generation(c: &mut Criterion) {
    let start = Position::startpos();
    let middle = Position::from_fen(MIDDLEGAME).unwrap();
    c.bench_function("legal_moves start", |b| {
        b.iter(|| black_box(&start).legal_moves().len())
    });
    c.bench_function("legal_moves middlegame", |b| {
        b.iter(|| black_box(&middle).legal_moves().len())
    });
    c.bench_function("legal_captures middlegame", |b| {
        b.iter(|| black_box(&middle).legal_captures().len())
    });
    c.bench_function("make+unmake middlegame (all moves)", |b| {
        let mut pos = middle.clone();
        let moves = pos.legal_moves();
        b.iter(|| {
            for m in moves.iter() {
                pos.make_move(m);
                pos.unmake_move();
            }
        })
    });
}

criterion_group!(benches, bench_perft, bench_generation);
criterion_main!(benches);
