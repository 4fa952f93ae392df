//! The attack look-ups used by move generation, evaluation and the rules.
//!
//! Every look-up reads static tables that build.rs generated (see
//! src/generate.rs): nothing is computed at start-up and nothing allocates.
//! Rook and cannon split their cross into the rank (a shift and a small table)
//! and the file (moved to file a, folded to 64 bits and indexed by a magic
//! multiply, or by PEXT where BMI2 is compiled in).

use crate::bitboard::Bitboard;
use crate::generate::{file_key, file_magic_index, masked_index, rank_index, LEAPER_BITS};
use crate::types::{Color, Square, FILES};

/// The generated statics (emitted by build.rs into OUT_DIR).
pub mod tables {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

use tables::*;

/// Rank+file split, the file indexed by a magic multiply: runs everywhere.
pub mod split_magic {
    use super::*;

    #[inline(always)]
    fn line(
        rank_table: &[[u16; 128]; 9],
        magics: &[u64; 10],
        file_table: &[[u128; 256]; 10],
        sq: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let (rank, file) = (sq.rank(), sq.file());
        let along_rank = u128::from(rank_table[file][rank_index(occ.0, rank)]) << (rank * FILES);
        let idx = file_magic_index(file_key(occ.0, file), magics[rank]);
        Bitboard(along_rank | (file_table[rank][idx] << file))
    }

    #[inline]
    pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
        line(&ROOK_RANK, &ROOK_FILE_MAGIC, &ROOK_FILE, sq, occ)
    }
    #[inline]
    pub fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
        line(&CANNON_RANK, &CANNON_FILE_MAGIC, &CANNON_FILE, sq, occ)
    }
}

/// Rank+file split, the file indexed by PEXT (only where BMI2 is compiled in).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub mod split_pext {
    use super::*;
    use crate::generate::FOLDED_FILE_A_INNER;

    #[inline(always)]
    fn line(
        rank_table: &[[u16; 128]; 9],
        file_table: &[[u128; 256]; 10],
        sq: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let (rank, file) = (sq.rank(), sq.file());
        let along_rank = u128::from(rank_table[file][rank_index(occ.0, rank)]) << (rank * FILES);
        // SAFETY: the cfg above guarantees the CPU feature this intrinsic needs.
        let idx = unsafe {
            core::arch::x86_64::_pext_u64(file_key(occ.0, file), FOLDED_FILE_A_INNER) as usize
        };
        Bitboard(along_rank | (file_table[rank][idx & 0xFF] << file))
    }

    #[inline]
    pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
        line(&ROOK_RANK, &ROOK_FILE_PEXT, sq, occ)
    }
    #[inline]
    pub fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
        line(&CANNON_RANK, &CANNON_FILE_PEXT, sq, occ)
    }
}

/// Rank+file split with a mask, a magic and a variable-size table per square
/// for each part: no variable shifts.
pub mod split_square {
    use super::*;
    use crate::generate::SquareMagic;

    #[inline(always)]
    fn line(
        rank: &[SquareMagic; 90],
        rank_table: &[u128],
        file: &[SquareMagic; 90],
        file_table: &[u128],
        sq: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let s = sq.index();
        Bitboard(rank_table[rank[s].index(occ.0)] | file_table[file[s].index(occ.0)])
    }

    #[inline]
    pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
        line(
            &ROOK_SQ_RANK_MAGICS,
            &ROOK_SQ_RANK_TABLE,
            &ROOK_SQ_FILE_MAGICS,
            &ROOK_SQ_FILE_TABLE,
            sq,
            occ,
        )
    }
    #[inline]
    pub fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
        line(
            &CANNON_SQ_RANK_MAGICS,
            &CANNON_SQ_RANK_TABLE,
            &CANNON_SQ_FILE_MAGICS,
            &CANNON_SQ_FILE_TABLE,
            sq,
            occ,
        )
    }
}

/// The layout behind `rook_attacks` and `cannon_attacks`.
use split_square as default_layout;

/// Rook: every square along each line up to and including the first piece.
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    default_layout::rook_attacks(sq, occ)
}
/// Cannon captures: beyond exactly one screen, up to and including the next piece.
#[inline]
pub fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    default_layout::cannon_attacks(sq, occ)
}

#[inline(always)]
fn leaper(
    masks: &[u128; 90],
    magics: &[u64; 90],
    table: &[[u128; 16]; 90],
    sq: Square,
    occ: Bitboard,
) -> Bitboard {
    let s = sq.index();
    Bitboard(table[s][masked_index(occ.0, masks[s], magics[s], LEAPER_BITS)])
}

/// Horse jumps whose leg is empty.
#[inline]
pub fn horse_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    leaper(&HORSE_MASK, &HORSE_MAGIC, &HORSE_TABLE, sq, occ)
}
/// Squares from which a horse attacks `sq`, given the occupancy (legs).
#[inline]
pub fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    leaper(
        &HORSE_ATTACKER_MASK,
        &HORSE_ATTACKER_MAGIC,
        &HORSE_ATTACKER_TABLE,
        sq,
        occ,
    )
}
/// Elephant steps whose eye is empty, never across the river.
#[inline]
pub fn elephant_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    leaper(&ELEPHANT_MASK, &ELEPHANT_MAGIC, &ELEPHANT_TABLE, sq, occ)
}
#[inline]
pub fn advisor_attacks(sq: Square) -> Bitboard {
    Bitboard(ADVISOR[sq.index()])
}
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}
/// Squares from which a pawn of `color` attacks `sq`.
#[inline]
pub fn pawn_attackers(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKERS[color.index()][sq.index()])
}
/// Squares strictly between `a` and `b` on a rank or file; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// Tables of the `split_magic` and `split_pext` layouts, which only the benches
/// and the checker use (the linker drops them from the engine).
pub const ALTERNATIVE_LAYOUT_TABLES: [&str; 8] = [
    "ROOK_RANK",
    "ROOK_FILE_MAGIC",
    "ROOK_FILE",
    "ROOK_FILE_PEXT",
    "CANNON_RANK",
    "CANNON_FILE_MAGIC",
    "CANNON_FILE",
    "CANNON_FILE_PEXT",
];

/// Total bytes of the generated tables.
pub fn table_bytes() -> usize {
    TABLE_SIZES.iter().map(|&(_, b)| b).sum()
}

/// Bytes of the tables behind the default look-ups.
pub fn default_table_bytes() -> usize {
    TABLE_SIZES
        .iter()
        .filter(|(name, _)| !ALTERNATIVE_LAYOUT_TABLES.contains(name))
        .map(|&(_, b)| b)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::XorShift;
    use crate::reference;

    /// Random occupancies of several densities, with and without the square itself.
    fn occupancies(seed: u64) -> impl Iterator<Item = Bitboard> {
        let mut rng = XorShift::new(seed);
        (0..600).map(move |i| rng.occupancy(1 + i % 4))
    }

    fn check_lines(
        name: &str,
        fast: fn(Square, Bitboard) -> Bitboard,
        slow: fn(Square, Bitboard) -> Bitboard,
    ) {
        for sq in Square::all() {
            for occ in occupancies(0xC0FFEE ^ sq.0 as u64) {
                for o in [occ, occ | sq, occ ^ Bitboard::ALL] {
                    assert_eq!(fast(sq, o), slow(sq, o), "{name} on {sq} with {o:?}");
                }
            }
        }
    }

    #[test]
    fn rook_matches_reference() {
        check_lines("rook", rook_attacks, reference::rook_attacks);
        check_lines(
            "rook (magic)",
            split_magic::rook_attacks,
            reference::rook_attacks,
        );
    }

    #[test]
    fn cannon_matches_reference() {
        check_lines("cannon", cannon_attacks, reference::cannon_attacks);
        check_lines(
            "cannon (square)",
            split_square::cannon_attacks,
            reference::cannon_attacks,
        );
        check_lines(
            "cannon (magic)",
            split_magic::cannon_attacks,
            reference::cannon_attacks,
        );
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[test]
    fn pext_layout_matches_reference() {
        check_lines(
            "rook (pext)",
            split_pext::rook_attacks,
            reference::rook_attacks,
        );
        check_lines(
            "cannon (pext)",
            split_pext::cannon_attacks,
            reference::cannon_attacks,
        );
    }

    #[test]
    fn leapers_match_reference() {
        check_lines("horse", horse_attacks, reference::horse_attacks);
        check_lines(
            "horse attackers",
            horse_attackers,
            reference::horse_attackers,
        );
        check_lines("elephant", elephant_attacks, reference::elephant_attacks);
    }

    #[test]
    fn steps_and_lines_match_reference() {
        for sq in Square::all() {
            assert_eq!(
                advisor_attacks(sq),
                reference::advisor_attacks(sq),
                "advisor {sq}"
            );
            assert_eq!(king_attacks(sq), reference::king_attacks(sq), "king {sq}");
            for c in Color::BOTH {
                assert_eq!(
                    pawn_attacks(c, sq),
                    reference::pawn_attacks(c, sq),
                    "pawn {c:?} {sq}"
                );
                assert_eq!(
                    pawn_attackers(c, sq),
                    reference::pawn_attackers(c, sq),
                    "pawn attackers {c:?} {sq}"
                );
            }
            for b in Square::all() {
                assert_eq!(
                    between(sq, b),
                    reference::between(sq, b),
                    "between {sq} {b}"
                );
            }
        }
    }

    #[test]
    fn known_positions() {
        // A rook on e4 on an empty board sees its whole cross: 8 + 9 squares.
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(rook_attacks(e4, Bitboard::EMPTY).count(), 17);
        // A cannon with no screen attacks nothing.
        assert!(cannon_attacks(e4, Bitboard::EMPTY).is_empty());
        // Screen on e6, targets e7 (empty) and e8 (occupied, stops): e9 is not attacked.
        let occ = Bitboard::EMPTY | Square::parse("e6").unwrap() | Square::parse("e8").unwrap();
        let want = Bitboard::EMPTY | Square::parse("e7").unwrap() | Square::parse("e8").unwrap();
        assert_eq!(cannon_attacks(e4, occ), want);
    }

    #[test]
    fn generation_is_deterministic_and_matches_the_statics() {
        let t = crate::generate::generate().expect("generation succeeds");
        assert_eq!(t.rook.file_magic.as_slice(), &ROOK_FILE_MAGIC[..]);
        assert_eq!(t.cannon.file_magic.as_slice(), &CANNON_FILE_MAGIC[..]);
        assert_eq!(t.horse.magic.as_slice(), &HORSE_MAGIC[..]);
        assert_eq!(t.elephant.magic.as_slice(), &ELEPHANT_MAGIC[..]);
        assert_eq!(t.rook.file_by_magic.as_slice(), &ROOK_FILE[..]);
        assert_eq!(
            t.rook_by_square.rank.squares.as_slice(),
            &ROOK_SQ_RANK_MAGICS[..]
        );
        assert_eq!(
            t.cannon_by_square.file.squares.as_slice(),
            &CANNON_SQ_FILE_MAGICS[..]
        );
        assert_eq!(
            t.cannon_by_square.file.table.as_slice(),
            &CANNON_SQ_FILE_TABLE[..]
        );
    }

    #[test]
    fn every_alternative_table_exists() {
        for name in ALTERNATIVE_LAYOUT_TABLES {
            assert!(TABLE_SIZES.iter().any(|&(n, _)| n == name), "{name}");
        }
        assert!(default_table_bytes() < table_bytes());
    }
}
