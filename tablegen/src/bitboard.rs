//! A set of squares as a `u128` (bits 0..89).

use crate::types::{Square, SQUARES};
use std::ops::*;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard((1u128 << SQUARES) - 1);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.0)
    }
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        (self.0 >> sq.0) & 1 != 0
    }
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// More than one square set.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// Lowest set square; the set must not be empty.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        Square(self.0.trailing_zeros() as u8)
    }
    /// Removes and returns the lowest set square; the set must not be empty.
    /// (Working on the 64-bit halves instead, with a branch on the low one,
    /// took 3.5% fewer instructions but no less time: 0.987x the speed.)
    #[inline(always)]
    pub fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        self.0 &= self.0 - 1;
        sq
    }
    #[inline(always)]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.0;
    }
    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.0);
    }
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u128 << sq.0;
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(self.pop_lsb())
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $tr<Square> for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Square) -> Bitboard { Bitboard(self.0 $op (1u128 << rhs.0)) }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
        impl $atr<Square> for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Square) { self.0 = self.0 $op (1u128 << rhs.0); }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Self::ALL.0)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for r in (0..10).rev() {
            for file in 0..9 {
                let c = if self.has(Square::new(file, r)) {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_come_out_lowest_first_across_both_halves() {
        let squares = [0u8, 1, 37, 62, 63, 64, 65, 88, 89];
        let mut b = Bitboard::EMPTY;
        for &s in &squares {
            b.set(Square(s));
        }
        let out: Vec<u8> = b.map(|s| s.0).collect();
        assert_eq!(out, squares);
        // Only the high half set, and every square alone.
        let high: Vec<u8> = Bitboard((1u128 << 70) | (1u128 << 89))
            .map(|s| s.0)
            .collect();
        assert_eq!(high, [70, 89]);
        for s in 0..90u8 {
            let mut one = Bitboard::from_square(Square(s));
            assert_eq!(one.pop_lsb(), Square(s));
            assert!(one.is_empty());
        }
    }
}
