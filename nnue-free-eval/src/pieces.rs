//! Terms that come from the attack sets of rooks, horses and cannons: mobility,
//! pressure on the enemy palace, and (at the largest knowledge level) the
//! patterns that the same look-ups reveal for free: hollow and bottom cannons,
//! rooks on open files, horses trapped on the edge.

use crate::masks::{
    between_on_file, between_on_rank, count_narrow, BACK_RANK, EDGE_FILES, FILE, PALACE,
};
use crate::params::G;
use crate::score::Score;
use crate::trace::Trace;
use crate::weights::{
    ADVISOR_MOBILITY, BOTTOM_CANNON, CANNON_MOBILITY, CANNON_REACH, ELEPHANT_MOBILITY,
    HOLLOW_CANNON, HOLLOW_CANNON_HOME, HORSE_MOBILITY, ROOK_HALF_OPEN_FILE, ROOK_MOBILITY,
    ROOK_OPEN_FILE, TRAPPED_HORSE,
};
use crate::EvalBoard;
use tablegen::attacks::{
    advisor_attacks, cannon_attacks, elephant_attacks, horse_attacks, rook_attacks,
};
use tablegen::{Bitboard, Color, PieceKind, Square};

// Whether a term is weighed: a term written but not fitted yet (all zero) is
// skipped in play; the tuner still sees its coefficients.
const CANNON_REACH_FITTED: bool = crate::score::any_set(&CANNON_REACH);
const DEFENDER_MOBILITY_FITTED: bool =
    crate::score::any_set(&ADVISOR_MOBILITY) || crate::score::any_set(&ELEPHANT_MOBILITY);
const HOLLOW_CANNON_HOME_FITTED: bool = crate::score::any_set(&[HOLLOW_CANNON_HOME]);

/// The king on its home square with both advisors beside it: the central
/// cannon's classic target.
#[inline(always)]
fn palace_at_home<B: EvalBoard>(b: &B, side: Color) -> bool {
    let rank = if side == Color::Red { 0 } else { 9 };
    let advisors = b.pieces(side, PieceKind::Advisor);
    b.pieces(side, PieceKind::King).has(Square::new(4, rank))
        && advisors.has(Square::new(3, rank))
        && advisors.has(Square::new(5, rank))
}

/// What one side's rooks, horses and cannons are worth beyond their squares,
/// each from that side's own point of view.
#[derive(Copy, Clone, Default)]
pub(crate) struct PieceTerms {
    pub mobility: Score,
    pub hollow_cannon: Score,
    pub bottom_cannon: Score,
    pub rook_file: Score,
    pub trapped_horse: Score,
    /// Enemy palace squares attacked by the rooks, horses and cannons
    /// (summed over the pieces of each kind), for the king danger.
    pub palace_hits: [i32; 3],
    /// How many pieces attack the enemy palace.
    pub palace_attackers: i32,
}

/// Walks one side's rooks, horses and cannons once. `enemy_pawn_span` are the
/// squares the enemy pawns attack: moves there do not count as mobility.
/// `PATTERNS` adds the largest knowledge level's patterns.
#[inline(always)]
pub(crate) fn piece_terms<B: EvalBoard, T: Trace, const PATTERNS: bool>(
    b: &B,
    us: Color,
    occ: Bitboard,
    enemy_pawn_span: Bitboard,
    t: &mut T,
) -> PieceTerms {
    let them = us.other();
    // Coefficients are Red's view.
    let sign = if us == Color::Red { 1 } else { -1 };
    let own = b.color_pieces(us);
    let safe = !(own | enemy_pawn_span);
    let zone = PALACE[them.index()];
    // A board without a king is not a position, but must not crash the patterns.
    let king_set = b.pieces(them, PieceKind::King);
    let enemy_king = if king_set.any() {
        king_set.lsb()
    } else {
        Square(0)
    };
    let king_patterns = PATTERNS && king_set.any();
    let mut out = PieceTerms::default();

    if T::COEFS || DEFENDER_MOBILITY_FITTED {
        for sq in b.pieces(us, PieceKind::Advisor) {
            let n = count_narrow(advisor_attacks(sq) & safe) as usize;
            out.mobility += ADVISOR_MOBILITY[n.min(4)];
            if T::COEFS {
                t.coef(G::AdvisorMobility.at(n.min(4)), sign);
            }
        }
        for sq in b.pieces(us, PieceKind::Elephant) {
            let n = count_narrow(elephant_attacks(sq, occ) & safe) as usize;
            out.mobility += ELEPHANT_MOBILITY[n.min(4)];
            if T::COEFS {
                t.coef(G::ElephantMobility.at(n.min(4)), sign);
            }
        }
    }

    for sq in b.pieces(us, PieceKind::Rook) {
        let att = rook_attacks(sq, occ);
        let n = (att & safe).count() as usize;
        out.mobility += ROOK_MOBILITY[n];
        if T::COEFS {
            t.coef(G::RookMobility.at(n), sign);
        }
        let hits = count_narrow(att & zone);
        out.palace_hits[0] += hits;
        out.palace_attackers += (hits > 0) as i32;
        if PATTERNS {
            let pawns = b.pieces(us, PieceKind::Pawn) | b.pieces(them, PieceKind::Pawn);
            let file = FILE[sq.file()];
            if (pawns & file).is_empty() {
                out.rook_file += ROOK_OPEN_FILE;
                if T::COEFS {
                    t.coef(G::RookOpenFile.at(0), sign);
                }
            } else if (b.pieces(us, PieceKind::Pawn) & file).is_empty() {
                out.rook_file += ROOK_HALF_OPEN_FILE;
                if T::COEFS {
                    t.coef(G::RookHalfOpenFile.at(0), sign);
                }
            }
        }
    }

    for sq in b.pieces(us, PieceKind::Horse) {
        let att = horse_attacks(sq, occ);
        let n = count_narrow(att & safe) as usize;
        out.mobility += HORSE_MOBILITY[n.min(8)];
        if T::COEFS {
            t.coef(G::HorseMobility.at(n.min(8)), sign);
        }
        let hits = count_narrow(att & zone);
        out.palace_hits[1] += hits;
        out.palace_attackers += (hits > 0) as i32;
        if PATTERNS && EDGE_FILES.has(sq) && n <= 1 {
            out.trapped_horse += TRAPPED_HORSE;
            if T::COEFS {
                t.coef(G::TrappedHorse.at(0), sign);
            }
        }
    }

    for sq in b.pieces(us, PieceKind::Cannon) {
        let jumps = cannon_attacks(sq, occ);
        let n = (jumps & safe).count() as usize;
        out.mobility += CANNON_MOBILITY[n];
        if T::COEFS {
            t.coef(G::CannonMobility.at(n), sign);
        }
        if T::COEFS || CANNON_REACH_FITTED {
            let moves = (rook_attacks(sq, occ) & !occ & safe).count() as usize;
            out.mobility += CANNON_REACH[moves];
            if T::COEFS {
                t.coef(G::CannonReach.at(moves), sign);
            }
        }
        let hits = count_narrow(jumps & zone);
        out.palace_hits[2] += hits;
        out.palace_attackers += (hits > 0) as i32;
        if king_patterns {
            if sq.file() == enemy_king.file() && (occ & between_on_file(sq, enemy_king)).is_empty()
            {
                out.hollow_cannon += HOLLOW_CANNON;
                if T::COEFS {
                    t.coef(G::HollowCannon.at(0), sign);
                }
                if (T::COEFS || HOLLOW_CANNON_HOME_FITTED) && palace_at_home(b, them) {
                    out.hollow_cannon += HOLLOW_CANNON_HOME;
                    if T::COEFS {
                        t.coef(G::HollowCannonHome.at(0), sign);
                    }
                }
            }
            if sq.rank() == enemy_king.rank() && BACK_RANK[them.index()].has(enemy_king) {
                let between = count_narrow(occ & between_on_rank(sq, enemy_king)) as usize;
                if between < BOTTOM_CANNON.len() {
                    out.bottom_cannon += BOTTOM_CANNON[between];
                    if T::COEFS {
                        t.coef(G::BottomCannon.at(between), sign);
                    }
                }
            }
        }
    }
    out
}
