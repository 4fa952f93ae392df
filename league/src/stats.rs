//! Match statistics: Elo from a score with its 95% interval, and the sequential
//! probability ratio test.
//!
//! Elo from a mean score p: `elo = -400 * log10(1/p - 1)`.
//! The interval uses the per-game variance of the trinomial (win 1, draw 1/2,
//! loss 0): `var = (W(1-p)^2 + D(1/2-p)^2 + L p^2) / N`, so the mean score has
//! standard error `sqrt(var / N)`; the bounds are the Elo of `p -/+ 1.96 se`.
//!
//! SPRT: the generalised SPRT with the normal approximation of the trinomial
//! (as fishtest, cutechess and fastchess do with the logistic Elo model).
//! With `s0`, `s1` the expected scores of elo0 and elo1,
//! `LLR = N (s1 - s0) (2p - s0 - s1) / (2 var)`.
//! The test accepts H1 when `LLR >= ln((1 - beta) / alpha)` and H0 when
//! `LLR <= ln(beta / (1 - alpha))`. As fishtest does, a count of zero is
//! taken as 0.001 in the LLR so that a one-sided run (all wins, all draws)
//! has a variance and can end the test; but no test ends before
//! [`SPRT_MIN_GAMES`] games, since with the 0.001 two lost games alone
//! would give an LLR of about -11 and end it on the spot.
//!
//! Game pairs: where each opening is played twice with colours swapped, the
//! two games of a pair are not independent (an opening that favours Red
//! gives one win each way), so the unit of the statistics is the pair, as in
//! fishtest's pentanomial model: a pair scores 0, 1/2, 1, 3/2 or 2 for the
//! first side, the mean is over pairs (per game, so the same p), the
//! variance that of a pair's mean score, and N the number of pairs in the
//! same two formulas. Lopsided openings then stop inflating the variance.

/// Wins, draws and losses from one side's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// The mean score in [0, 1]; 0.5 before any game.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }
    /// Per-game variance of the score.
    pub fn variance(&self) -> f64 {
        mean_and_variance(&[self.losses, self.draws, self.wins].map(f64::from)).1
    }
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// Game pairs (one opening, colours swapped) by the first side's points in
/// the pair: `counts[k]` pairs scored k/2 of 2.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Adds a pair in which the side scored `points` (0, 0.5, ..., 2).
    pub fn add(&mut self, points: f64) {
        self.counts[(points * 2.0).round().clamp(0.0, 4.0) as usize] += 1;
    }
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
    /// The mean score per game in [0, 1]; 0.5 before any pair.
    pub fn score(&self) -> f64 {
        mean_and_variance(&self.counts.map(f64::from)).0
    }
    /// Variance of one pair's mean score (its points / 2).
    pub fn variance(&self) -> f64 {
        mean_and_variance(&self.counts.map(f64::from)).1
    }
}

/// Mean and variance of a score spread evenly over [0, 1] by `counts`
/// (three counts: loss, draw, win; five: the pentanomial's pair scores).
fn mean_and_variance(counts: &[f64]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return (0.5, 0.0);
    }
    let step = 1.0 / (counts.len() - 1) as f64;
    let value = |i: usize| i as f64 * step;
    let mean = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * value(i))
        .sum::<f64>()
        / n;
    let var = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * (value(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var)
}

/// Elo difference that gives an expected score p (infinite at 0 and 1).
pub fn elo_from_score(p: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Expected score of a player `elo` points stronger than the opponent.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference with its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl EloEstimate {
    /// Half the width of the interval, as the "+/-" figure.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

pub fn elo_estimate(r: &Wdl) -> EloEstimate {
    interval(r.games(), r.score(), r.variance())
}

/// The same from game pairs: N pairs, the variance of a pair's mean score.
pub fn elo_estimate_pairs(r: &Pentanomial) -> EloEstimate {
    interval(r.pairs(), r.score(), r.variance())
}

fn interval(n: u32, p: f64, var: f64) -> EloEstimate {
    let se = if n == 0 { 0.0 } else { (var / n as f64).sqrt() };
    EloEstimate {
        elo: elo_from_score(p),
        low: elo_from_score(p - Z95 * se),
        high: elo_from_score(p + Z95 * se),
    }
}

/// No SPRT decision before this many games: a one-sided start (two losses
/// of two) has an estimated variance near zero and a meaningless LLR.
pub const SPRT_MIN_GAMES: u32 = 10;

/// The parameters of a sequential probability ratio test.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtStatus {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    pub fn validate(&self) -> Result<(), String> {
        let unit = |x: f64| x > 0.0 && x < 0.5;
        if !unit(self.alpha) || !unit(self.beta) {
            return Err("SPRT alpha and beta must lie strictly between 0 and 0.5".into());
        }
        if self.elo1 <= self.elo0 {
            return Err("SPRT needs elo1 > elo0".into());
        }
        Ok(())
    }
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0); zero before any game.
    pub fn llr(&self, r: &Wdl) -> f64 {
        if r.games() == 0 {
            return 0.0;
        }
        self.llr_of_counts(&[r.losses, r.draws, r.wins])
    }
    /// The same from game pairs; zero before any pair.
    pub fn llr_pairs(&self, r: &Pentanomial) -> f64 {
        if r.pairs() == 0 {
            return 0.0;
        }
        self.llr_of_counts(&r.counts)
    }
    /// The normal approximation's LLR over observations spread evenly over
    /// [0, 1] by `counts`, zero counts taken as 0.001.
    fn llr_of_counts(&self, counts: &[u32]) -> f64 {
        let reg: Vec<f64> = counts
            .iter()
            .map(|&x| if x == 0 { 1e-3 } else { x as f64 })
            .collect();
        let n: f64 = reg.iter().sum();
        let (p, var) = mean_and_variance(&reg);
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * p - s0 - s1) / (2.0 * var)
    }
    pub fn status(&self, r: &Wdl) -> SprtStatus {
        self.decide(self.llr(r), r.games())
    }
    /// The verdict from game pairs (not before [`SPRT_MIN_GAMES`] games in pairs).
    pub fn status_pairs(&self, r: &Pentanomial) -> SprtStatus {
        self.decide(self.llr_pairs(r), 2 * r.pairs())
    }
    fn decide(&self, llr: f64, games: u32) -> SprtStatus {
        if games < SPRT_MIN_GAMES {
            SprtStatus::Continue
        } else if llr >= self.upper_bound() {
            SprtStatus::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }
}
