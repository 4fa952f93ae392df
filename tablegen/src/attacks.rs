//! The attack look-ups used by move generation, evaluation and the rules.
//!
//! INTERIM: these delegate to the slow reference generators; the generated
//! magic and leaper tables replace the bodies without changing the signatures.

use crate::bitboard::Bitboard;
use crate::reference;
use crate::types::{Color, Square};

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    reference::rook_attacks(sq, occ)
}
#[inline]
pub fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    reference::cannon_attacks(sq, occ)
}
#[inline]
pub fn horse_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    reference::horse_attacks(sq, occ)
}
/// Squares from which a horse attacks `sq`, given the occupancy (legs).
#[inline]
pub fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    reference::horse_attackers(sq, occ)
}
#[inline]
pub fn elephant_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    reference::elephant_attacks(sq, occ)
}
#[inline]
pub fn advisor_attacks(sq: Square) -> Bitboard {
    reference::advisor_attacks(sq)
}
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    reference::king_attacks(sq)
}
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    reference::pawn_attacks(color, sq)
}
/// Squares from which a pawn of `color` attacks `sq`.
#[inline]
pub fn pawn_attackers(color: Color, sq: Square) -> Bitboard {
    reference::pawn_attackers(color, sq)
}
/// Squares strictly between `a` and `b` on a rank or file; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    reference::between(a, b)
}
