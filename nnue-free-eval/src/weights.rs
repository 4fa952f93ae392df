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
    Score::new(89, 2),
    Score::new(22, 4),
    Score::new(130, 109),
    Score::new(278, 346),
    Score::new(150, 110),
    Score::new(39, 8),
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
        [   0,   0,   0, -85, -63],
        [   0,   0,   0, -29,  -8],
        [   0,   0,   0,   9,  29],
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
        [   0,   0,   0,  37,   0],
        [   0,   0,   0,   0,  64],
        [   0,   0,   0,  42,   0],
    ],
    // elephant
    [
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0, -16,   0,   0],
        [   0,   0,   0,   0,   0],
        [ -14,   0,   0,   0,  18],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -1,   0,   0],
    ],
    // horse
    [
        [  14,  -7,  18,  95, -10],
        [  -1,   2,  63,  11, 139],
        [  25,  23,  -4,  77, 109],
        [ -26,  64,  -3,  61,  14],
        [  -1,   8,  -6,  29,  35],
        [  27,   9,  54,  13,  31],
        [   6, -10,   3,   4,  26],
        [  -6,  -5,  -5,  19,  -2],
        [ -26, -39, -15,  -3,   6],
        [ -37, -29, -16,  -7, -24],
    ],
    // rook
    [
        [  27,  32,  20,  33,  77],
        [  20,  37,  36,  39,  78],
        [  12,  22,  32,  34,  54],
        [  24,  27,  46,  31,  56],
        [   9,  21,  37,  30,  62],
        [  47,  56,  64,  57,  55],
        [  44,  54,  62,  59,  70],
        [  32,  46,  43,  45,  43],
        [  30,  39,  41,  39,  31],
        [  24,  44,  46,  46,  44],
    ],
    // cannon
    [
        [  25,   4, -34, -45, -11],
        [   5, -16,  -6, -13, -45],
        [   1, -13, -15, -15, -47],
        [  -2, -12,  -7, -16,  26],
        [   8, -20, -19, -20,  36],
        [  17,  19,  29,  17,  29],
        [  10,  12,  33,  15,  31],
        [  21,  16,  28,  30,  35],
        [  17,  19,  31,  21,  38],
        [  -3,   6,  21,  30,  60],
    ],
    // pawn
    [
        [  60,  -2,  16,  82, 152],
        [  25,  92, 132, 181, 359],
        [   4,  37,  64, 108, 121],
        [ -35,  -6,  21,  38,  62],
        [ -45, -21, -10,  17,  32],
        [ -26,   0,  -6,   0,  -3],
        [ -24,   0, -21,   0,   1],
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
        [   0,   0,   0,  10,   9],
        [   0,   0,   0,   8,   6],
        [   0,   0,   0,   0,  -4],
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
        [   0,   0,   0, -15,   0],
        [   0,   0,   0,   0, -16],
        [   0,   0,   0, -16,   0],
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
        [ -15,   0,   0,   0, -16],
        [   0,   0,   0,   0,   0],
        [   0,   0, -14,   0,   0],
    ],
    // horse
    [
        [  13,  10,   7, -20, -14],
        [   8,   7, -13,  -2, -35],
        [   4,  -3,   5, -22, -20],
        [   9, -11,   3,  -9,   4],
        [   6,   4,   4,  -2,   4],
        [   6,   7,  -2,   7,   4],
        [   5,  10,  10,   6,   2],
        [  -1,   8,  -2,   6,   4],
        [  -7,  11,  -4,  -5,  -6],
        [ -42,   2,  11,   0, -20],
    ],
    // rook
    [
        [  38,  39,  42,  34,  33],
        [  37,  34,  29,  31,  35],
        [  47,  43,  39,  44,  44],
        [  42,  44,  36,  41,  41],
        [  51,  44,  43,  40,  39],
        [  42,  42,  40,  40,  44],
        [  48,  45,  43,  43,  37],
        [  40,  38,  46,  41,  42],
        [  36,  32,  31,  29,  36],
        [  33,  33,  30,  35,  40],
    ],
    // cannon
    [
        [ -14,  -4,   3,   9,  -9],
        [  -3,   8, -10,  -2,  37],
        [   4,   2,  -1,   0,  15],
        [   2,  10,  -1,   5,   1],
        [  -2,  12,   5,  11,  -6],
        [   5,  -5, -10,   5,   6],
        [   8,   6,  -6,   7,   4],
        [   7,   7,   1,   3,   8],
        [  10,   4,  -2,  10,   9],
        [  13,   9,   5,  11,   5],
    ],
    // pawn
    [
        [ -11,   8,  11,  -7, -30],
        [   5,   0,  -8, -15, -27],
        [   7,  16,  12,   6,   0],
        [  22,  25,  21,  15,  15],
        [  24,  25,  19,  22,  23],
        [  28,   0,  26,   0,  31],
        [  25,   0,  22,   0,  24],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-21, 0),
    Score::new(-10, -19),
    Score::new(-10, -16),
    Score::new(-6, -18),
    Score::new(-1, -6),
    Score::new(2, -2),
    Score::new(5, 3),
    Score::new(6, 0),
    Score::new(6, 3),
    Score::new(7, 4),
    Score::new(5, 7),
    Score::new(7, 5),
    Score::new(8, 5),
    Score::new(7, 8),
    Score::new(14, 3),
    Score::new(15, 4),
    Score::new(11, 6),
    Score::new(11, 5),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-7, -40),
    Score::new(-2, -6),
    Score::new(4, -2),
    Score::new(9, 2),
    Score::new(15, 3),
    Score::new(20, 3),
    Score::new(24, 3),
    Score::new(32, 2),
    Score::new(30, 2),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(0, 0),
    Score::new(2, 0),
    Score::new(1, 0),
    Score::new(2, 0),
    Score::new(0, -1),
    Score::new(-1, -2),
    Score::new(-2, -4),
    Score::new(-4, -3),
    Score::new(-4, -2),
    Score::new(-5, -3),
    Score::new(-4, -7),
    Score::new(-11, -4),
    Score::new(-9, -10),
    Score::new(-12, -8),
    Score::new(-11, -8),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(60, -15);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(0, 0);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(38, -11),
    Score::new(30, 8),
    Score::new(10, -2),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(7, 1);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(1, 12);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(3, -7);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(13, -2),
    Score::new(-16, 15),
    Score::new(-48, -4),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(17, 18),
    Score::new(-4, 16),
    Score::new(5, 12),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-6, -12);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-45, -81);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(15, -8);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-6, 20);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(4, 3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-32, 2),
    Score::new(-8, 0),
    Score::new(24, -1),
    Score::new(62, 2),
    Score::new(92, 20),
    Score::new(8, 187),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 0;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 6;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 2, 5, 7, 9];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 149;
