//! Why a FEN or a move was refused. The messages are what the protocols print
//! (`info message ...`, `info string ...`), so they say what is wrong in words.

use std::fmt;
use tablegen::{Color, PieceKind, Square};

/// A FEN that is malformed or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    Empty,
    RankCount(usize),
    ZeroInRank(usize),
    BadLetter(char),
    RankTooLong(usize),
    RankLength {
        rank: usize,
        squares: usize,
    },
    /// A piece on a square its kind can never reach (king outside the palace,
    /// pawn behind its start, elephant across the river...).
    Unreachable(Color, PieceKind, Square),
    NoKing(Color),
    TooMany(Color, PieceKind, u32),
    BadSide(String),
    BadHalfmove(String),
    BadFullmove(String),
    /// The side not to move is in check.
    OpponentInCheck(Color),
}

/// A move that is not four characters of ICCS notation, or not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Malformed(String),
    OffBoard(String),
    Illegal { text: String, reason: IllegalReason },
}

/// Why a well-formed move is not legal in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    NoPiece,
    NotYourPiece,
    CannotMoveSo,
    KingExposed,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenError::*;
        match self {
            Empty => write!(f, "empty FEN"),
            RankCount(n) => write!(f, "FEN has {n} ranks, expected 10"),
            ZeroInRank(r) => write!(f, "rank {r} of the FEN has a zero"),
            BadLetter(c) => write!(f, "bad letter '{}' in the FEN", c.escape_debug()),
            RankTooLong(r) => write!(f, "rank {r} of the FEN is longer than 9 squares"),
            RankLength { rank, squares } => {
                write!(
                    f,
                    "rank {rank} of the FEN has {squares} squares, expected 9"
                )
            }
            Unreachable(c, PieceKind::King, sq) => {
                write!(f, "{} king on {sq} is outside its palace", color_name(*c))
            }
            Unreachable(c, PieceKind::Pawn, sq) => {
                write!(
                    f,
                    "{} pawn on {sq} is behind its starting rank",
                    color_name(*c)
                )
            }
            Unreachable(c, k, sq) => write!(
                f,
                "{} {} on {sq} is on a square it can never reach",
                color_name(*c),
                kind_name(*k)
            ),
            NoKing(c) => write!(f, "{} has no king", color_name(*c)),
            TooMany(c, k, n) => write!(
                f,
                "{} has {n} {}s, a set has only {}",
                color_name(*c),
                kind_name(*k),
                k.full_set()
            ),
            BadSide(s) => write!(
                f,
                "bad side to move '{}': expected w, r or b",
                s.escape_debug()
            ),
            BadHalfmove(s) => write!(f, "bad halfmove clock '{}'", s.escape_debug()),
            BadFullmove(s) => write!(f, "bad move number '{}'", s.escape_debug()),
            OpponentInCheck(c) => write!(f, "{} is not to move but is in check", color_name(*c)),
        }
    }
}

impl std::error::Error for ParseFenError {}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::NoPiece => "no piece on its from-square",
            IllegalReason::NotYourPiece => "that piece belongs to the side not to move",
            IllegalReason::CannotMoveSo => "that piece cannot move so",
            IllegalReason::KingExposed => "it leaves the king in check or facing the other king",
        })
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Malformed(text) => write!(
                f,
                "'{}' is not a move: expected four characters like h2e2",
                text.escape_debug()
            ),
            ParseMoveError::OffBoard(text) => {
                write!(f, "'{text}' is not a move: squares run from a0 to i9")
            }
            ParseMoveError::Illegal { text, reason } => {
                write!(
                    f,
                    "'{text}' is not a legal move in this position ({reason})"
                )
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn kind_name(k: PieceKind) -> &'static str {
    match k {
        PieceKind::King => "king",
        PieceKind::Advisor => "advisor",
        PieceKind::Elephant => "elephant",
        PieceKind::Horse => "horse",
        PieceKind::Rook => "rook",
        PieceKind::Cannon => "cannon",
        PieceKind::Pawn => "pawn",
    }
}
