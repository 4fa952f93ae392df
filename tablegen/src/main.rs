//! `tablegen`: prints the size of every generated attack table and the time of
//! the magic search, then checks every look-up against the reference generators
//! (every occupancy subset of every mask). Exits non-zero on any mismatch.
//!
//! `tablegen --whole-cross` also builds the whole-cross magic layout at run time
//! and reports its size and search time (for the comparison in README.md).

use std::process::ExitCode;
use std::time::Instant;
use tablegen::attacks::{self, tables};
use tablegen::generate::{self, subsets, CrossMagic, Slider, XorShift};
use tablegen::{reference, Bitboard, Color, Square};

type Line = fn(Square, Bitboard) -> Bitboard;
/// A leaper: its name, the squares it depends on, the fast and the slow look-up.
type Leaper = (&'static str, fn(Square) -> u128, Line, Line);

/// Counts look-ups and remembers the first mismatches.
#[derive(Default)]
struct Checker {
    checked: u64,
    failed: u64,
}

impl Checker {
    fn compare(&mut self, what: &str, got: Bitboard, want: Bitboard, ctx: impl Fn() -> String) {
        self.checked += 1;
        if got != want {
            self.failed += 1;
            if self.failed <= 10 {
                eprintln!(
                    "MISMATCH {what} {}: got {:#x} want {:#x}",
                    ctx(),
                    got.0,
                    want.0
                );
            }
        }
    }
}

/// Every subset of `mask`, plus random occupancy outside it, which must not matter.
fn occupancies(mask: u128, rng: &mut XorShift) -> impl Iterator<Item = Bitboard> + '_ {
    subsets(mask).map(move |occ| Bitboard(occ | (rng.occupancy(2).0 & !mask)))
}

fn check_lines(c: &mut Checker, rng: &mut XorShift) {
    let mut layouts: Vec<(&str, Slider, Line)> = vec![
        ("rook", Slider::Rook, attacks::rook_attacks),
        ("cannon", Slider::Cannon, attacks::cannon_attacks),
        (
            "rook split_magic",
            Slider::Rook,
            attacks::split_magic::rook_attacks,
        ),
        (
            "cannon split_magic",
            Slider::Cannon,
            attacks::split_magic::cannon_attacks,
        ),
        (
            "rook split_square",
            Slider::Rook,
            attacks::split_square::rook_attacks,
        ),
        (
            "cannon split_square",
            Slider::Cannon,
            attacks::split_square::cannon_attacks,
        ),
    ];
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    layouts.extend([
        (
            "rook split_pext",
            Slider::Rook,
            attacks::split_pext::rook_attacks as Line,
        ),
        (
            "cannon split_pext",
            Slider::Cannon,
            attacks::split_pext::cannon_attacks as Line,
        ),
    ]);
    for (name, slider, fast) in layouts.drain(..) {
        let before = c.checked;
        for sq in Square::all() {
            // The square itself is in the mask: the rank and file indices include it.
            let mask = generate::cross_mask(sq) | (1u128 << sq.0);
            for occ in occupancies(mask, rng) {
                let want = slider.reference(sq, occ);
                c.compare(name, fast(sq, occ), want, || {
                    format!("{sq} occ {:#x}", occ.0)
                });
            }
        }
        println!("checked {name}: {} occupancies", c.checked - before);
    }
}

fn check_leapers(c: &mut Checker, rng: &mut XorShift) {
    let leapers: [Leaper; 3] = [
        (
            "horse",
            generate::horse_legs,
            attacks::horse_attacks,
            reference::horse_attacks,
        ),
        (
            "horse_attackers",
            generate::horse_attacker_legs,
            attacks::horse_attackers,
            reference::horse_attackers,
        ),
        (
            "elephant",
            generate::elephant_eyes,
            attacks::elephant_attacks,
            reference::elephant_attacks,
        ),
    ];
    for (name, mask_of, fast, slow) in leapers {
        let before = c.checked;
        for sq in Square::all() {
            let mask = mask_of(sq) | (1u128 << sq.0);
            for _ in 0..4 {
                for occ in occupancies(mask, rng) {
                    c.compare(name, fast(sq, occ), slow(sq, occ), || {
                        format!("{sq} occ {:#x}", occ.0)
                    });
                }
            }
        }
        println!("checked {name}: {} occupancies", c.checked - before);
    }
}

fn check_steps(c: &mut Checker) {
    let before = c.checked;
    for sq in Square::all() {
        let at = || format!("{sq}");
        c.compare(
            "advisor",
            attacks::advisor_attacks(sq),
            reference::advisor_attacks(sq),
            at,
        );
        c.compare(
            "king",
            attacks::king_attacks(sq),
            reference::king_attacks(sq),
            at,
        );
        for color in Color::BOTH {
            let at = || format!("{color:?} {sq}");
            c.compare(
                "pawn",
                attacks::pawn_attacks(color, sq),
                reference::pawn_attacks(color, sq),
                at,
            );
            c.compare(
                "pawn_attackers",
                attacks::pawn_attackers(color, sq),
                reference::pawn_attackers(color, sq),
                at,
            );
        }
        for b in Square::all() {
            c.compare(
                "between",
                attacks::between(sq, b),
                reference::between(sq, b),
                || format!("{sq} {b}"),
            );
        }
    }
    println!(
        "checked advisor, king, pawn, pawn_attackers, between: {} entries",
        c.checked - before
    );
}

fn whole_cross(c: &mut Checker, rng: &mut XorShift) -> Result<(), String> {
    for slider in Slider::BOTH {
        let start = Instant::now();
        let cross = CrossMagic::new(slider)?;
        let secs = start.elapsed().as_secs_f64();
        println!(
            "whole-cross {}: {} bytes, magic search and fill {secs:.2} s",
            slider.name(),
            cross.table_bytes()
        );
        for sq in Square::all() {
            for _ in 0..1000 {
                let occ = rng.occupancy(1 + (sq.0 as u32 % 3));
                c.compare(
                    "whole-cross",
                    cross.attacks(sq, occ),
                    slider.reference(sq, occ),
                    || format!("{} {sq} occ {:#x}", slider.name(), occ.0),
                );
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cross = match args.as_slice() {
        [] => false,
        [a] if a == "--whole-cross" => true,
        _ => {
            eprintln!("usage: tablegen [--whole-cross]");
            return ExitCode::from(2);
        }
    };

    println!("{:<24} {:>9}", "table", "bytes");
    for (name, bytes) in tables::TABLE_SIZES {
        println!("{name:<24} {bytes:>9}");
    }
    println!("{:<24} {:>9}", "total", attacks::table_bytes());
    println!(
        "{:<24} {:>9}",
        "default look-ups",
        attacks::default_table_bytes()
    );

    let start = Instant::now();
    let generated = generate::generate();
    let elapsed = start.elapsed();
    let t = match generated {
        Ok(t) => t,
        Err(msg) => {
            eprintln!("generation failed: {msg}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "magic search and table fill: {:.1} ms",
        elapsed.as_secs_f64() * 1000.0
    );
    // The search is seeded: a second run must find the magics compiled in.
    let same = t.rook.file_magic[..] == tables::ROOK_FILE_MAGIC[..]
        && t.cannon.file_magic[..] == tables::CANNON_FILE_MAGIC[..]
        && t.horse.magic[..] == tables::HORSE_MAGIC[..]
        && t.horse_attackers.magic[..] == tables::HORSE_ATTACKER_MAGIC[..]
        && t.elephant.magic[..] == tables::ELEPHANT_MAGIC[..]
        && t.rook_by_square.rank.squares[..] == tables::ROOK_SQ_RANK_MAGICS[..]
        && t.rook_by_square.file.squares[..] == tables::ROOK_SQ_FILE_MAGICS[..]
        && t.cannon_by_square.rank.squares[..] == tables::CANNON_SQ_RANK_MAGICS[..]
        && t.cannon_by_square.file.squares[..] == tables::CANNON_SQ_FILE_MAGICS[..];
    println!(
        "deterministic (same magics as the build): {}",
        if same { "yes" } else { "NO" }
    );

    let mut c = Checker::default();
    let mut rng = XorShift::new(0x5EED);
    let start = Instant::now();
    check_lines(&mut c, &mut rng);
    check_leapers(&mut c, &mut rng);
    check_steps(&mut c);
    if cross {
        if let Err(msg) = whole_cross(&mut c, &mut rng) {
            eprintln!("{msg}");
            return ExitCode::FAILURE;
        }
    }
    println!(
        "{} look-ups checked in {:.2} s, {} mismatches",
        c.checked,
        start.elapsed().as_secs_f64(),
        c.failed
    );
    if c.failed == 0 && same {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
