//! Safe checks: squares from which a rook, horse or cannon of ours would
//! give check, that one of ours can reach and that the enemy does not
//! attack. The king danger counts palace squares under fire; a check that
//! cannot be answered by taking the checker is the threat behind them.

use crate::params::G;
use crate::score::Score;
use crate::threats::SideAttacks;
use crate::trace::Trace;
use crate::weights::SAFE_CHECKS;
use crate::EvalBoard;
use tablegen::attacks::{cannon_attacks, horse_attackers, rook_attacks};
use tablegen::{Bitboard, Color, PieceKind};

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
    // Where each kind would check from (a cannon: beyond exactly one screen).
    let from = [
        horse_attackers(ksq, occ),
        cannon_attacks(ksq, occ),
        rook_attacks(ksq, occ),
    ];
    let open = !(b.color_pieces(us) | theirs.all);
    // Where ours can go: a cannon to empty squares only, as a rook would.
    let reach = [ours.by_class[1], ours.cannon_moves, ours.by_class[3]];
    std::array::from_fn(|k| ((reach[k] & from[k] & open).count() as usize).min(2))
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
    use crate::threats::tests::{attacks, sq, Board};

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
