//! Material values and piece-square tables, and the per-piece value that the
//! engine's position sums incrementally.

use crate::score::Score;
pub use crate::weights::MATERIAL;
use crate::weights::{PST_EG, PST_MG};
use tablegen::{Color, PieceKind, Square, FILES, SQUARES};

/// Material value of one piece of a kind (either colour, its own point of view).
#[inline(always)]
pub const fn material_value(kind: PieceKind) -> Score {
    MATERIAL[kind.index()]
}

/// The row and column of `weights::Table` that hold a Red piece on `sq`.
pub(crate) const fn table_cell(sq: usize) -> (usize, usize) {
    let rank = sq / FILES;
    let file = sq % FILES;
    let col = if file < 5 { file } else { FILES - 1 - file };
    (9 - rank, col)
}

/// Material plus table value of a Red piece on a square of Red's frame.
const fn red_value(kind: usize, sq: usize) -> Score {
    let (row, col) = table_cell(sq);
    Score::new(
        MATERIAL[kind].mg() + PST_MG[kind][row][col],
        MATERIAL[kind].eg() + PST_EG[kind][row][col],
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
            out[1][kind][sq] = Score::new(-black.mg(), -black.eg());
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
