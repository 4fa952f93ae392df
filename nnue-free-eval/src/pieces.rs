//! Terms that come from the attack sets of rooks, horses and cannons: mobility,
//! pressure on the enemy palace, and (at the largest knowledge level) the
//! patterns that the same look-ups reveal for free: hollow and bottom cannons,
//! rooks on open files, horses trapped on the edge.

use crate::masks::{
    between_on_file, between_on_rank, count_narrow, BACK_RANK, EDGE_FILES, FILE, PALACE,
};
use crate::score::Score;
use crate::EvalBoard;
use tablegen::attacks::{cannon_attacks, horse_attacks, rook_attacks};
use tablegen::{Bitboard, Color, PieceKind, Square};

/// Per safe square a rook reaches, centred on a typical count.
const ROOK_MOBILITY: Score = Score::new(2, 3);
const ROOK_MOBILITY_BASE: i32 = 7;
/// By the number of safe squares a horse reaches: a horse with none is nearly lost.
const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-24, -30),
    Score::new(-12, -14),
    Score::new(-4, -6),
    Score::new(0, 0),
    Score::new(4, 5),
    Score::new(7, 9),
    Score::new(9, 11),
    Score::new(10, 12),
    Score::new(11, 13),
];
/// Per square a cannon attacks beyond a screen (not an own piece, not covered by
/// enemy pawns): a cannon is as good as the screens and targets it has.
const CANNON_MOBILITY: Score = Score::new(2, 1);
const CANNON_MOBILITY_BASE: i32 = 3;

/// Attack units per palace square attacked, by kind: the horse is the most
/// dangerous palace attacker, then rook and cannon.
const ROOK_PALACE_UNITS: i32 = 3;
const HORSE_PALACE_UNITS: i32 = 4;
const CANNON_PALACE_UNITS: i32 = 3;

/// Central cannon facing the king with nothing between: the king cannot leave
/// the file and every piece put in between becomes a screen.
const HOLLOW_CANNON: Score = Score::new(45, 20);
/// Cannon on the enemy back rank with the king on it, by the pieces between.
const BOTTOM_CANNON: [Score; 3] = [Score::new(20, 6), Score::new(30, 8), Score::new(24, 6)];
const ROOK_OPEN_FILE: Score = Score::new(10, 6);
const ROOK_HALF_OPEN_FILE: Score = Score::new(5, 3);
const TRAPPED_HORSE: Score = Score::new(-20, -16);

/// What one side's rooks, horses and cannons are worth beyond their squares,
/// each from that side's own point of view.
#[derive(Copy, Clone, Default)]
pub(crate) struct PieceTerms {
    pub mobility: Score,
    pub hollow_cannon: Score,
    pub bottom_cannon: Score,
    pub rook_file: Score,
    pub trapped_horse: Score,
    /// Weighted count of enemy palace squares attacked.
    pub palace_units: i32,
    /// How many pieces attack the enemy palace.
    pub palace_attackers: i32,
}

/// Walks one side's rooks, horses and cannons once. `enemy_pawn_span` are the
/// squares the enemy pawns attack: moves there do not count as mobility.
/// `PATTERNS` adds the largest knowledge level's patterns.
#[inline(always)]
pub(crate) fn piece_terms<B: EvalBoard, const PATTERNS: bool>(
    b: &B,
    us: Color,
    occ: Bitboard,
    enemy_pawn_span: Bitboard,
) -> PieceTerms {
    let them = us.other();
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
    let mut rook_squares = 0;

    for sq in b.pieces(us, PieceKind::Rook) {
        let att = rook_attacks(sq, occ);
        rook_squares += (att & safe).count() as i32 - ROOK_MOBILITY_BASE;
        let hits = count_narrow(att & zone);
        out.palace_units += ROOK_PALACE_UNITS * hits;
        out.palace_attackers += (hits > 0) as i32;
        if PATTERNS {
            let pawns = b.pieces(us, PieceKind::Pawn) | b.pieces(them, PieceKind::Pawn);
            let file = FILE[sq.file()];
            if (pawns & file).is_empty() {
                out.rook_file += ROOK_OPEN_FILE;
            } else if (b.pieces(us, PieceKind::Pawn) & file).is_empty() {
                out.rook_file += ROOK_HALF_OPEN_FILE;
            }
        }
    }
    out.mobility += ROOK_MOBILITY * rook_squares;

    for sq in b.pieces(us, PieceKind::Horse) {
        let att = horse_attacks(sq, occ);
        let n = count_narrow(att & safe) as usize;
        out.mobility += HORSE_MOBILITY[n.min(8)];
        let hits = count_narrow(att & zone);
        out.palace_units += HORSE_PALACE_UNITS * hits;
        out.palace_attackers += (hits > 0) as i32;
        if PATTERNS && EDGE_FILES.has(sq) && n <= 1 {
            out.trapped_horse += TRAPPED_HORSE;
        }
    }

    let mut cannon_squares = 0;
    for sq in b.pieces(us, PieceKind::Cannon) {
        let jumps = cannon_attacks(sq, occ);
        cannon_squares += (jumps & safe).count() as i32 - CANNON_MOBILITY_BASE;
        let hits = count_narrow(jumps & zone);
        out.palace_units += CANNON_PALACE_UNITS * hits;
        out.palace_attackers += (hits > 0) as i32;
        if king_patterns {
            if sq.file() == enemy_king.file() && (occ & between_on_file(sq, enemy_king)).is_empty()
            {
                out.hollow_cannon += HOLLOW_CANNON;
            }
            if sq.rank() == enemy_king.rank() && BACK_RANK[them.index()].has(enemy_king) {
                let between = count_narrow(occ & between_on_rank(sq, enemy_king)) as usize;
                if between < BOTTOM_CANNON.len() {
                    out.bottom_cannon += BOTTOM_CANNON[between];
                }
            }
        }
    }
    out.mobility += CANNON_MOBILITY * cannon_squares;
    out
}
