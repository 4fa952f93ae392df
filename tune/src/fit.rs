//! The fit: weights that make sigmoid(evaluation) predict the games' results
//! (blended with the search's scores), by full-batch Adam on the mean squared
//! error, in parallel over the positions.
//!
//! The evaluation is linear in most of its weights once each position's
//! phase and scale factors are fixed, so each position is stored as a sparse
//! list of (weight, coefficient) pairs; the king danger (units squared times
//! a multiplier, capped) is computed again from its inputs, and its weights
//! get their gradient through the curve. See [`Samples::eval`].

use rayon::prelude::*;

/// How a weight enters the evaluation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Taper {
    /// A middlegame value: weighed by phase / PHASE_MAX.
    Mg,
    /// An endgame value: weighed by (PHASE_MAX - phase) / PHASE_MAX.
    Eg,
    /// Added after the taper and the endgame scale, from the side to move's
    /// view (the tempo).
    Flat,
}

/// The phase at which a position is all middlegame.
pub const PHASE_MAX: f32 = 16.0;

pub use nnue_free_eval::danger::DangerLayout;

/// How the weights enter the evaluation.
#[derive(Clone, Debug)]
pub struct Model {
    /// How each coefficient's weight tapers.
    pub taper: Vec<Taper>,
    /// The king danger's weights, when the model has them.
    pub danger: Option<DangerLayout>,
}

impl Model {
    /// A model of linear weights only.
    pub fn linear(taper: &[Taper]) -> Model {
        Model {
            taper: taper.to_vec(),
            danger: None,
        }
    }
}

/// What one side's king danger is computed from: palace squares hit by the
/// enemy rooks, horses, cannons and pawns, and the number of attackers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Danger {
    pub hits: [u8; 4],
    pub attackers: u8,
}

/// A side's king danger under `w` (middlegame; the endgame takes a quarter),
/// with what its gradient needs: the units, the multiplier's index, and
/// whether the cap binds.
#[inline]
fn danger(d: &Danger, w: &[f32], lay: &DangerLayout) -> (f32, f32, usize, bool) {
    let units: f32 = (0..4).map(|k| w[lay.units[k]] * d.hits[k] as f32).sum();
    let a = (d.attackers as usize).min(4);
    let raw = units * units * w[lay.attacker_weight[a]] / 64.0;
    let max = w[lay.max];
    if raw >= max {
        (max, units, a, true)
    } else {
        (raw, units, a, false)
    }
}

/// All positions of a data set, their coefficients in shared arrays.
#[derive(Default)]
pub struct Samples {
    pub samples: Vec<Sample>,
    /// Weight index of each coefficient; a sample owns `start..start + len`.
    pub index: Vec<u16>,
    pub coef: Vec<f32>,
}

/// One position.
#[derive(Copy, Clone, Debug, Default)]
pub struct Sample {
    pub start: u32,
    pub len: u16,
    /// 0 ..= PHASE_MAX.
    pub phase: f32,
    /// Endgame scale (1 = none), applied to the tapered sum.
    pub endgame_scale: f32,
    /// Halfmove scale (1 = none), applied to the whole.
    pub halfmove_scale: f32,
    /// +1 when Red is to move, -1 when Black is.
    pub stm: f32,
    /// The terms that are not fitted, tapered like the rest: (mg, eg), Red's view.
    pub fixed: [f32; 2],
    /// What the king danger of Red and of Black is computed from.
    pub danger: [Danger; 2],
    /// What sigmoid(eval) should be: the result blended with the search score.
    pub target: f32,
    /// The game's result (Red's view), for fitting K.
    pub result: f32,
    /// The search's score (Red's view).
    pub score: f32,
}

impl Samples {
    pub fn push(&mut self, mut s: Sample, coefs: &[(u16, f32)]) {
        s.start = self.index.len() as u32;
        s.len = coefs.len() as u16;
        for &(i, c) in coefs {
            self.index.push(i);
            self.coef.push(c);
        }
        self.samples.push(s);
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    fn coefs(&self, s: &Sample) -> impl Iterator<Item = (usize, f32)> + '_ {
        let r = s.start as usize..s.start as usize + s.len as usize;
        self.index[r.clone()]
            .iter()
            .zip(&self.coef[r])
            .map(|(&i, &c)| (i as usize, c))
    }

    /// The evaluation of a sample with `weights`, Red's view.
    pub fn eval(&self, s: &Sample, weights: &[f32], model: &Model) -> f32 {
        let (mut mg, mut eg, mut flat) = (s.fixed[0], s.fixed[1], 0.0);
        if let Some(lay) = &model.danger {
            // A penalty for the defender: Red's danger counts against Red.
            let d = danger(&s.danger[1], weights, lay).0 - danger(&s.danger[0], weights, lay).0;
            mg += d;
            eg += d / 4.0;
        }
        for (i, c) in self.coefs(s) {
            match model.taper[i] {
                Taper::Mg => mg += c * weights[i],
                Taper::Eg => eg += c * weights[i],
                Taper::Flat => flat += c * weights[i],
            }
        }
        let tapered = (mg * s.phase + eg * (PHASE_MAX - s.phase)) / PHASE_MAX;
        (tapered * s.endgame_scale + s.stm * flat) * s.halfmove_scale
    }
}

/// sigmoid(K * eval / 400): the expected score of an evaluation.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval / 400.0).exp())
}

/// Mean squared error between the expected score of `evals` and `targets`.
fn mse(k: f64, pairs: impl ParallelIterator<Item = (f64, f64)>) -> (f64, usize) {
    let (sum, n) = pairs
        .map(|(e, t)| {
            let d = sigmoid(k, e) - t;
            (d * d, 1usize)
        })
        .reduce(|| (0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    (sum / n.max(1) as f64, n)
}

/// The K that makes the current evaluation best predict the results: a golden
/// section search on the error (one minimum in practice).
pub fn fit_k(samples: &Samples, weights: &[f32], model: &Model) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .samples
        .par_iter()
        .map(|s| (samples.eval(s, weights, model) as f64, s.result as f64))
        .collect();
    let err = |k: f64| mse(k, evals.par_iter().copied()).0;
    let (mut lo, mut hi) = (0.05f64, 10.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (err(a), err(b));
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = err(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = err(b);
        }
    }
    (lo + hi) / 2.0
}

/// Sets each sample's target: `lambda` x result + (1 - lambda) x sigmoid(score).
pub fn set_targets(samples: &mut Samples, k: f64, lambda: f64) {
    samples.samples.par_iter_mut().for_each(|s| {
        s.target = (lambda * s.result as f64 + (1.0 - lambda) * sigmoid(k, s.score as f64)) as f32;
    });
}

/// The loss of `weights` on the samples whose `pick` is true.
pub fn loss(
    samples: &Samples,
    weights: &[f32],
    model: &Model,
    k: f64,
    pick: impl Fn(usize) -> bool + Sync,
) -> f64 {
    mse(
        k,
        samples
            .samples
            .par_iter()
            .enumerate()
            .filter(|(i, _)| pick(*i))
            .map(|(_, s)| (samples.eval(s, weights, model) as f64, s.target as f64)),
    )
    .0
}

/// The gradient of the loss over the picked samples, and their count.
pub fn gradient(
    samples: &Samples,
    weights: &[f32],
    model: &Model,
    k: f64,
    pick: &(impl Fn(usize) -> bool + Sync),
) -> (Vec<f64>, usize) {
    let n = weights.len();
    let chunk = (samples.len() / (rayon::current_num_threads() * 8)).max(1024);
    let (grad, count) = samples
        .samples
        .par_chunks(chunk)
        .enumerate()
        .map(|(ci, part)| {
            let mut g = vec![0f64; n];
            let mut count = 0usize;
            for (j, s) in part.iter().enumerate() {
                if !pick(ci * chunk + j) {
                    continue;
                }
                count += 1;
                let e = samples.eval(s, weights, model) as f64;
                let p = sigmoid(k, e);
                // d(p - t)^2 / d eval
                let d = 2.0 * (p - s.target as f64) * p * (1.0 - p) * k / 400.0;
                let hs = s.halfmove_scale as f64;
                let mg = d * hs * s.endgame_scale as f64 * s.phase as f64 / PHASE_MAX as f64;
                let eg = d * hs * s.endgame_scale as f64 * (PHASE_MAX - s.phase) as f64
                    / PHASE_MAX as f64;
                let flat = d * hs * s.stm as f64;
                for (i, c) in samples.coefs(s) {
                    g[i] += c as f64
                        * match model.taper[i] {
                            Taper::Mg => mg,
                            Taper::Eg => eg,
                            Taper::Flat => flat,
                        };
                }
                if let Some(lay) = &model.danger {
                    // d eval / d danger: against Red for Red's king, for it for Black's.
                    let per_danger = mg + eg / 4.0;
                    for (side, sign) in [(0, -1.0), (1, 1.0)] {
                        let d = &s.danger[side];
                        let (_, units, a, capped) = danger(d, weights, lay);
                        let gd = sign * per_danger;
                        if capped {
                            g[lay.max] += gd;
                            continue;
                        }
                        let mult = weights[lay.attacker_weight[a]] as f64;
                        let units = units as f64;
                        g[lay.attacker_weight[a]] += gd * units * units / 64.0;
                        for kind in 0..4 {
                            g[lay.units[kind]] +=
                                gd * 2.0 * units * d.hits[kind] as f64 * mult / 64.0;
                        }
                    }
                }
            }
            (g, count)
        })
        .reduce(
            || (vec![0f64; n], 0),
            |(mut a, ca), (b, cb)| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                (a, ca + cb)
            },
        );
    (grad, count)
}

/// Adam's settings.
#[derive(Copy, Clone, Debug)]
pub struct Adam {
    pub rate: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub epsilon: f64,
    /// L2 pull of every weight toward its value when the fit began (the
    /// penalty l2 x (w - w0)^2 is added to the loss): weights that few
    /// positions touch stay near where they were instead of chasing noise.
    pub l2: f64,
}

impl Default for Adam {
    fn default() -> Adam {
        Adam {
            rate: 1.0,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            l2: 0.0,
        }
    }
}

/// One epoch's losses.
#[derive(Copy, Clone, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train: f64,
    pub validation: f64,
}

/// Fits the weights by full-batch Adam for `epochs` epochs, training on the
/// samples `is_validation` rejects; calls `report` after each epoch with both
/// losses. Each weight moves at `rates[i]` times Adam's rate (0 holds it:
/// small integers such as the king-danger units move slowly) and stays
/// within `bounds` (min, max).
#[allow(clippy::too_many_arguments)]
pub fn fit(
    samples: &Samples,
    weights: &mut [f32],
    model: &Model,
    rates: &[f64],
    bounds: &[(f32, f32)],
    k: f64,
    epochs: usize,
    adam: Adam,
    is_validation: impl Fn(usize) -> bool + Sync,
    mut report: impl FnMut(Epoch),
) {
    let n = weights.len();
    let prior: Vec<f32> = weights.to_vec();
    let (mut m, mut v) = (vec![0f64; n], vec![0f64; n]);
    let train = |i: usize| !is_validation(i);
    for epoch in 1..=epochs {
        let (grad, count) = gradient(samples, weights, model, k, &train);
        let scale = 1.0 / count.max(1) as f64;
        let t = epoch as i32;
        for i in 0..n {
            if rates[i] == 0.0 {
                continue;
            }
            let g = grad[i] * scale + 2.0 * adam.l2 * (weights[i] - prior[i]) as f64;
            m[i] = adam.beta1 * m[i] + (1.0 - adam.beta1) * g;
            v[i] = adam.beta2 * v[i] + (1.0 - adam.beta2) * g * g;
            let mh = m[i] / (1.0 - adam.beta1.powi(t));
            let vh = v[i] / (1.0 - adam.beta2.powi(t));
            let w = weights[i] as f64 - adam.rate * rates[i] * mh / (vh.sqrt() + adam.epsilon);
            weights[i] = (w as f32).clamp(bounds[i].0, bounds[i].1);
        }
        report(Epoch {
            epoch,
            train: loss(samples, weights, model, k, train),
            validation: loss(samples, weights, model, k, &is_validation),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Positions with random features whose results are drawn from the
    /// sigmoid of known weights: the fit must find those weights again.
    #[test]
    fn a_fit_on_synthetic_data_recovers_the_weights_that_made_it() {
        let truth = [120.0f32, 60.0, -40.0, 25.0, 10.0];
        let taper = [Taper::Mg, Taper::Eg, Taper::Mg, Taper::Eg, Taper::Flat];
        let model = Model::linear(&taper);
        let mut rng = Rng::new(3);
        let mut samples = Samples::default();
        for _ in 0..60_000 {
            let coefs: Vec<(u16, f32)> = (0..4)
                .map(|i| (i as u16, rng.below(5) as f32 - 2.0))
                .chain([(4u16, 1.0)])
                .collect();
            let stm = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            let mut s = Sample {
                phase: rng.below(17) as f32,
                endgame_scale: 1.0,
                halfmove_scale: 1.0,
                stm,
                ..Sample::default()
            };
            samples.push(s, &coefs);
            let last = *samples.samples.last().unwrap();
            let p = sigmoid(1.0, samples.eval(&last, &truth, &model) as f64);
            s.result = if rng.unit() < p { 1.0 } else { 0.0 };
            samples.samples.last_mut().unwrap().result = s.result;
        }
        set_targets(&mut samples, 1.0, 1.0);
        let mut w = [0.0f32; 5];
        let bounds = [(-1000.0, 1000.0); 5];
        let mut last = None;
        fit(
            &samples,
            &mut w,
            &model,
            &[1.0; 5],
            &bounds,
            1.0,
            400,
            Adam {
                rate: 2.0,
                ..Adam::default()
            },
            |i| i % 10 == 0,
            |e| last = Some(e),
        );
        for (got, want) in w.iter().zip(truth) {
            assert!(
                (got - want).abs() < 0.15 * want.abs() + 4.0,
                "{w:?} vs {truth:?}"
            );
        }
        let last = last.unwrap();
        assert!(last.validation < 0.25, "{last:?}");
        // K fitted on the truth's own evaluation is about the K that made the data.
        let k = fit_k(&samples, &truth, &model);
        assert!((k - 1.0).abs() < 0.1, "K = {k}");

        // A strong L2 pull keeps the weights near where the fit began.
        let mut held = [0.0f32; 5];
        fit(
            &samples,
            &mut held,
            &model,
            &[1.0; 5],
            &bounds,
            1.0,
            400,
            Adam {
                rate: 2.0,
                l2: 1.0,
                ..Adam::default()
            },
            |i| i % 10 == 0,
            |_| {},
        );
        let moved = |x: &[f32; 5]| x.iter().map(|v| v.abs()).sum::<f32>();
        assert!(moved(&held) < 0.05 * moved(&w), "{held:?} against {w:?}");
    }

    /// The king danger's gradient (through the square and the cap) is the
    /// slope of the loss: each danger weight nudged both ways.
    #[test]
    fn the_king_danger_gradient_matches_finite_differences() {
        // Weights: one linear pair, then units (4), multipliers (5), cap.
        let mut taper = vec![Taper::Mg, Taper::Eg];
        taper.extend([Taper::Mg; 10]);
        let lay = DangerLayout {
            units: [2, 3, 4, 5],
            attacker_weight: [6, 7, 8, 9, 10],
            max: 11,
        };
        let model = Model {
            taper,
            danger: Some(lay),
        };
        let mut rng = Rng::new(9);
        let mut samples = Samples::default();
        for _ in 0..4000 {
            let mut side = || Danger {
                hits: std::array::from_fn(|_| rng.below(5) as u8),
                attackers: rng.below(6) as u8,
            };
            let danger = [side(), side()];
            let s = Sample {
                phase: rng.below(17) as f32,
                endgame_scale: 1.0,
                halfmove_scale: 1.0,
                stm: 1.0,
                danger,
                target: rng.below(3) as f32 / 2.0,
                ..Sample::default()
            };
            samples.push(s, &[(0, rng.below(3) as f32 - 1.0), (1, 1.0)]);
        }
        let all = |_: usize| true;
        // Away from the cap's kink the slope is smooth: first with a cap no
        // side reaches (the units and multipliers), then with one almost
        // every side reaches (the cap itself).
        for (cap, checked) in [(1e6f32, 2..11), (20.0, 11..12)] {
            let w: Vec<f32> = vec![40.0, 30.0, 3.0, 4.0, 3.0, 2.0, 0.0, 4.0, 6.0, 8.0, 9.0, cap];
            let capped = samples
                .samples
                .iter()
                .filter(|s| danger(&s.danger[0], &w, &lay).3)
                .count();
            assert!(if cap > 1e5 {
                capped == 0
            } else {
                capped > 2500
            });
            let (grad, n) = gradient(&samples, &w, &model, 1.0, &all);
            for i in checked {
                let h = 0.01f32;
                let mut up = w.clone();
                up[i] += h;
                let mut down = w.clone();
                down[i] -= h;
                let slope = (loss(&samples, &up, &model, 1.0, all)
                    - loss(&samples, &down, &model, 1.0, all))
                    / (2.0 * h as f64);
                let g = grad[i] / n as f64;
                assert!(slope.abs() > 1e-7, "weight {i} has no slope");
                assert!(
                    (g - slope).abs() <= 0.01 * slope.abs(),
                    "weight {i}: gradient {g}, slope {slope}"
                );
            }
        }
    }
}
