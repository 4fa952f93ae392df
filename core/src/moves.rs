//! Moves: a from-square and a to-square packed in 16 bits, written in ICCS
//! four-character text (`h2e2`). A move with from == to is a promotion of an
//! advisor or elephant to a pawn (the `promotion` variant).

use crate::error::ParseMoveError;
use std::fmt;
use std::mem::MaybeUninit;
use tablegen::Square;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    /// No move (a0a0 can never be played: nothing promotes on a0).
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 7)
    }
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0 & 0x7f) as u8)
    }
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square((self.0 >> 7) as u8)
    }
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 != 0 && (self.0 & 0x7f) == (self.0 >> 7)
    }
    /// Reads the four characters of ICCS notation; says what is wrong otherwise.
    /// Whether the move is legal is the position's question.
    pub fn parse_text(text: &str) -> Result<Move, ParseMoveError> {
        if text.len() != 4 || !text.is_ascii() {
            return Err(ParseMoveError::Malformed(text.to_string()));
        }
        let lower = text.to_ascii_lowercase();
        let from = Square::parse(&lower[0..2]);
        let to = Square::parse(&lower[2..4]);
        match (from, to) {
            (Some(f), Some(t)) => Ok(Move::new(f, t)),
            _ => Err(ParseMoveError::OffBoard(text.to_string())),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            write!(f, "0000")
        } else {
            write!(f, "{}{}", self.from(), self.to())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A fixed-capacity move list: no allocation on the hot path, and no clearing
/// of its storage either (the search makes one per node).
pub const MAX_MOVES: usize = 192;

#[derive(Clone)]
pub struct MoveList {
    /// Slots below `len` are written; the rest are never read.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // Indexing keeps the bound check: the capacity exceeds the largest
        // legal move count, so it never fails, but it cannot write out of bounds.
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }
    /// Empties the list (its slots are left as they are: only `len` counts).
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` slots were written by `push` (or moved within
        // that prefix), and MaybeUninit<Move> has the layout of Move.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len) }
    }
    #[inline(always)]
    pub fn retain(&mut self, keep: impl FnMut(Move) -> bool) {
        self.retain_from(0, keep);
    }
    /// Keeps the moves from index `start` on that `keep` accepts (those
    /// before `start` all stay), in their order.
    #[inline(always)]
    pub fn retain_from(&mut self, start: usize, mut keep: impl FnMut(Move) -> bool) {
        let slice = self.as_mut_slice();
        let mut j = start;
        for i in start..slice.len() {
            let m = slice[i];
            if keep(m) {
                slice[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_slice().iter().copied()
    }
}
