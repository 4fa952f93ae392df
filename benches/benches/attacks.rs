//! Attack look-ups, layout against layout: ns per look-up over a fixed batch of
//! random (square, occupancy) pairs of middle-game density.
//!
//! Run: cargo bench -p chariot-benches --bench attacks -- --warm-up-time 1 --measurement-time 3
//! (build with RUSTFLAGS="-C target-feature=+bmi2" to add the PEXT layout).

use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput,
};
use tablegen::attacks;
use tablegen::generate::{CrossMagic, Slider, XorShift};
use tablegen::{reference, Bitboard, Color, Square, SQUARES};

const BATCH: usize = 1024;

/// Pairs of a square and an occupancy with about one square in four set
/// (a full board has 32 pieces on 90 squares).
fn inputs() -> Vec<(Square, Bitboard)> {
    let mut rng = XorShift::new(0xBE4C);
    (0..BATCH)
        .map(|_| {
            let sq = Square((rng.next_u64() % SQUARES as u64) as u8);
            (sq, rng.occupancy(2))
        })
        .collect()
}

/// One look-up over the batch; generic so that the look-up is inlined into the
/// loop as it is in the engine (no indirect call in the measurement).
fn case<F: Fn(Square, Bitboard) -> Bitboard>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    data: &[(Square, Bitboard)],
    name: &str,
    f: F,
) {
    g.bench_function(name, |b| {
        b.iter(|| {
            let mut acc = 0u128;
            for &(sq, occ) in black_box(data) {
                acc ^= f(sq, occ).0;
            }
            acc
        })
    });
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(BATCH as u64));
    g
}

fn lines(c: &mut Criterion) {
    let data = inputs();
    let rook_cross = CrossMagic::new(Slider::Rook).expect("whole-cross magics exist");
    let cannon_cross = CrossMagic::new(Slider::Cannon).expect("whole-cross magics exist");

    let mut g = group(c, "rook");
    case(&mut g, &data, "default", attacks::rook_attacks);
    case(
        &mut g,
        &data,
        "split_magic",
        attacks::split_magic::rook_attacks,
    );
    case(
        &mut g,
        &data,
        "split_square",
        attacks::split_square::rook_attacks,
    );
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    case(
        &mut g,
        &data,
        "split_pext",
        attacks::split_pext::rook_attacks,
    );
    case(&mut g, &data, "whole_cross_magic", |s, o| {
        rook_cross.attacks(s, o)
    });
    case(&mut g, &data, "reference", reference::rook_attacks);
    g.finish();

    let mut g = group(c, "cannon");
    case(&mut g, &data, "default", attacks::cannon_attacks);
    case(
        &mut g,
        &data,
        "split_magic",
        attacks::split_magic::cannon_attacks,
    );
    case(
        &mut g,
        &data,
        "split_square",
        attacks::split_square::cannon_attacks,
    );
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    case(
        &mut g,
        &data,
        "split_pext",
        attacks::split_pext::cannon_attacks,
    );
    case(&mut g, &data, "whole_cross_magic", |s, o| {
        cannon_cross.attacks(s, o)
    });
    case(&mut g, &data, "reference", reference::cannon_attacks);
    g.finish();
}

fn steps(c: &mut Criterion) {
    let data = inputs();
    let mut g = group(c, "steps");
    case(&mut g, &data, "horse", attacks::horse_attacks);
    case(&mut g, &data, "horse_reference", reference::horse_attacks);
    case(&mut g, &data, "horse_attackers", attacks::horse_attackers);
    case(&mut g, &data, "elephant", attacks::elephant_attacks);
    case(&mut g, &data, "advisor", |s, _| attacks::advisor_attacks(s));
    case(&mut g, &data, "king", |s, _| attacks::king_attacks(s));
    case(&mut g, &data, "pawn", |s, _| {
        attacks::pawn_attacks(Color::Red, s)
    });
    case(&mut g, &data, "pawn_attackers", |s, _| {
        attacks::pawn_attackers(Color::Black, s)
    });
    case(&mut g, &data, "between", |s, o| {
        attacks::between(s, Square((o.0 as u64 % SQUARES as u64) as u8))
    });
    g.finish();
}

criterion_group!(benches, lines, steps);
criterion_main!(benches);
