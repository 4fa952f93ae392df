//! Chinese move notation, as Xiangqi players write their games: `炮二平五`,
//! `马８进７`. Four characters: the piece, the file it stands on, the
//! direction (进 forward, 退 back, 平 along the rank) and a number.
//!
//! - Files are counted from the mover's right: Red's in Chinese numerals
//!   (一..九, file i is 一), Black's in full-width digits (１..９, file a is
//!   １).
//! - Red's pieces are 帅仕相马车炮兵, Black's 将士象马车炮卒.
//! - A piece moving straight (king, rook, cannon, pawn) gives the target
//!   file when it moves along the rank (平) and the number of ranks when it
//!   moves forward or back; a piece moving diagonally (advisor, elephant,
//!   horse) always gives the target file.
//! - When two pieces of a kind stand on one file, 前 (the one nearer the
//!   enemy) and 后 take the file's place before the name: `前车进三`. Pawns
//!   follow the published computer-notation convention (the xqbase "move
//!   notation" specification, the one the CCGC game records use): all pawns
//!   on files that hold more than one are ordered by file, from the mover's
//!   right, and from the front within a file; two are 前/后, three
//!   前/中/后, four or five 一二三四五 (`二兵平五`).
//! - Advisors and elephants never need 前/后: two on one file cannot reach
//!   the same square in the same direction.
//! - In the promotion variant an advisor or elephant becoming a pawn is
//!   written with 变: `仕六变兵`.
//!
//! Reading accepts the traditional and variant characters (帥將車馬傌俥砲包
//! 進後), any digit style (一, １, 1) and spaces, and finds the move among the
//! legal ones, so what it returns is always legal.

use crate::moves::Move;
use crate::position::Position;
use std::fmt;
use tablegen::{Color, PieceKind, Square};

const RED_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The piece's name as its side writes it.
pub fn piece_name(color: Color, kind: PieceKind) -> char {
    match (color, kind) {
        (Color::Red, PieceKind::King) => '帅',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Red, PieceKind::Pawn) => '兵',
        (Color::Black, PieceKind::King) => '将',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Black, PieceKind::Elephant) => '象',
        (Color::Black, PieceKind::Pawn) => '卒',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Rook) => '车',
        (_, PieceKind::Cannon) => '炮',
    }
}

/// The file's number (1..9) counted from `color`'s right.
fn file_number(color: Color, sq: Square) -> usize {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// A number 1..9 in `color`'s digits.
fn digit(color: Color, n: usize) -> char {
    let digits = match color {
        Color::Red => &RED_DIGITS,
        Color::Black => &BLACK_DIGITS,
    };
    digits[n.clamp(1, 9) - 1]
}

/// How far forward (for `color`) `to` lies from `from`, in ranks.
fn ahead(color: Color, from: Square, to: Square) -> i32 {
    (to.rank() as i32 - from.rank() as i32) * color.forward()
}

/// The move in Chinese notation. A move with no piece of the side to move
/// on its from-square has no Chinese name; it is written in ICCS instead.
pub fn chinese(pos: &Position, mv: Move) -> String {
    let from = mv.from();
    let piece = pos.piece_on(from);
    if mv.is_none() || piece.is_none() || piece.color() != pos.side_to_move() {
        return mv.to_string();
    }
    let (color, kind) = (piece.color(), piece.kind());
    let mut out = String::with_capacity(12);
    match tandem_rank(pos, color, kind, from) {
        Some(name) => {
            out.push(name);
            out.push(piece_name(color, kind));
        }
        None => {
            out.push(piece_name(color, kind));
            out.push(digit(color, file_number(color, from)));
        }
    }
    let to = mv.to();
    if mv.is_promotion() {
        out.push('变');
        out.push(piece_name(color, PieceKind::Pawn));
        return out;
    }
    let diagonal = matches!(
        kind,
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse
    );
    let forward = ahead(color, from, to);
    if forward == 0 {
        out.push('平');
        out.push(digit(color, file_number(color, to)));
    } else {
        out.push(if forward > 0 { '进' } else { '退' });
        let n = if diagonal {
            file_number(color, to)
        } else {
            forward.unsigned_abs() as usize
        };
        out.push(digit(color, n));
    }
    out
}

/// For a piece that shares its file with another of its kind: the word that
/// names it instead of its file (前, 中, 后, or 一..五 for pawns).
fn tandem_rank(pos: &Position, color: Color, kind: PieceKind, from: Square) -> Option<char> {
    if matches!(
        kind,
        PieceKind::King | PieceKind::Advisor | PieceKind::Elephant
    ) {
        return None;
    }
    let squares: Vec<Square> = {
        let mut bb = pos.pieces(color, kind);
        let mut v = Vec::with_capacity(5);
        while bb.any() {
            v.push(bb.pop_lsb());
        }
        v
    };
    let on_file = |f: usize| squares.iter().filter(|s| s.file() == f).count();
    if on_file(from.file()) < 2 {
        return None;
    }
    // Every piece of the kind on a file that holds more than one, by file
    // from the mover's right, then from the front.
    let mut tandem: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|s| on_file(s.file()) > 1)
        .collect();
    tandem.sort_by_key(|&s| {
        let front = match color {
            Color::Red => 9 - s.rank(),
            Color::Black => s.rank(),
        };
        (file_number(color, s), front)
    });
    let i = tandem.iter().position(|&s| s == from)?;
    Some(match (tandem.len(), i) {
        (2, 0) | (3, 0) => '前',
        (3, 1) => '中',
        (2, _) | (3, _) => '后',
        (_, i) => RED_DIGITS[i.min(8)],
    })
}

/// Why a text was not read as a Chinese move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseChineseError {
    /// Not four notation characters (after spaces are removed).
    Malformed(String),
    /// Well formed, but no legal move here is written so.
    NoSuchMove(String),
}

impl fmt::Display for ParseChineseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseChineseError::Malformed(t) => {
                write!(f, "'{t}' is not a move in Chinese notation")
            }
            ParseChineseError::NoSuchMove(t) => {
                write!(f, "no legal move here is written '{t}'")
            }
        }
    }
}

impl std::error::Error for ParseChineseError {}

/// One notation character in a form shared by every way of writing it:
/// digits become b'1'..b'9', pieces their FEN letter, directions + - . and
/// the positions f (前), m (中) and b (后).
fn canonical(c: char) -> Option<u8> {
    if let Some(i) = RED_DIGITS.iter().position(|&d| d == c) {
        return Some(b'1' + i as u8);
    }
    if let Some(i) = BLACK_DIGITS.iter().position(|&d| d == c) {
        return Some(b'1' + i as u8);
    }
    Some(match c {
        '1'..='9' => c as u8,
        '帅' | '帥' | '将' | '將' => b'K',
        '仕' | '士' => b'A',
        '相' | '象' => b'B',
        '马' | '馬' | '傌' | '碼' => b'N',
        '车' | '車' | '俥' | '伡' => b'R',
        '炮' | '砲' | '包' => b'C',
        '兵' | '卒' => b'P',
        '进' | '進' => b'+',
        '退' => b'-',
        '平' => b'.',
        '前' => b'f',
        '中' => b'm',
        '后' | '後' => b'b',
        '变' | '變' => b'=',
        _ => return None,
    })
}

fn canonical_text(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{3000}')
        .map(canonical)
        .collect()
}

/// Reads a move in Chinese notation and returns the legal move it names.
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, ParseChineseError> {
    let short: String = text.chars().take(16).collect();
    let want = match canonical_text(text) {
        Some(w) if w.len() == 4 => w,
        _ => return Err(ParseChineseError::Malformed(short)),
    };
    let mut found = None;
    for m in pos.legal_moves().iter() {
        if canonical_text(&chinese(pos, m)).as_deref() == Some(&want[..]) {
            // Written names are unique among legal moves; the first is taken.
            found = Some(m);
            break;
        }
    }
    found.ok_or(ParseChineseError::NoSuchMove(short))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn name(fen: &str, iccs: &str) -> String {
        let p = pos(fen);
        let m = p.parse_move(iccs).unwrap();
        let text = chinese(&p, m);
        assert_eq!(parse_chinese(&p, &text), Ok(m), "{text} reads back");
        text
    }

    #[test]
    fn opening_moves_of_both_sides() {
        let start = Position::startpos();
        assert_eq!(name(&start.fen(), "h2e2"), "炮二平五");
        assert_eq!(name(&start.fen(), "b0c2"), "马八进七");
        assert_eq!(name(&start.fen(), "i0i1"), "车一进一");
        assert_eq!(name(&start.fen(), "g3g4"), "兵三进一");
        assert_eq!(name(&start.fen(), "c0e2"), "相七进五");
        assert_eq!(name(&start.fen(), "f0e1"), "仕四进五");
        assert_eq!(name(&start.fen(), "e0e1"), "帅五进一");
        let mut p = start.clone();
        p.make_move(p.parse_move("h2e2").unwrap());
        let fen = p.fen();
        assert_eq!(name(&fen, "h9g7"), "马８进７");
        assert_eq!(name(&fen, "b7e7"), "炮２平５");
        assert_eq!(name(&fen, "h7h3"), "炮８进４");
        assert_eq!(name(&fen, "a9a8"), "车１进１");
        assert_eq!(name(&fen, "c6c5"), "卒３进１");
        assert_eq!(name(&fen, "g9e7"), "象７进５");
        assert_eq!(name(&fen, "d9e8"), "士４进５");
    }

    #[test]
    fn backward_moves_count_ranks_or_name_the_file() {
        // Red rook on e6 back to e2; red horse on g3 back to f1; black
        // rook on d2 back (up the board) to d8; black horse on c5 back to b7.
        let fen = "3k5/9/9/4R4/2n6/9/6N2/3r5/9/4K4 w - - 0 1";
        assert_eq!(name(fen, "e6e2"), "车五退四");
        assert_eq!(name(fen, "g3f1"), "马三退四");
        let fen_b = "3k5/9/9/4R4/2n6/9/6N2/3r5/9/4K4 b - - 0 1";
        assert_eq!(name(fen_b, "d2d8"), "车４退６");
        assert_eq!(name(fen_b, "c5b7"), "马３退２");
    }

    #[test]
    fn two_pieces_on_a_file_are_front_and_back() {
        // Red rooks on e2 and e5: the one on e5 is in front.
        let fen = "5k3/9/9/9/4R4/9/9/4R4/9/3K5 w - - 0 1";
        assert_eq!(name(fen, "e5e7"), "前车进二");
        assert_eq!(name(fen, "e2d2"), "后车平六");
        // Black cannons on c7 and c3: for Black the front is down the board.
        let fen_b = "4k4/9/2c6/9/9/9/2c6/9/9/3K5 b - - 0 1";
        assert_eq!(name(fen_b, "c3c1"), "前炮进２");
        assert_eq!(name(fen_b, "c7a7"), "后炮平１");
        // Horses on one file, each moving to a file of its own.
        let fen_h = "3k5/9/9/9/9/2N6/9/2N6/9/4K4 w - - 0 1";
        assert_eq!(name(fen_h, "c4d6"), "前马进六");
        assert_eq!(name(fen_h, "c2b0"), "后马退八");
    }

    #[test]
    fn pawns_on_files_follow_the_computer_notation_rules() {
        // Three red pawns on the g file (file 三): 前, 中, 后.
        let three = "5k3/6P2/9/6P2/6P2/9/9/9/9/3K5 w - - 0 1";
        assert_eq!(name(three, "g8g9"), "前兵进一");
        assert_eq!(name(three, "g6f6"), "中兵平四");
        assert_eq!(name(three, "g5h5"), "后兵平二");
        // Two files of two black pawns (files ３ and ７): four pawns, named
        // 一..四 from Black's right (the c file) and from the front.
        let two_files = "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1";
        // (Ranks 4 and 3 each hold pawns on c and g; the front is rank 3.)
        assert_eq!(name(two_files, "c3c2"), "一卒进１");
        assert_eq!(name(two_files, "c4b4"), "二卒平２");
        assert_eq!(name(two_files, "g3h3"), "三卒平８");
        assert_eq!(name(two_files, "g4f4"), "四卒平６");
        // A lone pawn elsewhere keeps its file.
        let lone = "4k4/9/9/9/9/2p3p2/2p6/9/9/3K5 b - - 0 1";
        assert_eq!(name(lone, "g4g3"), "卒７进１");
        assert_eq!(name(lone, "c3c2"), "前卒进１");
    }

    #[test]
    fn two_advisors_on_a_file_are_told_apart_by_direction() {
        let fen = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";
        assert_eq!(name(fen, "d0e1"), "仕六进五");
        assert_eq!(name(fen, "d2e1"), "仕六退五");
    }

    #[test]
    fn variant_characters_and_digits_are_read() {
        let p = Position::startpos();
        let m = p.parse_move("h2e2").unwrap();
        for text in ["炮二平五", "砲二平五", "炮2平5", "炮 二 平 五", "炮２平５"]
        {
            assert_eq!(parse_chinese(&p, text), Ok(m), "{text}");
        }
        let horse = p.parse_move("b0c2").unwrap();
        assert_eq!(parse_chinese(&p, "傌八進七"), Ok(horse));
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        let p = Position::startpos();
        assert!(matches!(
            parse_chinese(&p, "炮二平"),
            Err(ParseChineseError::Malformed(_))
        ));
        assert!(matches!(
            parse_chinese(&p, "h2e2"),
            Err(ParseChineseError::Malformed(_))
        ));
        // Well formed but not legal: the cannon cannot jump to the river.
        assert!(matches!(
            parse_chinese(&p, "炮二进五"),
            Err(ParseChineseError::NoSuchMove(_))
        ));
        // No rook shares a file with another: 前车 names nothing.
        assert!(parse_chinese(&p, "前车进一").is_err());
        assert!(parse_chinese(&p, "").is_err());
        assert!(parse_chinese(&p, &"炮".repeat(10_000)).is_err());
        let msg = parse_chinese(&p, "炮二进五").unwrap_err().to_string();
        assert!(msg.contains("炮二进五"), "{msg}");
    }

    #[test]
    fn every_legal_move_has_its_own_name() {
        for fen in [
            crate::position::START_FEN,
            "5k3/6P2/9/6P2/6P2/9/9/9/9/3K5 w - - 0 1",
            "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
        ] {
            let p = pos(fen);
            let names: Vec<String> = p.legal_moves().iter().map(|m| chinese(&p, m)).collect();
            let mut unique = names.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), names.len(), "{fen}: {names:?}");
            for m in p.legal_moves().iter() {
                assert_eq!(parse_chinese(&p, &chinese(&p, m)), Ok(m));
            }
        }
    }
}
