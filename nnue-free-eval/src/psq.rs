//! Material values and piece-square tables, and the per-piece value that the
//! engine's position sums incrementally.

use crate::score::Score;
use tablegen::{Color, PieceKind, Square, FILES, SQUARES};

/// Material of each kind (king, advisor, elephant, horse, rook, cannon, pawn).
/// A horse or cannon is about 100 (UCCI convention); the cannon is a little
/// stronger with many pieces on the board (screens), the horse in the endgame.
pub const MATERIAL: [Score; 7] = [
    Score::new(0, 0),
    Score::new(22, 24),
    Score::new(22, 24),
    Score::new(98, 108),
    Score::new(220, 232),
    Score::new(104, 94),
    Score::new(12, 16),
];

/// Material value of one piece of a kind (either colour, its own point of view).
#[inline(always)]
pub const fn material_value(kind: PieceKind) -> Score {
    MATERIAL[kind.index()]
}

/// Half a board from Red's side: rows from rank 9 (the enemy's back rank) down to
/// rank 0 (Red's own back rank), columns for files a..e; files f..i mirror d..a,
/// so every table is symmetric left-right. Positional part only, material aside.
type Table = [[i32; 5]; 10];

#[rustfmt::skip]
const KING_MG: Table = [
    [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5],
    [0, 0, 0, -18, -16],
    [0, 0, 0, -8, -6],
    [0, 0, 0, -2, 4],
];
#[rustfmt::skip]
const KING_EG: Table = [
    [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5],
    [0, 0, 0, -4, -2],
    [0, 0, 0, 0, 2],
    [0, 0, 0, -2, 0],
];
#[rustfmt::skip]
const ADVISOR_MG: Table = [
    [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5],
    [0, 0, 0, -2, 0],
    [0, 0, 0, 0, 4],
    [0, 0, 0, 0, 0],
];
#[rustfmt::skip]
const ADVISOR_EG: Table = [
    [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5], [0; 5],
    [0, 0, 0, 0, 0],
    [0, 0, 0, 0, 3],
    [0, 0, 0, 0, 0],
];
#[rustfmt::skip]
const ELEPHANT_MG: Table = [
    [0; 5], [0; 5], [0; 5], [0; 5], [0; 5],
    [0, 0, -2, 0, 0],
    [0; 5],
    [-4, 0, 0, 0, 4],
    [0; 5],
    [0, 0, 0, 0, 0],
];
#[rustfmt::skip]
const ELEPHANT_EG: Table = [
    [0; 5], [0; 5], [0; 5], [0; 5], [0; 5],
    [0, 0, -2, 0, 0],
    [0; 5],
    [-3, 0, 0, 0, 3],
    [0; 5],
    [0, 0, 0, 0, 0],
];
#[rustfmt::skip]
const HORSE_MG: Table = [
    [  0, -4,  4,  6, -2],
    [  4, 10, 18, 14,  8],
    [  8, 18, 18, 22, 18],
    [  6, 14, 18, 20, 22],
    [  4, 12, 14, 16, 16],
    [  2,  8, 12, 12, 12],
    [  0,  6,  8, 10,  8],
    [ -2,  4,  8,  6,  4],
    [ -8, -2,  0, -2, -8],
    [-12, -8, -2, -6,-12],
];
#[rustfmt::skip]
const HORSE_EG: Table = [
    [ -6, -2,  2,  4,  2],
    [ -2,  6, 10, 12, 10],
    [  0,  8, 12, 14, 14],
    [  0,  8, 12, 14, 14],
    [ -2,  6, 10, 12, 12],
    [ -2,  4,  8, 10, 10],
    [ -4,  2,  6,  8,  8],
    [ -6,  0,  4,  4,  4],
    [ -8, -4,  0,  0, -2],
    [-10, -6, -4, -4, -6],
];
#[rustfmt::skip]
const ROOK_MG: Table = [
    [  4,  8,  6, 10, 10],
    [  6, 12, 10, 16, 16],
    [  4, 10,  8, 12, 12],
    [  6, 12, 10, 14, 14],
    [  8, 14, 12, 16, 16],
    [  6, 12, 10, 14, 14],
    [  0,  8,  6, 10, 10],
    [ -2,  6,  4,  8,  8],
    [ -4,  6,  2,  8,  4],
    [ -8,  4,  0,  6,  2],
];
#[rustfmt::skip]
const ROOK_EG: Table = [
    [  0,  2,  4,  6,  6],
    [  0,  2,  4,  6,  6],
    [  0,  2,  4,  6,  6],
    [  0,  2,  4,  6,  6],
    [  0,  2,  4,  6,  6],
    [ -2,  0,  2,  4,  4],
    [ -2,  0,  2,  4,  4],
    [ -2,  0,  2,  4,  4],
    [ -2,  0,  2,  4,  4],
    [ -2,  0,  2,  4,  4],
];
#[rustfmt::skip]
const CANNON_MG: Table = [
    [  6,  4,  0, -4, -6],
    [  2,  2,  0, -4,  2],
    [  2,  2,  0, -2,  4],
    [  0,  0,  0,  2,  6],
    [  0,  2,  2,  4,  8],
    [  0,  2,  2,  2,  6],
    [  0,  0,  0,  0,  6],
    [  2,  4,  6,  4, 10],
    [  0,  2,  2,  0,  2],
    [  0,  0,  2,  2,  0],
];
#[rustfmt::skip]
const CANNON_EG: Table = [
    [  0,  0,  0,  2,  2],
    [  0,  0,  0,  2,  2],
    [  0,  0,  0,  2,  2],
    [  0,  0,  0,  2,  2],
    [  0,  0,  0,  2,  2],
    [  0,  0,  0,  2,  2],
    [  0,  0,  0,  2,  2],
    [  0,  2,  2,  4,  4],
    [  0,  2,  2,  4,  4],
    [  0,  2,  2,  4,  4],
];
/// Pawns: worth little before the river, much more across it, most near the
/// enemy palace, and little again on the enemy's back rank (an "old pawn").
#[rustfmt::skip]
const PAWN_MG: Table = [
    [  2,  4,  8, 12, 14],
    [ 14, 22, 30, 40, 44],
    [ 18, 26, 36, 46, 50],
    [ 16, 22, 30, 36, 40],
    [ 14, 18, 22, 26, 28],
    [  0,  0,  2,  0,  6],
    [  0,  0,  0,  0,  2],
    [0; 5], [0; 5], [0; 5],
];
#[rustfmt::skip]
const PAWN_EG: Table = [
    [  0,  2,  4,  6,  6],
    [ 16, 22, 28, 34, 36],
    [ 20, 26, 32, 38, 40],
    [ 18, 24, 28, 32, 34],
    [ 14, 18, 22, 24, 26],
    [  0,  0,  2,  0,  4],
    [  0,  0,  0,  0,  0],
    [0; 5], [0; 5], [0; 5],
];

const TABLES: [(Table, Table); 7] = [
    (KING_MG, KING_EG),
    (ADVISOR_MG, ADVISOR_EG),
    (ELEPHANT_MG, ELEPHANT_EG),
    (HORSE_MG, HORSE_EG),
    (ROOK_MG, ROOK_EG),
    (CANNON_MG, CANNON_EG),
    (PAWN_MG, PAWN_EG),
];

/// Material plus table value of a Red piece on a square of Red's frame.
const fn red_value(kind: usize, sq: usize) -> Score {
    let rank = sq / FILES;
    let file = sq % FILES;
    let col = if file < 5 { file } else { FILES - 1 - file };
    let row = 9 - rank;
    let (mg, eg) = TABLES[kind];
    Score::new(
        MATERIAL[kind].mg + mg[row][col],
        MATERIAL[kind].eg + eg[row][col],
    )
}

const fn build_psq() -> [[[Score; SQUARES]; 7]; 2] {
    let mut out = [[[Score::ZERO; SQUARES]; 7]; 2];
    let mut kind = 0;
    while kind < 7 {
        let mut sq = 0;
        while sq < SQUARES {
            let red = red_value(kind, sq);
            out[0][kind][sq] = red;
            // Black's piece on `sq` stands where a Red one would on the flipped rank.
            let flipped = (9 - sq / FILES) * FILES + sq % FILES;
            let black = red_value(kind, flipped);
            out[1][kind][sq] = Score::new(-black.mg, -black.eg);
            sq += 1;
        }
        kind += 1;
    }
    out
}

static PSQ: [[[Score; SQUARES]; 7]; 2] = build_psq();

/// Material plus piece-square value of one piece, from Red's point of view
/// (positive for Red pieces, negative for Black ones).
#[inline(always)]
pub fn psq_value(color: Color, kind: PieceKind, sq: Square) -> Score {
    PSQ[color.index()][kind.index()][sq.index()]
}
