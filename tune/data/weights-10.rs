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
    Score::new(98, 11),
    Score::new(42, 16),
    Score::new(104, 127),
    Score::new(238, 342),
    Score::new(137, 119),
    Score::new(13, 9),
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
        [   0,   0,   0, -81, -44],
        [   0,   0,   0, -32,  -2],
        [   0,   0,   0,   6,  16],
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
        [   0,   0,   0,  36,   0],
        [   0,   0,   0,   0,  70],
        [   0,   0,   0,  44,   0],
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
        [  -8,   0,   0,   0,  24],
        [   0,   0,   0,   0,   0],
        [   0,   0,   6,   0,   0],
    ],
    // horse
    [
        [   0, -11,  -1,  74,   6],
        [ -22,  -4,  41,   2, 130],
        [  31,   5, -11,  76,  98],
        [ -23,  45,   5,  43,  15],
        [   2,   3,  -8,  23,  36],
        [  28,  14,  42,  20,  21],
        [  -1, -16,   3,   6,  22],
        [   2,   0,   6,  18,   0],
        [  -7, -15,  -3,   3,  16],
        [ -22, -14,   1,  -2, -13],
    ],
    // rook
    [
        [  25,  37,  33,  33,  93],
        [  25,  39,  34,  37,  85],
        [  17,  23,  27,  38,  57],
        [  29,  31,  47,  39,  52],
        [  19,  28,  43,  38,  57],
        [  49,  51,  53,  53,  51],
        [  38,  48,  55,  53,  66],
        [  26,  39,  41,  41,  38],
        [  24,  34,  38,  35,  31],
        [  20,  40,  40,  36,  30],
    ],
    // cannon
    [
        [  18,   7, -24, -35,  -5],
        [   0, -19,  -9,  -7, -25],
        [   9, -12, -14,  -6, -41],
        [  -5,  -3,  -1, -14,  34],
        [  -8, -14, -14, -12,  40],
        [  21,  11,  17,  10,  35],
        [  20,   9,  33,  12,  26],
        [  20,  14,  29,  21,  35],
        [  15,   9,  23,   8,  39],
        [ -19,  -4,  14,  21,  40],
    ],
    // pawn
    [
        [  41,  20,  38,  50, 110],
        [  21,  61,  61,  95, 302],
        [   1,  39,  33,  65,  92],
        [   7,  16,  34,  46,  57],
        [   7,  17,  18,  35,  44],
        [   1,   0,  17,   0,  14],
        [   4,   0,   4,   0,  24],
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
        [   0,   0,   0,   4,  -1],
        [   0,   0,   0,  12,   6],
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
        [   0,   0,   0, -11,   0],
        [   0,   0,   0,   0,  -7],
        [   0,   0,   0, -17,   0],
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
        [ -11,   0,   0,   0, -11],
        [   0,   0,   0,   0,   0],
        [   0,   0, -10,   0,   0],
    ],
    // horse
    [
        [   8,   7,   0, -20,  16],
        [  11,   6,  -6,  -4, -34],
        [  -2,  -2,   2, -18,  -6],
        [   5,  -7,  -1,  -5,  11],
        [   3,  -1,   6,  -3,  10],
        [  11,  10,   7,  10,  12],
        [  12,   9,  12,   8,   9],
        [  -4,   9,  -3,   2,  -1],
        [  -6,  14, -14, -10, -14],
        [ -17,  -1,  -8, -12, -17],
    ],
    // rook
    [
        [  28,  25,  35,  36,  26],
        [  34,  29,  32,  37,  34],
        [  44,  39,  39,  42,  47],
        [  35,  38,  34,  39,  54],
        [  43,  37,  37,  36,  48],
        [  43,  49,  46,  45,  51],
        [  52,  49,  49,  48,  45],
        [  41,  37,  46,  41,  51],
        [  35,  40,  40,  41,  29],
        [  21,  31,  28,  34,  30],
    ],
    // cannon
    [
        [ -10,  -9,   8,  11,  -1],
        [   1,   3,  -7,   2,  27],
        [  -7,  -4,  -2,  -4,  24],
        [   1,  -3,  -5,   5,   9],
        [  -1,   5,  -3,   3,   2],
        [   5,   4,   3,  14,   5],
        [   6,  11, -10,   5,   3],
        [   5,   8,   5,   3,   8],
        [   9,   8,  -1,  15,   9],
        [  15,  10,   3,  10,  13],
    ],
    // pawn
    [
        [ -26, -12,  -5, -20, -28],
        [  -7,  -3,   4,   4,  -8],
        [   6,   8,  16,  12,  28],
        [  18,  24,  22,  22,  30],
        [  17,  23,  23,  26,  36],
        [  19,   0,  16,   0,  28],
        [  16,   0,  13,   0,  18],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-25, 0),
    Score::new(-16, -42),
    Score::new(-10, -29),
    Score::new(-8, -7),
    Score::new(-6, -2),
    Score::new(2, -5),
    Score::new(1, 4),
    Score::new(1, 5),
    Score::new(4, 2),
    Score::new(4, 8),
    Score::new(2, 9),
    Score::new(5, 7),
    Score::new(5, 8),
    Score::new(4, 10),
    Score::new(13, 4),
    Score::new(13, 7),
    Score::new(12, 6),
    Score::new(13, 6),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-7, -30),
    Score::new(-2, -5),
    Score::new(2, 0),
    Score::new(6, 6),
    Score::new(10, 9),
    Score::new(15, 12),
    Score::new(18, 11),
    Score::new(19, 12),
    Score::new(28, 9),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-10, 0),
    Score::new(-6, 1),
    Score::new(-4, 1),
    Score::new(-5, 1),
    Score::new(-5, -1),
    Score::new(-4, -1),
    Score::new(-4, -2),
    Score::new(-2, -4),
    Score::new(-6, -1),
    Score::new(-4, -4),
    Score::new(-7, -4),
    Score::new(-7, -2),
    Score::new(-5, -2),
    Score::new(-6, -1),
    Score::new(-13, -8),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-23, -10),
    Score::new(-15, 2),
    Score::new(-11, 1),
    Score::new(-11, 4),
    Score::new(-8, 4),
    Score::new(-7, 5),
    Score::new(-6, 3),
    Score::new(-3, 1),
    Score::new(-2, 3),
    Score::new(-1, 4),
    Score::new(1, 3),
    Score::new(3, 1),
    Score::new(5, 2),
    Score::new(7, 1),
    Score::new(9, 0),
    Score::new(11, -1),
    Score::new(11, 1),
    Score::new(14, 1),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(1, 7),
    Score::new(6, 7),
    Score::new(6, 2),
    Score::new(1, -2),
    Score::new(-4, -2),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(9, 7),
    Score::new(9, 4),
    Score::new(6, 4),
    Score::new(4, 1),
    Score::new(-5, 3),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(38, -6);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(19, 2);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(17, -10),
    Score::new(30, 8),
    Score::new(6, 7),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(4, 2);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(1, 7);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(5, -6);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-5, -27),
    Score::new(-17, -5),
    Score::new(-39, -3),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(-2, 3),
    Score::new(-3, 3),
    Score::new(5, 0),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(4, -20);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-32, -104);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(5, -7);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-3, 2);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(17, -7),
    Score::new(15, 9),
    Score::new(-7, 18),
    Score::new(-6, 6),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(10, -1),
    Score::new(6, -1),
    Score::new(1, 5),
    Score::new(-12, 8),
    Score::new(0, 10),
    Score::new(0, 0),
    Score::new(11, -1),
    Score::new(2, -8),
    Score::new(-15, -4),
    Score::new(-34, 3),
    Score::new(0, 3),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(-2, 3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-15, -4),
    Score::new(-1, 6),
    Score::new(20, 16),
    Score::new(51, 25),
    Score::new(86, 40),
    Score::new(-12, 113),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 1;

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
pub const MAX_DANGER: i32 = 149;
