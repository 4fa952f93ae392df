//! chariot-tune: fits the evaluation's weights to self-play data (see
//! docs/tuning.md) and writes them as nnue-free-eval/src/weights.rs.

use chariot_tune::cli::{exit, value};
use chariot_tune::dataset::{load, weight_bounds, weight_roles};
use chariot_tune::fit::{fit, fit_k, loss, set_targets, Adam};
use nnue_free_eval::params::{current, describe, render, GROUPS};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: chariot-tune DATA... [--epochs N] [--lambda L] [--rate R] [--l2 L2] [--k K]
                    [--max-positions N] [--threads T] [--hold GROUP,...] [--out FILE]
  Fits the evaluation's weights (every linear one and the king danger's) to the data files (FEN;score;result lines
  from chariot-datagen) by Adam on the squared error between sigmoid(K eval)
  and lambda x result + (1 - lambda) x sigmoid(K score). One position in ten
  is held out; both losses are printed each epoch. --l2 pulls each weight
  toward its current value (l2 x (w - w0)^2 added to the loss; default 0),
  which keeps rarely seen weights from chasing noise. --hold keeps the named
  groups of weights.rs (e.g. MATERIAL,TEMPO) as they are. Writes the rounded
  weights to FILE (default: weights.rs in the current folder).";

struct Args {
    files: Vec<String>,
    epochs: usize,
    lambda: f64,
    rate: f64,
    l2: f64,
    k: Option<f64>,
    max_positions: usize,
    threads: Option<usize>,
    hold: Vec<String>,
    out: String,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        files: Vec::new(),
        epochs: 300,
        lambda: 0.7,
        rate: 1.0,
        l2: 0.0,
        k: None,
        max_positions: usize::MAX,
        threads: None,
        hold: Vec::new(),
        out: "weights.rs".into(),
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--epochs" => a.epochs = value(arg, it.next())?,
            "--lambda" => a.lambda = value(arg, it.next())?,
            "--rate" => a.rate = value(arg, it.next())?,
            "--l2" => a.l2 = value(arg, it.next())?,
            "--k" => a.k = Some(value(arg, it.next())?),
            "--max-positions" => a.max_positions = value(arg, it.next())?,
            "--threads" => a.threads = Some(value(arg, it.next())?),
            "--hold" => {
                let names: String = value(arg, it.next())?;
                for name in names.split(',').filter(|n| !n.is_empty()) {
                    if !GROUPS.iter().any(|g| g.name == name) {
                        return Err(format!("--hold: no group named '{name}' in weights.rs"));
                    }
                    a.hold.push(name.to_string());
                }
            }
            "--out" | "-o" => a.out = value(arg, it.next())?,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option '{flag}'")),
            file => a.files.push(file.to_string()),
        }
    }
    if a.files.is_empty() {
        return Err("no data file given".into());
    }
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err("--lambda must lie in 0..1".into());
    }
    Ok(a)
}

/// Where the group `name` lies in the flat weight vector: (first index, length).
fn group_span(name: &str) -> (usize, usize) {
    let mut start = 0;
    for g in &GROUPS {
        if g.name == name {
            return (start, g.shape.indices());
        }
        start += g.shape.indices();
    }
    panic!("no group named {name}")
}

fn run(a: Args) -> Result<(), String> {
    if let Some(t) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let start = Instant::now();
    let mut texts = Vec::new();
    for f in &a.files {
        texts.push(std::fs::read_to_string(f).map_err(|e| format!("cannot read {f}: {e}"))?);
    }
    let (mut samples, stats) = load(&texts, a.max_positions)?;
    drop(texts);
    eprintln!(
        "{} positions ({} lines, {} duplicates, {} dead draws dropped), {} coefficients, loaded in {:.1} s",
        samples.len(),
        stats.lines,
        stats.duplicates,
        stats.dead_draws,
        samples.coef.len(),
        start.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        return Err("no positions to fit".into());
    }
    let (model, mut rates) = weight_roles();
    for (start, len) in a.hold.iter().map(|name| group_span(name)) {
        rates[start..start + len].fill(0.0);
    }
    let start_weights = current();
    let mut w: Vec<f32> = start_weights.iter().map(|&x| x as f32).collect();
    let k = match a.k {
        Some(k) => k,
        None => fit_k(&samples, &w, &model),
    };
    set_targets(&mut samples, k, a.lambda);
    let validation = |i: usize| i.is_multiple_of(10);
    eprintln!(
        "K = {k:.4}; start: train {:.6}, validation {:.6}",
        loss(&samples, &w, &model, k, |i| !validation(i)),
        loss(&samples, &w, &model, k, validation)
    );
    let bounds = weight_bounds(&model);
    let fit_start = Instant::now();
    fit(
        &samples,
        &mut w,
        &model,
        &rates,
        &bounds,
        k,
        a.epochs,
        Adam {
            rate: a.rate,
            l2: a.l2,
            ..Adam::default()
        },
        validation,
        |e| {
            if e.epoch == 1 || e.epoch % 10 == 0 || e.epoch == a.epochs {
                eprintln!(
                    "epoch {:4}  train {:.6}  validation {:.6}  ({:.2} s/epoch)",
                    e.epoch,
                    e.train,
                    e.validation,
                    fit_start.elapsed().as_secs_f64() / e.epoch as f64
                );
            }
        },
    );
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let wf: Vec<f32> = rounded.iter().map(|&x| x as f32).collect();
    eprintln!(
        "rounded: train {:.6}, validation {:.6}",
        loss(&samples, &wf, &model, k, |i| !validation(i)),
        loss(&samples, &wf, &model, k, validation)
    );
    let names = describe();
    let mut moved: Vec<(i32, usize)> = rounded
        .iter()
        .zip(&start_weights)
        .enumerate()
        .map(|(i, (a, b))| ((a - b).abs(), i))
        .filter(|(d, _)| *d > 0)
        .collect();
    moved.sort_unstable_by(|a, b| b.cmp(a));
    eprintln!("{} weights changed; the most:", moved.len());
    for &(d, i) in moved.iter().take(15) {
        eprintln!(
            "  {:40} {:5} -> {:5} ({d})",
            names[i].0, start_weights[i], rounded[i]
        );
    }
    std::fs::write(&a.out, render(&rounded)).map_err(|e| format!("cannot write {}: {e}", a.out))?;
    eprintln!("wrote {}", a.out);
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    exit("chariot-tune", USAGE, parse_args(&args), run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nnue_free_eval::params::G;

    fn args(list: &[&str]) -> Result<Args, String> {
        parse_args(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn hold_names_groups_and_refuses_unknown_ones() {
        let a = args(&["data.txt", "--hold", "MATERIAL,BOTTOM_CANNON"]).unwrap();
        assert_eq!(a.hold, vec!["MATERIAL", "BOTTOM_CANNON"]);
        assert_eq!(group_span("MATERIAL"), (G::Material.base(), 14));
        assert_eq!(group_span("BOTTOM_CANNON"), (G::BottomCannon.base(), 6));
        let err = args(&["data.txt", "--hold", "MATERIAL,NO_SUCH"])
            .err()
            .unwrap();
        assert!(err.contains("NO_SUCH"), "{err}");
    }
}
