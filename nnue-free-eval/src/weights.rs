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
    Score::new(64, 6),
    Score::new(1, 6),
    Score::new(127, 89),
    Score::new(288, 329),
    Score::new(146, 98),
    Score::new(28, 10),
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
        [   0,   0,   0, -95, -78],
        [   0,   0,   0, -18,  -8],
        [   0,   0,   0,  19,  34],
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
        [   0,   0,   0,  31,   0],
        [   0,   0,   0,   0,  50],
        [   0,   0,   0,  38,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -31,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -17,   0,   0,   0,  11],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -4,   0,   0],
    ],
    // horse
    [
        [   9,   8,  30, 124, -27],
        [  31,   5,  62,  21, 143],
        [  50,   0, -16,  87, 109],
        [  -2,  74, -13,  55,  -2],
        [   4,  -3, -38,  26,  41],
        [   6,   8,  55,   7,  47],
        [   5, -20,   2,   3,  21],
        [  -8,  -3,  -2,  19,  11],
        [ -22, -76, -28,  -4,   3],
        [ -41, -30, -16,  11, -28],
    ],
    // rook
    [
        [  14,  24,  31,  30,  56],
        [  36,  30,  39,  32,  62],
        [   3,  15,  28,  26,  50],
        [  26,  24,  54,  26,  54],
        [  -3,  16,  49,  16,  71],
        [  36,  52,  75,  56,  36],
        [  55,  54,  78,  53,  73],
        [  44,  55,  60,  47,  55],
        [  43,  41,  51,  35,  18],
        [  32,  44,  51,  52,  64],
    ],
    // cannon
    [
        [  16,   6,  -9, -57,  -5],
        [   2,  -9,   1, -15, -83],
        [   2,  -9, -16, -19, -36],
        [   0,  -7,  -1, -13,  14],
        [  -7, -31,  -7, -13,  39],
        [  14,  21,  31,  16,  38],
        [   7,   8,  45,   3,  24],
        [  25,  18,  27,  26,  38],
        [   2,  18,  27,   5,  40],
        [  14,   3,  27,  22,  87],
    ],
    // pawn
    [
        [ 117,   1,  13,  82, 163],
        [   4,  66, 111, 215, 352],
        [  18,  11,  41, 109, 108],
        [ -41,  -4,  14,  30,  54],
        [ -28, -25,  -7,  19,  34],
        [ -15,   0,  -8,   0,  -2],
        [ -17,   0, -19,   0,   2],
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
        [   0,   0,   0,  13,  10],
        [   0,   0,   0,   8,   6],
        [   0,   0,   0,  -4,  -4],
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
        [   0,   0,   0, -12,   0],
        [   0,   0,   0,   0, -14],
        [   0,   0,   0, -16,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -9,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -13,   0,   0,   0, -16],
        [   0,   0,   0,   0,   0],
        [   0,   0, -14,   0,   0],
    ],
    // horse
    [
        [  -1,  -9,  16, -39, -51],
        [   0,   2,  -7,   7, -64],
        [   1,  10,  19, -16,  -3],
        [   5,  -8,  22,   5,  19],
        [   4,   7,  22,   8,   6],
        [  -9,  17,   6,  17,   5],
        [ -20,  20,   8,  17,   4],
        [   6, -10,   2,   8, -31],
        [ -16,   8,   5,  10,  -5],
        [ -45,  15,  -8,   1, -34],
    ],
    // rook
    [
        [  47,  38,  36,  36,  46],
        [  30,  39,  24,  40,  37],
        [  59,  45,  40,  51,  52],
        [  43,  41,  34,  44,  47],
        [  54,  53,  36,  46,  36],
        [  52,  51,  41,  34,  57],
        [  48,  46,  40,  47,  43],
        [  36,  21,  45,  33,  39],
        [  32,  31,  26,  28,  38],
        [   6,  28, -10,  19,  58],
    ],
    // cannon
    [
        [  -6,  -4,   2,  21,  16],
        [ -15,   7, -12,   6,  37],
        [ -15, -15,   3, -11,  30],
        [  10,  -5,  -1,  12,  15],
        [  13,  11,  10,  11,  -1],
        [   4, -13,  -9,   3,  -1],
        [   8,  11,  -6,  15,   9],
        [  13,   2,  -4,  -5,  11],
        [  18,  -5, -11,   6,   8],
        [  19,  -2, -14,   4,  -3],
    ],
    // pawn
    [
        [ -19,   6,  20,  -9, -23],
        [  -6,   1,  -3, -14, -23],
        [   4,  17,  21,  15,  -1],
        [  17,  19,  23,  18,  13],
        [  16,  17,  17,  19,  17],
        [  22,   0,  36,   0,  37],
        [  22,   0,  29,   0,  26],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// Per safe square a rook reaches beyond ROOK_MOBILITY_BASE.
pub const ROOK_MOBILITY: Score = Score::new(2, 1);

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-9, -54),
    Score::new(-7, -4),
    Score::new(-1, 1),
    Score::new(5, 4),
    Score::new(12, 3),
    Score::new(18, 5),
    Score::new(25, -1),
    Score::new(30, 1),
    Score::new(50, -9),
];

/// Per safe square a cannon reaches beyond CANNON_MOBILITY_BASE.
pub const CANNON_MOBILITY: Score = Score::new(-1, 0);

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(78, -22);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(41, -26),
    Score::new(30, 8),
    Score::new(25, 2),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(13, -5);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(8, 1);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(-2, 5);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(23, 1),
    Score::new(-9, 18),
    Score::new(-48, -4),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(26, 15),
    Score::new(2, 15),
    Score::new(-4, 24),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-9, -11);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-23, -65);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(16, -11);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-9, 22);

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(15, 1);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-34, 0),
    Score::new(-9, -3),
    Score::new(23, -6),
    Score::new(55, 2),
    Score::new(101, 12),
    Score::new(12, 209),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = -1;

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
