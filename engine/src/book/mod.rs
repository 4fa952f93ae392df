//! The opening book: positions with the moves played from them in a
//! collection of games, each move's game count and points, and the choice of
//! a book move at the root (`usebook`, UCI `OwnBook`; files from `bookfiles`,
//! UCI `Book File`).
//!
//! A book file is a 16-byte header (`CHARIOTK`, format version u32, entry
//! count u32) and then the entries sorted by position key and move, 16 bytes
//! each, little-endian: key u64, move u16, games u16 (saturating), points
//! u32 (two for a win of the side that moved, one for a draw). A position and
//! its mirror image (files a..i reversed) are the same position in Xiangqi:
//! building stores each game's move under both, so their counts merge.
//!
//! `.obk` books (BHGUI, VinXiangQi: an SQLite database keyed by BH's own
//! Zobrist keys) load too, and are probed by key at the root (obk.rs); at a
//! position the Chariot-format books have moves for, they answer, elsewhere
//! the `.obk` books do.

mod build;
pub mod obk;
mod obk_keys;

pub use build::{build, BuildLimits};
pub use obk::ObkBook;

use crate::limits::Level;
use chariot_core::moves::Move;
use chariot_core::position::Position;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

const MAGIC: &[u8; 8] = b"CHARIOTK";
const VERSION: u32 = 1;
const HEADER: usize = 16;
const ENTRY: usize = 16;

/// One move of one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub mv: Move,
    pub games: u16,
    pub points: u32,
}

/// A move the book offers, with its record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub games: u16,
    pub points: u32,
    /// The score an `.obk` book gives the move (its `vscore`); none in
    /// Chariot's format.
    pub score: Option<i32>,
}

impl BookMove {
    /// The side that played it scored this share of the points, in per cent.
    pub fn score_percent(&self) -> f64 {
        self.points as f64 * 50.0 / self.games.max(1) as f64
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    entries: Vec<Entry>,
    /// The rows of `.obk` books, looked up by BH's key.
    obk: ObkBook,
}

impl Book {
    /// A book of these entries (merged where a position and move repeat).
    pub fn from_entries(entries: impl IntoIterator<Item = Entry>) -> Book {
        let mut merged: BTreeMap<(u64, u16), (u32, u32)> = BTreeMap::new();
        for e in entries {
            let slot = merged.entry((e.key, e.mv.0)).or_default();
            slot.0 += e.games as u32;
            slot.1 += e.points;
        }
        Book {
            obk: ObkBook::default(),
            entries: merged
                .into_iter()
                .map(|((key, mv), (games, points))| Entry {
                    key,
                    mv: Move(mv),
                    games: games.min(u16::MAX as u32) as u16,
                    points,
                })
                .collect(),
        }
    }

    /// The entries of Chariot's format, sorted by key and move.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Entries of Chariot's format and rows of `.obk` books.
    pub fn len(&self) -> usize {
        self.entries.len() + self.obk.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.obk.is_empty()
    }

    /// Several books as one (UCCI `bookfiles` lists files with `;`).
    pub fn merged(books: Vec<Book>) -> Book {
        let mut obk = Vec::new();
        let mut merged = Book::from_entries(books.into_iter().flat_map(|b| {
            obk.push(b.obk);
            b.entries
        }));
        merged.obk = ObkBook::merged(obk);
        merged
    }

    /// The legal book moves of `pos`: those of the Chariot-format entries,
    /// or when they have none, those of the `.obk` rows.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let key = pos.key();
        let start = self.entries.partition_point(|e| e.key < key);
        let own: Vec<BookMove> = self.entries[start..]
            .iter()
            .take_while(|e| e.key == key)
            .filter(|e| pos.is_legal(e.mv))
            .map(|e| BookMove {
                mv: e.mv,
                games: e.games,
                points: e.points,
                score: None,
            })
            .collect();
        if own.is_empty() {
            self.obk.moves(pos)
        } else {
            own
        }
    }

    /// The move to play from `pos`, none when out of book. `randomness`
    /// spreads the choice: none takes the best-scoring move (an `.obk` book's
    /// highest `vscore`, as the GUIs do, then the most points), small, medium
    /// and large draw by weight (points + 1) to the power 2, 1 and 1/2; `roll`
    /// in 0..1 makes the draw. Banned moves are never chosen.
    pub fn pick(
        &self,
        pos: &Position,
        banned: &[Move],
        randomness: Level,
        roll: f64,
    ) -> Option<BookMove> {
        let moves: Vec<BookMove> = self
            .moves(pos)
            .into_iter()
            .filter(|m| !banned.contains(&m.mv))
            .collect();
        let weight = |m: &BookMove| (m.points + 1) as f64;
        let power = match randomness {
            Level::None => {
                return moves.iter().copied().max_by(|a, b| {
                    a.score
                        .cmp(&b.score)
                        .then(weight(a).total_cmp(&weight(b)))
                        .then(b.mv.0.cmp(&a.mv.0))
                });
            }
            Level::Small => 2.0,
            Level::Medium => 1.0,
            Level::Large => 0.5,
        };
        let total: f64 = moves.iter().map(|m| weight(m).powf(power)).sum();
        let mut at = roll.clamp(0.0, 1.0) * total;
        for m in &moves {
            at -= weight(m).powf(power);
            if at <= 0.0 {
                return Some(*m);
            }
        }
        moves.last().copied()
    }

    /// Writes the Chariot-format entries (`.obk` rows have no position to
    /// write: `obk::convert` turns them into entries first).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(HEADER + ENTRY * self.entries.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            bytes.extend_from_slice(&e.key.to_le_bytes());
            bytes.extend_from_slice(&e.mv.0.to_le_bytes());
            bytes.extend_from_slice(&e.games.to_le_bytes());
            bytes.extend_from_slice(&e.points.to_le_bytes());
        }
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Reads a book file, Chariot's (`CHARIOTK`) or an `.obk` (an SQLite
    /// database, or a file named `.obk`); anything that is neither is
    /// refused with the reason.
    pub fn load(path: &Path) -> Result<Book, String> {
        let name = path.display();
        if is_obk(path) {
            return Ok(Book {
                entries: Vec::new(),
                obk: ObkBook::load(path)?,
            });
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(format!(
                "{name}: not a Chariot book (nor an .obk book, an SQLite database)"
            ));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        if u32_at(8) != VERSION {
            return Err(format!(
                "{name}: book format {} is not this engine's {VERSION}",
                u32_at(8)
            ));
        }
        let count = u32_at(12) as usize;
        if bytes.len() != HEADER + count * ENTRY {
            return Err(format!(
                "{name}: {} bytes where {count} entries need {}",
                bytes.len(),
                HEADER + count * ENTRY
            ));
        }
        let entries: Vec<Entry> = bytes[HEADER..]
            .chunks_exact(ENTRY)
            .map(|c| Entry {
                key: u64::from_le_bytes(c[0..8].try_into().expect("8 bytes")),
                mv: Move(u16::from_le_bytes(c[8..10].try_into().expect("2 bytes"))),
                games: u16::from_le_bytes(c[10..12].try_into().expect("2 bytes")),
                points: u32::from_le_bytes(c[12..16].try_into().expect("4 bytes")),
            })
            .collect();
        if entries
            .windows(2)
            .any(|w| (w[0].key, w[0].mv.0) >= (w[1].key, w[1].mv.0))
        {
            return Err(format!("{name}: entries out of order (damaged)"));
        }
        Ok(Book {
            entries,
            obk: ObkBook::default(),
        })
    }
}

/// Is the file an `.obk` book rather than one of Chariot's: does it start
/// as an SQLite database does, or (without Chariot's magic) is it named
/// `.obk`? A file that cannot be read is not.
pub fn is_obk(path: &Path) -> bool {
    let mut head = Vec::with_capacity(HEADER);
    if std::fs::File::open(path)
        .and_then(|f| f.take(HEADER as u64).read_to_end(&mut head))
        .is_err()
    {
        return false;
    }
    head.starts_with(obk::SQLITE_HEADER)
        || (!head.starts_with(MAGIC)
            && path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("obk")))
}
