//! Loading data files into the fit's samples: each position's coefficients
//! under the large evaluation, duplicates dropped (the first kept).

use crate::fit::{Danger, DangerLayout, Model, Sample, Samples, Taper};
use crate::record::{ParseRecordError, Record};
use chariot_core::Position;
use nnue_free_eval::coefficients::{coefficients, role_of};
use nnue_free_eval::danger::DangerInputs;
use nnue_free_eval::params::{describe, Role, LEN};
use nnue_free_eval::{Knowledge, HALFMOVE_SCALE_FULL, SCALE_FULL};
use rayon::prelude::*;
use std::collections::HashSet;

/// The fit's view of the evaluation's weights: how each enters, and how fast
/// each moves relative to the fit's rate (0: held). The king-danger weights
/// are small integers that act squared, so they move slowly.
pub fn weight_roles() -> (Model, Vec<f64>) {
    let lay = DangerLayout::of_weights();
    let (taper, mut rates): (Vec<Taper>, Vec<f64>) = describe()
        .into_iter()
        .map(|(_, role, mg)| match role {
            Role::Linear if mg => (Taper::Mg, 1.0),
            Role::Linear => (Taper::Eg, 1.0),
            Role::Flat => (Taper::Flat, 1.0),
            Role::NonLinear => (Taper::Mg, 0.0),
        })
        .unzip();
    for i in lay.units {
        rates[i] = 0.01;
    }
    for i in lay.attacker_weight.into_iter().skip(1) {
        rates[i] = 0.03;
    }
    rates[lay.max] = 0.5;
    let model = Model {
        taper,
        danger: Some(lay),
    };
    (model, rates)
}

/// The range each weight may take in the fit: the king-danger weights stay
/// non-negative and modest, the rest within +-2000.
pub fn weight_bounds(model: &Model) -> Vec<(f32, f32)> {
    let mut bounds = vec![(-2000.0, 2000.0); model.taper.len()];
    if let Some(lay) = &model.danger {
        for i in lay.units {
            bounds[i] = (0.0, 12.0);
        }
        for i in lay.attacker_weight {
            bounds[i] = (0.0, 40.0);
        }
        bounds[lay.max] = (0.0, 800.0);
    }
    bounds
}

fn danger_of(d: &DangerInputs) -> Danger {
    let narrow = |x: i32| x.clamp(0, u8::MAX as i32) as u8;
    Danger {
        hits: d.hits.map(narrow),
        attackers: narrow(d.attackers),
    }
}

/// A record as a sample; `None` for positions the evaluation calls a dead draw
/// (no fitted weight moves them).
pub fn sample_of(pos: &Position, r: &Record) -> Option<(Sample, Vec<(u16, f32)>)> {
    let c = coefficients(pos, Knowledge::Large);
    if c.finish.insufficient_material {
        return None;
    }
    let mut coefs = Vec::with_capacity(2 * c.entries.len());
    for &(i, n) in &c.entries {
        match role_of(i) {
            Role::Linear => {
                coefs.push((i as u16, n as f32));
                coefs.push((i as u16 + 1, n as f32));
            }
            Role::Flat => coefs.push((i as u16, n as f32)),
            Role::NonLinear => {}
        }
    }
    let sample = Sample {
        phase: c.finish.phase as f32,
        endgame_scale: c.finish.endgame_scale as f32 / SCALE_FULL as f32,
        halfmove_scale: c.finish.halfmove_scale as f32 / HALFMOVE_SCALE_FULL as f32,
        stm: if c.red_to_move { 1.0 } else { -1.0 },
        fixed: [c.fixed.mg() as f32, c.fixed.eg() as f32],
        danger: c.danger.each_ref().map(danger_of),
        result: r.result,
        score: r.score as f32,
        ..Sample::default()
    };
    Some((sample, coefs))
}

/// A sample with its position's key (for dropping duplicates) and coefficients.
type Keyed = (u64, Sample, Vec<(u16, f32)>);

/// What loading found.
#[derive(Clone, Debug, Default)]
pub struct LoadStats {
    pub lines: usize,
    pub duplicates: usize,
    pub dead_draws: usize,
}

/// Reads the text of data files into samples. A bad line stops the load with
/// its reason: a damaged file should not be fitted silently.
pub fn load(texts: &[String], limit: usize) -> Result<(Samples, LoadStats), String> {
    assert!(LEN < u16::MAX as usize);
    let mut stats = LoadStats::default();
    let mut samples = Samples::default();
    let mut seen = HashSet::new();
    for text in texts {
        let lines: Vec<&str> = text.lines().collect();
        let parsed: Vec<Result<Option<Keyed>, ParseRecordError>> = lines
            .par_iter()
            .map(|line| {
                let Some(r) = Record::parse(line)? else {
                    return Ok(None);
                };
                let pos = Position::from_fen(&r.fen).map_err(|e| ParseRecordError {
                    line: line.to_string(),
                    reason: e.to_string(),
                })?;
                Ok(sample_of(&pos, &r).map(|(s, c)| (pos.key(), s, c)))
            })
            .collect();
        for p in parsed {
            let p = p.map_err(|e| e.to_string())?;
            stats.lines += 1;
            let Some((key, s, c)) = p else {
                stats.dead_draws += 1;
                continue;
            };
            if !seen.insert(key) {
                stats.duplicates += 1;
                continue;
            }
            samples.push(s, &c);
            if samples.len() >= limit {
                return Ok((samples, stats));
            }
        }
    }
    Ok((samples, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nnue_free_eval::params::current;

    #[test]
    fn a_samples_evaluation_is_the_engines_evaluation_in_reds_view() {
        let (model, _) = weight_roles();
        let w: Vec<f32> = current().iter().map(|&x| x as f32).collect();
        let mut pos = Position::startpos();
        for m in ["h2e2", "h9g7", "h0g2", "i9h9", "b2b6"] {
            pos.make_move(pos.parse_move(m).unwrap());
        }
        let r = Record::new(&pos, 0, 0.5);
        let (s, c) = sample_of(&pos, &r).unwrap();
        let mut samples = Samples::default();
        samples.push(s, &c);
        let red = samples.eval(&samples.samples[0], &w, &model);
        let engine = nnue_free_eval::evaluate(&pos, Knowledge::Large) as f32;
        let engine_red = if pos.side_to_move() == chariot_core::Color::Red {
            engine
        } else {
            -engine
        };
        // The fit does not round: within the integer divisions' rounding.
        assert!((red - engine_red).abs() <= 2.0, "{red} vs {engine_red}");
    }

    #[test]
    fn duplicates_and_bad_lines_are_handled() {
        let line = Record::new(&Position::startpos(), 10, 1.0).to_string();
        let text = format!("{line}\n# comment\n{line}\n");
        let (samples, stats) = load(&[text], usize::MAX).unwrap();
        assert_eq!(samples.len(), 1);
        assert_eq!(stats.duplicates, 1);
        assert!(load(&["not a record".to_string()], usize::MAX).is_err());
    }
}
