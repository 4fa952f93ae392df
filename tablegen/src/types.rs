//! Squares, colours and piece kinds of the 9x10 board.

use std::fmt;

/// Number of files (a..i) and ranks (0..9).
pub const FILES: usize = 9;
pub const RANKS: usize = 10;
pub const SQUARES: usize = FILES * RANKS;

/// A square index 0..89: rank * 9 + file, a0 = 0 (Red's back rank, left), i9 = 89.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(pub u8);

impl Square {
    #[inline(always)]
    pub const fn new(file: usize, rank: usize) -> Square {
        Square((rank * FILES + file) as u8)
    }
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline(always)]
    pub const fn file(self) -> usize {
        self.0 as usize % FILES
    }
    #[inline(always)]
    pub const fn rank(self) -> usize {
        self.0 as usize / FILES
    }
    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if f < 0 || f >= FILES as i32 || r < 0 || r >= RANKS as i32 {
            None
        } else {
            Some(Square::new(f as usize, r as usize))
        }
    }
    /// Left-right mirror (file a <-> file i).
    #[inline(always)]
    pub const fn mirror_file(self) -> Square {
        Square::new(FILES - 1 - self.file(), self.rank())
    }
    /// Top-bottom flip (rank 0 <-> rank 9): the same square seen from the other side.
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square::new(self.file(), RANKS - 1 - self.rank())
    }
    /// Parses "a0".."i9".
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'a') as usize;
        let r = b[1].wrapping_sub(b'0') as usize;
        (f < FILES && r < RANKS).then(|| Square::new(f, r))
    }
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank())
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Red, Color::Black];
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
    /// Does `sq` lie on this colour's own half of the board (before the river)?
    #[inline(always)]
    pub const fn own_half(self, sq: Square) -> bool {
        match self {
            Color::Red => sq.rank() <= 4,
            Color::Black => sq.rank() >= 5,
        }
    }
    /// Rank direction this colour's pawns advance in.
    #[inline(always)]
    pub const fn forward(self) -> i32 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.other()
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    King = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Rook = 4,
    Cannon = 5,
    Pawn = 6,
}

impl PieceKind {
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    pub const fn from_index(i: usize) -> PieceKind {
        // A match, not a look-up in ALL: the kind is the index itself, so
        // only the range is tested (hot: every piece's kind comes here).
        match i {
            0 => PieceKind::King,
            1 => PieceKind::Advisor,
            2 => PieceKind::Elephant,
            3 => PieceKind::Horse,
            4 => PieceKind::Rook,
            5 => PieceKind::Cannon,
            6 => PieceKind::Pawn,
            _ => panic!("no piece kind has this index"),
        }
    }
    /// How many of this kind one side has in a full set.
    pub const fn full_set(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }
    /// FEN letter for Red (upper case).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }
    /// Reads a FEN letter of either case (accepting E for elephant and H for horse).
    pub fn from_letter(c: char) -> Option<(Color, PieceKind)> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        };
        Some((color, kind))
    }
    /// Rook, horse, cannon and pawn can cross the river and attack.
    pub const fn is_attacker(self) -> bool {
        matches!(
            self,
            PieceKind::Horse | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn
        )
    }
}

/// The 3x3 palace of each colour.
#[inline]
pub const fn in_palace(color: Color, sq: Square) -> bool {
    let f = sq.file();
    let r = sq.rank();
    f >= 3
        && f <= 5
        && match color {
            Color::Red => r <= 2,
            Color::Black => r >= 7,
        }
}
