//! Structural patterns of the largest knowledge level that need no attack
//! look-ups (or one, rarely): the horse in the palace centre, a full set of
//! defenders, crossed and connected pawns, and attackers massed on one wing.

use crate::masks::{count_narrow, BACK_RANK, FILE, NOT_FILE_I, OWN_HALF, PALACE_CENTRE, WINGS};
use crate::score::Score;
use crate::EvalBoard;
use tablegen::attacks::cannon_attacks;
use tablegen::{Bitboard, Color, PieceKind, Square};

/// A horse on its own palace centre blocks the king and both advisors.
const PALACE_HORSE: Score = Score::new(-20, -8);
/// ... and pinned there by a cannon, with the king behind it, it cannot leave.
const PALACE_HORSE_PINNED: Score = Score::new(-40, -20);
/// Two advisors and two elephants: the defence every drawish ending relies on.
const FULL_DEFENCE: Score = Score::new(8, 20);
/// Per crossed pawn (not on the back rank), per enemy advisor or elephant missing.
const CROSSED_PAWN_VS_MISSING: Score = Score::new(3, 6);
/// Per pair of crossed pawns side by side.
const CONNECTED_PAWNS: Score = Score::new(8, 16);
/// By the number of attackers across the river on one wing.
const WING_ATTACK: [Score; 6] = [
    Score::ZERO,
    Score::ZERO,
    Score::ZERO,
    Score::new(18, 6),
    Score::new(36, 10),
    Score::new(54, 14),
];

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
pub(crate) fn pattern_terms<B: EvalBoard>(b: &B, us: Color, occ: Bitboard) -> PatternTerms {
    let them = us.other();
    let mut out = PatternTerms::default();

    let centre = PALACE_CENTRE[us.index()];
    if b.pieces(us, PieceKind::Horse).has(centre) {
        out.palace_horse = PALACE_HORSE;
        let home = Square::new(4, if us == Color::Red { 0 } else { 9 });
        if b.pieces(us, PieceKind::King).has(home) {
            let pinning = cannon_attacks(centre, occ) & b.pieces(them, PieceKind::Cannon) & FILE[4];
            if pinning.any() {
                out.palace_horse += PALACE_HORSE_PINNED;
            }
        }
    }

    if b.pieces(us, PieceKind::Advisor).more_than_one()
        && b.pieces(us, PieceKind::Elephant).more_than_one()
    {
        out.full_defence = FULL_DEFENCE;
    }

    let enemy_half = OWN_HALF[them.index()];
    let pawns = b.pieces(us, PieceKind::Pawn);
    let crossed = pawns & enemy_half;
    let live = crossed & !BACK_RANK[them.index()];
    let defenders = b.pieces(them, PieceKind::Advisor).count() as i32
        + b.pieces(them, PieceKind::Elephant).count() as i32;
    out.crossed_pawns = CROSSED_PAWN_VS_MISSING * (count_narrow(live) * (4 - defenders));

    let pairs = crossed & Bitboard((crossed & NOT_FILE_I).0 << 1);
    out.connected_pawns = CONNECTED_PAWNS * count_narrow(pairs);

    let raiders = (b.pieces(us, PieceKind::Rook)
        | b.pieces(us, PieceKind::Horse)
        | b.pieces(us, PieceKind::Cannon)
        | pawns)
        & enemy_half;
    for wing in WINGS {
        let n = count_narrow(raiders & wing) as usize;
        out.wing_attack += WING_ATTACK[n.min(WING_ATTACK.len() - 1)];
    }
    out
}
