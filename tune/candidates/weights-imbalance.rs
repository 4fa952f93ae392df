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
    Score::new(61, 5),
    Score::new(10, 4),
    Score::new(127, 97),
    Score::new(273, 368),
    Score::new(149, 103),
    Score::new(34, 26),
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
        [   0,   0,   0, -94, -77],
        [   0,   0,   0, -24,  -6],
        [   0,   0,   0,  19,  37],
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
        [   0,   0,   0,  22,   0],
        [   0,   0,   0,   0,  54],
        [   0,   0,   0,  33,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -24,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -18,   0,   0,   0,  15],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -5,   0,   0],
    ],
    // horse
    [
        [  16,   6,  21,  87,  -9],
        [  19,  -3,  64,  20, 130],
        [  40,  15,   0,  66, 117],
        [ -16,  65,  -3,  56,  12],
        [  -7,  -7, -14,  27,  43],
        [  14,   8,  55,  14,  36],
        [   2, -15,   3,   5,  26],
        [  -6,  -9,  -4,  22,   7],
        [ -20, -55, -15,  -5,   5],
        [ -40, -30, -17,   4, -25],
    ],
    // rook
    [
        [  20,  28,  29,  47,  76],
        [  25,  30,  39,  39,  75],
        [  14,  20,  32,  33,  63],
        [  21,  24,  51,  33,  60],
        [  10,  17,  37,  28,  63],
        [  40,  53,  68,  57,  54],
        [  44,  51,  63,  58,  68],
        [  32,  45,  46,  47,  44],
        [  31,  36,  41,  37,  26],
        [  21,  43,  44,  49,  41],
    ],
    // cannon
    [
        [  22,   4, -29, -49, -16],
        [   9, -13,  -9, -10, -62],
        [   5, -11, -14, -13, -31],
        [  -2, -12,  -4, -18,  21],
        [   0, -21, -14, -22,  37],
        [  18,  19,  25,  19,  32],
        [  12,   9,  31,  17,  33],
        [  21,  14,  26,  30,  35],
        [  13,  19,  31,  19,  39],
        [  -1,   3,  25,  30,  71],
    ],
    // pawn
    [
        [  80,  -3,  20,  89, 153],
        [  25,  77, 122, 204, 348],
        [  -1,  33,  61, 105, 114],
        [ -33,  -1,  21,  32,  63],
        [ -36, -26, -10,  12,  33],
        [ -22,   0, -10,   0,  -5],
        [ -22,   0, -24,   0,  -2],
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
        [   0,   0,   0,  15,  17],
        [   0,   0,   0,   7,   3],
        [   0,   0,   0,  -4,  -8],
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
        [   0,   0,   0,   0, -15],
        [   0,   0,   0, -15,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -10,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -15,   0,   0,   0, -17],
        [   0,   0,   0,   0,   0],
        [   0,   0, -14,   0,   0],
    ],
    // horse
    [
        [   8, -11,   6, -30, -27],
        [  -4,  16, -12,   1, -46],
        [   6,   5,   6, -16, -18],
        [  11,  -7,   5,  -4,   5],
        [  13,  11,   9,   2,   3],
        [   7,  12,   1,   8,   5],
        [  -2,  12,   9,   8,   2],
        [   1,   8,  -5,  10, -11],
        [  -9,  16,  -5,   0,  -3],
        [ -42,   1,   9,   2, -29],
    ],
    // rook
    [
        [  39,  37,  35,  29,  39],
        [  36,  37,  31,  35,  39],
        [  47,  42,  41,  44,  39],
        [  44,  46,  31,  41,  44],
        [  49,  47,  41,  43,  42],
        [  48,  44,  40,  40,  46],
        [  47,  47,  44,  44,  41],
        [  39,  37,  46,  42,  45],
        [  34,  41,  38,  35,  48],
        [  17,  30,  20,  33,  38],
    ],
    // cannon
    [
        [ -10,  -6,   3,  14,   1],
        [   0,   7,  -5,  -3,  37],
        [   0,  -5,  -3, -11,  24],
        [   5,   6,  -4,   3,   7],
        [   1,   6,   8,   8,  -3],
        [   1, -13,  -7,  -3,   3],
        [  10,   5, -11,   7,   1],
        [  10,   5,   2,   5,  13],
        [  14,   1,  -6,  13,  13],
        [  15,   8,   1,  11,   9],
    ],
    // pawn
    [
        [ -23,   7,  11,  -8, -31],
        [   1,   4,   2, -11, -10],
        [  12,  19,  19,  16,  11],
        [  24,  27,  27,  22,  20],
        [  23,  26,  22,  24,  25],
        [  27,   0,  33,   0,  35],
        [  25,   0,  31,   0,  27],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// Per safe square a rook reaches beyond ROOK_MOBILITY_BASE.
pub const ROOK_MOBILITY: Score = Score::new(2, 0);

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-12, -46),
    Score::new(-2, -16),
    Score::new(3, -6),
    Score::new(9, 1),
    Score::new(14, 4),
    Score::new(20, 7),
    Score::new(24, 5),
    Score::new(32, 5),
    Score::new(33, 5),
];

/// Per safe square a cannon reaches beyond CANNON_MOBILITY_BASE.
pub const CANNON_MOBILITY: Score = Score::new(-1, -1);

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(65, -24);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(40, -13),
    Score::new(30, 8),
    Score::new(22, -3),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(7, 1);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(4, 10);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(2, -4);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(32, 7),
    Score::new(-17, 24),
    Score::new(-44, -2),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(21, 21),
    Score::new(-2, 18),
    Score::new(4, 16),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-7, -9);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-31, -75);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(12, -11);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-9, 19);

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(5, 3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-33, 0),
    Score::new(-10, -1),
    Score::new(22, -2),
    Score::new(59, 2),
    Score::new(93, 19),
    Score::new(16, 197),
];

/// Material imbalance, per product of two own counts (advisor, elephant, horse, rook, cannon, pawn; pairs a >= b).
pub const IMBALANCE_OURS: [Score; 21] = [
    Score::new(4, -1),
    Score::new(2, -2),
    Score::new(-1, 3),
    Score::new(0, -4),
    Score::new(0, -2),
    Score::new(2, -3),
    Score::new(-3, -3),
    Score::new(1, -5),
    Score::new(5, -8),
    Score::new(-3, -20),
    Score::new(-2, 0),
    Score::new(-2, 0),
    Score::new(-3, 9),
    Score::new(11, -8),
    Score::new(-5, -1),
    Score::new(2, -1),
    Score::new(1, 0),
    Score::new(-3, 6),
    Score::new(1, 10),
    Score::new(-5, 8),
    Score::new(0, 0),
];

/// Material imbalance, per own count of one kind times the enemy count of a kind before it (pairs a > b).
pub const IMBALANCE_THEIRS: [Score; 15] = [
    Score::new(3, 1),
    Score::new(1, 1),
    Score::new(0, 1),
    Score::new(-5, 4),
    Score::new(0, 1),
    Score::new(-2, 5),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(3, -4),
    Score::new(7, -12),
    Score::new(4, -7),
    Score::new(2, -4),
    Score::new(2, -8),
    Score::new(-3, -14),
    Score::new(1, -6),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 0;

/// Safe squares of a rook that count as none.
pub const ROOK_MOBILITY_BASE: i32 = 7;

/// Safe squares of a cannon that count as none.
pub const CANNON_MOBILITY_BASE: i32 = 3;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 5;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 4, 6, 7];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 149;
