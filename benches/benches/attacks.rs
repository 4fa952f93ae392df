//! Attack look-ups, layout against layout: ns per look-up over a fixed batch of
//! random (square, occupancy) pairs of middle-game density.
//!
//! Run: cargo bench -p chariot-benches --bench attacks -- --warm-up-time 1 --measurement-time 3
//! (build with RUSTFLAGS="-C target-feature=+bmi2" to add the PEXT layout).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tablegen::attacks;
use tablegen::generate::{CrossMagic, Slider, XorShift};
use tablegen::{reference, Bitboard, Color, Square, SQUARES};

const BATCH: usize = 1024;

/// A look-up under test, named.
type Case<'a> = (&'static str, &'a dyn Fn(Square, Bitboard) -> Bitboard);
type Lookup = fn(Square, Bitboard) -> Bitboard;

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

fn run(c: &mut Criterion, group: &str, cases: &[Case]) {
    let data = inputs();
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(BATCH as u64));
    for (name, f) in cases {
        g.bench_function(*name, |b| {
            b.iter(|| {
                let mut acc = 0u128;
                for &(sq, occ) in black_box(&data) {
                    acc ^= f(sq, occ).0;
                }
                acc
            })
        });
    }
    g.finish();
}

fn lines(c: &mut Criterion) {
    for slider in Slider::BOTH {
        let cross = CrossMagic::new(slider).expect("whole-cross magics exist");
        let (default, magic, slow): (Lookup, Lookup, Lookup) = match slider {
            Slider::Rook => (
                attacks::rook_attacks as Lookup,
                attacks::split_magic::rook_attacks as Lookup,
                reference::rook_attacks as Lookup,
            ),
            Slider::Cannon => (
                attacks::cannon_attacks as Lookup,
                attacks::split_magic::cannon_attacks as Lookup,
                reference::cannon_attacks as Lookup,
            ),
        };
        let whole = |sq, occ| cross.attacks(sq, occ);
        #[allow(unused_mut)]
        let mut cases: Vec<Case> = vec![
            ("default", &default),
            ("split_magic", &magic),
            ("whole_cross_magic", &whole),
            ("reference", &slow),
        ];
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        let pext: Lookup = match slider {
            Slider::Rook => attacks::split_pext::rook_attacks,
            Slider::Cannon => attacks::split_pext::cannon_attacks,
        };
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        cases.push(("split_pext", &pext));
        run(c, slider.name(), &cases);
    }
}

fn leapers(c: &mut Criterion) {
    let pawn = |sq, _| attacks::pawn_attacks(Color::Red, sq);
    let pawn_attackers = |sq, _| attacks::pawn_attackers(Color::Black, sq);
    let between = |sq: Square, occ: Bitboard| {
        let other = Square((occ.0 as u64 % SQUARES as u64) as u8);
        attacks::between(sq, other)
    };
    let king = |sq, _| attacks::king_attacks(sq);
    let cases: [Case; 9] = [
        ("horse", &attacks::horse_attacks),
        ("horse_reference", &reference::horse_attacks),
        ("horse_attackers", &attacks::horse_attackers),
        ("horse_attackers_reference", &reference::horse_attackers),
        ("elephant", &attacks::elephant_attacks),
        ("king", &king),
        ("pawn", &pawn),
        ("pawn_attackers", &pawn_attackers),
        ("between", &between),
    ];
    run(c, "steps", &cases);
}

criterion_group!(benches, lines, leapers);
criterion_main!(benches);
