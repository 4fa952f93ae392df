//! SPSA (simultaneous perturbation stochastic approximation) as fishtest runs
//! it: the parameter file, the gain schedule, the perturbation of one
//! iteration and the update from its game pair, and the trajectory file that
//! lets a run resume. Playing the games is `spsa_run`'s concern.
//!
//! With N iterations, A = N / 10, alpha = 0.602 and gamma = 0.101, each
//! parameter's c_end and r_end give
//!   c_k = c_end * N^gamma / k^gamma          (c_N = c_end)
//!   a_k = r_end * c_end^2 * (A + N)^alpha / (A + k)^alpha   (a_N / c_N^2 = r_end)
//! Iteration k draws a sign d = ±1 per parameter, plays theta + c_k d against
//! theta - c_k d (two games, colours swapped), and with the pair's result r
//! (wins - losses of theta + c_k d, from -2 to 2) moves
//!   theta += a_k / c_k * r * d,
//! always clamped to the parameter's range.

use std::io::Write;
use std::path::Path;

/// One tuned parameter, a line of the parameter file.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaParam {
    pub name: String,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
    /// The learning rate at the last iteration (a_end / c_end^2).
    pub r_end: f64,
}

/// The lines of a parameter or switch file that say something: each with
/// where it is (`source line N`, for errors) and its fields (split at commas
/// and spaces; `#` starts a comment).
pub(crate) fn field_lines<'a>(
    text: &'a str,
    source: &'a str,
) -> impl Iterator<Item = (String, Vec<&'a str>)> + 'a {
    text.lines().enumerate().filter_map(move |(i, raw)| {
        let fields: Vec<&str> = raw
            .split('#')
            .next()
            .unwrap_or("")
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|f| !f.is_empty())
            .collect();
        (!fields.is_empty()).then(|| (format!("{source} line {}", i + 1), fields))
    })
}

/// Reads `NAME, start, min, max, c_end, r_end` lines (commas or spaces; `#`
/// starts a comment). Every error names the file and line.
pub fn parse_params(text: &str, source: &str) -> Result<Vec<SpsaParam>, String> {
    let mut params: Vec<SpsaParam> = Vec::new();
    for (at, fields) in field_lines(text, source) {
        let [name, nums @ ..] = fields.as_slice() else {
            unreachable!("a non-empty line has a field")
        };
        if nums.len() != 5 {
            return Err(format!(
                "{at}: expected NAME, start, min, max, c_end, r_end; got {} numbers",
                nums.len()
            ));
        }
        let mut v = [0.0; 5];
        for (slot, text) in v.iter_mut().zip(nums) {
            *slot = text
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("{at}: '{text}' is not a number"))?;
        }
        let [start, min, max, c_end, r_end] = v;
        if !(min <= start && start <= max) {
            return Err(format!("{at}: start {start} lies outside {min}..{max}"));
        }
        if c_end <= 0.0 || r_end <= 0.0 {
            return Err(format!("{at}: c_end and r_end must be positive"));
        }
        if params.iter().any(|p| p.name.eq_ignore_ascii_case(name)) {
            return Err(format!("{at}: {name} is listed twice"));
        }
        params.push(SpsaParam {
            name: name.to_string(),
            start,
            min,
            max,
            c_end,
            r_end,
        });
    }
    if params.is_empty() {
        return Err(format!("{source}: no parameters"));
    }
    Ok(params)
}

/// The gains of iteration k of N.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Schedule {
    pub iterations: u64,
    pub big_a: f64,
    pub alpha: f64,
    pub gamma: f64,
}

impl Schedule {
    pub fn new(iterations: u64) -> Schedule {
        Schedule {
            iterations,
            big_a: 0.1 * iterations as f64,
            alpha: 0.602,
            gamma: 0.101,
        }
    }

    /// The perturbation of `p` at iteration k (from 1).
    pub fn c_k(&self, p: &SpsaParam, k: u64) -> f64 {
        let n = self.iterations as f64;
        p.c_end * n.powf(self.gamma) / (k as f64).powf(self.gamma)
    }

    /// The step size of `p` at iteration k (from 1).
    pub fn a_k(&self, p: &SpsaParam, k: u64) -> f64 {
        let n = self.iterations as f64;
        p.r_end * p.c_end * p.c_end * (self.big_a + n).powf(self.alpha)
            / (self.big_a + k as f64).powf(self.alpha)
    }
}

/// What one iteration plays: its number, the signs, and the integer values
/// the two engines get.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    pub k: u64,
    pub signs: Vec<f64>,
    pub plus: Vec<i64>,
    pub minus: Vec<i64>,
}

/// A run's state: the parameters, their current values and how many
/// iterations have been applied.
#[derive(Clone, Debug)]
pub struct Spsa {
    pub params: Vec<SpsaParam>,
    pub theta: Vec<f64>,
    pub schedule: Schedule,
    pub applied: u64,
    seed: u64,
}

/// A 64-bit mix (splitmix64's finaliser): the signs of an iteration depend on
/// the seed and k alone, so a resumed run draws what the first would have.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The `n` random signs (±1) of iteration k: they depend on the seed and k
/// alone.
pub fn signs(seed: u64, k: u64, n: usize) -> Vec<f64> {
    let mut bits = mix(seed ^ mix(k));
    (0..n)
        .map(|i| {
            if i > 0 && i % 64 == 0 {
                bits = mix(bits);
            }
            if bits >> (i % 64) & 1 == 1 {
                1.0
            } else {
                -1.0
            }
        })
        .collect()
}

impl Spsa {
    pub fn new(params: Vec<SpsaParam>, iterations: u64, seed: u64) -> Spsa {
        Spsa {
            theta: params.iter().map(|p| p.start).collect(),
            params,
            schedule: Schedule::new(iterations.max(1)),
            applied: 0,
            seed,
        }
    }

    /// The values of iteration k: theta ± c_k per parameter, by a random sign.
    pub fn perturb(&self, k: u64) -> Perturbation {
        let signs = signs(self.seed, k, self.params.len());
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        for (i, (p, &sign)) in self.params.iter().zip(&signs).enumerate() {
            let c = self.schedule.c_k(p, k);
            let at = |x: f64| x.clamp(p.min, p.max).round() as i64;
            plus.push(at(self.theta[i] + c * sign));
            minus.push(at(self.theta[i] - c * sign));
        }
        Perturbation {
            k,
            signs,
            plus,
            minus,
        }
    }

    /// Moves theta by iteration `p.k`'s result: the plus side's wins minus
    /// losses over its game pair.
    pub fn update(&mut self, p: &Perturbation, result: f64) {
        for (i, param) in self.params.iter().enumerate() {
            let step = self.schedule.a_k(param, p.k) / self.schedule.c_k(param, p.k);
            self.theta[i] =
                (self.theta[i] + step * result * p.signs[i]).clamp(param.min, param.max);
        }
        self.applied += 1;
    }

    /// The trajectory file's header line.
    pub fn csv_header(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
        format!("iteration,result,{}", names.join(","))
    }

    /// A trajectory line: iterations applied, the last result, theta.
    pub fn csv_row(&self, result: f64) -> String {
        let values: Vec<String> = self.theta.iter().map(|t| format!("{t:.4}")).collect();
        format!("{},{result},{}", self.applied, values.join(","))
    }

    /// Takes up a run from its trajectory file: the last line's iteration
    /// count and values. The file must list the same parameters.
    pub fn resume(&mut self, csv: &str, source: &str) -> Result<(), String> {
        let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
        let header = lines.next().ok_or(format!("{source}: empty"))?;
        if header.trim() != self.csv_header() {
            return Err(format!(
                "{source}: its parameters differ from the parameter file's"
            ));
        }
        let last = lines
            .next_back()
            .ok_or(format!("{source}: no iterations"))?;
        let fields: Vec<&str> = last.split(',').collect();
        if fields.len() != 2 + self.params.len() {
            return Err(format!("{source}: the last line is incomplete"));
        }
        let applied = fields[0]
            .parse::<u64>()
            .map_err(|_| format!("{source}: bad iteration '{}'", fields[0]))?;
        let mut theta = Vec::with_capacity(self.params.len());
        for (f, p) in fields[2..].iter().zip(&self.params) {
            let t = f
                .parse::<f64>()
                .map_err(|_| format!("{source}: bad value '{f}'"))?;
            theta.push(t.clamp(p.min, p.max));
        }
        self.applied = applied;
        self.theta = theta;
        Ok(())
    }

    /// Every row of a trajectory file, for the plot.
    pub fn read_trajectory(csv: &str) -> Vec<(u64, Vec<f64>)> {
        csv.lines()
            .skip(1)
            .filter_map(|l| {
                let mut f = l.split(',');
                let it = f.next()?.parse().ok()?;
                let _result = f.next()?;
                let values: Option<Vec<f64>> = f.map(|v| v.parse().ok()).collect();
                Some((it, values?))
            })
            .collect()
    }

    /// The current values as a parameter file, ready to paste back.
    pub fn params_text(&self) -> String {
        self.params
            .iter()
            .zip(&self.theta)
            .map(|(p, t)| {
                format!(
                    "{}, {}, {}, {}, {}, {}\n",
                    p.name,
                    t.round(),
                    p.min,
                    p.max,
                    p.c_end,
                    p.r_end
                )
            })
            .collect()
    }
}

/// A trajectory's text without a last line cut short (a run killed while
/// writing it), and whether one was cut: every line a run writes ends with a
/// newline, so a text that does not is dropped back to its last newline.
pub fn complete_lines(text: &str) -> (&str, bool) {
    if text.is_empty() || text.ends_with('\n') {
        return (text, false);
    }
    (&text[..text.rfind('\n').map_or(0, |i| i + 1)], true)
}

/// Appends one line to the trajectory file.
pub fn append_line(path: &Path, line: &str) -> Result<(), String> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    writeln!(f, "{line}").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, start: f64) -> SpsaParam {
        SpsaParam {
            name: name.into(),
            start,
            min: 0.0,
            max: 200.0,
            c_end: 4.0,
            r_end: 0.002,
        }
    }

    #[test]
    fn the_parameter_file_is_read_and_its_errors_name_the_line() {
        let p = parse_params(
            "# x\nRFP_MARGIN, 30, 10, 80, 4, 0.002\nLMR_BASE 75 0 150 10 0.002 # y\n",
            "f",
        )
        .unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[1].name.as_str(), p[1].start, p[1].max),
            ("LMR_BASE", 75.0, 150.0)
        );
        for (bad, why) in [
            ("A, 1, 0, 2, 1\n", "got 4 numbers"),
            ("A, x, 0, 2, 1, 1\n", "'x' is not a number"),
            ("A, 3, 0, 2, 1, 1\n", "outside"),
            ("A, 1, 0, 2, 0, 1\n", "positive"),
            ("A, 1, 0, 2, 1, 1\na 1 0 2 1 1\n", "twice"),
            ("# nothing\n", "no parameters"),
        ] {
            let e = parse_params(bad, "p.spsa").unwrap_err();
            assert!(e.contains(why) && e.starts_with("p.spsa"), "{bad:?}: {e}");
        }
    }

    #[test]
    fn the_gains_end_at_c_end_and_r_end() {
        let s = Schedule::new(1000);
        let p = param("A", 100.0);
        assert!((s.c_k(&p, 1000) - p.c_end).abs() < 1e-9);
        assert!((s.a_k(&p, 1000) / p.c_end.powi(2) - p.r_end).abs() < 1e-12);
        assert!(s.c_k(&p, 1) > s.c_k(&p, 500) && s.a_k(&p, 1) > s.a_k(&p, 500));
    }

    #[test]
    fn perturbations_are_symmetric_clamped_and_reproducible() {
        let spsa = Spsa::new(vec![param("A", 100.0), param("B", 0.0)], 100, 7);
        let p = spsa.perturb(3);
        assert_eq!(p, spsa.perturb(3));
        assert_eq!(p.plus[0] + p.minus[0], 200, "{p:?}");
        assert_eq!(p.plus[1].min(p.minus[1]), 0, "clamped at the minimum");
        let signs: Vec<f64> = (1..=64).map(|k| spsa.perturb(k).signs[0]).collect();
        let ups = signs.iter().filter(|&&s| s > 0.0).count();
        assert!((16..=48).contains(&ups), "{ups} of 64");
    }

    /// A synthetic match: the side nearer the optimum wins more often.
    #[test]
    fn spsa_converges_on_a_synthetic_objective() {
        let optimum = [140.0, 40.0];
        let strength = |v: &[i64]| -> f64 {
            -v.iter()
                .zip(optimum)
                .map(|(&x, o)| ((x as f64 - o) / 50.0).powi(2))
                .sum::<f64>()
        };
        let fast = |name, start| SpsaParam {
            r_end: 0.02,
            ..param(name, start)
        };
        let mut spsa = Spsa::new(vec![fast("A", 100.0), fast("B", 100.0)], 4000, 1);
        let mut rng = 12345u64;
        let mut uniform = || {
            rng = mix(rng);
            (rng >> 11) as f64 / (1u64 << 53) as f64
        };
        for k in 1..=4000 {
            let p = spsa.perturb(k);
            let edge = strength(&p.plus) - strength(&p.minus);
            let win = 1.0 / (1.0 + (-4.0 * edge).exp());
            let mut result = 0.0;
            for _ in 0..2 {
                let u = uniform();
                result += if u < 0.8 * win {
                    1.0
                } else if u < 0.8 * win + 0.2 {
                    0.0
                } else {
                    -1.0
                };
            }
            spsa.update(&p, result);
        }
        for (t, o) in spsa.theta.iter().zip(optimum) {
            assert!((t - o).abs() < 10.0, "{:?} vs {optimum:?}", spsa.theta);
        }
    }

    #[test]
    fn a_trajectory_resumes_where_it_stopped() {
        let mut a = Spsa::new(vec![param("A", 100.0), param("B", 50.0)], 100, 3);
        let mut csv = format!("{}\n{}\n", a.csv_header(), a.csv_row(0.0));
        for k in 1..=5 {
            let p = a.perturb(k);
            a.update(&p, 2.0);
            csv.push_str(&a.csv_row(2.0));
            csv.push('\n');
        }
        let mut b = Spsa::new(vec![param("A", 100.0), param("B", 50.0)], 100, 3);
        b.resume(&csv, "t.csv").unwrap();
        assert_eq!(b.applied, 5);
        for (x, y) in a.theta.iter().zip(&b.theta) {
            assert!((x - y).abs() < 1e-3);
        }
        assert_eq!(Spsa::read_trajectory(&csv).len(), 6);
        let mut other = Spsa::new(vec![param("C", 1.0)], 100, 3);
        assert!(other.resume(&csv, "t.csv").unwrap_err().contains("differ"));

        // A run killed in the middle of a line: the line is dropped and the
        // run resumes from the one before.
        let cut = format!("{csv}6,0,100.1");
        assert!(b.resume(&cut, "t.csv").is_err());
        let (whole, was_cut) = complete_lines(&cut);
        assert!(was_cut);
        assert_eq!(whole, csv);
        let mut c = Spsa::new(vec![param("A", 100.0), param("B", 50.0)], 100, 3);
        c.resume(whole, "t.csv").unwrap();
        assert_eq!(c.applied, 5);
        assert_eq!(complete_lines(&csv), (csv.as_str(), false));
    }
}
