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
    Score::new(95, 11),
    Score::new(56, 12),
    Score::new(105, 130),
    Score::new(238, 356),
    Score::new(138, 123),
    Score::new(9, 10),
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
        [   0,   0,   0, -85, -39],
        [   0,   0,   0, -33,  -6],
        [   0,   0,   0,  10,  19],
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
        [   0,   0,   0,  38,   0],
        [   0,   0,   0,   0,  65],
        [   0,   0,   0,  46,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -7,   0,   0],
        [   0,   0,   0,   0,   0],
        [  -3,   0,   0,   0,  28],
        [   0,   0,   0,   0,   0],
        [   0,   0,  10,   0,   0],
    ],
    // horse
    [
        [   6, -19,   2,  65,   8],
        [ -13,   3,  44,   6, 129],
        [  37,   2, -11,  69, 101],
        [ -20,  51,   8,  48,  15],
        [   8,   7,  -5,  26,  36],
        [  28,  13,  42,  18,  19],
        [  -4, -16,   4,   4,  22],
        [   2,  -3,   6,  20,  -4],
        [  -8, -11,  -5,   2,  11],
        [ -20, -16,   4,   1, -46],
    ],
    // rook
    [
        [  24,  41,  33,  34, 109],
        [  33,  40,  36,  37,  52],
        [  14,  26,  30,  38,  52],
        [  31,  33,  50,  42,  50],
        [  19,  28,  46,  40,  51],
        [  51,  50,  54,  53,  49],
        [  37,  48,  55,  53,  65],
        [  28,  40,  41,  45,  36],
        [  26,  34,  43,  35,  23],
        [  20,  40,  43,  39,  18],
    ],
    // cannon
    [
        [  21,   8, -25, -34, -10],
        [  -1, -20, -13,  -4,   4],
        [  22, -13, -17,  -5, -39],
        [  -2,  -2,   0, -14,  32],
        [  -5, -14, -14,  -9,  40],
        [  19,   8,  17,   9,  34],
        [  20,   6,  33,  12,  27],
        [  19,  13,  28,  21,  32],
        [  17,   7,  23,   7,  30],
        [ -33,  -7,  14,  20,  42],
    ],
    // pawn
    [
        [  26,  12,  40,  57, 101],
        [  16,  53,  64, 104, 289],
        [  -1,  41,  36,  63,  73],
        [  11,  15,  38,  46,  63],
        [  11,  19,  22,  37,  47],
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
        [   0,   0,   0,   3,  -3],
        [   0,   0,   0,  12,   9],
        [   0,   0,   0,   2,   3],
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
        [   0,   0,   0,   0,  -6],
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
        [ -12,   0,   0,   0, -11],
        [   0,   0,   0,   0,   0],
        [   0,   0, -11,   0,   0],
    ],
    // horse
    [
        [   4,  11,   3, -23,  26],
        [   7,   4,  -9,  -3, -33],
        [  -7,  -1,   2, -15, -11],
        [   6, -11,  -4,  -8,  14],
        [  -1,  -5,   6,  -5,  10],
        [  13,  10,   5,  10,  15],
        [  16,  13,   9,   8,  10],
        [  -3,  14,  -2,   3,   2],
        [  -4,  18, -14,  -7,  -8],
        [ -16,   4, -10, -10, -36],
    ],
    // rook
    [
        [  26,  21,  37,  37,  20],
        [  29,  29,  30,  41,  45],
        [  45,  38,  35,  44,  52],
        [  32,  38,  32,  38,  54],
        [  42,  36,  35,  34,  54],
        [  40,  53,  49,  47,  52],
        [  55,  50,  50,  52,  45],
        [  40,  39,  49,  39,  55],
        [  35,  39,  38,  41,  39],
        [  24,  35,  22,  28,  23],
    ],
    // cannon
    [
        [ -13, -12,   9,  11,  -3],
        [   0,   4,   2,   4,  13],
        [ -20,  -5,   2,  -5,  23],
        [  -1,  -5,  -7,   5,  11],
        [  -2,   4,  -5,  -1,   1],
        [   7,   4,   3,  14,   7],
        [   6,  14, -13,   4,   4],
        [   7,  10,   6,   4,  11],
        [   8,  10,  -2,  15,  16],
        [  22,  16,   4,  11,  15],
    ],
    // pawn
    [
        [ -12, -11,   0, -18, -25],
        [  -9,   0,   0,  -1,  -3],
        [   9,   5,  15,  15,  28],
        [  13,  23,  20,  22,  29],
        [  13,  23,  19,  24,  35],
        [  17,   0,  16,   0,  28],
        [  14,   0,  13,   0,  18],
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
    Score::new(-8, 0),
    Score::new(-5, -2),
    Score::new(2, -2),
    Score::new(1, 6),
    Score::new(0, 7),
    Score::new(4, 2),
    Score::new(4, 10),
    Score::new(2, 11),
    Score::new(6, 8),
    Score::new(6, 9),
    Score::new(5, 11),
    Score::new(13, 5),
    Score::new(13, 9),
    Score::new(12, 8),
    Score::new(14, 7),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-7, -28),
    Score::new(-2, -5),
    Score::new(2, -1),
    Score::new(6, 6),
    Score::new(10, 10),
    Score::new(15, 13),
    Score::new(18, 12),
    Score::new(18, 14),
    Score::new(28, 9),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-9, -1),
    Score::new(-5, 0),
    Score::new(-3, 0),
    Score::new(-3, 0),
    Score::new(-3, -1),
    Score::new(-2, -3),
    Score::new(-3, -3),
    Score::new(0, -5),
    Score::new(-4, -2),
    Score::new(-2, -5),
    Score::new(-4, -4),
    Score::new(-7, -3),
    Score::new(-8, 0),
    Score::new(-14, 10),
    Score::new(-22, -8),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-24, -17),
    Score::new(-15, 2),
    Score::new(-12, 2),
    Score::new(-11, 4),
    Score::new(-8, 4),
    Score::new(-7, 6),
    Score::new(-6, 4),
    Score::new(-4, 2),
    Score::new(-2, 4),
    Score::new(-1, 4),
    Score::new(0, 3),
    Score::new(2, 2),
    Score::new(5, 2),
    Score::new(6, 2),
    Score::new(10, 0),
    Score::new(12, -1),
    Score::new(18, 0),
    Score::new(15, 1),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(1, 7),
    Score::new(3, 8),
    Score::new(6, 1),
    Score::new(3, -3),
    Score::new(0, -6),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(11, 7),
    Score::new(11, 5),
    Score::new(9, 4),
    Score::new(7, 0),
    Score::new(-1, 3),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(38, -5);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(23, 2);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(20, -12),
    Score::new(30, 8),
    Score::new(4, 13),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(4, 1);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(0, 6);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(4, -3);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-2, -27),
    Score::new(-17, -5),
    Score::new(-40, -3),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(-5, -2),
    Score::new(-7, 2),
    Score::new(3, -1),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-1, -14);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-30, -139);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(3, -3);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-2, 2);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(16, -6),
    Score::new(17, 8),
    Score::new(-7, 15),
    Score::new(-1, 6),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(12, -2),
    Score::new(3, -1),
    Score::new(14, 3),
    Score::new(-32, 8),
    Score::new(0, 14),
    Score::new(0, 0),
    Score::new(13, 0),
    Score::new(6, -7),
    Score::new(-10, -4),
    Score::new(-34, 5),
    Score::new(-4, 0),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(-1, 4);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-18, -2),
    Score::new(-5, 10),
    Score::new(13, 22),
    Score::new(45, 31),
    Score::new(83, 48),
    Score::new(17, 85),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 2;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 4;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 2, 6, 10];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 148;
