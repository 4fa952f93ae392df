//! Nanoseconds per evaluation at each knowledge level, over a fixed set of
//! middlegame positions from the opening and perft files in data/.
//! Each iteration evaluates every position once; criterion's throughput line
//! (elements per second) gives evaluations per second.
//!
//! `cargo bench -p chariot-benches --bench eval -- --warm-up-time 1 --measurement-time 3`

use chariot_core::Position;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nnue_free_eval::{evaluate, Knowledge};
use std::path::Path;

fn positions() -> Vec<Position> {
    // The repository's data/ folder (see data/README.md).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut out = Vec::new();
    for rel in ["openings/openings.epd", "perft/public.epd"] {
        let path = dir.join(rel);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fen = line.split(';').next().unwrap_or("");
            let p =
                Position::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN '{fen}' in {rel}: {e}"));
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
