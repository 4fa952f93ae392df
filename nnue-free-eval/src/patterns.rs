//! Structural patterns of the largest knowledge level that need no attack
//! look-ups (or one, rarely): the horse in the palace centre, a full set of
//! defenders, crossed and connected pawns, and attackers massed on one wing.

use crate::masks::{count_narrow, BACK_RANK, FILE, NOT_FILE_I, OWN_HALF, PALACE_CENTRE, WINGS};
use crate::params::G;
use crate::score::Score;
use crate::trace::Trace;
use crate::weights::{
    CONNECTED_PAWNS, CROSSED_PAWNS, CROSSED_PAWN_VS_MISSING, FULL_DEFENCE, PALACE_HORSE,
    PALACE_HORSE_PINNED, WING_ATTACK,
};

/// Whether the crossed-pawn table is weighed (skipped in play while unfitted).
const CROSSED_PAWNS_FITTED: bool = crate::score::any_set(&CROSSED_PAWNS);
use crate::EvalBoard;
use tablegen::attacks::cannon_attacks;
use tablegen::{Bitboard, Color, PieceKind, Square};

#[derive(Copy, Clone, Default)]
pub(crate) struct PatternTerms {
    pub palace_horse: Score,
    pub full_defence: Score,
    pub crossed_pawns: Score,
    pub connected_pawns: Score,
    pub wing_attack: Score,
}

/// The patterns of side `us`, from its own point of view.
#[inline(always)]
pub(crate) fn pattern_terms<B: EvalBoard, T: Trace>(
    b: &B,
    us: Color,
    occ: Bitboard,
    t: &mut T,
) -> PatternTerms {
    let them = us.other();
    // Coefficients are Red's view.
    let sign = if us == Color::Red { 1 } else { -1 };
    let mut out = PatternTerms::default();

    let centre = PALACE_CENTRE[us.index()];
    if b.pieces(us, PieceKind::Horse).has(centre) {
        out.palace_horse = PALACE_HORSE;
        if T::COEFS {
            t.coef(G::PalaceHorse.at(0), sign);
        }
        let home = Square::new(4, if us == Color::Red { 0 } else { 9 });
        if b.pieces(us, PieceKind::King).has(home) {
            let pinning = cannon_attacks(centre, occ) & b.pieces(them, PieceKind::Cannon) & FILE[4];
            if pinning.any() {
                out.palace_horse += PALACE_HORSE_PINNED;
                if T::COEFS {
                    t.coef(G::PalaceHorsePinned.at(0), sign);
                }
            }
        }
    }

    if b.pieces(us, PieceKind::Advisor).more_than_one()
        && b.pieces(us, PieceKind::Elephant).more_than_one()
    {
        out.full_defence = FULL_DEFENCE;
        if T::COEFS {
            t.coef(G::FullDefence.at(0), sign);
        }
    }

    let enemy_half = OWN_HALF[them.index()];
    let pawns = b.pieces(us, PieceKind::Pawn);
    let crossed = pawns & enemy_half;
    let live = crossed & !BACK_RANK[them.index()];
    let defenders = b.pieces(them, PieceKind::Advisor).count() as i32
        + b.pieces(them, PieceKind::Elephant).count() as i32;
    if T::COEFS || CROSSED_PAWNS_FITTED {
        // How many pawns have crossed, against how many advisors guard:
        // the first ones are worth most, and more where advisors are gone.
        let advisors = (b.pieces(them, PieceKind::Advisor).count() as usize).min(2);
        let at = advisors * 6 + (count_narrow(crossed) as usize).min(5);
        out.crossed_pawns += CROSSED_PAWNS[at];
        if T::COEFS {
            t.coef(G::CrossedPawns.at(at), sign);
        }
    }
    let crossed_vs_missing = count_narrow(live) * (4 - defenders);
    out.crossed_pawns += CROSSED_PAWN_VS_MISSING * crossed_vs_missing;
    if T::COEFS {
        t.coef(G::CrossedPawnVsMissing.at(0), sign * crossed_vs_missing);
    }

    let pairs = crossed & Bitboard((crossed & NOT_FILE_I).0 << 1);
    out.connected_pawns = CONNECTED_PAWNS * count_narrow(pairs);
    if T::COEFS {
        t.coef(G::ConnectedPawns.at(0), sign * count_narrow(pairs));
    }

    let raiders = (b.pieces(us, PieceKind::Rook)
        | b.pieces(us, PieceKind::Horse)
        | b.pieces(us, PieceKind::Cannon)
        | pawns)
        & enemy_half;
    for wing in WINGS {
        let n = count_narrow(raiders & wing) as usize;
        let n = n.min(WING_ATTACK.len() - 1);
        out.wing_attack += WING_ATTACK[n];
        if T::COEFS {
            t.coef(G::WingAttack.at(n), sign);
        }
    }
    out
}
