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
    Score::new(84, 14),
    Score::new(34, 18),
    Score::new(100, 126),
    Score::new(240, 331),
    Score::new(134, 118),
    Score::new(14, 9),
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
        [   0,   0,   0, -69, -44],
        [   0,   0,   0, -32, -10],
        [   0,   0,   0,   5,  12],
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
        [   0,   0,   0,  33,   0],
        [   0,   0,   0,   0,  63],
        [   0,   0,   0,  42,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -12,   0,   0],
        [   0,   0,   0,   0,   0],
        [  -9,   0,   0,   0,  20],
        [   0,   0,   0,   0,   0],
        [   0,   0,   4,   0,   0],
    ],
    // horse
    [
        [   3,  -8, -10,  70,  -7],
        [ -30,  -5,  31,   5, 138],
        [  28,   0, -10,  64,  97],
        [ -13,  25,   4,  35,  18],
        [   3,   4,  -8,  19,  35],
        [  27,  16,  39,  22,  26],
        [  -2,  -2,   6,  11,  26],
        [   5,   5,   9,  22,  12],
        [  -9,   3,  -3,   5,  15],
        [ -27, -12,   6,  -9, -17],
    ],
    // rook
    [
        [  13,  36,  33,  24,  96],
        [  29,  41,  35,  38,  75],
        [  25,  22,  27,  36,  57],
        [  26,  30,  48,  38,  55],
        [  23,  34,  41,  35,  54],
        [  50,  50,  52,  56,  46],
        [  41,  47,  58,  54,  67],
        [  25,  40,  41,  38,  42],
        [  29,  38,  35,  37,  30],
        [  23,  40,  33,  38,  33],
    ],
    // cannon
    [
        [  16,   1, -26, -23,  -8],
        [  -7, -17, -12, -15, -17],
        [  14, -10, -14, -10, -27],
        [  -8,  -3,  -3, -13,  35],
        [  -7,  -9,  -9, -13,  46],
        [  18,  11,  15,  11,  36],
        [  31,   4,  26,  12,  34],
        [  16,  15,  28,  22,  30],
        [  16,   8,  26,   4,  29],
        [ -17, -10,  15,  17,  38],
    ],
    // pawn
    [
        [  41,  25,  44,  50, 108],
        [  16,  65,  72,  85, 253],
        [   7,  49,  43,  53,  80],
        [  12,  25,  40,  47,  57],
        [   9,  19,  25,  38,  51],
        [   1,   0,  17,   0,  14],
        [   3,   0,   4,   0,  22],
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
        [   0,   0,   0,   3,  -2],
        [   0,   0,   0,  10,   8],
        [   0,   0,   0,   3,   4],
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
        [   0,   0,   0, -10,   0],
        [   0,   0,   0,   0,  -7],
        [   0,   0,   0, -15,   0],
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
        [ -10,   0,   0,   0, -10],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -9,   0,   0],
    ],
    // horse
    [
        [  11,   7,   5, -24,   7],
        [  14,   6,  -1,  -6, -59],
        [   0,  -1,   5, -15,  -1],
        [   2,   1,   1,  -2,   8],
        [   3,   3,   3,  -2,  10],
        [   4,  11,  10,   9,  10],
        [   6,   5,  12,   8,  10],
        [  -8,   9,  -2,   2,  -1],
        [  -1,   7, -12,  -8, -11],
        [ -19,  -4, -12,  -3,  -7],
    ],
    // rook
    [
        [  37,  27,  34,  39,  28],
        [  34,  31,  33,  39,  40],
        [  40,  36,  41,  43,  48],
        [  38,  38,  34,  40,  54],
        [  40,  31,  38,  38,  47],
        [  42,  46,  45,  42,  53],
        [  50,  48,  47,  47,  44],
        [  39,  34,  45,  42,  49],
        [  34,  38,  36,  40,  31],
        [  16,  25,  31,  36,  33],
    ],
    // cannon
    [
        [ -12,  -4,   7,   3,  -8],
        [   5,   5,   0,   1,  30],
        [  -7,  -6,   1,  -6,  21],
        [  -1,  -1,   1,   4,   9],
        [  -1,   3,  -3,   5,   2],
        [   6,   6,   4,  15,   4],
        [   4,  10,   0,   4,   3],
        [   2,   7,   1,   4,  11],
        [   9,   4,  -6,  15,   9],
        [  11,  13,   1,  14,  13],
    ],
    // pawn
    [
        [ -27, -15, -13, -16, -29],
        [  -7,  -2,   1,   6, -12],
        [   1,   9,  12,  18,  30],
        [  22,  24,  25,  24,  30],
        [  19,  23,  23,  27,  35],
        [  17,   0,  15,   0,  27],
        [  17,   0,  14,   0,  20],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-20, 0),
    Score::new(-13, -42),
    Score::new(-9, -23),
    Score::new(-8, -10),
    Score::new(-5, 0),
    Score::new(0, -3),
    Score::new(1, 3),
    Score::new(1, 2),
    Score::new(3, 2),
    Score::new(2, 6),
    Score::new(1, 9),
    Score::new(6, 5),
    Score::new(6, 6),
    Score::new(4, 9),
    Score::new(11, 3),
    Score::new(11, 4),
    Score::new(10, 5),
    Score::new(15, 3),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-8, -28),
    Score::new(-2, -4),
    Score::new(1, 1),
    Score::new(5, 6),
    Score::new(8, 9),
    Score::new(14, 11),
    Score::new(16, 11),
    Score::new(18, 11),
    Score::new(33, 6),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-10, 2),
    Score::new(-6, 2),
    Score::new(-4, 0),
    Score::new(-2, 0),
    Score::new(-4, -1),
    Score::new(-3, -2),
    Score::new(-4, -2),
    Score::new(-2, -3),
    Score::new(-5, -1),
    Score::new(-4, -2),
    Score::new(-5, -6),
    Score::new(-9, 0),
    Score::new(-8, -3),
    Score::new(-11, -3),
    Score::new(-17, -11),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-18, -9),
    Score::new(-9, -1),
    Score::new(-11, 3),
    Score::new(-10, 2),
    Score::new(-9, 5),
    Score::new(-6, 4),
    Score::new(-6, 2),
    Score::new(-4, 2),
    Score::new(-3, 3),
    Score::new(-3, 4),
    Score::new(-1, 4),
    Score::new(4, 1),
    Score::new(3, 1),
    Score::new(2, 2),
    Score::new(6, 0),
    Score::new(10, -4),
    Score::new(13, -2),
    Score::new(14, 0),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(3, 4),
    Score::new(2, 7),
    Score::new(1, 4),
    Score::new(-2, 1),
    Score::new(-6, 1),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(9, 7),
    Score::new(7, 4),
    Score::new(4, 5),
    Score::new(1, 3),
    Score::new(-9, 4),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(29, -4);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(15, 1);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(11, -4),
    Score::new(30, 8),
    Score::new(16, 0),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(6, 2);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(5, 6);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(3, -14);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-4, -24),
    Score::new(-17, -4),
    Score::new(-31, -2),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(0, 5),
    Score::new(-3, 3),
    Score::new(5, 0),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(3, -17);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-17, -120);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(13, -11);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-4, 3);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(19, -6),
    Score::new(4, 10),
    Score::new(-8, 16),
    Score::new(-4, 1),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(10, 1),
    Score::new(4, 2),
    Score::new(0, 3),
    Score::new(-5, 11),
    Score::new(0, 15),
    Score::new(0, 0),
    Score::new(17, -2),
    Score::new(3, -8),
    Score::new(-14, -6),
    Score::new(-37, 1),
    Score::new(1, 3),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(3, -3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-15, -5),
    Score::new(2, 3),
    Score::new(23, 12),
    Score::new(49, 23),
    Score::new(79, 35),
    Score::new(-10, 132),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 1;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 0;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 3;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 3, 6, 10];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 149;
