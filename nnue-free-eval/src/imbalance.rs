//! Material imbalance: what a piece is worth beside the others, a polynomial
//! of the second degree in the piece counts (a horse gains as the pawns and
//! the defenders stay, a cannon loses as the board empties, two rooks are
//! not twice one). The per-piece values stay in the material term; this adds
//! a weight per product of two own counts and per own count times an enemy
//! count, all fitted.

use crate::params::G;
use crate::score::{any_set, Score};
use crate::trace::Trace;
use crate::weights::{IMBALANCE_OURS, IMBALANCE_THEIRS};
use crate::EvalBoard;
use tablegen::{Color, PieceKind};

/// Whether the term's weights are set (it is skipped in play while not).
pub(crate) const FITTED: bool = any_set(&IMBALANCE_OURS) || any_set(&IMBALANCE_THEIRS);

/// The kinds counted, in the order of the weights' pairs: every kind but
/// the king (advisor, elephant, horse, rook, cannon, pawn).
const KINDS: usize = PieceKind::ALL.len() - 1;

#[inline(always)]
const fn kind(i: usize) -> PieceKind {
    PieceKind::ALL[i + 1]
}

/// The weight of two own kinds `a >= b`.
#[inline(always)]
const fn ours(a: usize, b: usize) -> usize {
    a * (a + 1) / 2 + b
}

/// The weight of an own kind `a` against an enemy kind `b < a`.
#[inline(always)]
const fn theirs(a: usize, b: usize) -> usize {
    a * (a - 1) / 2 + b
}

fn counts<B: EvalBoard>(b: &B, c: Color) -> [i32; KINDS] {
    std::array::from_fn(|i| b.pieces(c, kind(i)).count() as i32)
}

/// The imbalance of `us`, from its own point of view.
#[inline(always)]
pub(crate) fn imbalance<B: EvalBoard, T: Trace>(b: &B, us: Color, t: &mut T) -> Score {
    imbalance_with(b, us, &IMBALANCE_OURS, &IMBALANCE_THEIRS, t)
}

#[inline(always)]
fn imbalance_with<B: EvalBoard, T: Trace>(
    b: &B,
    us: Color,
    ours_w: &[Score; 21],
    theirs_w: &[Score; 15],
    t: &mut T,
) -> Score {
    let own = counts(b, us);
    let enemy = counts(b, us.other());
    let sign = if us == Color::Red { 1 } else { -1 };
    let mut s = Score::ZERO;
    for a in 0..KINDS {
        if own[a] == 0 {
            continue;
        }
        for bk in 0..=a {
            let n = own[a] * own[bk];
            s += ours_w[ours(a, bk)] * n;
            if T::COEFS {
                t.coef(G::ImbalanceOurs.at(ours(a, bk)), sign * n);
            }
        }
        for bk in 0..a {
            let n = own[a] * enemy[bk];
            s += theirs_w[theirs(a, bk)] * n;
            if T::COEFS {
                t.coef(G::ImbalanceTheirs.at(theirs(a, bk)), sign * n);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablegen::{Bitboard, Square};

    /// Pieces only: what the imbalance looks at.
    struct Counts([[Bitboard; 7]; 2]);

    impl EvalBoard for Counts {
        fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
            self.0[color.index()][kind.index()]
        }
        fn color_pieces(&self, color: Color) -> Bitboard {
            self.0[color.index()]
                .iter()
                .fold(Bitboard::EMPTY, |a, &b| a | b)
        }
        fn occupied(&self) -> Bitboard {
            self.color_pieces(Color::Red) | self.color_pieces(Color::Black)
        }
        fn piece_at(&self, _: Square) -> Option<(Color, PieceKind)> {
            None
        }
        fn side_to_move(&self) -> Color {
            Color::Red
        }
        fn halfmove_clock(&self) -> u32 {
            0
        }
        fn psq(&self) -> Score {
            Score::ZERO
        }
    }

    /// Records the coefficients the tuner would see.
    struct Coefs(Vec<(usize, i32)>);
    impl Trace for Coefs {
        const ACTIVE: bool = false;
        const COEFS: bool = true;
        fn term(&mut self, _: crate::trace::Term, _: Color, _: Score) {}
        fn finish(&mut self, _: crate::trace::Finish) {}
        fn coef(&mut self, index: usize, red: i32) {
            self.0.push((index, red));
        }
    }

    #[test]
    fn the_coefficients_give_the_score_back_whatever_the_weights() {
        // Counts per kind (advisor .. pawn) for Red and Black, on distinct squares.
        let red = [2, 1, 2, 1, 2, 5];
        let black = [1, 2, 1, 2, 0, 3];
        let mut board = [[Bitboard::EMPTY; 7]; 2];
        let mut next = 0;
        for (c, counts) in [red, black].iter().enumerate() {
            for (i, &n) in counts.iter().enumerate() {
                for _ in 0..n {
                    board[c][kind(i).index()].set(Square::new(next % 9, next / 9));
                    next += 1;
                }
            }
        }
        let b = Counts(board);
        let ours_w: [Score; 21] =
            std::array::from_fn(|i| Score::new(3 * i as i32 - 20, 7 - i as i32));
        let theirs_w: [Score; 15] =
            std::array::from_fn(|i| Score::new(11 - 2 * i as i32, 5 * i as i32 - 9));
        for us in Color::BOTH {
            let mut t = Coefs(Vec::new());
            let s = imbalance_with(&b, us, &ours_w, &theirs_w, &mut t);
            assert_ne!(s, Score::ZERO);
            let sign = if us == Color::Red { 1 } else { -1 };
            let mut back = Score::ZERO;
            for (index, red) in t.0 {
                let (w, at) = if index >= G::ImbalanceTheirs.base() {
                    (&theirs_w[..], (index - G::ImbalanceTheirs.base()) / 2)
                } else {
                    (&ours_w[..], (index - G::ImbalanceOurs.base()) / 2)
                };
                back += w[at] * (red * sign);
            }
            assert_eq!(back, s, "{us:?}");
        }
    }

    #[test]
    fn every_pair_has_its_own_weight() {
        let mut seen_ours = [false; IMBALANCE_OURS.len()];
        let mut seen_theirs = [false; IMBALANCE_THEIRS.len()];
        for a in 0..KINDS {
            for b in 0..=a {
                assert!(!seen_ours[ours(a, b)], "ours({a}, {b}) shared");
                seen_ours[ours(a, b)] = true;
            }
            for b in 0..a {
                assert!(!seen_theirs[theirs(a, b)], "theirs({a}, {b}) shared");
                seen_theirs[theirs(a, b)] = true;
            }
        }
        assert!(seen_ours.iter().all(|&s| s) && seen_theirs.iter().all(|&s| s));
    }
}
