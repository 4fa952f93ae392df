//! Middlegame/endgame value pairs and the taper between them.

/// A middlegame/endgame pair of values.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

impl Score {
    pub const ZERO: Score = Score { mg: 0, eg: 0 };
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }
}

/// Whether any weight of a table is set: a term whose weights are all zero
/// (written, not fitted yet) is skipped in play, so that it costs no time.
pub const fn any_set(weights: &[Score]) -> bool {
    let mut i = 0;
    while i < weights.len() {
        if weights[i].mg != 0 || weights[i].eg != 0 {
            return true;
        }
        i += 1;
    }
    false
}

impl std::ops::Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, o: Score) -> Score {
        Score::new(self.mg + o.mg, self.eg + o.eg)
    }
}
impl std::ops::Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        Score::new(self.mg - o.mg, self.eg - o.eg)
    }
}
impl std::ops::Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score::new(-self.mg, -self.eg)
    }
}
impl std::ops::Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, k: i32) -> Score {
        Score::new(self.mg * k, self.eg * k)
    }
}
impl std::ops::AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}
impl std::ops::SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        *self = *self - o;
    }
}

/// Game phase at the start: two rooks (2 each), two horses and two cannons (1 each) a side.
pub const PHASE_MAX: i32 = 16;

/// Blends the pair by the phase (`PHASE_MAX` = full middlegame, 0 = bare endgame).
/// Division truncates toward zero, so `taper(-s) == -taper(s)`: colour symmetry holds.
#[inline(always)]
pub fn taper(s: Score, phase: i32) -> i32 {
    (s.mg * phase + s.eg * (PHASE_MAX - phase)) / PHASE_MAX
}
