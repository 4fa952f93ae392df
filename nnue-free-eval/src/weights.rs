//! Every weight of the evaluation, in centipawn-like units (a horse or cannon
//! is about 100). Written by `chariot-tune` (see docs/tuning.md); the layout
//! is `params.rs`'s. Edit by hand only to set a starting point for a fit.

use crate::score::Score;

/// Half a board from Red's side: rows from rank 9 (the enemy's back rank) down
/// to rank 0, columns for files a..e; files f..i mirror d..a.
pub type Table = [[i32; 5]; 10];

/// Material of each kind: king, advisor, elephant, horse, rook, cannon, pawn.
pub const MATERIAL: [Score; 7] = [
    Score::new(0, 0),
    Score::new(22, 24),
    Score::new(22, 24),
    Score::new(98, 108),
    Score::new(220, 232),
    Score::new(104, 94),
    Score::new(12, 16),
];

/// Piece-square tables, positional part only.
pub const PST_MG: [Table; 7] = [
    // king
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0, -18, -16],
        [   0,   0,   0,  -8,  -6],
        [   0,   0,   0,  -2,   4],
    ],
    // advisor
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,  -2,   0],
        [   0,   0,   0,   0,   4],
        [   0,   0,   0,   0,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -2,   0,   0],
        [   0,   0,   0,   0,   0],
        [  -4,   0,   0,   0,   4],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
    // horse
    [
        [   0,  -4,   4,   6,  -2],
        [   4,  10,  18,  14,   8],
        [   8,  18,  18,  22,  18],
        [   6,  14,  18,  20,  22],
        [   4,  12,  14,  16,  16],
        [   2,   8,  12,  12,  12],
        [   0,   6,   8,  10,   8],
        [  -2,   4,   8,   6,   4],
        [  -8,  -2,   0,  -2,  -8],
        [ -12,  -8,  -2,  -6, -12],
    ],
    // rook
    [
        [   4,   8,   6,  10,  10],
        [   6,  12,  10,  16,  16],
        [   4,  10,   8,  12,  12],
        [   6,  12,  10,  14,  14],
        [   8,  14,  12,  16,  16],
        [   6,  12,  10,  14,  14],
        [   0,   8,   6,  10,  10],
        [  -2,   6,   4,   8,   8],
        [  -4,   6,   2,   8,   4],
        [  -8,   4,   0,   6,   2],
    ],
    // cannon
    [
        [   6,   4,   0,  -4,  -6],
        [   2,   2,   0,  -4,   2],
        [   2,   2,   0,  -2,   4],
        [   0,   0,   0,   2,   6],
        [   0,   2,   2,   4,   8],
        [   0,   2,   2,   2,   6],
        [   0,   0,   0,   0,   6],
        [   2,   4,   6,   4,  10],
        [   0,   2,   2,   0,   2],
        [   0,   0,   2,   2,   0],
    ],
    // pawn
    [
        [   2,   4,   8,  12,  14],
        [  14,  22,  30,  40,  44],
        [  18,  26,  36,  46,  50],
        [  16,  22,  30,  36,  40],
        [  14,  18,  22,  26,  28],
        [   0,   0,   2,   0,   6],
        [   0,   0,   0,   0,   2],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

pub const PST_EG: [Table; 7] = [
    // king
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,  -4,  -2],
        [   0,   0,   0,   0,   2],
        [   0,   0,   0,  -2,   0],
    ],
    // advisor
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   3],
        [   0,   0,   0,   0,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -2,   0,   0],
        [   0,   0,   0,   0,   0],
        [  -3,   0,   0,   0,   3],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
    // horse
    [
        [  -6,  -2,   2,   4,   2],
        [  -2,   6,  10,  12,  10],
        [   0,   8,  12,  14,  14],
        [   0,   8,  12,  14,  14],
        [  -2,   6,  10,  12,  12],
        [  -2,   4,   8,  10,  10],
        [  -4,   2,   6,   8,   8],
        [  -6,   0,   4,   4,   4],
        [  -8,  -4,   0,   0,  -2],
        [ -10,  -6,  -4,  -4,  -6],
    ],
    // rook
    [
        [   0,   2,   4,   6,   6],
        [   0,   2,   4,   6,   6],
        [   0,   2,   4,   6,   6],
        [   0,   2,   4,   6,   6],
        [   0,   2,   4,   6,   6],
        [  -2,   0,   2,   4,   4],
        [  -2,   0,   2,   4,   4],
        [  -2,   0,   2,   4,   4],
        [  -2,   0,   2,   4,   4],
        [  -2,   0,   2,   4,   4],
    ],
    // cannon
    [
        [   0,   0,   0,   2,   2],
        [   0,   0,   0,   2,   2],
        [   0,   0,   0,   2,   2],
        [   0,   0,   0,   2,   2],
        [   0,   0,   0,   2,   2],
        [   0,   0,   0,   2,   2],
        [   0,   0,   0,   2,   2],
        [   0,   2,   2,   4,   4],
        [   0,   2,   2,   4,   4],
        [   0,   2,   2,   4,   4],
    ],
    // pawn
    [
        [   0,   2,   4,   6,   6],
        [  16,  22,  28,  34,  36],
        [  20,  26,  32,  38,  40],
        [  18,  24,  28,  32,  34],
        [  14,  18,  22,  24,  26],
        [   0,   0,   2,   0,   4],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// Per safe square a rook reaches beyond ROOK_MOBILITY_BASE.
pub const ROOK_MOBILITY: Score = Score::new(2, 3);

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-24, -30),
    Score::new(-12, -14),
    Score::new(-4, -6),
    Score::new(0, 0),
    Score::new(4, 5),
    Score::new(7, 9),
    Score::new(9, 11),
    Score::new(10, 12),
    Score::new(11, 13),
];

/// Per safe square a cannon reaches beyond CANNON_MOBILITY_BASE.
pub const CANNON_MOBILITY: Score = Score::new(2, 1);

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(45, 20);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(20, 6),
    Score::new(30, 8),
    Score::new(24, 6),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(10, 6);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(5, 3);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(-20, -16);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(6, 6),
    Score::new(5, 5),
    Score::new(2, 2),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(2, 2),
    Score::new(2, 2),
    Score::new(6, 6),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-20, -8);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-40, -20);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(8, 20);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(3, 6);

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(8, 16);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(18, 6),
    Score::new(36, 10),
    Score::new(54, 14),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 5;

/// Safe squares of a rook that count as none.
pub const ROOK_MOBILITY_BASE: i32 = 7;

/// Safe squares of a cannon that count as none.
pub const CANNON_MOBILITY_BASE: i32 = 3;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 4;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 3;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 4, 6, 8, 9];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 150;
