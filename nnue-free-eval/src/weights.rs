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
    Score::new(87, 11),
    Score::new(43, 14),
    Score::new(110, 133),
    Score::new(250, 351),
    Score::new(141, 127),
    Score::new(19, 11),
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
        [   0,   0,   0, -75, -52],
        [   0,   0,   0, -26,  -2],
        [   0,   0,   0,   6,  12],
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
        [   0,   0,   0,   0,  65],
        [   0,   0,   0,  40,   0],
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
        [  -8,   0,   0,   0,  23],
        [   0,   0,   0,   0,   0],
        [   0,   0,   7,   0,   0],
    ],
    // horse
    [
        [  -4,  -8,   4,  72,  -3],
        [ -28, -13,  31,   8, 124],
        [  18,  14,  -5,  81,  98],
        [ -21,  36,   4,  36,  13],
        [  -8,   5,   0,  24,  33],
        [  19,  16,  39,  21,  18],
        [  11, -11,   8,  10,  24],
        [   4,   9,   9,  22,   1],
        [  -6, -21,   2,   8,  19],
        [ -27, -13,   1, -10,   8],
    ],
    // rook
    [
        [  40,  31,  24,  37,  88],
        [  19,  41,  39,  39,  91],
        [  22,  21,  32,  42,  65],
        [  31,  34,  46,  44,  58],
        [  15,  34,  37,  36,  59],
        [  40,  50,  53,  56,  54],
        [  40,  49,  54,  59,  67],
        [  22,  37,  34,  36,  36],
        [  18,  36,  28,  36,  38],
        [  18,  38,  30,  35,  37],
    ],
    // cannon
    [
        [  14,   2, -27, -36,  -7],
        [   0, -11,  -9, -14, -33],
        [  -8, -10, -13, -11, -36],
        [  -3,   0,  -6, -10,  37],
        [  -1, -16, -13, -17,  45],
        [  13,  16,  23,  13,  38],
        [  17,   8,  31,   6,  25],
        [  17,  18,  31,  25,  37],
        [  12,  19,  25,  11,  41],
        [  -7,   3,  11,  21,  34],
    ],
    // pawn
    [
        [  47,  17,  28,  55, 111],
        [  26,  61,  69,  88, 316],
        [   7,  34,  35,  62, 105],
        [   2,  13,  28,  44,  57],
        [   4,  12,  28,  36,  48],
        [  -2,   0,  16,   0,  12],
        [  -1,   0,   4,   0,  21],
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
        [   0,   0,   0,   4,   4],
        [   0,   0,   0,   8,   6],
        [   0,   0,   0,   1,   3],
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
        [   0,   0,   0,   0,  -9],
        [   0,   0,   0, -15,   0],
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
        [ -12,   0,   0,   0, -10],
        [   0,   0,   0,   0,   0],
        [   0,   0, -11,   0,   0],
    ],
    // horse
    [
        [  10,   8,   4, -21,   4],
        [  13,   7,   2,  -1, -34],
        [   4,  -5,   1, -27,  -8],
        [   2,  -1,   0,  -1,   8],
        [   6,   1,   0,  -2,   8],
        [   8,   8,   9,   8,  12],
        [  11,   8,   9,   5,   9],
        [  -7,   1,  -5,   6,   1],
        [ -10,  18, -13, -14, -13],
        [ -21, -12,   0,  -5,   6],
    ],
    // rook
    [
        [  27,  32,  38,  38,  35],
        [  35,  29,  30,  36,  37],
        [  44,  42,  39,  42,  47],
        [  34,  38,  36,  37,  49],
        [  42,  34,  42,  36,  46],
        [  47,  46,  47,  44,  50],
        [  49,  48,  49,  47,  44],
        [  43,  40,  49,  45,  51],
        [  40,  29,  37,  37,  30],
        [  23,  22,  29,  33,  36],
    ],
    // cannon
    [
        [ -12,  -4,   1,   8,  -7],
        [   0,   4,  -8,  -2,  32],
        [   3,   3,  -2,  -8,  21],
        [  -1,  -1,  -1,   4,   7],
        [  -1,   6,   2,   8,   3],
        [  10,   3,   0,  16,   9],
        [   4,   7,  -2,   9,   7],
        [   6,   5,   3,   5,   7],
        [   9,   0,   1,  13,   7],
        [  13,   6,   3,  11,  15],
    ],
    // pawn
    [
        [ -22, -12,  -2, -23, -36],
        [   0,   0,   2,   6, -22],
        [   4,  12,  14,  10,  15],
        [  20,  26,  26,  25,  30],
        [  18,  25,  20,  34,  38],
        [  20,   0,  13,   0,  30],
        [  18,   0,  10,   0,  22],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-19, 1),
    Score::new(-11, -35),
    Score::new(-12, -22),
    Score::new(-9, -19),
    Score::new(-5, -8),
    Score::new(1, -2),
    Score::new(2, 4),
    Score::new(3, 5),
    Score::new(5, 5),
    Score::new(6, 4),
    Score::new(4, 8),
    Score::new(6, 8),
    Score::new(6, 7),
    Score::new(5, 11),
    Score::new(10, 8),
    Score::new(14, 6),
    Score::new(10, 9),
    Score::new(9, 9),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-5, -27),
    Score::new(0, -4),
    Score::new(3, 2),
    Score::new(7, 6),
    Score::new(11, 10),
    Score::new(15, 11),
    Score::new(17, 11),
    Score::new(21, 11),
    Score::new(25, 10),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-8, 2),
    Score::new(-3, 2),
    Score::new(-3, 1),
    Score::new(-2, 1),
    Score::new(-4, 0),
    Score::new(-4, 1),
    Score::new(-4, -2),
    Score::new(-5, -1),
    Score::new(-5, 1),
    Score::new(-4, -1),
    Score::new(-7, -4),
    Score::new(-8, -3),
    Score::new(-7, -5),
    Score::new(-11, -7),
    Score::new(-9, -5),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-11, 2),
    Score::new(-8, -2),
    Score::new(-5, -2),
    Score::new(-5, 0),
    Score::new(-6, 2),
    Score::new(-3, 3),
    Score::new(-3, 2),
    Score::new(-2, 3),
    Score::new(0, 1),
    Score::new(-2, 3),
    Score::new(0, 2),
    Score::new(1, 1),
    Score::new(0, 3),
    Score::new(0, 3),
    Score::new(3, 2),
    Score::new(7, 1),
    Score::new(9, 0),
    Score::new(3, 5),
];

/// By the number of safe squares an advisor can step to.
pub const ADVISOR_MOBILITY: [Score; 5] = [
    Score::new(-1, 5),
    Score::new(3, 6),
    Score::new(1, 3),
    Score::new(-2, 1),
    Score::new(1, -2),
];

/// By the number of safe squares an elephant can step to (eyes empty).
pub const ELEPHANT_MOBILITY: [Score; 5] = [
    Score::new(10, 4),
    Score::new(8, 4),
    Score::new(7, 4),
    Score::new(5, 2),
    Score::new(-5, 2),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(29, -5);

/// A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).
pub const HOLLOW_CANNON_HOME: Score = Score::new(11, 11);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(19, -10),
    Score::new(30, 8),
    Score::new(10, 4),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(6, 2);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(-2, 12);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(0, -4);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(-21, -11),
    Score::new(-11, -1),
    Score::new(-19, -6),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(4, 3),
    Score::new(-6, 4),
    Score::new(2, 1),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(7, -19);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-44, -79);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(2, -5);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-6, 4);

/// By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).
pub const CROSSED_PAWNS: [Score; 18] = [
    Score::new(15, -11),
    Score::new(13, 9),
    Score::new(-10, 20),
    Score::new(-2, 12),
    Score::new(-13, -19),
    Score::new(0, 0),
    Score::new(17, -6),
    Score::new(1, 0),
    Score::new(-16, 14),
    Score::new(-2, 5),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(16, -2),
    Score::new(-3, -7),
    Score::new(-24, 1),
    Score::new(-18, 4),
    Score::new(1, 1),
    Score::new(0, 0),
];

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(-5, -2);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-15, -4),
    Score::new(3, 2),
    Score::new(27, 10),
    Score::new(54, 17),
    Score::new(69, 29),
    Score::new(-12, 146),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 1;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 5;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 0, 3, 4, 6];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 149;
