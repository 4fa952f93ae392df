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
    Score::new(97, 13),
    Score::new(36, 17),
    Score::new(102, 127),
    Score::new(240, 337),
    Score::new(134, 120),
    Score::new(15, 11),
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
        [   0,   0,   0, -79, -41],
        [   0,   0,   0, -32,  -8],
        [   0,   0,   0,   8,  17],
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
        [   0,   0,   0,   0,  67],
        [   0,   0,   0,  45,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -11,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -11,   0,   0,   0,  22],
        [   0,   0,   0,   0,   0],
        [   0,   0,   5,   0,   0],
    ],
    // horse
    [
        [   4, -17, -13,  71,  -2],
        [ -19,   0,  40,   5, 128],
        [  41,   3, -13,  81,  95],
        [ -15,  39,   4,  43,  20],
        [  -3,   1, -12,  23,  37],
        [  34,  18,  45,  21,  18],
        [   1, -12,   0,   4,  26],
        [   3,  -1,   7,  22,   1],
        [  -8, -12,  -2,   4,  12],
        [ -29, -12,   9,  -9, -18],
    ],
    // rook
    [
        [  17,  36,  39,  32, 101],
        [  24,  41,  37,  40,  78],
        [  22,  25,  28,  36,  52],
        [  26,  31,  47,  37,  51],
        [  18,  29,  41,  36,  52],
        [  53,  53,  55,  54,  47],
        [  39,  48,  60,  50,  67],
        [  26,  39,  39,  40,  44],
        [  27,  34,  40,  36,  26],
        [  21,  41,  37,  35,  28],
    ],
    // cannon
    [
        [  19,   4, -29, -25, -10],
        [  -3, -19, -16,  -5, -14],
        [  19, -16, -15,  -3, -44],
        [  -5,  -4,  -2, -17,  30],
        [  -6, -11, -12, -12,  43],
        [  24,  10,  14,  12,  34],
        [  30,   3,  29,  14,  39],
        [  18,  13,  28,  22,  33],
        [  13,   5,  28,   6,  27],
        [ -16, -10,  18,  17,  43],
    ],
    // pawn
    [
        [  40,  22,  39,  53, 108],
        [  15,  60,  73,  93, 303],
        [   9,  45,  37,  69,  85],
        [   4,  16,  34,  44,  54],
        [   3,  18,  18,  37,  46],
        [  -2,   0,  15,   0,  13],
        [   1,   0,   1,   0,  23],
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
        [   0,   0,   0,   6,  -1],
        [   0,   0,   0,  11,   8],
        [   0,   0,   0,   1,   2],
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
        [   0,   0,   0,   0,  -6],
        [   0,   0,   0, -16,   0],
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
        [  -9,   0,   0,   0, -10],
        [   0,   0,   0,   0,   0],
        [   0,   0, -10,   0,   0],
    ],
    // horse
    [
        [  13,   8,   3,  -9,  10],
        [  11,   7,  -5,  -3, -35],
        [  -1,  -2,   5, -20,  -1],
        [   2,  -3,   3,  -3,   7],
        [   6,   4,   7,  -2,   9],
        [   8,   9,   7,  11,  13],
        [   6,   7,  14,  11,   7],
        [  -7,  11,  -3,   1,   0],
        [  -8,   8, -14, -12, -13],
        [ -23,  -4, -22,  -7, -19],
    ],
    // rook
    [
        [  31,  26,  33,  37,  26],
        [  35,  27,  32,  39,  39],
        [  42,  38,  41,  43,  47],
        [  37,  39,  38,  42,  56],
        [  44,  36,  39,  38,  48],
        [  39,  46,  44,  42,  52],
        [  50,  48,  46,  48,  45],
        [  35,  34,  45,  41,  49],
        [  34,  41,  39,  41,  30],
        [  13,  30,  31,  39,  30],
    ],
    // cannon
    [
        [ -11,  -6,   8,   6,  -4],
        [   3,   4,  -4,   0,  31],
        [  -8,  -5,   3,  -8,  28],
        [   1,   1,  -2,   6,   8],
        [   1,   6,  -2,   6,   1],
        [   2,   4,   4,  13,   5],
        [   2,  14,  -5,   5,   2],
        [   3,   8,   2,   3,  10],
        [  10,   7,  -6,  16,  11],
        [   9,  13,  -2,   9,  10],
    ],
    // pawn
    [
        [ -30, -14, -11, -23, -30],
        [  -6,  -1,   6,   6, -12],
        [   2,  10,  16,  12,  33],
        [  22,  26,  25,  23,  30],
        [  21,  25,  26,  28,  36],
        [  18,   0,  14,   0,  23],
        [  16,   0,  12,   0,  19],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-23, 0),
    Score::new(-13, -46),
    Score::new(-8, -25),
    Score::new(-6, -7),
    Score::new(-4, 0),
    Score::new(2, -7),
    Score::new(2, 2),
    Score::new(2, 2),
    Score::new(3, 2),
    Score::new(2, 7),
    Score::new(0, 11),
    Score::new(4, 7),
    Score::new(4, 8),
    Score::new(4, 10),
    Score::new(12, 5),
    Score::new(12, 6),
    Score::new(11, 6),
    Score::new(14, 5),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-8, -28),
    Score::new(-4, -4),
    Score::new(1, -1),
    Score::new(5, 6),
    Score::new(10, 9),
    Score::new(15, 12),
    Score::new(16, 11),
    Score::new(18, 12),
    Score::new(33, 7),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-11, 2),
    Score::new(-7, 3),
    Score::new(-3, 1),
    Score::new(-3, 0),
    Score::new(-4, -2),
    Score::new(-2, -3),
    Score::new(-4, -2),
    Score::new(-1, -4),
    Score::new(-5, 0),
    Score::new(-3, -3),
    Score::new(-6, -7),
    Score::new(-8, 1),
    Score::new(-9, -3),
    Score::new(-9, -1),
    Score::new(-18, -9),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-23, -8),
    Score::new(-12, 2),
    Score::new(-10, 1),
    Score::new(-10, 3),
    Score::new(-8, 5),
    Score::new(-6, 4),
    Score::new(-5, 1),
    Score::new(-3, 2),
    Score::new(-2, 2),
    Score::new(-1, 4),
    Score::new(1, 4),
    Score::new(4, 1),
    Score::new(4, 2),
    Score::new(5, 0),
    Score::new(6, 0),
    Score::new(9, -3),
    Score::new(10, 1),
    Score::new(14, 2),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(6, 5),
    Score::new(5, 7),
    Score::new(4, 2),
    Score::new(0, -1),
    Score::new(-6, 1),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(8, 9),
    Score::new(7, 4),
    Score::new(5, 5),
    Score::new(3, 2),
    Score::new(-7, 4),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(35, -5);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(21, -9);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(17, -7),
    Score::new(30, 8),
    Score::new(11, 2),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(5, 0);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(3, 6);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(7, -13);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-7, -26),
    Score::new(-16, -6),
    Score::new(-40, -2),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(-5, 6),
    Score::new(-3, 3),
    Score::new(8, 0),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(0, -19);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-28, -118);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(13, -12);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-4, 2);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(19, -10),
    Score::new(8, 7),
    Score::new(-5, 17),
    Score::new(-3, 4),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(4, 2),
    Score::new(6, 0),
    Score::new(-2, 3),
    Score::new(-2, 18),
    Score::new(0, 14),
    Score::new(0, 0),
    Score::new(13, 0),
    Score::new(4, -10),
    Score::new(-15, -7),
    Score::new(-37, 3),
    Score::new(-1, -2),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(5, 2);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-16, -6),
    Score::new(-1, 2),
    Score::new(20, 11),
    Score::new(45, 21),
    Score::new(84, 34),
    Score::new(-4, 141),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 1;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 4;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 4;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 2, 6, 10];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 148;
