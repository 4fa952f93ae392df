//! Safe raiders: rooks, horses and cannons across the river on one wing
//! that the enemy cannot chase away cheaply. The wing-attack count of the
//! patterns counts every piece there, also one about to be taken; this
//! counts those that no pawn, horse, cannon, advisor, elephant or king
//! attacks, nor an enemy rook where the owner does not defend the square.

use crate::masks::{count_narrow, OWN_HALF, WINGS};
use crate::params::G;
use crate::score::{any_set, Score};
use crate::threats::{SideAttacks, ROOK_CLASS};
use crate::trace::Trace;
use crate::weights::SAFE_RAIDERS;
use crate::EvalBoard;
use tablegen::{Color, PieceKind};

/// Whether the term's weights are set (it is skipped in play while not).
pub(crate) const FITTED: bool = any_set(&SAFE_RAIDERS);

/// The safe raiders of `us` on each wing (files a-d, f-i), capped at the
/// table's length.
#[inline(always)]
fn counts<B: EvalBoard>(b: &B, us: Color, ours: &SideAttacks, theirs: &SideAttacks) -> [usize; 2] {
    let raiders = (b.pieces(us, PieceKind::Rook)
        | b.pieces(us, PieceKind::Horse)
        | b.pieces(us, PieceKind::Cannon))
        & OWN_HALF[us.other().index()];
    let rook = theirs.by_class[ROOK_CLASS];
    let cheap = theirs.by_class[..ROOK_CLASS]
        .iter()
        .fold(theirs.guards, |a, &c| a | c);
    let safe = raiders & !(cheap | (rook & !ours.all));
    WINGS.map(|wing| (count_narrow(safe & wing) as usize).min(SAFE_RAIDERS.len()))
}

/// The safe raiders of `us`, from its own point of view.
#[inline(always)]
pub(crate) fn safe_raiders<B: EvalBoard, T: Trace>(
    b: &B,
    us: Color,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    t: &mut T,
) -> Score {
    let sign = if us == Color::Red { 1 } else { -1 };
    let mut s = Score::ZERO;
    // None is worth nothing: a weight for it would only shift the others.
    for n in counts(b, us, ours, theirs) {
        if n > 0 {
            s += SAFE_RAIDERS[n - 1];
            if T::COEFS {
                t.coef(G::SafeRaiders.at(n - 1), sign);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threats::tests::{attacks, sq, Board, Coefs};

    fn red_counts(b: &Board) -> [usize; 2] {
        let (red, black) = (attacks(b, Color::Red), attacks(b, Color::Black));
        counts(b, Color::Red, &red, &black)
    }

    #[test]
    fn a_raider_is_safe_unless_chased_cheaply_or_by_an_undefended_rook() {
        use Color::{Black, Red};
        use PieceKind::*;
        // Red rook b7 and horse h6 across the river, red cannon c3 at home.
        let mut b = Board {
            cells: vec![
                (sq(4, 0), Red, King),
                (sq(1, 7), Red, Rook),
                (sq(7, 6), Red, Horse),
                (sq(2, 3), Red, Cannon),
                (sq(3, 9), Black, King),
                (sq(8, 9), Black, Rook),
            ],
            side: Red,
        };
        assert_eq!(
            red_counts(&b),
            [1, 1],
            "both raiders safe, the cannon at home not counted"
        );
        // A black horse on a9 attacks b7 (leg a8 empty).
        b.cells.push((sq(0, 9), Black, Horse));
        assert_eq!(red_counts(&b), [0, 1], "a horse chases the rook");
        b.cells.pop();
        // The black rook on i9 moves to h9: it attacks the horse on h6.
        b.cells[5].0 = sq(7, 9);
        assert_eq!(
            red_counts(&b),
            [1, 0],
            "an undefended raider attacked by a rook"
        );
        // A red pawn on h5 (across the river) defends it.
        b.cells.push((sq(7, 5), Red, Pawn));
        assert_eq!(red_counts(&b), [1, 1], "defended, a rook does not chase it");
    }

    #[test]
    fn the_coefficients_name_the_counts() {
        use Color::{Black, Red};
        use PieceKind::*;
        // Two safe red raiders on the left wing, none on the right; Black none.
        let b = Board {
            cells: vec![
                (sq(4, 0), Red, King),
                (sq(1, 7), Red, Rook),
                (sq(2, 6), Red, Cannon),
                (sq(3, 9), Black, King),
            ],
            side: Black,
        };
        assert_eq!(red_counts(&b), [2, 0]);
        let (red, black) = (attacks(&b, Red), attacks(&b, Black));
        let mut t = Coefs(Vec::new());
        safe_raiders(&b, Red, &red, &black, &mut t);
        assert_eq!(t.0, vec![(G::SafeRaiders.at(1), 1)]);
        let mut t = Coefs(Vec::new());
        safe_raiders(&b, Black, &black, &red, &mut t);
        assert!(t.0.is_empty(), "no raider, no coefficient");
    }
}
