//! Safe checks: squares from which a rook, horse or cannon of ours would
//! give check, that one of ours can reach and that the enemy does not
//! attack. The king danger counts palace squares under fire; a check that
//! cannot be answered by taking the checker is the threat behind them.
//! Seen on the board as it stands: a piece that moves may open or close
//! another line, which is not looked at.

use crate::params::G;
use crate::score::{any_set, Score};
use crate::threats::SideAttacks;
use crate::trace::Trace;
use crate::weights::SAFE_CHECKS;
use crate::EvalBoard;
use tablegen::attacks::{cannon_attacks, horse_attackers, rook_attacks};
use tablegen::{Bitboard, Color, PieceKind};

/// Whether the term's weights are set (it is skipped in play while not).
pub(crate) const FITTED: bool = any_set(&SAFE_CHECKS);

/// How many safe check squares `us` has for each checking kind (horse,
/// cannon, rook), capped at 2.
#[inline(always)]
fn counts<B: EvalBoard>(
    b: &B,
    us: Color,
    occ: Bitboard,
    ours: &SideAttacks,
    theirs: &SideAttacks,
) -> [usize; 3] {
    let them = us.other();
    let king = b.pieces(them, PieceKind::King);
    if king.is_empty() {
        return [0; 3];
    }
    let ksq = king.lsb();
    let open = !(b.color_pieces(us) | theirs.all);
    let horse = ours.by_class[1] & horse_attackers(ksq, occ) & open;
    let rook = ours.by_class[3] & rook_attacks(ksq, occ) & open;
    // A cannon checks from beyond exactly one screen, and it cannot be its
    // own: each one's squares are seen with the cannon gone from where it
    // stands. It gets there as a rook would, or by a capture.
    let mut cannon = Bitboard::EMPTY;
    let enemy = b.color_pieces(them);
    for sq in b.pieces(us, PieceKind::Cannon) {
        let mut without = occ;
        without.clear(sq);
        let reach = (rook_attacks(sq, occ) & !occ) | (cannon_attacks(sq, occ) & enemy);
        cannon |= reach & cannon_attacks(ksq, without) & open;
    }
    [horse, cannon, rook].map(capped)
}

/// 0, 1, or 2 for two and more.
#[inline(always)]
fn capped(set: Bitboard) -> usize {
    set.any() as usize + set.more_than_one() as usize
}

/// The safe checks of `us`, from its own point of view: a weight per kind
/// for one safe check square and for two or more.
#[inline(always)]
pub(crate) fn safe_checks<B: EvalBoard, T: Trace>(
    b: &B,
    us: Color,
    occ: Bitboard,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    t: &mut T,
) -> Score {
    let sign = if us == Color::Red { 1 } else { -1 };
    let mut s = Score::ZERO;
    for (kind, n) in counts(b, us, occ, ours, theirs).into_iter().enumerate() {
        if n > 0 {
            let at = 2 * kind + n - 1;
            s += SAFE_CHECKS[at];
            if T::COEFS {
                t.coef(G::SafeChecks.at(at), sign);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threats::tests::{attacks, sq, Board, Coefs};

    fn red_counts(b: &Board) -> [usize; 3] {
        let (red, black) = (attacks(b, Color::Red), attacks(b, Color::Black));
        counts(b, Color::Red, b.occupied(), &red, &black)
    }

    #[test]
    fn a_check_square_counts_when_reached_and_not_attacked() {
        use Color::{Black, Red};
        use PieceKind::*;
        // Black king e9 alone against a red rook on a8, which reaches two
        // squares it would check from: a9, and e8, where the king takes it.
        let mut b = Board {
            cells: vec![
                (sq(3, 0), Red, King),
                (sq(0, 8), Red, Rook),
                (sq(4, 9), Black, King),
            ],
            side: Red,
        };
        assert_eq!(red_counts(&b), [0, 0, 1]);
        // A black elephant on c7 attacks a9 (eye b8 empty): no safe check left.
        b.cells.push((sq(2, 7), Black, Elephant));
        assert_eq!(red_counts(&b), [0, 0, 0]);
        b.cells.pop();
        // A red horse on c6 reaches b8, d8, e7 ...: none checks e9.
        b.cells.push((sq(2, 6), Red, Horse));
        assert_eq!(red_counts(&b)[0], 0);
        // On b6 it reaches c8 and d7, both checking (over the empty d8).
        b.cells.last_mut().unwrap().0 = sq(1, 6);
        assert_eq!(red_counts(&b)[0], 2);
    }

    #[test]
    fn the_coefficients_name_kind_and_count() {
        use Color::{Black, Red};
        use PieceKind::*;
        // The rook on a8 checks safely from a9 only; the horse on b6 from
        // c8 and d7 (see above): rook one, horse two and more.
        let b = Board {
            cells: vec![
                (sq(3, 0), Red, King),
                (sq(0, 8), Red, Rook),
                (sq(1, 6), Red, Horse),
                (sq(4, 9), Black, King),
            ],
            side: Red,
        };
        assert_eq!(red_counts(&b), [2, 0, 1]);
        let (red, black) = (attacks(&b, Red), attacks(&b, Black));
        let mut t = Coefs(Vec::new());
        safe_checks(&b, Black, b.occupied(), &black, &red, &mut t);
        assert!(t.0.is_empty());
        safe_checks(&b, Red, b.occupied(), &red, &black, &mut t);
        assert_eq!(
            t.0,
            vec![(G::SafeChecks.at(1), 1), (G::SafeChecks.at(4), 1)]
        );
    }

    #[test]
    fn a_cannon_is_not_its_own_screen() {
        use Color::{Black, Red};
        use PieceKind::*;
        // A red cannon on e6 below the black king on e9 (e8, e7 empty): the
        // squares behind it on the e-file are beyond one screen, the cannon
        // itself, but moving there takes the screen away.
        let mut b = Board {
            cells: vec![
                (sq(3, 0), Red, King),
                (sq(4, 6), Red, Cannon),
                (sq(4, 9), Black, King),
            ],
            side: Red,
        };
        assert_eq!(red_counts(&b), [0, 0, 0]);
        // With a black advisor on e8 as the screen and the cannon on a6, it
        // checks from e6 (and from nowhere else it reaches).
        b.cells[1].0 = sq(0, 6);
        b.cells.push((sq(4, 8), Black, Advisor));
        assert_eq!(red_counts(&b), [0, 1, 0]);
    }

    #[test]
    fn a_cannon_checks_by_a_capture_too() {
        use Color::{Black, Red};
        use PieceKind::*;
        // Black king e9, black advisor e8 as the screen, a black pawn on
        // e5: the red cannon on a5 captures it over the red horse on c5 and
        // lands beyond the screen, a check.
        let b = Board {
            cells: vec![
                (sq(3, 0), Red, King),
                (sq(0, 5), Red, Cannon),
                (sq(2, 5), Red, Horse),
                (sq(4, 9), Black, King),
                (sq(4, 8), Black, Advisor),
                (sq(4, 5), Black, Pawn),
            ],
            side: Red,
        };
        assert_eq!(red_counts(&b)[1], 1);
    }

    #[test]
    fn a_cannon_checks_from_an_empty_square_beyond_a_screen() {
        use Color::{Black, Red};
        use PieceKind::*;
        // A black advisor on e8 screens the king on e9; the red cannon on
        // a2 can move to e2 and check from there (it captures nothing).
        let b = Board {
            cells: vec![
                (sq(3, 0), Red, King),
                (sq(0, 2), Red, Cannon),
                (sq(4, 9), Black, King),
                (sq(4, 8), Black, Advisor),
            ],
            side: Red,
        };
        assert_eq!(red_counts(&b), [0, 1, 0]);
    }
}
