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
    Score::new(93, 11),
    Score::new(56, 13),
    Score::new(106, 128),
    Score::new(240, 353),
    Score::new(139, 120),
    Score::new(12, 9),
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
        [   0,   0,   0, -83, -35],
        [   0,   0,   0, -34, -11],
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
        [   0,   0,   0,  39,   0],
        [   0,   0,   0,   0,  63],
        [   0,   0,   0,  44,   0],
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
        [  -5,   0,   0,   0,  28],
        [   0,   0,   0,   0,   0],
        [   0,   0,  10,   0,   0],
    ],
    // horse
    [
        [   2, -24, -11,  64,  -3],
        [ -11,   8,  41,  11, 132],
        [  43,   1, -12,  69, 100],
        [ -15,  44,   7,  48,  22],
        [   0,   3,  -9,  23,  38],
        [  37,  16,  46,  18,  20],
        [  -2, -15,   2,   3,  25],
        [   2,  -2,   5,  25,   2],
        [  -9,  -9,  -3,   3,   9],
        [ -30, -15,  10,  -8, -35],
    ],
    // rook
    [
        [  16,  39,  38,  31, 111],
        [  29,  41,  35,  39,  57],
        [  20,  26,  30,  38,  49],
        [  27,  33,  48,  40,  49],
        [  19,  28,  44,  38,  48],
        [  55,  52,  55,  55,  45],
        [  39,  48,  61,  50,  69],
        [  27,  41,  39,  43,  41],
        [  28,  34,  43,  36,  17],
        [  21,  41,  42,  38,  23],
    ],
    // cannon
    [
        [  20,   3, -29, -26, -14],
        [  -3, -22, -19,  -4,   1],
        [  26, -18, -20,  -5, -41],
        [  -2,  -4,  -1, -18,  31],
        [  -4, -10,  -8, -11,  44],
        [  23,   9,  14,  13,  33],
        [  30,   3,  32,  17,  40],
        [  18,  13,  28,  22,  32],
        [  16,   3,  28,   6,  23],
        [ -25, -13,  15,  17,  42],
    ],
    // pawn
    [
        [  32,  15,  31,  60, 104],
        [  14,  52,  71, 105, 295],
        [   7,  43,  43,  65,  77],
        [   7,  15,  36,  44,  64],
        [   6,  18,  19,  39,  48],
        [   0,   0,  16,   0,  15],
        [   4,   0,   3,   0,  26],
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
        [   0,   0,   0,  12,   9],
        [   0,   0,   0,   2,   2],
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
        [   0,   0, -11,   0,   0],
    ],
    // horse
    [
        [  10,  10,   1, -19,  15],
        [   9,   4,  -9,  -4, -29],
        [  -7,  -1,   2, -14,  -9],
        [   2,  -8,  -3,  -8,  15],
        [   1,  -1,   7,  -3,  10],
        [  11,  12,   5,  11,  15],
        [  13,   8,  11,   9,   9],
        [  -5,  13,   0,   0,   0],
        [  -7,  16, -17,  -7,  -8],
        [ -23,   3, -15,  -2, -29],
    ],
    // rook
    [
        [  32,  22,  34,  38,  21],
        [  30,  30,  34,  42,  44],
        [  42,  37,  35,  42,  54],
        [  35,  36,  34,  37,  55],
        [  42,  38,  35,  33,  53],
        [  40,  50,  47,  46,  53],
        [  53,  49,  48,  54,  45],
        [  39,  40,  49,  41,  54],
        [  36,  37,  40,  40,  37],
        [  19,  34,  20,  31,  26],
    ],
    // cannon
    [
        [ -12, -10,   9,   8,  -7],
        [   0,   3,   4,   4,  22],
        [ -18,  -6,   4,  -8,  27],
        [  -3,  -3,  -7,   6,  10],
        [  -2,   3,  -2,   0,  -2],
        [   5,   4,   3,  13,   7],
        [   0,  17, -10,   5,   1],
        [   7,  11,   2,   4,  11],
        [  10,   9,  -5,  14,  15],
        [  20,  19,   3,  11,  15],
    ],
    // pawn
    [
        [ -19, -13,   0, -17, -25],
        [  -9,   0,  -1,  -1,  -4],
        [   9,   5,  15,  13,  28],
        [  14,  23,  20,  22,  30],
        [  14,  22,  21,  25,  35],
        [  19,   0,  17,   0,  27],
        [  15,   0,  14,   0,  19],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-24, -1),
    Score::new(-13, -49),
    Score::new(-9, -26),
    Score::new(-8, -2),
    Score::new(-4, 0),
    Score::new(1, -3),
    Score::new(1, 4),
    Score::new(0, 5),
    Score::new(4, 1),
    Score::new(2, 9),
    Score::new(1, 11),
    Score::new(4, 9),
    Score::new(5, 9),
    Score::new(5, 11),
    Score::new(12, 4),
    Score::new(11, 9),
    Score::new(12, 6),
    Score::new(17, 5),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-8, -26),
    Score::new(-3, -5),
    Score::new(1, -1),
    Score::new(6, 6),
    Score::new(10, 10),
    Score::new(16, 11),
    Score::new(17, 11),
    Score::new(19, 12),
    Score::new(32, 8),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-10, -1),
    Score::new(-5, 1),
    Score::new(-3, 0),
    Score::new(-2, 1),
    Score::new(-3, -1),
    Score::new(-2, -3),
    Score::new(-3, -3),
    Score::new(0, -5),
    Score::new(-4, -1),
    Score::new(0, -3),
    Score::new(-4, -5),
    Score::new(-8, -5),
    Score::new(-10, -2),
    Score::new(-13, 7),
    Score::new(-21, -8),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-23, -14),
    Score::new(-14, 2),
    Score::new(-11, 3),
    Score::new(-10, 3),
    Score::new(-8, 4),
    Score::new(-6, 5),
    Score::new(-6, 3),
    Score::new(-4, 2),
    Score::new(-2, 3),
    Score::new(-1, 5),
    Score::new(2, 2),
    Score::new(4, 0),
    Score::new(6, 1),
    Score::new(5, 0),
    Score::new(6, 1),
    Score::new(12, -2),
    Score::new(18, 0),
    Score::new(11, 3),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(6, 6),
    Score::new(3, 8),
    Score::new(4, 1),
    Score::new(1, -2),
    Score::new(-10, -2),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(12, 8),
    Score::new(12, 4),
    Score::new(10, 4),
    Score::new(7, 0),
    Score::new(-5, 4),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(36, -4);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(25, -6);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(18, -10),
    Score::new(30, 8),
    Score::new(11, 4),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(4, 1);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(1, 5);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(4, -1);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-1, -27),
    Score::new(-14, -5),
    Score::new(-43, -1),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(-9, -1),
    Score::new(-8, 2),
    Score::new(4, -2),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-3, -14);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-30, -142);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(6, -4);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-1, 2);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(19, -7),
    Score::new(8, 10),
    Score::new(-5, 14),
    Score::new(-2, 5),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(9, -1),
    Score::new(2, 0),
    Score::new(10, 4),
    Score::new(-20, 8),
    Score::new(0, 14),
    Score::new(0, 0),
    Score::new(12, 0),
    Score::new(4, -7),
    Score::new(-10, -4),
    Score::new(-33, 4),
    Score::new(-2, -1),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(0, 3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-17, -3),
    Score::new(-3, 8),
    Score::new(16, 21),
    Score::new(45, 31),
    Score::new(89, 42),
    Score::new(1, 96),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 2;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 4;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 3;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 2, 6, 10];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 148;
