//! Zobrist keys, computed at compile time from a fixed seed (splitmix64).

use tablegen::{Color, PieceKind, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn generate() -> ([[[u64; 90]; 7]; 2], u64) {
    let mut table = [[[0u64; 90]; 7]; 2];
    let mut state = 0x0C4A_2107_u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut s = 0;
            while s < 90 {
                let (next, v) = splitmix(state);
                state = next;
                table[c][k][s] = v;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let (_, side) = splitmix(state);
    (table, side)
}

const KEYS: ([[[u64; 90]; 7]; 2], u64) = generate();
static PIECE_KEYS: [[[u64; 90]; 7]; 2] = KEYS.0;
/// XORed in when Black is to move.
pub const SIDE_KEY: u64 = KEYS.1;

#[inline(always)]
pub fn piece_key(color: Color, kind: PieceKind, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][kind.index()][sq.index()]
}
