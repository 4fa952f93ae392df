//! Endgame knowledge: the rule draw when nobody can attack, the well-known
//! drawish endings, and the drift toward a draw as plies pass without capture.

use crate::masks::{BACK_RANK, OWN_HALF};
use crate::EvalBoard;
use tablegen::{Color, PieceKind};

/// Scales are in sixteenths.
pub const SCALE_FULL: i32 = 16;
/// Plies without capture before the score starts to shrink, and the count that draws.
const HALFMOVE_GRACE: u32 = 20;
const HALFMOVE_DRAW: u32 = 100;
/// The halfmove scale is in these units (the length of the shrinking stretch).
pub const HALFMOVE_SCALE_FULL: i32 = (HALFMOVE_DRAW - HALFMOVE_GRACE) as i32;

/// Neither side has a rook, horse, cannon or pawn: a draw by rule.
#[inline(always)]
pub(crate) fn insufficient_material<B: EvalBoard>(b: &B) -> bool {
    let defenders = |c: Color| {
        b.pieces(c, PieceKind::King)
            | b.pieces(c, PieceKind::Advisor)
            | b.pieces(c, PieceKind::Elephant)
    };
    (b.occupied() & !(defenders(Color::Red) | defenders(Color::Black))).is_empty()
}

/// Piece counts of one side.
struct Force {
    rooks: u32,
    horses: u32,
    cannons: u32,
    pawns: u32,
    advisors: u32,
    elephants: u32,
}

impl Force {
    fn of<B: EvalBoard>(b: &B, c: Color) -> Force {
        let n = |k| b.pieces(c, k).count();
        Force {
            rooks: n(PieceKind::Rook),
            horses: n(PieceKind::Horse),
            cannons: n(PieceKind::Cannon),
            pawns: n(PieceKind::Pawn),
            advisors: n(PieceKind::Advisor),
            elephants: n(PieceKind::Elephant),
        }
    }
    fn pieces(&self) -> u32 {
        self.rooks + self.horses + self.cannons
    }
    fn full_defence(&self) -> bool {
        self.advisors == 2 && self.elephants == 2
    }
}

/// How much of an advantage `strong` can turn into a win, in sixteenths:
/// the classic endings that the books call drawn are scaled toward zero.
#[inline(always)]
pub(crate) fn endgame_scale<B: EvalBoard>(b: &B, strong: Color) -> i32 {
    let fighters = b.pieces(strong, PieceKind::Rook)
        | b.pieces(strong, PieceKind::Horse)
        | b.pieces(strong, PieceKind::Cannon);
    if fighters.more_than_one() {
        // Every drawish ending below has at most one rook, horse or cannon on the strong side.
        return SCALE_FULL;
    }
    drawish_scale(b, strong)
}

#[cold]
fn drawish_scale<B: EvalBoard>(b: &B, strong: Color) -> i32 {
    let s = Force::of(b, strong);
    let w = Force::of(b, strong.other());
    let weak_defenders = w.advisors + w.elephants;

    if s.pieces() + s.pawns == 0 {
        // Advisors and elephants alone never mate.
        return 0;
    }
    if s.pieces() == 0 {
        if s.pawns == 1 {
            let pawn = b.pieces(strong, PieceKind::Pawn);
            if (pawn & BACK_RANK[strong.other().index()]).any() {
                // A pawn on the last rank can no longer reach the king.
                return 1;
            }
            if w.advisors == 2 {
                return 3;
            }
            if (pawn & OWN_HALF[strong.other().index()]).is_empty() && weak_defenders > 0 {
                return 8;
            }
        } else if s.pawns == 2 && w.full_defence() {
            return 10;
        }
        return SCALE_FULL;
    }
    if s.rooks == 0 && s.pieces() == 1 && s.pawns == 0 {
        if s.cannons == 1 {
            // A lone cannon mates a bare king only with an advisor of its own as a screen.
            let bare = weak_defenders == 0 && w.pieces() + w.pawns == 0;
            return if bare && s.advisors > 0 {
                SCALE_FULL
            } else {
                2
            };
        }
        // A lone horse beats one defender, rarely two, never two advisors.
        return if w.advisors == 2 || weak_defenders >= 3 {
            2
        } else if weak_defenders == 2 {
            6
        } else {
            SCALE_FULL
        };
    }
    if s.rooks == 1 && s.pieces() == 1 && s.pawns == 0 {
        if w.full_defence() {
            return 3;
        }
        if w.advisors == 2 && w.pieces() >= 1 {
            return 4;
        }
    }
    if s.rooks == 0 && s.cannons == 1 && s.pieces() == 1 && s.pawns == 1 && w.full_defence() {
        return 8;
    }
    SCALE_FULL
}

/// The scale toward a draw by the plies without capture, in `HALFMOVE_SCALE_FULL` units.
#[inline(always)]
pub(crate) fn halfmove_scale(halfmove: u32) -> i32 {
    let h = halfmove.clamp(HALFMOVE_GRACE, HALFMOVE_DRAW);
    (HALFMOVE_DRAW - h) as i32
}
