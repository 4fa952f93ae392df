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
    Score::new(63, 8),
    Score::new(15, 7),
    Score::new(116, 99),
    Score::new(330, 301),
    Score::new(133, 103),
    Score::new(28, 9),
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
        [   0,   0,   0, -98, -69],
        [   0,   0,   0, -16,  -5],
        [   0,   0,   0,   9,  32],
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
        [   0,   0,   0,  41,   0],
        [   0,   0,   0,   0,  42],
        [   0,   0,   0,  38,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -29,   0,   0],
        [   0,   0,   0,   0,   0],
        [  -8,   0,   0,   0,  12],
        [   0,   0,   0,   0,   0],
        [   0,   0,   1,   0,   0],
    ],
    // horse
    [
        [ -23,  29,  21, 126, -35],
        [  75,   9,  32,  27, 140],
        [  25, -19,  -2,  74,  99],
        [   5,  89, -14,  66,  11],
        [ -14,  24, -53,  29,  30],
        [   9,   6,  52,   9,  65],
        [ -27, -23,   0,   8,   8],
        [ -13,  24,   0,  32,   1],
        [ -15, -63, -22, -14,   9],
        [ -33, -31, -23,   3, -25],
    ],
    // rook
    [
        [  31,  21,  24,  33,  41],
        [  48,  34,  31,  26,  58],
        [  26,  17,  15,  20,  57],
        [  24,  24,  51,  29,  42],
        [  -9,  24,  66,  16,  63],
        [  53,  59,  65,  49,  40],
        [  45,  54,  71,  55,  64],
        [  33,  57,  66,  47,  81],
        [  35,  37,  47,  36,  19],
        [  27,  37,  34,  41, 147],
    ],
    // cannon
    [
        [  -1,  -9, -14, -49,   7],
        [  14,   3,  20,   2, -72],
        [   1, -15,   0,  -8, -22],
        [   1,  -6,  -3, -13,   8],
        [ -32, -41,  -9, -23,  35],
        [  15,  19,  35,   8,  33],
        [  23,   7,  72, -16,   0],
        [  20,  21,  24,  22,  32],
        [ -12,  17,   5,   7,  48],
        [   0,   9,  29,  11, 115],
    ],
    // pawn
    [
        [ 123,  -7,  22,  98, 174],
        [ -17,  51, 108, 208, 331],
        [  40,  14,  48, 145,  98],
        [ -78, -15,  12,  36,  54],
        [ -14,  -8,   5,  32,  26],
        [ -21,   0,  -5,   0, -11],
        [ -23,   0, -20,   0,  -7],
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
        [   0,   0,   0,  18,  11],
        [   0,   0,   0,   5,   3],
        [   0,   0,   0,  -3,  -6],
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
        [   0,   0,   0,   0, -12],
        [   0,   0,   0, -16,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -5,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -14,   0,   0,   0, -17],
        [   0,   0,   0,   0,   0],
        [   0,   0, -15,   0,   0],
    ],
    // horse
    [
        [  36,  -5,  20, -42, -63],
        [ -10,   9,   1,   3, -68],
        [   0,  15,  10, -12,  -7],
        [   0, -10,  20,  -2,  16],
        [   8,  -7,  22,   6,   8],
        [ -12,  12,   7,  16,   0],
        [  38,  21,   9,  11,  15],
        [   9, -14,   1,   8, -27],
        [ -17,   3,  -1,  23, -15],
        [ -46,  22, -23, -20, -32],
    ],
    // rook
    [
        [  43,  39,  38,  35,  36],
        [  32,  41,  18,  40,  39],
        [  55,  45,  40,  52,  46],
        [  48,  41,  36,  42,  50],
        [  48,  45,  24,  48,  44],
        [  43,  44,  47,  36,  50],
        [  54,  49,  39,  43,  45],
        [  29,  22,  41,  35,  32],
        [  33,  32,  32,  25,  27],
        [   0,  30,  -1,  14,  90],
    ],
    // cannon
    [
        [  -1,  -4,   7,  17,  21],
        [ -20,  -4, -17,  -1,  35],
        [ -22, -11, -13, -14,  29],
        [   5,   7,   9,  17,  16],
        [  18,  21,  20,  12,  -1],
        [  -2, -17,   1,   2,   2],
        [   3,   7,  -5,  27,  19],
        [  23,  -1,  -3,  -1,  11],
        [  18,  -2,  -3,   4,  -3],
        [  24, -12, -23,   0, -16],
    ],
    // pawn
    [
        [ -27,  -4,  19, -12, -20],
        [  31,  12,   0, -14, -27],
        [  -2,  17,  15,   3,  -9],
        [  42,  25,  22,  15,  12],
        [  13,  19,  12,   9,  21],
        [  22,   0,  26,   0,  35],
        [  27,   0,  21,   0,  29],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// Per safe square a rook reaches beyond ROOK_MOBILITY_BASE.
pub const ROOK_MOBILITY: Score = Score::new(1, 1);

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-9, -50),
    Score::new(-2, -10),
    Score::new(2, 1),
    Score::new(5, 6),
    Score::new(8, 6),
    Score::new(13, 8),
    Score::new(21, 3),
    Score::new(29, -1),
    Score::new(46, -7),
];

/// Per safe square a cannon reaches beyond CANNON_MOBILITY_BASE.
pub const CANNON_MOBILITY: Score = Score::new(-1, 0);

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(73, -18);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(37, -23),
    Score::new(30, 8),
    Score::new(33, -1),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(9, -7);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(10, -2);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(-12, 10);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(6, 10),
    Score::new(-12, 15),
    Score::new(-34, -5),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(3, 23),
    Score::new(5, 12),
    Score::new(-4, 20),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-3, -21);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-19, -70);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(18, -13);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-16, 25);

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(25, -2);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-39, -1),
    Score::new(-17, -4),
    Score::new(14, -6),
    Score::new(47, 10),
    Score::new(135, 7),
    Score::new(12, 210),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 0;

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
