//! The hand-crafted evaluation. It sees a position only through [`EvalBoard`],
//! so the engine's `Position` (or any other board) can be evaluated.

pub use tablegen::{Bitboard, Color, PieceKind, Square};

/// A middlegame/endgame pair of values.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

impl Score {
    pub const ZERO: Score = Score { mg: 0, eg: 0 };
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, o: Score) -> Score {
        Score::new(self.mg + o.mg, self.eg + o.eg)
    }
}
impl std::ops::Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        Score::new(self.mg - o.mg, self.eg - o.eg)
    }
}
impl std::ops::AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}
impl std::ops::SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        *self = *self - o;
    }
}

/// What the evaluation needs to see of a position.
pub trait EvalBoard {
    fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard;
    fn color_pieces(&self, color: Color) -> Bitboard;
    fn occupied(&self) -> Bitboard;
    fn piece_at(&self, sq: Square) -> Option<(Color, PieceKind)>;
    fn side_to_move(&self) -> Color;
    /// Plies since the last capture.
    fn halfmove_clock(&self) -> u32;
    /// Sum of [`psq_value`] over all pieces, kept incrementally (Red's view).
    fn psq(&self) -> Score;
}

/// Material plus piece-square value of one piece, from Red's point of view
/// (positive for Red pieces, negative for Black ones).
#[inline]
pub fn psq_value(color: Color, kind: PieceKind, sq: Square) -> Score {
    let _ = sq;
    let v = [0, 20, 20, 40, 90, 45, 10][kind.index()] * 10 / 4;
    let s = Score::new(v, v);
    match color {
        Color::Red => s,
        Color::Black => Score::new(-s.mg, -s.eg),
    }
}

/// The UCCI `knowledge` option.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Knowledge {
    None,
    Small,
    Medium,
    #[default]
    Large,
}

/// Score from the side to move's point of view (INTERIM: material only).
pub fn evaluate<B: EvalBoard>(board: &B, _knowledge: Knowledge) -> i32 {
    let s = board.psq();
    match board.side_to_move() {
        Color::Red => s.mg,
        Color::Black => -s.mg,
    }
}
