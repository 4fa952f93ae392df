//! Middlegame/endgame value pairs and the taper between them.

/// A middlegame/endgame pair of values, packed in one integer (the endgame
/// value times 2^16 plus the middlegame value) so that the evaluation's many
/// sums and differences take one instruction each, not two. Both halves must
/// stay within ±32,767; every sum of the evaluation is far inside that.
#[derive(Copy, Clone, Default, PartialEq, Eq)]
pub struct Score(i32);

impl Score {
    pub const ZERO: Score = Score(0);
    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score(((eg as u32) << 16) as i32 + mg)
    }
    /// The middlegame value: the low half, read as signed.
    #[inline(always)]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }
    /// The endgame value: the high half, rounded for the borrow a negative
    /// middlegame value took from it.
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        ((self.0 + 0x8000) >> 16) as i16 as i32
    }
}

impl std::fmt::Debug for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Score")
            .field("mg", &self.mg())
            .field("eg", &self.eg())
            .finish()
    }
}

/// Whether any weight of a table is set: a term whose weights are all zero
/// (written, not fitted yet) is skipped in play, so that it costs no time.
pub const fn any_set(weights: &[Score]) -> bool {
    let mut i = 0;
    while i < weights.len() {
        if weights[i].0 != 0 {
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
        Score(self.0 + o.0)
    }
}
impl std::ops::Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        Score(self.0 - o.0)
    }
}
impl std::ops::Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}
impl std::ops::Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, k: i32) -> Score {
        Score(self.0 * k)
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
    (s.mg() * phase + s.eg() * (PHASE_MAX - phase)) / PHASE_MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_halves_survive_every_operation() {
        let values = [-32767, -20000, -257, -256, -1, 0, 1, 255, 256, 7000, 32767];
        for &mg in &values {
            for &eg in &values {
                let s = Score::new(mg, eg);
                assert_eq!((s.mg(), s.eg()), (mg, eg));
                assert_eq!(((-s).mg(), (-s).eg()), (-mg, -eg));
                for &(mg2, eg2) in &[(-300, 17), (5, -1), (-1, -1), (129, 4000)] {
                    let (sum_mg, sum_eg) = (mg + mg2, eg + eg2);
                    if sum_mg.abs() <= 32767 && sum_eg.abs() <= 32767 {
                        let t = s + Score::new(mg2, eg2);
                        assert_eq!((t.mg(), t.eg()), (sum_mg, sum_eg), "{mg} {eg}");
                    }
                    let (dif_mg, dif_eg) = (mg - mg2, eg - eg2);
                    if dif_mg.abs() <= 32767 && dif_eg.abs() <= 32767 {
                        let t = s - Score::new(mg2, eg2);
                        assert_eq!((t.mg(), t.eg()), (dif_mg, dif_eg), "{mg} {eg}");
                    }
                }
                if mg.abs() <= 10000 && eg.abs() <= 10000 {
                    let t = s * -3;
                    assert_eq!((t.mg(), t.eg()), (-3 * mg, -3 * eg));
                }
            }
        }
    }

    #[test]
    fn taper_is_colour_symmetric_and_ends_at_the_halves() {
        let s = Score::new(-37, 91);
        assert_eq!(taper(s, PHASE_MAX), -37);
        assert_eq!(taper(s, 0), 91);
        for phase in 0..=PHASE_MAX {
            assert_eq!(taper(-s, phase), -taper(s, phase));
        }
    }
}
