//! `.obk` opening books, the format of BHGUI and VinXiangQi: an SQLite
//! database with one table, `bhobk` (or `pfBook` in the PF variant), of rows
//! `id, vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex`.
//!
//! - `vkey` is BH's own 64-bit Zobrist key of the position (see `bh_key`).
//!   Keys below 2^63 are stored as INTEGER; keys from 2^63 up as a REAL whose
//!   IEEE-754 bits are the key. Both are read, and an integer stored as text.
//! - `vmove` holds two squares of ElephantEye's 16 x 16 board, from-square in
//!   the high byte; some books have the bytes the other way round, so both
//!   orders are tried and the legal one is kept (only one can be: a move's
//!   from-square holds a piece of the side to move, its to-square does not).
//! - Rows with `vvalid` other than 1 are disabled moves: every reader leaves
//!   them out, so does this one.
//! - `vscore` is the book's score of the move (higher is better); `vwin`,
//!   `vdraw`, `vlost` are game counts, taken as those of the side that plays
//!   the move. `vmemo` and `vindex` are not used.
//!
//! The file holds keys, not positions, so the rows are kept in memory sorted
//! by key and a position is looked up by its BH key at the root. Like
//! VinXiangQi, a position with no move in the book is looked up again with
//! the colours swapped (board turned round), then mirrored left-right, then
//! both; the first that has legal moves answers, its moves mapped back.

use super::obk_keys::{KEYS, SIDE};
use super::{Book, BookMove, Entry};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use chariot_core::{Color, Square};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::collections::{HashSet, VecDeque};
use std::path::Path;

/// The first 16 bytes of every SQLite 3 database.
pub const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// One usable row of a `.obk` book.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Record {
    key: u64,
    vmove: u16,
    score: i32,
    win: u32,
    draw: u32,
    lost: u32,
}

/// The rows of one or more `.obk` books, sorted by key and move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObkBook {
    records: Vec<Record>,
}

/// BH's key of a position: the XOR of `KEYS[piece * 256 + square]` over the
/// pieces (K A B N R C P = 0..6 for Red, 7..13 for Black; square =
/// `(12 - rank) * 16 + 3 + file`), and `SIDE` when Red is to move.
pub fn bh_key(pos: &Position) -> u64 {
    let mut key = if pos.side_to_move() == Color::Red {
        SIDE
    } else {
        0
    };
    for sq in pos.occupied() {
        let p = pos.piece_on(sq);
        let piece = p.color().index() * 7 + p.kind().index();
        key ^= KEYS[piece * 256 + bh_square(sq)];
    }
    key
}

/// A square's number on ElephantEye's 16 x 16 board (a9 = 0x33, i0 = 0xcb).
fn bh_square(sq: Square) -> usize {
    (12 - sq.rank()) * 16 + 3 + sq.file()
}

/// The square of a 16 x 16 board number, if it is on the 9 x 10 board.
fn from_bh_square(b: u8) -> Option<Square> {
    let file = (b & 15).checked_sub(3)? as usize;
    let rank = 12usize.checked_sub((b >> 4) as usize)?;
    (file < 9 && rank < 10).then(|| Square::new(file, rank))
}

/// The legal move of `pos` a `vmove` stands for, reading it either way round.
fn decode(pos: &Position, vmove: u16) -> Option<Move> {
    let [hi, lo] = vmove.to_be_bytes();
    [(hi, lo), (lo, hi)].into_iter().find_map(|(from, to)| {
        let m = Move::new(from_bh_square(from)?, from_bh_square(to)?);
        (from != to && pos.is_legal(m)).then_some(m)
    })
}

/// A `vmove` of this move, from-square in the high byte.
pub fn encode(m: Move) -> u16 {
    ((bh_square(m.from()) as u16) << 8) | bh_square(m.to()) as u16
}

/// How the looked-up position was made from the real one; each is its own
/// inverse, so it also maps a move found there back.
#[derive(Copy, Clone)]
enum View {
    AsIs,
    ColorFlipped,
    Mirrored,
    Both,
}

impl View {
    const ORDER: [View; 4] = [View::AsIs, View::ColorFlipped, View::Mirrored, View::Both];

    fn position(self, pos: &Position) -> Position {
        match self {
            View::AsIs => pos.clone(),
            View::ColorFlipped => pos.color_flipped(),
            View::Mirrored => pos.mirrored(),
            View::Both => pos.color_flipped().mirrored(),
        }
    }

    fn square(self, sq: Square) -> Square {
        match self {
            View::AsIs => sq,
            View::ColorFlipped => sq.flip_rank(),
            View::Mirrored => sq.mirror_file(),
            View::Both => sq.flip_rank().mirror_file(),
        }
    }

    fn map(self, m: Move) -> Move {
        Move::new(self.square(m.from()), self.square(m.to()))
    }
}

/// Reads a column that should hold a whole number; none for NULL or text
/// that is not one, and for a REAL that is not whole.
fn integer(v: ValueRef) -> Option<i64> {
    match v {
        ValueRef::Integer(i) => Some(i),
        ValueRef::Real(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Some(f as i64),
        ValueRef::Text(t) => std::str::from_utf8(t).ok()?.trim().parse().ok(),
        _ => None,
    }
}

/// Reads `vkey`: an INTEGER (its 64 bits), a negative REAL (its IEEE-754
/// bits: how keys from 2^63 up are stored), a positive whole REAL (its value,
/// which is how the readers compare it) or text of a decimal.
fn key(v: ValueRef) -> Option<u64> {
    match v {
        ValueRef::Integer(i) => Some(i as u64),
        ValueRef::Real(f) if f > 0.0 && f.fract() == 0.0 && f < 1.8e19 => Some(f as u64),
        ValueRef::Real(f) => Some(f.to_bits()),
        ValueRef::Text(t) => {
            let t = std::str::from_utf8(t).ok()?.trim();
            t.parse::<u64>()
                .ok()
                .or_else(|| t.parse::<i64>().ok().map(|i| i as u64))
        }
        _ => None,
    }
}

/// A count column: negative or unreadable counts as none.
fn count(v: ValueRef) -> u32 {
    integer(v).map_or(0, |n| n.clamp(0, u32::MAX as i64) as u32)
}

impl ObkBook {
    /// Reads a `.obk` book, opened read-only; anything that is not one is
    /// refused with the reason.
    pub fn load(path: &Path) -> Result<ObkBook, String> {
        let name = path.display();
        let fail = |e: rusqlite::Error| format!("{name}: not a readable .obk book ({e})");
        let db = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(fail)?;
        // SQLite's table names ignore case; the PF variant is `pfBook`.
        let table: Option<String> = db
            .query_row(
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND lower(name) IN ('bhobk', 'pfbook') ORDER BY lower(name) = 'pfbook'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(fail)?;
        let table = table.ok_or_else(|| format!("{name}: no table bhobk or pfBook in it"))?;
        let mut stmt = db
            .prepare(&format!(
                "SELECT vkey, vmove, vscore, vwin, vdraw, vlost, vvalid FROM \"{table}\""
            ))
            .map_err(fail)?;
        let mut rows = stmt.query([]).map_err(fail)?;
        let mut records = Vec::new();
        while let Some(row) = rows.next().map_err(fail)? {
            let get = |i: usize| row.get_ref(i).map_err(fail);
            if integer(get(6)?) != Some(1) {
                continue;
            }
            let (Some(key), Some(vmove)) = (
                key(get(0)?),
                integer(get(1)?).and_then(|m| u16::try_from(m).ok()),
            ) else {
                continue;
            };
            records.push(Record {
                key,
                vmove,
                score: integer(get(2)?).map_or(0, |s| s.clamp(i32::MIN as i64, i32::MAX as i64))
                    as i32,
                win: count(get(3)?),
                draw: count(get(4)?),
                lost: count(get(5)?),
            });
        }
        Ok(ObkBook::from_records(records))
    }

    /// Sorted, with rows of the same position and move merged: counts
    /// added, the higher score kept.
    fn from_records(mut records: Vec<Record>) -> ObkBook {
        records.sort_unstable_by_key(|r| (r.key, r.vmove));
        records.dedup_by(|later, kept| {
            let same = (later.key, later.vmove) == (kept.key, kept.vmove);
            if same {
                kept.score = kept.score.max(later.score);
                kept.win = kept.win.saturating_add(later.win);
                kept.draw = kept.draw.saturating_add(later.draw);
                kept.lost = kept.lost.saturating_add(later.lost);
            }
            same
        });
        ObkBook { records }
    }

    /// Several books as one.
    pub fn merged(books: impl IntoIterator<Item = ObkBook>) -> ObkBook {
        ObkBook::from_records(books.into_iter().flat_map(|b| b.records).collect())
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The legal book moves of `pos`: those stored under its own key, else
    /// under its colour-flipped, mirrored or colour-flipped and mirrored
    /// image (the first of these that has any), mapped back to `pos`.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        if self.records.is_empty() {
            return Vec::new();
        }
        for view in View::ORDER {
            let seen = view.position(pos);
            let key = bh_key(&seen);
            let start = self.records.partition_point(|r| r.key < key);
            let found: Vec<BookMove> = self.records[start..]
                .iter()
                .take_while(|r| r.key == key)
                .filter_map(|r| {
                    let m = view.map(decode(&seen, r.vmove)?);
                    pos.is_legal(m).then(|| book_move(m, r))
                })
                .collect();
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }
}

/// A Chariot-format book of an `.obk` book: it holds keys, not positions, so
/// the positions come from a walk through its moves from `starts` (breadth
/// first, each position once, moves within `max_ply` plies of its start).
/// Every position reached gets the moves the `.obk` book offers it, and so
/// does its mirror image, as Chariot's own books store both. What the walk
/// does not reach is lost, and so are the `vscore` column (the converted
/// book chooses by game counts), `vmemo` and `vindex`.
pub fn convert(obk: &ObkBook, starts: &[Position], max_ply: usize) -> Book {
    let mut entries = Vec::new();
    let mut walked = HashSet::new();
    let mut stored = HashSet::new();
    let mut queue: VecDeque<(Position, usize)> = starts.iter().map(|p| (p.clone(), 0)).collect();
    while let Some((pos, ply)) = queue.pop_front() {
        if ply >= max_ply || !walked.insert(pos.key()) {
            continue;
        }
        let moves = obk.moves(&pos);
        for image in [pos.mirrored(), pos.clone()] {
            if !stored.insert(image.key()) {
                continue;
            }
            entries.extend(obk.moves(&image).into_iter().map(|m| Entry {
                key: image.key(),
                mv: m.mv,
                games: m.games,
                points: m.points,
            }));
        }
        for m in moves {
            let mut next = pos.clone();
            next.make_move(m.mv);
            next.clear_history();
            queue.push_back((next, ply + 1));
        }
    }
    Book::from_entries(entries)
}

/// A record as the book offers it: games and points (two for a win, one for
/// a draw) of the side that plays the move, scaled down together when there
/// are more games than a `u16` counts.
fn book_move(mv: Move, r: &Record) -> BookMove {
    let games = r.win as u64 + r.draw as u64 + r.lost as u64;
    let points = 2 * r.win as u64 + r.draw as u64;
    let cap = u16::MAX as u64;
    let (games, points) = if games > cap {
        (cap, points * cap / games)
    } else {
        (games, points)
    };
    BookMove {
        mv,
        games: games as u16,
        points: points as u32,
        score: Some(r.score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_the_key_the_format_names() {
        let start = Position::startpos();
        assert_eq!(bh_key(&start), 7101337512282506414);
        // Black to move differs by the side key alone.
        let fen = chariot_core::position::START_FEN.replace(" w ", " b ");
        let black = Position::from_fen(&fen).unwrap();
        assert_eq!(bh_key(&black), 7101337512282506414 ^ SIDE);
    }

    #[test]
    fn squares_and_moves_round_trip_either_byte_order() {
        for sq in Square::all() {
            assert_eq!(from_bh_square(bh_square(sq) as u8), Some(sq));
        }
        assert_eq!(bh_square(Square::parse("a9").unwrap()), 0x33);
        assert_eq!(bh_square(Square::parse("i0").unwrap()), 0xcb);
        assert_eq!(from_bh_square(0x00), None);
        assert_eq!(from_bh_square(0xcc), None);
        assert_eq!(from_bh_square(0xd3), None);
        let start = Position::startpos();
        let h2e2 = start.parse_move("h2e2").unwrap();
        let v = encode(h2e2);
        assert_eq!(decode(&start, v), Some(h2e2));
        assert_eq!(decode(&start, v.swap_bytes()), Some(h2e2));
        assert_eq!(decode(&start, 0), None);
    }

    #[test]
    fn big_counts_keep_their_share() {
        let r = Record {
            key: 0,
            vmove: 0,
            score: 0,
            win: 200_000,
            draw: 0,
            lost: 200_000,
        };
        let bm = book_move(Move::NONE, &r);
        assert_eq!(bm.games, u16::MAX);
        assert!((bm.score_percent() - 50.0).abs() < 0.01);
    }
}
