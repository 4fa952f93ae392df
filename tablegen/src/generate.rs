//! Building the attack tables from the reference generators: masks, index
//! functions, the seeded magic search and the table fill.
//!
//! build.rs runs this (through `#[path]`) and emits the result as static data;
//! the `tablegen` binary runs it again to time the search and to confirm that it
//! is deterministic; the benches use [`CrossMagic`] to compare the whole-cross
//! layout, which is too large to compile in.

use crate::bitboard::Bitboard;
use crate::reference;
use crate::types::{Color, Square, FILES, RANKS, SQUARES};

/// Seed of the magic search: a fixed seed gives the same tables on every build.
pub const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Squares of file a (bits 0, 9, .., 81).
pub const FILE_A: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < RANKS {
        m |= 1u128 << (r * FILES);
        r += 1;
    }
    m
};
/// File a without its two end squares: what lies beyond the last square of a line
/// is off the board, so the occupancy of an end square never changes an attack.
pub const FILE_A_INNER: u128 = FILE_A & !1 & !(1u128 << ((RANKS - 1) * FILES));
/// Squares of rank 0.
pub const RANK_0: u128 = (1u128 << FILES) - 1;
/// Index bits of a rank look-up: files b..h.
pub const RANK_BITS: u32 = 7;
/// Index bits of a file look-up: ranks 1..8.
pub const FILE_BITS: u32 = 8;
/// The inner file-a squares as [`fold`] places them (the PEXT mask).
pub const FOLDED_FILE_A_INNER: u64 = fold(FILE_A_INNER);

/// Small, seeded xorshift64* generator (no dependency, same stream everywhere).
pub struct XorShift(u64);

impl XorShift {
    pub const fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 { 1 } else { seed })
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Few bits set: good magic candidates.
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
    /// A random occupancy of the board, about one square in `1 << density` set.
    pub fn occupancy(&mut self, density: u32) -> Bitboard {
        let mut x = (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64());
        for _ in 1..density {
            x &= (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64());
        }
        Bitboard(x & Bitboard::ALL.0)
    }
}

/// Both halves of a `u128` ORed into one `u64`. Lossless for any set whose bits are
/// never exactly 64 apart: true of a file (bits 9 apart, and 9 does not divide
/// 64) and of any set spanning fewer than 64 bits (horse legs, elephant eyes).
#[inline(always)]
pub const fn fold(x: u128) -> u64 {
    (x as u64) | ((x >> 64) as u64)
}

/// Key of the file occupancy of `file`, moved to file a and folded.
#[inline(always)]
pub const fn file_key(occ: u128, file: usize) -> u64 {
    fold((occ >> file) & FILE_A_INNER)
}

/// Index of the rank occupancy of `rank`: files b..h as 7 bits.
#[inline(always)]
pub const fn rank_index(occ: u128, rank: usize) -> usize {
    ((occ >> (rank * FILES + 1)) as usize) & ((1 << RANK_BITS) - 1)
}

/// The bits of `x` under `mask`, packed to the bottom in order (what PEXT does).
pub fn soft_pext(x: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    let mut m = mask;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        m &= m - 1;
    }
    out
}

/// Every subset of `mask`, the empty set and `mask` itself included.
pub fn subsets(mask: u128) -> impl Iterator<Item = u128> {
    let mut next = Some(0u128);
    std::iter::from_fn(move || {
        let cur = next?;
        let n = cur.wrapping_sub(mask) & mask;
        next = (n != 0).then_some(n);
        Some(cur)
    })
}

/// The two line pieces whose attacks come from magic tables.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Slider {
    Rook,
    Cannon,
}

impl Slider {
    pub const BOTH: [Slider; 2] = [Slider::Rook, Slider::Cannon];
    pub fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Cannon => "cannon",
        }
    }
    pub fn reference(self, sq: Square, occ: Bitboard) -> Bitboard {
        match self {
            Slider::Rook => reference::rook_attacks(sq, occ),
            Slider::Cannon => reference::cannon_attacks(sq, occ),
        }
    }
}

/// Attempts before a search of the compiled-in tables gives up (they succeed
/// within a few hundred).
const MAX_ATTEMPTS: u32 = 1_000_000;

/// Slots of a magic search, stamped with the attempt that filled them so that a
/// failed attempt needs no clearing.
struct Slots {
    stamp: Vec<u32>,
    value: Vec<u128>,
}

/// Searches a multiplier `m` for which `hash(key, m) >> (64 - bits)` sends keys
/// with different attack sets to different slots (equal sets may share one).
/// Deterministic for a given generator state; gives up after `max_attempts`.
pub fn find_magic<K: Copy, M: Copy>(
    entries: &[(K, u128)],
    bits: u32,
    rng: &mut XorShift,
    max_attempts: u32,
    mut propose: impl FnMut(&mut XorShift) -> M,
    hash: impl Fn(K, M) -> u64,
) -> Option<M> {
    let size = 1usize << bits;
    let shift = 64 - bits;
    let mut slots = Slots {
        stamp: vec![0; size],
        value: vec![0; size],
    };
    for attempt in 1..=max_attempts {
        let m = propose(rng);
        let fits = entries.iter().all(|&(key, attacks)| {
            let i = (hash(key, m) >> shift) as usize;
            if slots.stamp[i] != attempt {
                slots.stamp[i] = attempt;
                slots.value[i] = attacks;
                true
            } else {
                slots.value[i] == attacks
            }
        });
        if fits {
            return Some(m);
        }
    }
    None
}

/// Rank+file split tables of one slider.
pub struct SliderTables {
    /// `[file][files b..h occupancy]`: the attacks along rank 0.
    pub rank: Vec<[u16; 1 << RANK_BITS]>,
    /// Per rank of the slider, the multiplier of its file key.
    pub file_magic: Vec<u64>,
    /// `[rank][magic index]`: the attacks along file a.
    pub file_by_magic: Vec<[u128; 1 << FILE_BITS]>,
    /// `[rank][PEXT index]`: the attacks along file a.
    pub file_by_pext: Vec<[u128; 1 << FILE_BITS]>,
}

/// Index of a file key in the magic layout.
#[inline(always)]
pub const fn file_magic_index(key: u64, magic: u64) -> usize {
    (key.wrapping_mul(magic) >> (64 - FILE_BITS)) as usize
}

fn slider_tables(slider: Slider, rng: &mut XorShift) -> Result<SliderTables, String> {
    let mut rank = vec![[0u16; 1 << RANK_BITS]; FILES];
    for (file, row) in rank.iter_mut().enumerate() {
        for (idx, slot) in row.iter_mut().enumerate() {
            let occ = Bitboard((idx as u128) << 1);
            let attacks = slider.reference(Square::new(file, 0), occ).0 & RANK_0;
            *slot = attacks as u16;
        }
    }
    let mut file_magic = Vec::with_capacity(RANKS);
    let mut file_by_magic = vec![[0u128; 1 << FILE_BITS]; RANKS];
    let mut file_by_pext = vec![[0u128; 1 << FILE_BITS]; RANKS];
    for r in 0..RANKS {
        let sq = Square::new(0, r);
        let entries: Vec<(u64, u128)> = subsets(FILE_A_INNER)
            .map(|occ| (fold(occ), slider.reference(sq, Bitboard(occ)).0 & FILE_A))
            .collect();
        let magic = find_magic(
            &entries,
            FILE_BITS,
            rng,
            MAX_ATTEMPTS,
            XorShift::sparse,
            |k, m: u64| k.wrapping_mul(m),
        )
        .ok_or_else(|| format!("no {} file magic for rank {r}", slider.name()))?;
        for &(key, attacks) in &entries {
            file_by_magic[r][file_magic_index(key, magic)] = attacks;
            file_by_pext[r][soft_pext(key, FOLDED_FILE_A_INNER) as usize] = attacks;
        }
        file_magic.push(magic);
    }
    Ok(SliderTables {
        rank,
        file_magic,
        file_by_magic,
        file_by_pext,
    })
}

/// Index bits of a leaper look-up: at most four legs or eyes.
pub const LEAPER_BITS: u32 = 4;

/// Per square: a mask of the squares that matter, a multiplier of the folded
/// masked occupancy, and a table of `1 << bits` attack sets.
pub struct MaskedTables {
    pub bits: u32,
    pub mask: Vec<u128>,
    pub magic: Vec<u64>,
    /// `[square][magic index]`.
    pub table: Vec<Vec<u128>>,
}

/// Index of a masked look-up with `bits` index bits (the mask must fold
/// losslessly: see [`fold`]).
#[inline(always)]
pub const fn masked_index(occ: u128, mask: u128, magic: u64, bits: u32) -> usize {
    (fold(occ & mask).wrapping_mul(magic) >> (64 - bits)) as usize
}

fn neighbours(sq: Square, steps: &[(i32, i32)]) -> u128 {
    steps
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |m, s| m | (1u128 << s.0))
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares whose occupancy a horse on `sq` depends on: its four legs.
pub fn horse_legs(sq: Square) -> u128 {
    neighbours(sq, &ORTHOGONAL)
}
/// Legs of the horses that could attack `sq`: the squares diagonally next to it.
pub fn horse_attacker_legs(sq: Square) -> u128 {
    neighbours(sq, &DIAGONAL)
}
/// Eyes of an elephant on `sq`.
pub fn elephant_eyes(sq: Square) -> u128 {
    neighbours(sq, &DIAGONAL)
}
/// The rank of `sq` without its end squares and without `sq`.
pub fn rank_inner(sq: Square) -> u128 {
    ((RANK_0 & !1 & !(1 << (FILES - 1))) << (sq.rank() * FILES)) & !(1u128 << sq.0)
}
/// The file of `sq` without its end squares and without `sq`.
pub fn file_inner(sq: Square) -> u128 {
    (FILE_A_INNER << sq.file()) & !(1u128 << sq.0)
}

fn masked_tables(
    name: &str,
    bits: u32,
    mask_of: &dyn Fn(Square) -> u128,
    attacks: &dyn Fn(Square, Bitboard) -> Bitboard,
    rng: &mut XorShift,
) -> Result<MaskedTables, String> {
    let mut out = MaskedTables {
        bits,
        mask: Vec::with_capacity(SQUARES),
        magic: Vec::with_capacity(SQUARES),
        table: vec![vec![0; 1 << bits]; SQUARES],
    };
    for sq in Square::all() {
        let mask = mask_of(sq);
        let entries: Vec<(u128, u128)> = subsets(mask)
            .map(|occ| (occ, attacks(sq, Bitboard(occ)).0))
            .collect();
        let magic = find_magic(
            &entries,
            bits,
            rng,
            MAX_ATTEMPTS,
            XorShift::sparse,
            |k, m| fold(k).wrapping_mul(m),
        )
        .ok_or_else(|| format!("no {name} magic for {sq}"))?;
        for &(occ, att) in &entries {
            out.table[sq.index()][masked_index(occ, mask, magic, bits)] = att;
        }
        out.mask.push(mask);
        out.magic.push(magic);
    }
    Ok(out)
}

/// One square's entry of a variable-size ("fancy") magic table: the slots of
/// the square start at `offset` in one flat table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SquareMagic {
    pub mask: u128,
    pub magic: u64,
    /// 64 minus the index bits of this square.
    pub shift: u32,
    pub offset: u32,
}

impl SquareMagic {
    /// Position of the attack set of `occ` in the flat table.
    #[inline(always)]
    pub const fn index(&self, occ: u128) -> usize {
        self.offset as usize
            + (fold(occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// A mask, a magic and a slot range per square, over one flat table.
pub struct FancyTables {
    pub squares: Vec<SquareMagic>,
    pub table: Vec<u128>,
}

fn fancy_tables(
    name: &str,
    mask_of: &dyn Fn(Square) -> u128,
    attacks: &dyn Fn(Square, Bitboard) -> Bitboard,
    rng: &mut XorShift,
) -> Result<FancyTables, String> {
    let mut out = FancyTables {
        squares: Vec::with_capacity(SQUARES),
        table: Vec::new(),
    };
    for sq in Square::all() {
        let mask = mask_of(sq);
        let entries: Vec<(u64, u128)> = subsets(mask)
            .map(|occ| (fold(occ), attacks(sq, Bitboard(occ)).0))
            .collect();
        // As many index bits as the mask has: searches for fewer found none.
        let bits = mask.count_ones();
        let magic = find_magic(
            &entries,
            bits,
            rng,
            MAX_ATTEMPTS,
            XorShift::sparse,
            |k, m| k.wrapping_mul(m),
        )
        .ok_or_else(|| format!("no {name} magic for {sq}"))?;
        let entry = SquareMagic {
            mask,
            magic,
            shift: 64 - bits,
            offset: out.table.len() as u32,
        };
        out.table.resize(out.table.len() + (1 << bits), 0);
        for &(key, att) in &entries {
            let i = entry.offset as usize + (key.wrapping_mul(magic) >> entry.shift) as usize;
            out.table[i] = att;
        }
        out.squares.push(entry);
    }
    Ok(out)
}

/// The rank+file split with a magic and a variable-size table per square for
/// each part: no variable shifts at look-up.
pub struct SquareSplit {
    pub rank: FancyTables,
    pub file: FancyTables,
}

fn square_split(slider: Slider, rng: &mut XorShift) -> Result<SquareSplit, String> {
    let rank_of = |sq: Square| RANK_0 << (sq.rank() * FILES);
    let file_of = |sq: Square| FILE_A << sq.file();
    let rank = fancy_tables(
        slider.name(),
        &rank_inner,
        &|sq, occ| Bitboard(slider.reference(sq, occ).0 & rank_of(sq)),
        rng,
    )?;
    let file = fancy_tables(
        slider.name(),
        &file_inner,
        &|sq, occ| Bitboard(slider.reference(sq, occ).0 & file_of(sq)),
        rng,
    )?;
    Ok(SquareSplit { rank, file })
}

/// Every generated table, as build.rs emits it.
pub struct Tables {
    pub rook: SliderTables,
    pub cannon: SliderTables,
    pub rook_by_square: SquareSplit,
    pub cannon_by_square: SquareSplit,
    pub horse: MaskedTables,
    pub horse_attackers: MaskedTables,
    pub elephant: MaskedTables,
    pub advisor: Vec<u128>,
    pub king: Vec<u128>,
    /// `[colour][square]`.
    pub pawn: Vec<Vec<u128>>,
    /// `[colour][square]`.
    pub pawn_attackers: Vec<Vec<u128>>,
    /// `[a][b]`.
    pub between: Vec<Vec<u128>>,
}

/// Runs the whole generation from the fixed seed.
pub fn generate() -> Result<Tables, String> {
    let mut rng = XorShift::new(SEED);
    let rook = slider_tables(Slider::Rook, &mut rng)?;
    let cannon = slider_tables(Slider::Cannon, &mut rng)?;
    let leaper =
        |name,
         mask_of: fn(Square) -> u128,
         attacks: fn(Square, Bitboard) -> Bitboard,
         rng: &mut XorShift| { masked_tables(name, LEAPER_BITS, &mask_of, &attacks, rng) };
    let horse = leaper("horse", horse_legs, reference::horse_attacks, &mut rng)?;
    let horse_attackers = leaper(
        "horse attacker",
        horse_attacker_legs,
        reference::horse_attackers,
        &mut rng,
    )?;
    let elephant = leaper(
        "elephant",
        elephant_eyes,
        reference::elephant_attacks,
        &mut rng,
    )?;
    let rook_by_square = square_split(Slider::Rook, &mut rng)?;
    let cannon_by_square = square_split(Slider::Cannon, &mut rng)?;
    let per_square = |f: &dyn Fn(Square) -> Bitboard| Square::all().map(|s| f(s).0).collect();
    let per_colour = |f: fn(Color, Square) -> Bitboard| {
        Color::BOTH
            .iter()
            .map(|&c| per_square(&|s| f(c, s)))
            .collect()
    };
    Ok(Tables {
        rook,
        cannon,
        rook_by_square,
        cannon_by_square,
        horse,
        horse_attackers,
        elephant,
        advisor: per_square(&reference::advisor_attacks),
        king: per_square(&reference::king_attacks),
        pawn: per_colour(reference::pawn_attacks),
        pawn_attackers: per_colour(reference::pawn_attackers),
        between: Square::all()
            .map(|a| per_square(&|b| reference::between(a, b)))
            .collect(),
    })
}

/// Squares of the cross of `sq` whose occupancy can change a line attack: the
/// rank without files a and i, the file without ranks 0 and 9, never `sq`.
pub fn cross_mask(sq: Square) -> u128 {
    let rank = (RANK_0 & !1 & !(1 << (FILES - 1))) << (sq.rank() * FILES);
    let file = FILE_A_INNER << sq.file();
    (rank | file) & !(1u128 << sq.0)
}

/// The whole-cross magic layout (one table over rank and file together, as
/// classic engines build it). Some 17 MB per slider: far too large to compile in,
/// so it is built at run time, for the benches to compare.
pub struct CrossMagic {
    squares: Vec<CrossEntry>,
    table: Vec<u128>,
}

struct CrossEntry {
    mask: u128,
    /// The upper half of the masked occupancy is shifted by this much and ORed
    /// into the lower half: the smallest shift that folds the mask losslessly.
    fold_shift: u32,
    magic: u64,
    shift: u32,
    offset: usize,
}

#[inline(always)]
fn cross_key(occ: u128, fold_shift: u32) -> u64 {
    (occ as u64) | (((occ >> 64) as u64) << fold_shift)
}

/// Smallest shift that folds `mask` into 64 bits without overlap.
fn cross_fold_shift(mask: u128) -> Option<u32> {
    let hi = (mask >> 64) as u64;
    (0..=hi.leading_zeros()).find(|&s| (mask as u64) & (hi << s) == 0)
}

impl CrossMagic {
    /// Searches the magics and fills the tables (seconds; allocates).
    pub fn new(slider: Slider) -> Result<CrossMagic, String> {
        let mut rng = XorShift::new(SEED ^ slider as u64);
        let mut squares = Vec::with_capacity(SQUARES);
        let mut table = Vec::new();
        for sq in Square::all() {
            let mask = cross_mask(sq);
            let fold_shift =
                cross_fold_shift(mask).ok_or_else(|| format!("cannot fold the cross of {sq}"))?;
            let entries: Vec<(u64, u128)> = subsets(mask)
                .map(|occ| {
                    (
                        cross_key(occ, fold_shift),
                        slider.reference(sq, Bitboard(occ)).0,
                    )
                })
                .collect();
            let hash = |k: u64, m: u64| k.wrapping_mul(m);
            // The fewest index bits first; one more if that search takes too long.
            let mut found = None;
            for bits in [mask.count_ones(), mask.count_ones() + 1] {
                if let Some(m) =
                    find_magic(&entries, bits, &mut rng, 200_000, XorShift::sparse, hash)
                {
                    found = Some((m, bits));
                    break;
                }
            }
            let (magic, bits) =
                found.ok_or_else(|| format!("no whole-cross {} magic for {sq}", slider.name()))?;
            let offset = table.len();
            table.resize(offset + (1 << bits), 0);
            let shift = 64 - bits;
            for &(key, att) in &entries {
                table[offset + (key.wrapping_mul(magic) >> shift) as usize] = att;
            }
            squares.push(CrossEntry {
                mask,
                fold_shift,
                magic,
                shift,
                offset,
            });
        }
        Ok(CrossMagic { squares, table })
    }

    #[inline]
    pub fn attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let e = &self.squares[sq.index()];
        let key = cross_key(occ.0 & e.mask, e.fold_shift);
        Bitboard(self.table[e.offset + (key.wrapping_mul(e.magic) >> e.shift) as usize])
    }

    /// Bytes of the attack table.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<u128>()
    }
}
