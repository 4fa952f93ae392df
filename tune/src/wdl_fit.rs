//! The win/draw/loss model's fit: from positions with a search score and the
//! game's result, the cubic polynomials `a` and `b` of `chariot::wdl` by
//! maximum likelihood (Adam on the mean negative log-likelihood of the
//! observed results), and the generated source file the engine compiles in.

use chariot::wdl::{model, win_loss, START_MATERIAL};

/// One position: its material, the score from Red's side and Red's result.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct WdlSample {
    pub material: u32,
    pub score: f32,
    pub result: f32,
}

/// Model coefficients, constant term first.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 4],
    pub b: [f64; 4],
}

impl Default for WdlModel {
    /// A start the fit moves from: half the games won at 300, odds turning over 100.
    fn default() -> Self {
        WdlModel {
            a: [300.0, 0.0, 0.0, 0.0],
            b: [100.0, 0.0, 0.0, 0.0],
        }
    }
}

/// The probability the model gives the observed result (floored, for logs).
fn likelihood(m: &WdlModel, s: &WdlSample) -> f64 {
    let (a, b) = model(&m.a, &m.b, s.material);
    let (w, l) = win_loss(a, b, s.score as f64);
    let p = if s.result > 0.75 {
        w
    } else if s.result < 0.25 {
        l
    } else {
        1.0 - w - l
    };
    p.max(1e-9)
}

/// Mean negative log-likelihood of the results.
pub fn nll(m: &WdlModel, data: &[WdlSample]) -> f64 {
    data.iter().map(|s| -likelihood(m, s).ln()).sum::<f64>() / data.len().max(1) as f64
}

/// The gradient of the mean negative log-likelihood by the eight coefficients.
fn gradient(m: &WdlModel, data: &[WdlSample]) -> [f64; 8] {
    let mut g = [0.0; 8];
    for s in data {
        let x = s.material.min(START_MATERIAL) as f64 / START_MATERIAL as f64;
        let (a, b) = model(&m.a, &m.b, s.material);
        let v = s.score as f64;
        let (w, l) = win_loss(a, b, v);
        // d win / d a, d win / d b, the same for loss (the logistic's slope
        // times the argument's derivative).
        let (xw, xl) = ((v - a) / b, (-v - a) / b);
        let (sw, sl) = (w * (1.0 - w), l * (1.0 - l));
        let (dw_da, dw_db) = (-sw / b, -sw * xw / b);
        let (dl_da, dl_db) = (-sl / b, -sl * xl / b);
        let (d_da, d_db) = if s.result > 0.75 {
            (-dw_da / w.max(1e-9), -dw_db / w.max(1e-9))
        } else if s.result < 0.25 {
            (-dl_da / l.max(1e-9), -dl_db / l.max(1e-9))
        } else {
            let d = (1.0 - w - l).max(1e-9);
            ((dw_da + dl_da) / d, (dw_db + dl_db) / d)
        };
        let mut power = 1.0;
        for i in 0..4 {
            g[i] += d_da * power;
            g[4 + i] += d_db * power;
            power *= x;
        }
    }
    let n = data.len().max(1) as f64;
    g.map(|x| x / n)
}

/// Fits the model by full-batch Adam; `report(epoch, nll)` every 50 epochs.
pub fn fit_wdl(data: &[WdlSample], epochs: usize, mut report: impl FnMut(usize, f64)) -> WdlModel {
    let mut m = WdlModel::default();
    let (rate, beta1, beta2, eps) = (2.0, 0.9, 0.999, 1e-8);
    let (mut mom, mut vel) = ([0.0f64; 8], [0.0f64; 8]);
    for epoch in 1..=epochs {
        let g = gradient(&m, data);
        for i in 0..8 {
            mom[i] = beta1 * mom[i] + (1.0 - beta1) * g[i];
            vel[i] = beta2 * vel[i] + (1.0 - beta2) * g[i] * g[i];
            let mh = mom[i] / (1.0 - beta1.powi(epoch as i32));
            let vh = vel[i] / (1.0 - beta2.powi(epoch as i32));
            let step = rate * mh / (vh.sqrt() + eps);
            if i < 4 {
                m.a[i] -= step;
            } else {
                m.b[i - 4] -= step;
            }
        }
        if epoch % 50 == 0 || epoch == epochs {
            report(epoch, nll(&m, data));
        }
    }
    m
}

/// The positions of one score range: how many, and their win, draw and loss
/// rates as observed and as the model predicts them.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    pub from: i32,
    pub to: i32,
    pub count: usize,
    pub observed: [f64; 3],
    pub predicted: [f64; 3],
}

/// Observed against predicted rates by score range, for the documentation.
pub fn calibration(m: &WdlModel, data: &[WdlSample], edges: &[i32]) -> Vec<Calibration> {
    let mut rows = Vec::new();
    for pair in edges.windows(2) {
        let (lo, hi) = (pair[0], pair[1]);
        let group: Vec<&WdlSample> = data
            .iter()
            .filter(|s| s.score >= lo as f32 && s.score < hi as f32)
            .collect();
        if group.is_empty() {
            continue;
        }
        let n = group.len() as f64;
        let mut seen = [0.0; 3];
        let mut said = [0.0; 3];
        for s in &group {
            let i = if s.result > 0.75 {
                0
            } else if s.result < 0.25 {
                2
            } else {
                1
            };
            seen[i] += 1.0 / n;
            let (a, b) = model(&m.a, &m.b, s.material);
            let (w, l) = win_loss(a, b, s.score as f64);
            said[0] += w / n;
            said[1] += (1.0 - w - l) / n;
            said[2] += l / n;
        }
        rows.push(Calibration {
            from: lo,
            to: hi,
            count: group.len(),
            observed: seen,
            predicted: said,
        });
    }
    rows
}

/// The source file `engine/src/wdl_params.rs`.
pub fn render(m: &WdlModel, note: &str) -> String {
    let list = |c: &[f64; 4]| {
        c.iter()
            .map(|x| format!("{x:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "// Generated by chariot-wdl; do not edit (see docs/tuning.md).\n// {note}\n\
         /// `a` by material (constant term first).\npub const A: [f64; 4] = [{}];\n\
         /// `b` by material (constant term first).\npub const B: [f64; 4] = [{}];\n",
        list(&m.a),
        list(&m.b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known model are fitted back to it.
    #[test]
    fn the_fit_recovers_a_known_model() {
        let truth = WdlModel {
            a: [250.0, 100.0, 0.0, 0.0],
            b: [80.0, 40.0, 0.0, 0.0],
        };
        let mut rng = 99u64;
        let mut uniform = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut data = Vec::new();
        for i in 0..40_000 {
            let material = (i % 95) as u32;
            let score = (uniform() * 1600.0 - 800.0) as f32;
            let (a, b) = model(&truth.a, &truth.b, material);
            let (w, l) = win_loss(a, b, score as f64);
            let u = uniform();
            let result = if u < w {
                1.0
            } else if u < w + l {
                0.0
            } else {
                0.5
            };
            data.push(WdlSample {
                material,
                score,
                result,
            });
        }
        let m = fit_wdl(&data, 1500, |_, _| {});
        assert!(nll(&m, &data) <= nll(&truth, &data) + 0.002);
        for material in [10, 50, 90] {
            let (a, b) = model(&m.a, &m.b, material);
            let (ta, tb) = model(&truth.a, &truth.b, material);
            assert!(
                (a - ta).abs() < 25.0 && (b - tb).abs() < 15.0,
                "{material}: {a} {b} vs {ta} {tb}"
            );
        }
        let text = render(&m, "test");
        assert!(text.contains("pub const A: [f64; 4] = [") && text.contains("// test"));
    }
}
