//! Constant square sets of the board, built at compile time.

use tablegen::{Bitboard, Color, Square, FILES, RANKS, SQUARES};

const fn file_mask(file: usize) -> Bitboard {
    let mut bits = 0u128;
    let mut rank = 0;
    while rank < RANKS {
        bits |= 1u128 << (rank * FILES + file);
        rank += 1;
    }
    Bitboard(bits)
}

const fn rank_range(lo: usize, hi: usize) -> Bitboard {
    let mut bits = 0u128;
    let mut rank = lo;
    while rank <= hi {
        bits |= 0x1ffu128 << (rank * FILES);
        rank += 1;
    }
    Bitboard(bits)
}

const fn file_range(lo: usize, hi: usize) -> Bitboard {
    let mut bits = 0u128;
    let mut file = lo;
    while file <= hi {
        bits |= file_mask(file).0;
        file += 1;
    }
    Bitboard(bits)
}

const fn build_files() -> [Bitboard; FILES] {
    let mut out = [Bitboard::EMPTY; FILES];
    let mut f = 0;
    while f < FILES {
        out[f] = file_mask(f);
        f += 1;
    }
    out
}

/// Every square of each file.
pub const FILE: [Bitboard; FILES] = build_files();
pub const NOT_FILE_A: Bitboard = Bitboard(Bitboard::ALL.0 & !file_mask(0).0);
pub const NOT_FILE_I: Bitboard = Bitboard(Bitboard::ALL.0 & !file_mask(FILES - 1).0);

/// Each colour's own half of the board (before the river), indexed by colour.
pub const OWN_HALF: [Bitboard; 2] = [rank_range(0, 4), rank_range(5, 9)];

/// Each colour's own back rank, indexed by colour.
pub const BACK_RANK: [Bitboard; 2] = [rank_range(0, 0), rank_range(9, 9)];

/// The 3x3 palace of each colour.
pub const PALACE: [Bitboard; 2] = [
    Bitboard(rank_range(0, 2).0 & file_range(3, 5).0),
    Bitboard(rank_range(7, 9).0 & file_range(3, 5).0),
];

/// The palace centre of each colour (e1 and e8), where a horse blocks its own king.
pub const PALACE_CENTRE: [Square; 2] = [Square::new(4, 1), Square::new(4, 8)];

/// The two wings, left and right of the centre file.
pub const WINGS: [Bitboard; 2] = [file_range(0, 3), file_range(5, 8)];

/// Edge files, where a horse easily gets trapped.
pub const EDGE_FILES: Bitboard = Bitboard(file_mask(0).0 | file_mask(FILES - 1).0);

/// Squares attacked by all pawns of `color` on `pawns` (forward, and sideways once
/// across the river), by shifts instead of per-pawn look-ups.
#[inline(always)]
pub fn pawn_attack_span(color: Color, pawns: Bitboard) -> Bitboard {
    Bitboard(span_bits(color.index(), pawns.0))
}

const fn span_bits(color: usize, pawns: u128) -> u128 {
    let crossed = pawns & OWN_HALF[1 - color].0;
    let sideways = ((crossed & NOT_FILE_I.0) << 1) | ((crossed & NOT_FILE_A.0) >> 1);
    let forward = if color == 0 {
        pawns << FILES
    } else {
        pawns >> FILES
    };
    (forward | sideways) & Bitboard::ALL.0
}

const fn build_palace_reach() -> [Bitboard; 2] {
    let mut out = [Bitboard::EMPTY; 2];
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < SQUARES {
            if span_bits(color, 1u128 << sq) & PALACE[1 - color].0 != 0 {
                out[color].0 |= 1u128 << sq;
            }
            sq += 1;
        }
        color += 1;
    }
    out
}

/// Squares from which a pawn of each colour attacks a square of the enemy palace.
pub const PAWN_PALACE_REACH: [Bitboard; 2] = build_palace_reach();

/// Every square index strictly between two squares (empty if they are equal).
#[inline(always)]
fn index_range(a: Square, b: Square) -> u128 {
    let (lo, hi) = if a.0 < b.0 { (a.0, b.0) } else { (b.0, a.0) };
    if lo == hi {
        return 0;
    }
    (1u128 << hi) - (1u128 << (lo + 1))
}

/// Squares strictly between two squares of one rank (arithmetic, no table).
#[inline(always)]
pub fn between_on_rank(a: Square, b: Square) -> Bitboard {
    Bitboard(index_range(a, b))
}

/// Squares strictly between two squares of one file (arithmetic, no table).
#[inline(always)]
pub fn between_on_file(a: Square, b: Square) -> Bitboard {
    Bitboard(index_range(a, b)) & FILE[a.file()]
}

/// Number of squares in a set that lies within 64 consecutive squares (a palace,
/// a horse's jumps, one half of the board): folding the two halves of the `u128`
/// cannot then merge two squares, so one 64-bit count does, which matters where
/// the CPU has no population-count instruction.
#[inline(always)]
pub fn count_narrow(bb: Bitboard) -> i32 {
    ((bb.0 as u64) | ((bb.0 >> 64) as u64)).count_ones() as i32
}
