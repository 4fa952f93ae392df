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
    Score::new(63, 3),
    Score::new(11, 5),
    Score::new(127, 96),
    Score::new(275, 353),
    Score::new(148, 103),
    Score::new(35, 10),
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
        [   0,   0,   0, -90, -82],
        [   0,   0,   0, -23,  -7],
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
        [   0,   0,   0,  25,   0],
        [   0,   0,   0,   0,  55],
        [   0,   0,   0,  36,   0],
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
        [ -15,   0,   0,   0,  16],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -3,   0,   0],
    ],
    // horse
    [
        [  15,   6,  23, 102, -17],
        [  20,   2,  63,  22, 138],
        [  44,  15,  -2,  74, 114],
        [ -14,  66,  -6,  56,   9],
        [  -7,  -8, -20,  25,  43],
        [  19,   7,  56,  12,  37],
        [   4, -18,   2,   2,  24],
        [  -8,  -8,  -5,  20,   7],
        [ -18, -62, -18,  -7,   4],
        [ -39, -31, -19,   5, -26],
    ],
    // rook
    [
        [  19,  25,  31,  43,  67],
        [  26,  30,  39,  40,  67],
        [  14,  19,  32,  32,  61],
        [  20,  23,  52,  33,  61],
        [   5,  15,  41,  27,  64],
        [  40,  52,  70,  58,  51],
        [  47,  51,  64,  58,  69],
        [  35,  47,  48,  48,  50],
        [  34,  36,  43,  37,  23],
        [  22,  42,  45,  49,  50],
    ],
    // cannon
    [
        [  19,   2, -27, -52, -13],
        [   8, -11,  -8, -12, -69],
        [   3,  -9, -16, -12, -36],
        [  -2, -11,  -3, -19,  17],
        [  -2, -21, -13, -22,  38],
        [  18,  20,  27,  18,  34],
        [  13,  10,  34,  15,  32],
        [  22,  15,  26,  30,  37],
        [  10,  19,  30,  18,  40],
        [   0,   4,  23,  31,  76],
    ],
    // pawn
    [
        [  96,  -1,  16,  89, 158],
        [  19,  74, 118, 208, 352],
        [   6,  27,  56, 103, 112],
        [ -35,  -8,  20,  32,  61],
        [ -33, -27, -10,  14,  34],
        [ -20,   0,  -9,   0,  -4],
        [ -20,   0, -23,   0,   0],
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
        [   0,   0,   0,  14,  16],
        [   0,   0,   0,   8,   4],
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
        [   0,   0,   0, -13,   0],
        [   0,   0,   0,   0, -16],
        [   0,   0,   0, -17,   0],
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
        [ -14,   0,   0,   0, -16],
        [   0,   0,   0,   0,   0],
        [   0,   0, -14,   0,   0],
    ],
    // horse
    [
        [   4, -12,   6, -41, -38],
        [  -6,  13, -10,   3, -53],
        [   5,   9,  10, -18, -15],
        [  10,  -7,   9,   0,   7],
        [  11,  14,  17,   7,   4],
        [  -2,  15,   0,  10,   6],
        [ -12,  14,  12,  11,   2],
        [   4,   5,  -1,  12, -15],
        [ -11,  17,   0,   2,  -2],
        [ -43,   8,   2,   3, -32],
    ],
    // rook
    [
        [  41,  39,  35,  34,  39],
        [  35,  37,  31,  35,  38],
        [  48,  44,  42,  45,  39],
        [  46,  49,  32,  42,  44],
        [  50,  48,  40,  44,  39],
        [  48,  46,  39,  39,  46],
        [  46,  46,  43,  43,  39],
        [  39,  32,  46,  40,  43],
        [  33,  37,  34,  32,  46],
        [  15,  31,  11,  32,  45],
    ],
    // cannon
    [
        [  -7,  -2,   1,  18,   6],
        [  -1,   8,  -7,  -1,  38],
        [  -5,  -6,   1,  -9,  25],
        [   7,   4,  -4,   7,  11],
        [   4,   8,  12,  11,  -4],
        [   0, -15, -12,  -3,   2],
        [   9,   6, -11,   8,   0],
        [   8,   3,   2,   2,   9],
        [  14,   1,  -7,  10,   6],
        [  15,   5,   0,   8,   9],
    ],
    // pawn
    [
        [ -23,   7,  18,  -4, -26],
        [  -2,   0,  -2, -16, -15],
        [   5,  16,  15,  13,   5],
        [  19,  23,  22,  17,  14],
        [  18,  22,  18,  19,  18],
        [  22,   0,  30,   0,  31],
        [  22,   0,  28,   0,  22],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-14, 0),
    Score::new(-12, 0),
    Score::new(-10, 0),
    Score::new(-8, 0),
    Score::new(-6, 0),
    Score::new(-4, 0),
    Score::new(-2, 0),
    Score::new(0, 0),
    Score::new(2, 0),
    Score::new(4, 0),
    Score::new(6, 0),
    Score::new(8, 0),
    Score::new(10, 0),
    Score::new(12, 0),
    Score::new(14, 0),
    Score::new(16, 0),
    Score::new(18, 0),
    Score::new(20, 0),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-12, -47),
    Score::new(-3, -13),
    Score::new(2, -3),
    Score::new(8, 2),
    Score::new(14, 3),
    Score::new(20, 6),
    Score::new(25, 3),
    Score::new(33, 2),
    Score::new(35, 1),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(3, 3),
    Score::new(2, 2),
    Score::new(1, 1),
    Score::new(0, 0),
    Score::new(-1, -1),
    Score::new(-2, -2),
    Score::new(-3, -3),
    Score::new(-4, -4),
    Score::new(-5, -5),
    Score::new(-6, -6),
    Score::new(-7, -7),
    Score::new(-8, -8),
    Score::new(-9, -9),
    Score::new(-10, -10),
    Score::new(-11, -11),
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
pub const HOLLOW_CANNON: Score = Score::new(68, -25);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(0, 0);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(42, -18),
    Score::new(30, 8),
    Score::new(24, -4),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(9, -1);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(6, 9);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(1, -2);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(28, 4),
    Score::new(-16, 22),
    Score::new(-45, -3),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(21, 18),
    Score::new(-2, 17),
    Score::new(2, 17),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-8, -8);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-30, -70);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(16, -11);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-11, 23);

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
pub const CONNECTED_PAWNS: Score = Score::new(7, 1);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-34, 1),
    Score::new(-10, -1),
    Score::new(22, -4),
    Score::new(59, -1),
    Score::new(96, 15),
    Score::new(15, 202),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 0;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 5;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 1, 4, 6, 7];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 149;
