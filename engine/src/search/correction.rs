//! Correction history: how far the static evaluation has been from what the
//! search found, remembered per side to move for positions with the same pawns
//! and for positions with the same material. The evaluation misjudges whole
//! families of positions the same way (a pawn chain it under- or overrates, an
//! imbalance it does not know), so the average error of the family corrects
//! the next evaluation of one of its members.

use chariot_core::position::Position;
use tablegen::{Color, PieceKind};

/// The material key counted afresh (tests compare the incremental one with it).
#[cfg(test)]
fn counted_material_key(pos: &Position) -> u64 {
    let mut counts = 0u64;
    for c in Color::BOTH {
        for kind in &PieceKind::ALL[1..] {
            counts = (counts << 3) | u64::from(pos.pieces(c, *kind).count());
        }
    }
    counts
}

/// Entries per side in each table (a power of two).
const SIZE: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN of a centipawn, so small updates add up.
const GRAIN: i32 = 256;
/// No correction goes past this many centipawns.
const LIMIT: i32 = 96 * GRAIN;
/// An update moves an entry by weight/WEIGHT_SCALE of the way to the new error.
const WEIGHT_SCALE: i32 = 256;

pub struct CorrectionHistory {
    pawns: Box<[[i32; SIZE]; 2]>,
    material: Box<[[i32; SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        Self::new()
    }
}

/// The table slots of a position: its pawns' and its material's.
#[derive(Copy, Clone)]
pub struct Slots {
    side: usize,
    pawns: usize,
    material: usize,
}

#[inline(always)]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

impl Slots {
    #[inline]
    pub fn of(pos: &Position) -> Slots {
        let red = pos.pieces(Color::Red, PieceKind::Pawn).0;
        let black = pos.pieces(Color::Black, PieceKind::Pawn).0;
        // Both 90-bit sets folded into one word before mixing.
        let folded = (red as u64)
            ^ ((red >> 64) as u64).rotate_left(7)
            ^ (black as u64).rotate_left(29)
            ^ ((black >> 64) as u64).rotate_left(41);
        Slots {
            side: pos.side_to_move().index(),
            pawns: (mix(folded) as usize) & (SIZE - 1),
            material: (mix(pos.material_key()) as usize) & (SIZE - 1),
        }
    }
}

impl CorrectionHistory {
    pub fn new() -> Self {
        CorrectionHistory {
            pawns: Box::new([[0; SIZE]; 2]),
            material: Box::new([[0; SIZE]; 2]),
        }
    }

    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// Hints the CPU to fetch the two entries of these slots, so that the
    /// evaluation computed meanwhile hides their latency.
    #[inline(always)]
    pub fn prefetch(&self, s: Slots) {
        crate::prefetch::prefetch(&self.pawns[s.side][s.pawns]);
        crate::prefetch::prefetch(&self.material[s.side][s.material]);
    }

    /// The correction in centipawns for a position in these slots: the mean
    /// of its two entries.
    #[inline]
    pub fn correction(&self, s: Slots) -> i32 {
        (self.pawns[s.side][s.pawns] + self.material[s.side][s.material]) / (2 * GRAIN)
    }

    /// Learns that a search of `depth` found `score` where the evaluation said
    /// `raw_eval` (before correction).
    #[inline]
    pub fn update(&mut self, s: Slots, depth: i32, score: i32, raw_eval: i32) {
        let error = (score - raw_eval).clamp(-LIMIT / GRAIN, LIMIT / GRAIN) * GRAIN;
        let weight = (depth + 1).min(16);
        let learn = |entry: &mut i32| {
            *entry = ((*entry * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE)
                .clamp(-LIMIT, LIMIT);
        };
        learn(&mut self.pawns[s.side][s.pawns]);
        learn(&mut self.material[s.side][s.material]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_incremental_material_key_counts_the_pieces_through_captures_and_unmake() {
        let mut pos = Position::startpos();
        let start = pos.material_key();
        assert_eq!(start, counted_material_key(&pos));
        // Cannon takes horse, rook takes back, then cannon takes a pawn.
        let mut captures = 0;
        for text in ["h2h9", "i9h9", "b2b9", "a9b9"] {
            let m = pos.parse_move(text).unwrap();
            captures += usize::from(pos.is_capture(m));
            pos.make_move(m);
            assert_eq!(pos.material_key(), counted_material_key(&pos), "{text}");
        }
        assert_eq!(captures, 4);
        assert_ne!(pos.material_key(), start);
        for _ in 0..4 {
            pos.unmake_move();
        }
        assert_eq!(pos.material_key(), start);
        let fen = Position::from_fen("4k4/9/9/p8/9/R1p6/9/9/9/3K5 w - - 0 1").unwrap();
        assert_eq!(fen.material_key(), counted_material_key(&fen));
    }

    #[test]
    fn repeated_errors_pull_the_correction_their_way_within_the_limit() {
        let pos = Position::startpos();
        let s = Slots::of(&pos);
        let mut h = CorrectionHistory::new();
        assert_eq!(h.correction(s), 0);
        for _ in 0..2000 {
            h.update(s, 10, 500, 0);
        }
        let c = h.correction(s);
        assert!(c > 60 && c <= LIMIT / GRAIN, "{c}");
        // The other side to move has its own entries.
        let other = Slots {
            side: 1 - s.side,
            ..s
        };
        assert_eq!(h.correction(other), 0);
        for _ in 0..2000 {
            h.update(s, 10, -500, 0);
        }
        assert!(h.correction(s) < -60);
    }
}
