//! Each weight's coefficient in a position's evaluation, for the tuner: the
//! evaluation is the sum of coefficient x weight over the linear weights plus
//! the king danger (non-linear, computed again from its inputs) and a fixed
//! part, tapered, scaled and signed as [`crate::evaluate`] does it;
//! [`recompute`] does exactly that.

use crate::danger::{danger, danger_score, DangerInputs, DangerWeights};
use crate::endgame::{HALFMOVE_SCALE_FULL, SCALE_FULL};
use crate::eval::evaluate_traced;
use crate::params::{Role, G, GROUPS};
use crate::score::{taper, Score};
use crate::trace::{Finish, Term, Trace};
use crate::{EvalBoard, Knowledge};
use tablegen::Color;

/// A position's evaluation as coefficients of the weights.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coefficients {
    /// (flat index, count) with Red's count, sorted by index, no zero counts.
    /// A `Score` weight appears once, at its middlegame index: its endgame
    /// half counts as often. The tempo appears with count 1 (side to move's view).
    pub entries: Vec<(usize, i32)>,
    /// The part of the total no weight explains, Red's view.
    pub fixed: Score,
    /// What each side's king danger is computed from (Red's first).
    pub danger: [DangerInputs; 2],
    /// Phase, scales and final score as the evaluation found them.
    pub finish: Finish,
    pub knowledge: Knowledge,
    pub red_to_move: bool,
}

#[derive(Default)]
struct Collector {
    raw: Vec<(usize, i32)>,
    fixed: Score,
    danger: [DangerInputs; 2],
    finish: Finish,
}

impl Trace for Collector {
    const ACTIVE: bool = false;
    const COEFS: bool = true;
    fn term(&mut self, _: Term, _: Color, _: Score) {}
    fn finish(&mut self, f: Finish) {
        self.finish = f;
    }
    fn coef(&mut self, index: usize, red: i32) {
        self.raw.push((index, red));
    }
    fn fixed(&mut self, red: Score) {
        self.fixed += red;
    }
    fn king_danger(&mut self, defender: Color, inputs: DangerInputs) {
        self.danger[defender.index()] = inputs;
    }
}

/// The coefficients of `b`'s evaluation at knowledge `k`.
pub fn coefficients<B: EvalBoard>(b: &B, k: Knowledge) -> Coefficients {
    let mut c = Collector::default();
    evaluate_traced(b, k, &mut c);
    if k != Knowledge::None && !c.finish.insufficient_material {
        c.raw.push((G::Tempo.base(), 1));
    }
    c.raw.sort_unstable_by_key(|e| e.0);
    let mut entries: Vec<(usize, i32)> = Vec::with_capacity(c.raw.len());
    for (i, n) in c.raw {
        match entries.last_mut() {
            Some(last) if last.0 == i => last.1 += n,
            _ => entries.push((i, n)),
        }
    }
    entries.retain(|e| e.1 != 0);
    Coefficients {
        entries,
        fixed: c.fixed,
        danger: c.danger,
        finish: c.finish,
        knowledge: k,
        red_to_move: b.side_to_move() == Color::Red,
    }
}

/// The role of flat index `i` (a `Score` weight's middlegame index for its pair).
pub fn role_of(i: usize) -> Role {
    let mut at = 0;
    for g in &GROUPS {
        if i < at + g.shape.indices() {
            return g.role;
        }
        at += g.shape.indices();
    }
    panic!("no weight has index {i}")
}

/// The evaluation (side to move's view) of the position behind `c` with the
/// weights `w` (a flat vector, see `params`), with the phase, the scales and
/// the fixed part held as they were. With the compiled weights it is exactly
/// what `evaluate` gave.
pub fn recompute(c: &Coefficients, w: &[i32]) -> i32 {
    let fin = &c.finish;
    if fin.insufficient_material {
        return 0;
    }
    let mut total = c.fixed;
    let dw = DangerWeights::from_flat(w);
    // A penalty for the defender: Red's danger counts against Red.
    total -= danger_score(danger(&c.danger[0], &dw));
    total += danger_score(danger(&c.danger[1], &dw));
    let mut tempo = 0;
    for &(i, n) in &c.entries {
        match role_of(i) {
            Role::Linear => total += Score::new(w[i], w[i + 1]) * n,
            Role::Flat => tempo += w[i] * n,
            Role::NonLinear => unreachable!("non-linear weights have no coefficients"),
        }
    }
    let mut score = taper(total, fin.phase);
    if c.knowledge == Knowledge::Large && score != 0 {
        score = score * fin.endgame_scale / SCALE_FULL;
    }
    if !c.red_to_move {
        score = -score;
    }
    score += tempo;
    if c.knowledge == Knowledge::Large {
        score = score * fin.halfmove_scale / HALFMOVE_SCALE_FULL;
    }
    score
}
