//! King safety: pressure on the palace, and missing advisors and elephants
//! weighed against the enemy pieces that exploit them.

use crate::masks::{count_narrow, pawn_attack_span, PALACE, PAWN_PALACE_REACH};
use crate::params::G;
use crate::score::Score;
use crate::trace::Trace;
use crate::weights::{ADVISOR_VS, ATTACKER_WEIGHT, ELEPHANT_VS, MAX_DANGER, PAWN_PALACE_UNITS};
use crate::EvalBoard;
use tablegen::{Bitboard, Color, PieceKind};

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
pub(crate) fn king_safety<B: EvalBoard, T: Trace>(
    b: &B,
    defender: Color,
    units: i32,
    attackers: i32,
    t: &mut T,
) -> Score {
    let weight = ATTACKER_WEIGHT[attackers.clamp(0, 4) as usize];
    let danger = (units * units * weight / 64).min(MAX_DANGER);

    let attacker = defender.other();
    let rooks = b.pieces(attacker, PieceKind::Rook).count() as i32;
    let horses = b.pieces(attacker, PieceKind::Horse).count() as i32;
    let cannons = b.pieces(attacker, PieceKind::Cannon).count() as i32;
    let missing = |kind: PieceKind| (2 - b.pieces(defender, kind).count() as i32).max(0);
    let vs = |w: [Score; 3]| w[0] * rooks + w[1] * horses + w[2] * cannons;
    let (advisors, elephants) = (missing(PieceKind::Advisor), missing(PieceKind::Elephant));
    let exposure = vs(ADVISOR_VS) * advisors + vs(ELEPHANT_VS) * elephants;
    let danger = Score::new(-danger, -danger / 4);
    if T::COEFS {
        // The defender's penalty, so Red's view is negative for Red.
        let sign = if defender == Color::Red { -1 } else { 1 };
        for (i, n) in [rooks, horses, cannons].into_iter().enumerate() {
            t.coef(G::AdvisorVs.at(i), sign * advisors * n);
            t.coef(G::ElephantVs.at(i), sign * elephants * n);
        }
        t.fixed(danger * -sign);
    }
    danger - exposure
}
