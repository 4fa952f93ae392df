//! The layout of the evaluation's weights as one flat vector, for the tuner:
//! which weight sits at which index, whether it is fitted, and how the vector
//! is written back as `weights.rs`.
//!
//! A `Score` weight takes two indices (middlegame, then endgame); the
//! piece-square tables take two per cell, cells in the order kind, row, column
//! of `weights::Table`; an `i32` weight takes one.

use crate::score::Score;
use crate::weights;

/// How a weight enters the evaluation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Linear in a middlegame/endgame pair: fitted by the gradient.
    Linear,
    /// Linear and added after the taper, from the side to move's view (tempo).
    Flat,
    /// Enters non-linearly (counts squared, caps): not fitted by the gradient.
    NonLinear,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Score,
    Scores(usize),
    /// Seven piece-square tables (king .. pawn), written as `PST_MG` and `PST_EG`.
    Tables,
    Int,
    Ints(usize),
}

impl Shape {
    /// Indices in the flat vector.
    pub const fn indices(self) -> usize {
        match self {
            Shape::Score => 2,
            Shape::Scores(n) => 2 * n,
            Shape::Tables => 2 * 7 * 10 * 5,
            Shape::Int => 1,
            Shape::Ints(n) => n,
        }
    }
}

pub struct Group {
    pub name: &'static str,
    pub shape: Shape,
    pub role: Role,
    pub doc: &'static str,
}

/// The groups, in the order of the flat vector and of [`G`].
pub const GROUPS: [Group; G::COUNT] = [
    group(
        "MATERIAL",
        Shape::Scores(7),
        Role::Linear,
        "Material of each kind: king, advisor, elephant, horse, rook, cannon, pawn.",
    ),
    group(
        "PST",
        Shape::Tables,
        Role::Linear,
        "Piece-square tables, positional part only.",
    ),
    group(
        "ROOK_MOBILITY",
        Shape::Scores(18),
        Role::Linear,
        "By the number of safe squares a rook reaches.",
    ),
    group(
        "HORSE_MOBILITY",
        Shape::Scores(9),
        Role::Linear,
        "By the number of safe squares a horse reaches.",
    ),
    group(
        "CANNON_MOBILITY",
        Shape::Scores(16),
        Role::Linear,
        "By the number of safe squares a cannon attacks beyond a screen (at most 15).",
    ),
    group(
        "CANNON_REACH",
        Shape::Scores(18),
        Role::Linear,
        "By the number of safe empty squares a cannon can move to.",
    ),
    group(
        "ADVISOR_MOBILITY",
        Shape::Scores(5),
        Role::Linear,
        "By the number of safe squares an advisor can step to.",
    ),
    group(
        "ELEPHANT_MOBILITY",
        Shape::Scores(5),
        Role::Linear,
        "By the number of safe squares an elephant can step to (eyes empty).",
    ),
    group(
        "HOLLOW_CANNON",
        Shape::Score,
        Role::Linear,
        "Cannon facing the enemy king with nothing between.",
    ),
    group(
        "HOLLOW_CANNON_HOME",
        Shape::Score,
        Role::Linear,
        "A hollow cannon while the enemy king and both its advisors stand at home (added to HOLLOW_CANNON).",
    ),
    group(
        "BOTTOM_CANNON",
        Shape::Scores(3),
        Role::Linear,
        "Cannon on the enemy back rank with the king, by the pieces between.",
    ),
    group(
        "ROOK_OPEN_FILE",
        Shape::Score,
        Role::Linear,
        "Rook on a file without pawns.",
    ),
    group(
        "ROOK_HALF_OPEN_FILE",
        Shape::Score,
        Role::Linear,
        "Rook on a file without own pawns.",
    ),
    group(
        "TRAPPED_HORSE",
        Shape::Score,
        Role::Linear,
        "Horse on an edge file with at most one safe square.",
    ),
    group(
        "ADVISOR_VS",
        Shape::Scores(3),
        Role::Linear,
        "Per missing advisor, per enemy rook, horse and cannon (a penalty when positive).",
    ),
    group(
        "ELEPHANT_VS",
        Shape::Scores(3),
        Role::Linear,
        "Per missing elephant, per enemy rook, horse and cannon (a penalty when positive).",
    ),
    group(
        "PALACE_HORSE",
        Shape::Score,
        Role::Linear,
        "Own horse on the palace centre.",
    ),
    group(
        "PALACE_HORSE_PINNED",
        Shape::Score,
        Role::Linear,
        "... pinned there by a cannon with the king behind.",
    ),
    group(
        "FULL_DEFENCE",
        Shape::Score,
        Role::Linear,
        "Two advisors and two elephants.",
    ),
    group(
        "CROSSED_PAWN_VS_MISSING",
        Shape::Score,
        Role::Linear,
        "Per crossed pawn (not on the back rank), per enemy defender missing.",
    ),
    group(
        "CROSSED_PAWNS",
        Shape::Scores(18),
        Role::Linear,
        "By the enemy's advisors (rows of six: none, one, two) and the number of own crossed pawns (0-5).",
    ),
    group(
        "CONNECTED_PAWNS",
        Shape::Score,
        Role::Linear,
        "Per pair of crossed pawns side by side.",
    ),
    group(
        "WING_ATTACK",
        Shape::Scores(6),
        Role::Linear,
        "By the number of attackers across the river on one wing.",
    ),
    group(
        "TEMPO",
        Shape::Int,
        Role::Flat,
        "Bonus for the side to move.",
    ),
    group(
        "ROOK_PALACE_UNITS",
        Shape::Int,
        Role::NonLinear,
        "King danger units per palace square a rook attacks.",
    ),
    group(
        "HORSE_PALACE_UNITS",
        Shape::Int,
        Role::NonLinear,
        "King danger units per palace square a horse attacks.",
    ),
    group(
        "CANNON_PALACE_UNITS",
        Shape::Int,
        Role::NonLinear,
        "King danger units per palace square a cannon attacks.",
    ),
    group(
        "PAWN_PALACE_UNITS",
        Shape::Int,
        Role::NonLinear,
        "King danger units per palace square a pawn attacks.",
    ),
    group(
        "ATTACKER_WEIGHT",
        Shape::Ints(5),
        Role::NonLinear,
        "King danger multiplier (/64) of units squared, by the number of attackers.",
    ),
    group(
        "MAX_DANGER",
        Shape::Int,
        Role::NonLinear,
        "Cap of the king danger (middlegame; the endgame takes a quarter).",
    ),
];

const fn group(name: &'static str, shape: Shape, role: Role, doc: &'static str) -> Group {
    Group {
        name,
        shape,
        role,
        doc,
    }
}

/// The groups by name; `G::X as usize` is X's place in [`GROUPS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum G {
    Material,
    Pst,
    RookMobility,
    HorseMobility,
    CannonMobility,
    CannonReach,
    AdvisorMobility,
    ElephantMobility,
    HollowCannon,
    HollowCannonHome,
    BottomCannon,
    RookOpenFile,
    RookHalfOpenFile,
    TrappedHorse,
    AdvisorVs,
    ElephantVs,
    PalaceHorse,
    PalaceHorsePinned,
    FullDefence,
    CrossedPawnVsMissing,
    CrossedPawns,
    ConnectedPawns,
    WingAttack,
    Tempo,
    RookPalaceUnits,
    HorsePalaceUnits,
    CannonPalaceUnits,
    PawnPalaceUnits,
    AttackerWeight,
    MaxDanger,
}

impl G {
    pub const COUNT: usize = 30;

    /// The first index of the group in the flat vector.
    pub const fn base(self) -> usize {
        let mut i = 0;
        let mut at = 0;
        while i < self as usize {
            at += GROUPS[i].shape.indices();
            i += 1;
        }
        at
    }

    /// The index of the `i`-th element's middlegame value (a `Score` group),
    /// or of the `i`-th value (an `i32` group).
    pub const fn at(self, i: usize) -> usize {
        match GROUPS[self as usize].shape {
            Shape::Int | Shape::Ints(_) => self.base() + i,
            _ => self.base() + 2 * i,
        }
    }
}

/// Length of the flat vector.
pub const LEN: usize = G::MaxDanger.base() + 1;

/// The flat index of a piece-square cell's middlegame value.
pub const fn pst_index(kind: usize, row: usize, col: usize) -> usize {
    G::Pst.at((kind * 10 + row) * 5 + col)
}

fn push_scores(out: &mut Vec<i32>, s: &[Score]) {
    for x in s {
        out.push(x.mg());
        out.push(x.eg());
    }
}

/// The weights compiled into this build, as the flat vector.
pub fn current() -> Vec<i32> {
    use weights::*;
    let mut v = Vec::with_capacity(LEN);
    push_scores(&mut v, &MATERIAL);
    for kind in 0..7 {
        for row in 0..10 {
            for col in 0..5 {
                v.push(PST_MG[kind][row][col]);
                v.push(PST_EG[kind][row][col]);
            }
        }
    }
    push_scores(&mut v, &ROOK_MOBILITY);
    push_scores(&mut v, &HORSE_MOBILITY);
    push_scores(&mut v, &CANNON_MOBILITY);
    push_scores(&mut v, &CANNON_REACH);
    push_scores(&mut v, &ADVISOR_MOBILITY);
    push_scores(&mut v, &ELEPHANT_MOBILITY);
    push_scores(&mut v, &[HOLLOW_CANNON]);
    push_scores(&mut v, &[HOLLOW_CANNON_HOME]);
    push_scores(&mut v, &BOTTOM_CANNON);
    push_scores(&mut v, &[ROOK_OPEN_FILE]);
    push_scores(&mut v, &[ROOK_HALF_OPEN_FILE]);
    push_scores(&mut v, &[TRAPPED_HORSE]);
    push_scores(&mut v, &ADVISOR_VS);
    push_scores(&mut v, &ELEPHANT_VS);
    push_scores(&mut v, &[PALACE_HORSE]);
    push_scores(&mut v, &[PALACE_HORSE_PINNED]);
    push_scores(&mut v, &[FULL_DEFENCE]);
    push_scores(&mut v, &[CROSSED_PAWN_VS_MISSING]);
    push_scores(&mut v, &CROSSED_PAWNS);
    push_scores(&mut v, &[CONNECTED_PAWNS]);
    push_scores(&mut v, &WING_ATTACK);
    v.push(TEMPO);
    v.push(ROOK_PALACE_UNITS);
    v.push(HORSE_PALACE_UNITS);
    v.push(CANNON_PALACE_UNITS);
    v.push(PAWN_PALACE_UNITS);
    v.extend_from_slice(&ATTACKER_WEIGHT);
    v.push(MAX_DANGER);
    v
}

/// What each flat index is: a readable name and its role.
pub fn describe() -> Vec<(String, Role, bool)> {
    let mut out = Vec::with_capacity(LEN);
    const KINDS: [&str; 7] = [
        "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn",
    ];
    for g in &GROUPS {
        match g.shape {
            Shape::Score => {
                out.push((format!("{}.mg", g.name), g.role, true));
                out.push((format!("{}.eg", g.name), g.role, false));
            }
            Shape::Scores(n) => {
                for i in 0..n {
                    out.push((format!("{}[{i}].mg", g.name), g.role, true));
                    out.push((format!("{}[{i}].eg", g.name), g.role, false));
                }
            }
            Shape::Tables => {
                for kind in KINDS {
                    for row in 0..10 {
                        for col in 0..5 {
                            out.push((format!("PST.{kind}[{row}][{col}].mg"), g.role, true));
                            out.push((format!("PST.{kind}[{row}][{col}].eg"), g.role, false));
                        }
                    }
                }
            }
            Shape::Int => out.push((g.name.to_string(), g.role, true)),
            Shape::Ints(n) => {
                for i in 0..n {
                    out.push((format!("{}[{i}]", g.name), g.role, true));
                }
            }
        }
    }
    out
}

fn score(v: &[i32], at: usize) -> String {
    format!("Score::new({}, {})", v[at], v[at + 1])
}

fn table(v: &[i32], kind: usize, eg: usize) -> String {
    let mut s = String::from("    [\n");
    for row in 0..10 {
        let cells: Vec<String> = (0..5)
            .map(|col| format!("{:4}", v[pst_index(kind, row, col) + eg]))
            .collect();
        s.push_str(&format!("        [{}],\n", cells.join(",")));
    }
    s.push_str("    ],\n");
    s
}

/// The source text of `weights.rs` for the flat vector `v`.
pub fn render(v: &[i32]) -> String {
    assert_eq!(v.len(), LEN, "a weight vector has {LEN} values");
    const KINDS: [&str; 7] = [
        "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn",
    ];
    let mut s = String::from(
        "//! Every weight of the evaluation, in centipawn-like units (a horse or cannon\n\
         //! is about 100). Written by `chariot-tune` (see docs/tuning.md); the layout\n\
         //! is `params.rs`'s. Edit by hand only to set a starting point for a fit.\n\
         \n\
         use crate::score::Score;\n\
         \n\
         /// Half a board from Red's side: rows from rank 9 (the enemy's back rank) down\n\
         /// to rank 0, columns for files a..e; files f..i mirror d..a.\n\
         pub type Table = [[i32; 5]; 10];\n",
    );
    for (gi, g) in GROUPS.iter().enumerate() {
        let base = {
            let mut at = 0;
            for h in &GROUPS[..gi] {
                at += h.shape.indices();
            }
            at
        };
        s.push('\n');
        s.push_str(&format!("/// {}\n", g.doc));
        match g.shape {
            Shape::Score => s.push_str(&format!(
                "pub const {}: Score = {};\n",
                g.name,
                score(v, base)
            )),
            Shape::Scores(n) => {
                s.push_str(&format!("pub const {}: [Score; {n}] = [\n", g.name));
                for i in 0..n {
                    s.push_str(&format!("    {},\n", score(v, base + 2 * i)));
                }
                s.push_str("];\n");
            }
            Shape::Tables => {
                for (half, name) in [(0, "PST_MG"), (1, "PST_EG")] {
                    if half == 1 {
                        s.push('\n');
                    }
                    s.push_str(&format!("pub const {name}: [Table; 7] = [\n"));
                    for (kind, kind_name) in KINDS.iter().enumerate() {
                        s.push_str(&format!("    // {kind_name}\n"));
                        s.push_str(&table(v, kind, half));
                    }
                    s.push_str("];\n");
                }
            }
            Shape::Int => s.push_str(&format!("pub const {}: i32 = {};\n", g.name, v[base])),
            Shape::Ints(n) => {
                let vals: Vec<String> = v[base..base + n].iter().map(|x| x.to_string()).collect();
                s.push_str(&format!(
                    "pub const {}: [i32; {n}] = [{}];\n",
                    g.name,
                    vals.join(", ")
                ));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_the_compiled_weights_gives_weights_rs_back() {
        let text = render(&current());
        assert_eq!(
            text,
            include_str!("weights.rs"),
            "weights.rs is not what the tuner writes"
        );
    }

    #[test]
    fn groups_and_their_names_agree() {
        assert_eq!(GROUPS[G::MaxDanger as usize].name, "MAX_DANGER");
        assert_eq!(GROUPS[G::Tempo as usize].name, "TEMPO");
        assert_eq!(GROUPS[G::WingAttack as usize].name, "WING_ATTACK");
        assert_eq!(current().len(), LEN);
        assert_eq!(describe().len(), LEN);
        let names: std::collections::HashSet<String> =
            describe().into_iter().map(|d| d.0).collect();
        assert_eq!(names.len(), LEN, "names are unique");
    }
}
