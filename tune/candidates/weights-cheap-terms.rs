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
    Score::new(61, 5),
    Score::new(10, 4),
    Score::new(127, 97),
    Score::new(273, 366),
    Score::new(148, 103),
    Score::new(34, 26),
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
        [   0,   0,   0, -94, -78],
        [   0,   0,   0, -24,  -6],
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
        [   0,   0,   0,  23,   0],
        [   0,   0,   0,   0,  54],
        [   0,   0,   0,  33,   0],
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
        [ -18,   0,   0,   0,  15],
        [   0,   0,   0,   0,   0],
        [   0,   0,  -5,   0,   0],
    ],
    // horse
    [
        [  16,   6,  21,  87,  -9],
        [  19,  -3,  64,  20, 130],
        [  41,  15,  -1,  66, 117],
        [ -16,  65,  -3,  56,  11],
        [  -7,  -8, -13,  27,  43],
        [  14,   7,  55,  13,  36],
        [   2, -15,   3,   5,  26],
        [  -6,  -8,  -3,  22,   7],
        [ -20, -53, -15,  -6,   5],
        [ -40, -29, -16,   4, -25],
    ],
    // rook
    [
        [  19,  29,  29,  47,  74],
        [  25,  32,  38,  40,  73],
        [  13,  21,  31,  32,  61],
        [  22,  25,  50,  33,  59],
        [  10,  17,  37,  28,  61],
        [  40,  53,  68,  57,  53],
        [  44,  51,  62,  57,  67],
        [  35,  45,  47,  47,  44],
        [  31,  37,  41,  38,  25],
        [  24,  44,  45,  49,  41],
    ],
    // cannon
    [
        [  23,   3, -28, -47, -16],
        [   9, -18,  -9, -12, -62],
        [   6, -15, -15, -15, -32],
        [  -2, -14,  -3, -19,  20],
        [   1, -22, -14, -22,  38],
        [  18,  17,  24,  17,  33],
        [  13,   9,  31,  16,  33],
        [  22,  15,  27,  29,  36],
        [  13,  18,  31,  18,  39],
        [   1,   4,  27,  31,  73],
    ],
    // pawn
    [
        [  80,  -3,  20,  89, 152],
        [  25,  77, 122, 204, 348],
        [  -1,  32,  61, 104, 113],
        [ -34,  -2,  22,  32,  62],
        [ -36, -26,  -9,  13,  33],
        [ -22,   0, -10,   0,  -5],
        [ -22,   0, -24,   0,  -2],
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
        [   0,   0,   0,  15,  17],
        [   0,   0,   0,   7,   3],
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
        [   0,   0,   0, -12,   0],
        [   0,   0,   0,   0, -15],
        [   0,   0,   0, -15,   0],
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
        [ -15,   0,   0,   0, -17],
        [   0,   0,   0,   0,   0],
        [   0,   0, -14,   0,   0],
    ],
    // horse
    [
        [   8, -10,   6, -30, -27],
        [  -4,  16, -12,   1, -46],
        [   6,   5,   7, -16, -18],
        [  11,  -6,   5,  -4,   5],
        [  13,  11,  10,   3,   3],
        [   7,  12,   2,   9,   5],
        [  -3,  12,   9,   8,   1],
        [  -1,   8,  -5,  10, -11],
        [ -10,  17,  -6,   0,  -3],
        [ -42,   1,   8,   3, -29],
    ],
    // rook
    [
        [  39,  36,  35,  29,  38],
        [  36,  35,  31,  34,  38],
        [  47,  41,  41,  44,  39],
        [  44,  47,  31,  41,  43],
        [  49,  46,  41,  43,  42],
        [  49,  45,  40,  39,  45],
        [  48,  47,  45,  44,  41],
        [  39,  37,  46,  41,  44],
        [  35,  40,  38,  33,  48],
        [  26,  31,  19,  32,  38],
    ],
    // cannon
    [
        [ -11,  -5,   3,  14,   1],
        [   0,   7,  -5,  -2,  37],
        [   0,  -4,  -3, -10,  24],
        [   4,   6,  -4,   3,   6],
        [   0,   6,   7,   8,  -4],
        [   0, -12,  -7,  -2,   3],
        [   9,   6, -12,   7,   1],
        [   8,   6,   1,   5,  12],
        [  13,   2,  -6,  14,  13],
        [  15,   9,   2,  12,   9],
    ],
    // pawn
    [
        [ -24,   7,  10,  -9, -32],
        [   2,   4,   2, -11, -11],
        [  12,  19,  19,  16,  10],
        [  24,  27,  27,  21,  20],
        [  23,  26,  22,  24,  25],
        [  26,   0,  33,   0,  35],
        [  25,   0,  31,   0,  26],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
        [   0,   0,   0,   0,   0],
    ],
];

/// By the number of safe squares a rook reaches.
pub const ROOK_MOBILITY: [Score; 18] = [
    Score::new(-24, 0),
    Score::new(-13, -18),
    Score::new(-11, -21),
    Score::new(-8, -15),
    Score::new(-4, -6),
    Score::new(0, 2),
    Score::new(3, 2),
    Score::new(4, 4),
    Score::new(6, 4),
    Score::new(6, 6),
    Score::new(7, 8),
    Score::new(9, 7),
    Score::new(9, 8),
    Score::new(10, 7),
    Score::new(15, 5),
    Score::new(15, 6),
    Score::new(14, 7),
    Score::new(13, 7),
];

/// By the number of safe squares a horse reaches.
pub const HORSE_MOBILITY: [Score; 9] = [
    Score::new(-11, -46),
    Score::new(-2, -16),
    Score::new(3, -6),
    Score::new(9, 1),
    Score::new(14, 4),
    Score::new(20, 7),
    Score::new(24, 5),
    Score::new(32, 5),
    Score::new(33, 5),
];

/// By the number of safe squares a cannon attacks beyond a screen (at most 15).
pub const CANNON_MOBILITY: [Score; 16] = [
    Score::new(-2, -3),
    Score::new(0, 1),
    Score::new(0, 1),
    Score::new(0, -1),
    Score::new(-1, -1),
    Score::new(-1, -2),
    Score::new(-2, -4),
    Score::new(-1, -5),
    Score::new(-3, -4),
    Score::new(-3, -4),
    Score::new(-6, -6),
    Score::new(-7, -4),
    Score::new(-7, -5),
    Score::new(-10, -8),
    Score::new(-14, -11),
    Score::new(-12, -12),
];

/// By the number of safe empty squares a cannon can move to.
pub const CANNON_REACH: [Score; 18] = [
    Score::new(-9, -4),
    Score::new(-5, 1),
    Score::new(-3, -3),
    Score::new(-3, -3),
    Score::new(-3, 2),
    Score::new(-1, 1),
    Score::new(-1, 0),
    Score::new(1, -1),
    Score::new(1, -1),
    Score::new(1, 0),
    Score::new(3, -2),
    Score::new(4, -2),
    Score::new(4, 0),
    Score::new(3, 0),
    Score::new(3, 1),
    Score::new(2, 2),
    Score::new(5, 5),
    Score::new(3, 6),
];

/// Cannon facing the enemy king with nothing between.
pub const HOLLOW_CANNON: Score = Score::new(64, -23);

/// Cannon on the enemy back rank with the king, by the pieces between.
pub const BOTTOM_CANNON: [Score; 3] = [
    Score::new(39, -14),
    Score::new(30, 8),
    Score::new(23, -3),
];

/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = Score::new(8, 0);

/// Rook on a file without own pawns.
pub const ROOK_HALF_OPEN_FILE: Score = Score::new(4, 10);

/// Horse on an edge file with at most one safe square.
pub const TRAPPED_HORSE: Score = Score::new(1, -4);

/// Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).
pub const ADVISOR_VS: [Score; 3] = [
    Score::new(32, 7),
    Score::new(-17, 24),
    Score::new(-45, -2),
];

/// Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).
pub const ELEPHANT_VS: [Score; 3] = [
    Score::new(20, 21),
    Score::new(-3, 18),
    Score::new(4, 16),
];

/// Own horse on the palace centre.
pub const PALACE_HORSE: Score = Score::new(-7, -9);

/// ... pinned there by a cannon with the king behind.
pub const PALACE_HORSE_PINNED: Score = Score::new(-31, -75);

/// Two advisors and two elephants.
pub const FULL_DEFENCE: Score = Score::new(12, -11);

/// Per crossed pawn (not on the back rank), per enemy defender missing.
pub const CROSSED_PAWN_VS_MISSING: Score = Score::new(-9, 18);

/// Per pair of crossed pawns side by side.
pub const CONNECTED_PAWNS: Score = Score::new(5, 3);

/// By the number of attackers across the river on one wing.
pub const WING_ATTACK: [Score; 6] = [
    Score::new(-33, -1),
    Score::new(-10, -1),
    Score::new(22, -2),
    Score::new(58, 2),
    Score::new(92, 19),
    Score::new(16, 197),
];

/// By the number (1, 2, 3, 4 and more) of rooks, horses and cannons across the river on one wing that nothing cheaper than a rook attacks, nor an enemy rook where undefended.
pub const SAFE_RAIDERS: [Score; 4] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// By checking kind (horse, cannon, rook), one or two and more squares it reaches and would check from, not attacked by the enemy.
pub const SAFE_CHECKS: [Score; 6] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// Material imbalance, per product of two own counts (advisor, elephant, horse, rook, cannon, pawn; pairs a >= b).
pub const IMBALANCE_OURS: [Score; 21] = [
    Score::new(4, -1),
    Score::new(2, -2),
    Score::new(-1, 3),
    Score::new(0, -4),
    Score::new(0, -2),
    Score::new(2, -3),
    Score::new(-3, -4),
    Score::new(1, -6),
    Score::new(4, -8),
    Score::new(-3, -20),
    Score::new(-2, 0),
    Score::new(-1, 0),
    Score::new(-4, 9),
    Score::new(11, -9),
    Score::new(-5, -1),
    Score::new(2, -1),
    Score::new(1, 0),
    Score::new(-3, 6),
    Score::new(1, 11),
    Score::new(-4, 8),
    Score::new(0, 0),
];

/// Material imbalance, per own count of one kind times the enemy count of a kind before it (pairs a > b).
pub const IMBALANCE_THEIRS: [Score; 15] = [
    Score::new(3, 1),
    Score::new(1, 1),
    Score::new(0, 1),
    Score::new(-5, 3),
    Score::new(0, 1),
    Score::new(-2, 5),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(3, -4),
    Score::new(7, -11),
    Score::new(4, -7),
    Score::new(2, -4),
    Score::new(2, -8),
    Score::new(-3, -14),
    Score::new(1, -6),
];

/// Per enemy piece attacked, by attacker (pawn, horse, cannon, rook) and victim (advisor, elephant, horse, rook, cannon, pawn): attacker * 6 + victim.
pub const THREAT: [Score; 24] = [
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
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(0, 0),
];

/// Per enemy piece attacked and not defended, when the attacker is to move and when not.
pub const HANGING: [Score; 2] = [
    Score::new(0, 0),
    Score::new(0, 0),
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 0;

/// King danger units per palace square a rook attacks.
pub const ROOK_PALACE_UNITS: i32 = 2;

/// King danger units per palace square a horse attacks.
pub const HORSE_PALACE_UNITS: i32 = 3;

/// King danger units per palace square a cannon attacks.
pub const CANNON_PALACE_UNITS: i32 = 1;

/// King danger units per palace square a pawn attacks.
pub const PAWN_PALACE_UNITS: i32 = 5;

/// King danger multiplier (/64) of units squared, by the number of attackers.
pub const ATTACKER_WEIGHT: [i32; 5] = [0, 1, 4, 6, 7];

/// Cap of the king danger (middlegame; the endgame takes a quarter).
pub const MAX_DANGER: i32 = 149;
