//! An SPSA tuning run: one engine plays itself, theta + c_k d against
//! theta - c_k d, a game pair (colours swapped) per iteration from one
//! opening, on `-concurrency` games at once. The main thread owns the state:
//! it hands each free worker the next iteration's values, applies results as
//! they come (asynchronously, as fishtest does), appends every step to the
//! trajectory file (which `-recover` resumes from) and redraws the plot.

use crate::adjudication::GameOutcome;
use crate::engine::{EngineConfig, EngineProcess, TrafficLog};
use crate::game::{play_game, GameSettings};
use crate::openings::{load_openings, shuffle, Order};
use crate::plot;
use crate::runner::TournamentConfig;
use crate::spsa::{append_line, complete_lines, parse_params, Perturbation, Spsa};
use chariot_core::{Color, START_FEN};
use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError, Sender};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Redraw the plot after this many iterations.
const PLOT_EVERY: u64 = 100;

/// What `-spsa` asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaConfig {
    /// Lines of `NAME, start, min, max, c_end, r_end`.
    pub params_file: PathBuf,
    /// Game pairs to play.
    pub iterations: u64,
    /// The trajectory: a line of values per iteration.
    pub csv: PathBuf,
    pub png: PathBuf,
}

impl SpsaConfig {
    /// The defaults for a parameter file: 10,000 pairs, FILE.trajectory.csv, FILE.png.
    pub fn for_file(file: PathBuf) -> SpsaConfig {
        SpsaConfig {
            csv: file.with_extension("trajectory.csv"),
            png: file.with_extension("png"),
            params_file: file,
            iterations: 10_000,
        }
    }
}

struct PairJob {
    perturbation: Perturbation,
    fen: String,
}

struct PairDone {
    perturbation: Perturbation,
    /// Wins minus losses of the plus side.
    result: f64,
}

/// Runs the tuning; returns the final state. `stop` is raised by Ctrl-C.
pub fn run_spsa(
    c: &TournamentConfig,
    s: &SpsaConfig,
    stop: Arc<AtomicBool>,
    out: &mut dyn Write,
) -> Result<Spsa, String> {
    let [engine] = c.engines.as_slice() else {
        return Err("-spsa tunes one engine against itself: give exactly one -engine".into());
    };
    if s.iterations == 0 {
        return Err("-spsa: iterations must be at least 1".into());
    }
    let text = std::fs::read_to_string(&s.params_file)
        .map_err(|e| format!("cannot read {}: {e}", s.params_file.display()))?;
    let params = parse_params(&text, &s.params_file.display().to_string())?;
    let mut spsa = Spsa::new(params, s.iterations, c.seed);
    let names: Vec<String> = spsa.params.iter().map(|p| p.name.clone()).collect();
    check_options(engine, &names)?;
    let csv_name = s.csv.display().to_string();
    match c.recover.then(|| read_to_resume(&s.csv, out)).transpose()? {
        Some(Some(text)) => {
            spsa.resume(&text, &csv_name)?;
            writeln!(
                out,
                "Resumed from {csv_name} after {} iterations",
                spsa.applied
            )
            .ok();
        }
        _ => std::fs::write(
            &s.csv,
            format!("{}\n{}\n", spsa.csv_header(), spsa.csv_row(0.0)),
        )
        .map_err(|e| format!("cannot write {csv_name}: {e}"))?,
    }

    let ks: Vec<u64> = (spsa.applied + 1..=s.iterations).collect();
    let mut plan = SpsaPlan { spsa: &mut spsa, s };
    let tally = play_pairs(c, engine, None, names, &ks, s.iterations, &mut plan, stop)?;
    draw(&s.csv, &s.png, &spsa)?;
    let [plus_won, even, plus_lost] = tally;
    writeln!(
        out,
        "SPSA: {} of {} iterations; this run's pairs for the plus side +{plus_won} ={even} -{plus_lost}\n\
         trajectory {}, plot {}\nValues now (a parameter file):\n{}",
        spsa.applied,
        s.iterations,
        s.csv.display(),
        s.png.display(),
        spsa.params_text()
    )
    .ok();
    if spsa.applied < s.iterations {
        writeln!(out, "Interrupted; rerun with -recover to go on.").ok();
    }
    Ok(spsa)
}

/// The text of a run's file to resume from (None if there is no file yet),
/// without a last line cut short by an interrupted write: the file is cut
/// back in place, so no moment passes without its earlier lines.
pub(crate) fn read_to_resume(
    path: &std::path::Path,
    out: &mut dyn Write,
) -> Result<Option<String>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let (complete, was_cut) = complete_lines(&text);
    if was_cut {
        // Appending after the fragment would damage the next line too.
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(complete.len() as u64))
            .map_err(|e| format!("cannot cut {name}: {e}"))?;
        writeln!(
            out,
            "{name}: its last line was cut short (an interrupted write) and is dropped"
        )
        .ok();
    }
    Ok(Some(complete.to_string()))
}

/// SPSA's use of each pair: theta moves, the trajectory grows, the plot is
/// redrawn now and then.
struct SpsaPlan<'a> {
    spsa: &'a mut Spsa,
    s: &'a SpsaConfig,
}

impl PairPlan for SpsaPlan<'_> {
    fn pair(&self, k: u64) -> Perturbation {
        self.spsa.perturb(k)
    }
    fn done(&mut self, p: &Perturbation, result: f64) -> Result<(), String> {
        self.spsa.update(p, result);
        append_line(&self.s.csv, &self.spsa.csv_row(result))?;
        if self.spsa.applied.is_multiple_of(PLOT_EVERY) {
            draw(&self.s.csv, &self.s.png, self.spsa)?;
        }
        Ok(())
    }
    fn message(&self) -> String {
        values_message(self.spsa)
    }
}

/// What a run of game pairs plays and does with each result: SPSA's tuning,
/// or the screening of switches (`screen`).
pub(crate) trait PairPlan {
    /// The two sides' values for pair k (from 1).
    fn pair(&self, k: u64) -> Perturbation;
    /// Takes a pair's result: the plus side's wins minus losses.
    fn done(&mut self, p: &Perturbation, result: f64) -> Result<(), String>;
    /// A short line for the progress bar.
    fn message(&self) -> String;
}

/// Plays the pairs `ks` (of `total`; the others were played before) of the one
/// engine against itself (or, with its plus values, against `rival`, which
/// is given no values), each from opening k, on `-concurrency` games at
/// once: the main thread hands each free worker the next pair from `plan` and
/// gives `plan` the results as they come (asynchronously, as fishtest does).
/// Returns the plus side's pairs won, even and lost; `stop` (Ctrl-C) ends it
/// after the pairs under way.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_pairs(
    c: &TournamentConfig,
    engine: &EngineConfig,
    rival: Option<&EngineConfig>,
    names: Vec<String>,
    ks: &[u64],
    total: u64,
    plan: &mut dyn PairPlan,
    stop: Arc<AtomicBool>,
) -> Result<[u64; 3], String> {
    let mut openings = match &c.openings {
        Some((path, _)) => load_openings(path)?,
        None => vec![START_FEN.to_string()],
    };
    if let Some((_, Order::Random)) = &c.openings {
        shuffle(&mut openings, c.seed);
    }
    let pb = if c.progress {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    pb.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} pairs  {msg}  [{elapsed_precise}]",
        )
        .expect("valid template"),
    );
    pb.set_position(total.saturating_sub(ks.len() as u64));
    pb.set_message(plan.message());

    let (job_tx, job_rx) = unbounded::<PairJob>();
    let (done_tx, done_rx) = unbounded();
    let workers: Vec<_> = (0..c.concurrency.max(1))
        .map(|_| {
            let sides = match rival {
                None => ["plus", "minus"].map(|side| EngineConfig {
                    name: format!("{} ({side})", engine.name),
                    ..engine.clone()
                }),
                Some(r) => [engine.clone(), r.clone()],
            };
            let (settings, names) = (c.settings.clone(), names.clone());
            let (jobs, done, st) = (job_rx.clone(), done_tx.clone(), stop.clone());
            let vs_rival = rival.is_some();
            std::thread::spawn(move || {
                pair_worker(sides, vs_rival, settings, names, jobs, done, st)
            })
        })
        .collect();
    drop((job_rx, done_tx));
    let job = |plan: &dyn PairPlan, k: u64| PairJob {
        perturbation: plan.pair(k),
        fen: openings[((k - 1) % openings.len() as u64) as usize].clone(),
    };
    let mut next = ks.iter();
    let mut jobs = Some(job_tx);
    for _ in 0..c.concurrency.max(1) {
        if let Some(&k) = next.next() {
            let _ = jobs.as_ref().map(|tx| tx.send(job(plan, k)));
        }
    }
    let mut error = None;
    let mut tally = [0u64; 3];
    loop {
        if stop.load(Ordering::Relaxed) {
            jobs = None;
        }
        let done: PairDone = match done_rx.recv_timeout(Duration::from_millis(100)) {
            Ok(Ok(d)) => d,
            Ok(Err(e)) => {
                error = Some(e);
                stop.store(true, Ordering::Relaxed);
                continue;
            }
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        if let Err(e) = plan.done(&done.perturbation, done.result) {
            error = Some(e);
            stop.store(true, Ordering::Relaxed);
            continue;
        }
        tally[(1.0 - done.result.signum()) as usize] += 1;
        pb.inc(1);
        pb.set_message(plan.message());
        match (&jobs, next.next()) {
            (Some(tx), Some(&k)) => {
                let _ = tx.send(job(plan, k));
            }
            _ => jobs = None,
        }
    }
    for w in workers {
        let _ = w.join();
    }
    pb.finish_and_clear();
    match error {
        Some(e) => Err(e),
        None => Ok(tally),
    }
}

/// The engine must offer every tuned (or screened) parameter as an option.
pub(crate) fn check_options(engine: &EngineConfig, names: &[String]) -> Result<(), String> {
    let probe = EngineProcess::start(engine, &mut TrafficLog::new(false))?;
    let missing: Vec<&str> = names
        .iter()
        .filter(|n| !probe.advertises(n))
        .map(|n| n.as_str())
        .collect();
    probe.quit();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "engine {} has no option {} (Chariot offers its search parameters when built with --features tune)",
            engine.name,
            missing.join(", ")
        ))
    }
}

fn draw(csv: &std::path::Path, png: &std::path::Path, spsa: &Spsa) -> Result<(), String> {
    let text =
        std::fs::read_to_string(csv).map_err(|e| format!("cannot read {}: {e}", csv.display()))?;
    plot::trajectories(png, &spsa.params, &Spsa::read_trajectory(&text))
}

fn values_message(spsa: &Spsa) -> String {
    let shown: Vec<String> = spsa
        .params
        .iter()
        .zip(&spsa.theta)
        .take(3)
        .map(|(p, t)| format!("{} {t:.1}", p.name))
        .collect();
    let more = spsa.params.len().saturating_sub(3);
    if more > 0 {
        format!("{} (+{more} more)", shown.join("  "))
    } else {
        shown.join("  ")
    }
}

/// Plays game pairs: its own two processes, given the plus and the minus
/// values before each game (again after a restart); with `vs_rival`, the
/// second process is the rival's and is given none.
fn pair_worker(
    configs: [EngineConfig; 2],
    vs_rival: bool,
    settings: GameSettings,
    names: Vec<String>,
    jobs: Receiver<PairJob>,
    done: Sender<Result<PairDone, String>>,
    stop: Arc<AtomicBool>,
) {
    let mut procs: [Option<EngineProcess>; 2] = [None, None];
    let mut log = TrafficLog::new(false);
    let names = [
        names.as_slice(),
        if vs_rival { &[] } else { names.as_slice() },
    ];
    'jobs: while let Ok(PairJob { perturbation, fen }) = jobs.recv() {
        let values = [&perturbation.plus, &perturbation.minus];
        let mut result = 0.0;
        for plus_color in [Color::Red, Color::Black] {
            for side in 0..2 {
                match ready(
                    &mut procs[side],
                    &configs[side],
                    names[side],
                    values[side],
                    &mut log,
                ) {
                    Ok(()) => {}
                    Err(e) => {
                        let _ = done.send(Err(e));
                        break 'jobs;
                    }
                }
            }
            let [plus, minus] = &mut procs;
            let (plus, minus) = (
                plus.as_mut().expect("ready"),
                minus.as_mut().expect("ready"),
            );
            let seats = if plus_color == Color::Red {
                [plus, minus]
            } else {
                [minus, plus]
            };
            let record = match play_game(seats, &fen, &settings, &mut log, &stop) {
                Ok(Some(r)) => r,
                Ok(None) => break 'jobs,
                Err(e) => {
                    let _ = done.send(Err(e));
                    break 'jobs;
                }
            };
            result += match (record.ending.outcome, plus_color) {
                (GameOutcome::Draw, _) => 0.0,
                (GameOutcome::RedWins, Color::Red) | (GameOutcome::BlackWins, Color::Black) => 1.0,
                _ => -1.0,
            };
            if let Some(faulty) = record.faulty_side() {
                let side = usize::from(faulty != plus_color);
                procs[side] = None; // restarted, with its values, before the next game
            }
        }
        if done
            .send(Ok(PairDone {
                perturbation,
                result,
            }))
            .is_err()
        {
            break;
        }
    }
    for p in procs.into_iter().flatten() {
        p.quit();
    }
}

/// Starts the process if need be and sets its values.
fn ready(
    proc: &mut Option<EngineProcess>,
    config: &EngineConfig,
    names: &[String],
    values: &[i64],
    log: &mut TrafficLog,
) -> Result<(), String> {
    if proc.is_none() {
        *proc = Some(EngineProcess::start(config, log)?);
    }
    let p = proc.as_mut().expect("started");
    for (name, value) in names.iter().zip(values) {
        p.set_option(name, &value.to_string(), log)?;
    }
    Ok(())
}
