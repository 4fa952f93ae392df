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
    Score::new(98, 9),
    Score::new(58, 12),
    Score::new(106, 129),
    Score::new(239, 355),
    Score::new(139, 122),
    Score::new(9, 9),
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
        [   0,   0,   0, -89, -36],
        [   0,   0,   0, -33,  -4],
        [   0,   0,   0,   9,  18],
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
        [   0,   0,   0,  39,   0],
        [   0,   0,   0,   0,  67],
        [   0,   0,   0,  47,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -6,   0,   0],
        [   0,   0,   0,   0,   0],
        [  -3,   0,   0,   0,  29],
        [   0,   0,   0,   0,   0],
        [   0,   0,  11,   0,   0],
    ],
    // horse
    [
        [   7, -19,   0,  64,   8],
        [ -14,   2,  44,   7, 136],
        [  38,   2, -12,  70, 101],
        [ -20,  52,   8,  47,  16],
        [   9,   7,  -6,  26,  37],
        [  29,  12,  42,  17,  19],
        [  -6, -18,   3,   4,  22],
        [   2,  -3,   5,  19,  -5],
        [  -8, -10,  -5,   2,  12],
        [ -20, -17,   5,   1, -45],
    ],
    // rook
    [
        [  24,  40,  32,  34, 112],
        [  33,  40,  37,  37,  55],
        [  13,  25,  30,  38,  51],
        [  32,  33,  50,  41,  51],
        [  19,  28,  47,  40,  52],
        [  51,  50,  54,  53,  50],
        [  37,  48,  55,  53,  65],
        [  28,  39,  41,  45,  35],
        [  26,  33,  42,  35,  24],
        [  20,  39,  42,  38,  18],
    ],
    // cannon
    [
        [  21,   8, -25, -33, -11],
        [  -1, -20, -13,  -4,   7],
        [  23, -13, -17,  -5, -39],
        [  -2,  -2,   0, -14,  32],
        [  -6, -14, -13,  -9,  40],
        [  19,   8,  16,   9,  33],
        [  20,   6,  33,  12,  26],
        [  19,  12,  28,  21,  32],
        [  17,   7,  23,   7,  32],
        [ -31,  -7,  15,  20,  42],
    ],
    // pawn
    [
        [  25,   9,  41,  57, 101],
        [  17,  52,  64, 107, 285],
        [  -1,  39,  37,  64,  73],
        [  11,  15,  38,  46,  64],
        [  10,  19,  21,  38,  48],
        [   5,   0,  19,   0,  17],
        [   8,   0,   6,   0,  28],
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
        [   0,   0,   0,   4,  -6],
        [   0,   0,   0,  13,   8],
        [   0,   0,   0,   3,   3],
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
        [   0,   0,   0, -13,   0],
        [   0,   0,   0,   0,  -7],
        [   0,   0,   0, -18,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -8,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -12,   0,   0,   0, -12],
        [   0,   0,   0,   0,   0],
        [   0,   0, -12,   0,   0],
    ],
    // horse
    [
        [   3,  11,   4, -25,  27],
        [   9,   5,  -9,  -6, -43],
        [  -7,  -2,   2, -16, -12],
        [   6, -12,  -3,  -7,  12],
        [   0,  -5,   9,  -5,   9],
        [  11,  10,   5,  11,  14],
        [  18,  15,  10,   9,  10],
        [  -2,  15,  -1,   4,   3],
        [  -3,  17, -15,  -6,  -8],
        [ -16,   4, -11, -10, -34],
    ],
    // rook
    [
        [  27,  23,  38,  38,  21],
        [  28,  29,  28,  42,  51],
        [  46,  37,  36,  45,  52],
        [  31,  37,  31,  37,  52],
        [  42,  36,  33,  33,  51],
        [  40,  53,  48,  46,  50],
        [  54,  49,  49,  52,  43],
        [  40,  41,  49,  38,  56],
        [  37,  40,  38,  41,  35],
        [  25,  35,  24,  30,  26],
    ],
    // cannon
    [
        [ -14, -12,  10,  11,  -4],
        [   1,   3,   1,   3,  15],
        [ -22,  -3,   3,  -6,  24],
        [  -2,  -4,  -7,   5,  11],
        [  -2,   4,  -6,  -1,   1],
        [   5,   4,   3,  14,   7],
        [   6,  15, -13,   7,   5],
        [   7,  10,   6,   4,  10],
        [   9,  11,   0,  15,  13],
        [  21,  18,   2,  10,  15],
    ],
    // pawn
    [
        [ -10,  -9,  -1, -22, -23],
        [  -8,   3,   1,  -3,  -3],
        [  10,   4,  14,  15,  28],
        [  11,  21,  19,  21,  27],
        [  13,  23,  19,  24,  33],
        [  18,   0,  17,   0,  28],
        [  15,   0,  14,   0,  19],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-28, -3),
    Score::new(-16, -52),
    Score::new(-10, -28),
    Score::new(-8, -1),
    Score::new(-5, -3),
    Score::new(2, -3),
    Score::new(1, 5),
    Score::new(1, 8),
    Score::new(4, 2),
    Score::new(4, 10),
    Score::new(2, 11),
    Score::new(6, 8),
    Score::new(6, 9),
    Score::new(5, 11),
    Score::new(13, 5),
    Score::new(13, 8),
    Score::new(12, 8),
    Score::new(13, 9),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-6, -29),
    Score::new(-2, -6),
    Score::new(2, 0),
    Score::new(6, 6),
    Score::new(10, 10),
    Score::new(15, 13),
    Score::new(19, 12),
    Score::new(18, 14),
    Score::new(29, 8),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-9, -1),
    Score::new(-4, 0),
    Score::new(-3, 0),
    Score::new(-3, -1),
    Score::new(-3, -1),
    Score::new(-2, -3),
    Score::new(-3, -3),
    Score::new(0, -6),
    Score::new(-4, -1),
    Score::new(-2, -4),
    Score::new(-4, -4),
    Score::new(-7, -3),
    Score::new(-8, 0),
    Score::new(-14, 10),
    Score::new(-22, -8),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-24, -19),
    Score::new(-15, 2),
    Score::new(-12, 2),
    Score::new(-11, 4),
    Score::new(-8, 3),
    Score::new(-7, 6),
    Score::new(-6, 4),
    Score::new(-4, 2),
    Score::new(-2, 4),
    Score::new(-1, 4),
    Score::new(0, 4),
    Score::new(2, 3),
    Score::new(5, 3),
    Score::new(6, 3),
    Score::new(10, 1),
    Score::new(12, -1),
    Score::new(18, 0),
    Score::new(16, 1),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(2, 7),
    Score::new(4, 7),
    Score::new(7, 0),
    Score::new(4, -3),
    Score::new(-1, -6),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(12, 7),
    Score::new(12, 4),
    Score::new(10, 3),
    Score::new(8, 0),
    Score::new(0, 3),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(39, -7);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(22, 2);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(19, -12),
    Score::new(30, 8),
    Score::new(4, 12),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(4, 0);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(0, 5);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(4, -4);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-4, -26),
    Score::new(-17, -5),
    Score::new(-41, -3),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(-6, -3),
    Score::new(-7, 1),
    Score::new(2, -1),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(0, -14);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-31, -139);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(2, -3);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-2, 3);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(18, -7),
    Score::new(18, 8),
    Score::new(-9, 20),
    Score::new(0, 2),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(12, -1),
    Score::new(3, -2),
    Score::new(16, 3),
    Score::new(-36, 4),
    Score::new(0, 14),
    Score::new(0, 0),
    Score::new(11, 1),
    Score::new(5, -7),
    Score::new(-9, -6),
    Score::new(-34, 6),
    Score::new(-3, 1),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(0, 3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-18, -1),
    Score::new(-5, 10),
    Score::new(13, 22),
    Score::new(45, 31),
    Score::new(82, 49),
    Score::new(17, 83),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 2;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 4;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 2, 6, 12];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 141;
