//! King safety: the king danger (pressure on the palace, see `danger`), and
//! missing advisors and elephants weighed against the enemy pieces that
//! exploit them.

use crate::danger::{danger, danger_score, DangerInputs, DANGER_WEIGHTS};
use crate::params::G;
use crate::score::Score;
use crate::trace::Trace;
use crate::weights::{ADVISOR_VS, ELEPHANT_VS};
use crate::EvalBoard;
use tablegen::{Color, PieceKind};

/// King safety of `defender` (negative: a penalty), given what the enemy
/// pressure on its palace is computed from.
#[inline(always)]
pub(crate) fn king_safety<B: EvalBoard, T: Trace>(
    b: &B,
    defender: Color,
    inputs: DangerInputs,
    t: &mut T,
) -> Score {
    let danger = danger_score(danger(&inputs, &DANGER_WEIGHTS));

    let attacker = defender.other();
    let rooks = b.pieces(attacker, PieceKind::Rook).count() as i32;
    let horses = b.pieces(attacker, PieceKind::Horse).count() as i32;
    let cannons = b.pieces(attacker, PieceKind::Cannon).count() as i32;
    let missing = |kind: PieceKind| (2 - b.pieces(defender, kind).count() as i32).max(0);
    let vs = |w: [Score; 3]| w[0] * rooks + w[1] * horses + w[2] * cannons;
    let (advisors, elephants) = (missing(PieceKind::Advisor), missing(PieceKind::Elephant));
    let exposure = vs(ADVISOR_VS) * advisors + vs(ELEPHANT_VS) * elephants;
    if T::COEFS {
        // The defender's penalty, so Red's view is negative for Red.
        let sign = if defender == Color::Red { -1 } else { 1 };
        for (i, n) in [rooks, horses, cannons].into_iter().enumerate() {
            t.coef(G::AdvisorVs.at(i), sign * advisors * n);
            t.coef(G::ElephantVs.at(i), sign * elephants * n);
        }
        t.king_danger(defender, inputs);
    }
    -danger - exposure
}
