//! Nanoseconds per evaluation at each knowledge level, over a fixed set of
//! middlegame positions from the opening and perft files in data/.
//! Each iteration evaluates every position once; criterion's throughput line
//! (elements per second) gives evaluations per second.
//!
//! `cargo bench -p chariot-benches --bench eval -- --warm-up-time 1 --measurement-time 3`

// The workspace's test helpers: the locator of data/ (see data/README.md).
#[path = "../../core/tests/common/mod.rs"]
mod common;

use chariot_core::Position;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nnue_free_eval::{evaluate, Knowledge};

fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for rel in ["openings/openings.epd", "perft/public.epd"] {
        for fen in common::epd_fens(rel) {
            let p = Position::from_fen(&fen)
                .unwrap_or_else(|e| panic!("bad FEN '{fen}' in {rel}: {e}"));
            // Middlegame positions only: most of the fighting pieces still on.
            if nnue_free_eval::phase(&p) >= 10 {
                out.push(p);
            }
        }
    }
    out
}

fn bench_eval(c: &mut Criterion) {
    let set = positions();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(set.len() as u64));
    for (name, k) in [
        ("none", Knowledge::None),
        ("small", Knowledge::Small),
        ("medium", Knowledge::Medium),
        ("large", Knowledge::Large),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for p in &set {
                    sum = sum.wrapping_add(evaluate(black_box(p), k));
                }
                sum
            })
        });
    }
    group.finish();
    eprintln!("eval bench: {} positions per iteration", set.len());
}

criterion_group!(benches, bench_eval);
criterion_main!(benches);
