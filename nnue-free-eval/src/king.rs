//! King safety: pressure on the palace, and missing advisors and elephants
//! weighed against the enemy pieces that exploit them.

use crate::masks::{count_narrow, pawn_attack_span, PALACE, PAWN_PALACE_REACH};
use crate::score::Score;
use crate::EvalBoard;
use tablegen::{Bitboard, Color, PieceKind};

/// Attack units per palace square a pawn attacks.
const PAWN_PALACE_UNITS: i32 = 3;
/// Danger grows with the square of the attack units, and more when several
/// pieces join in (a lone attacker rarely mates): multiplier by attacker count, /64.
const ATTACKER_WEIGHT: [i32; 5] = [0, 4, 6, 8, 9];
const MAX_DANGER: i32 = 150;

/// Extra worth of each advisor against each enemy rook, horse and cannon (the
/// advisors guard against rook and horse mates) and of each elephant (against
/// cannons, which need the elephant's squares for their screens and lines).
const ADVISOR_VS: [i32; 3] = [6, 5, 2];
const ELEPHANT_VS: [i32; 3] = [2, 2, 6];

/// Pressure of `attacker`'s pawns on the enemy palace: (units, pawns taking part).
#[inline(always)]
pub(crate) fn pawn_pressure(attacker: Color, pawns: Bitboard) -> (i32, i32) {
    let hits = count_narrow(pawn_attack_span(attacker, pawns) & PALACE[attacker.other().index()]);
    let near = count_narrow(pawns & PAWN_PALACE_REACH[attacker.index()]);
    (PAWN_PALACE_UNITS * hits, near)
}

/// King safety of `defender` (negative: a penalty), given the attack units on
/// its palace and how many enemy pieces take part.
#[inline(always)]
pub(crate) fn king_safety<B: EvalBoard>(
    b: &B,
    defender: Color,
    units: i32,
    attackers: i32,
) -> Score {
    let weight = ATTACKER_WEIGHT[attackers.clamp(0, 4) as usize];
    let danger = (units * units * weight / 64).min(MAX_DANGER);

    let attacker = defender.other();
    let rooks = b.pieces(attacker, PieceKind::Rook).count() as i32;
    let horses = b.pieces(attacker, PieceKind::Horse).count() as i32;
    let cannons = b.pieces(attacker, PieceKind::Cannon).count() as i32;
    let missing = |kind: PieceKind| (2 - b.pieces(defender, kind).count() as i32).max(0);
    let vs = |w: [i32; 3]| w[0] * rooks + w[1] * horses + w[2] * cannons;
    let exposure = missing(PieceKind::Advisor) * vs(ADVISOR_VS)
        + missing(PieceKind::Elephant) * vs(ELEPHANT_VS);

    Score::new(-(danger + exposure), -(danger / 4 + exposure))
}
