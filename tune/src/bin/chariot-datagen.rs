//! chariot-datagen: self-play training data for the evaluation fit.
//! See docs/tuning.md for the file format and how to run shards on many machines.

use chariot_core::Position;
use chariot_tune::cli::{exit, value};
use chariot_tune::datagen::{run, shard_games, Config, Progress};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: chariot-datagen -o FILE [--games N] [--nodes N] [--seed S] [--shard K/N]
                       [--threads T] [--openings EPD] [--random-plies N] [--skip-plies N]
                       [--max-plies N] [--hash MB] [--resume]
  Plays games 0..N (or the K-th of N slices of them, K from 0) of Chariot
  against itself at N nodes a move and writes quiet positions as FEN;score;result.
  --resume goes on from FILE.progress after an interrupted run.";

struct Args {
    cfg: Config,
    out: PathBuf,
    resume: bool,
}

fn read_openings(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = line.split(';').next().unwrap_or("");
        out.push(Position::from_fen(fen).map_err(|e| format!("{path} line {}: {e}", i + 1))?);
    }
    if out.is_empty() {
        return Err(format!("{path} holds no opening"));
    }
    Ok(out)
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut cfg = Config::default();
    let mut out = None;
    let mut resume = false;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "-o" | "--out" => out = Some(PathBuf::from(value::<String>(flag, it.next())?)),
            "--games" => cfg.games = value(flag, it.next())?,
            "--nodes" => cfg.nodes = value(flag, it.next())?,
            "--seed" => cfg.seed = value(flag, it.next())?,
            "--threads" => cfg.threads = value(flag, it.next())?,
            "--hash" => cfg.hash_mb = value(flag, it.next())?,
            "--random-plies" => cfg.random_plies = value(flag, it.next())?,
            "--skip-plies" => cfg.skip_plies = value(flag, it.next())?,
            "--max-plies" => cfg.max_plies = value(flag, it.next())?,
            "--openings" => cfg.openings = read_openings(&value::<String>(flag, it.next())?)?,
            "--shard" => {
                let s: String = value(flag, it.next())?;
                let bad = || format!("--shard: '{s}' is not K/N with 0 <= K < N");
                let (k, n) = s.split_once('/').ok_or_else(bad)?;
                let (k, n): (u64, u64) =
                    (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
                if n == 0 || k >= n {
                    return Err(bad());
                }
                cfg.shard = (k, n);
            }
            "--resume" => resume = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if cfg.nodes == 0 || cfg.threads == 0 || cfg.hash_mb == 0 {
        return Err("--nodes, --threads and --hash must be at least 1".into());
    }
    let out = out.ok_or("-o FILE is required")?;
    Ok(Args { cfg, out, resume })
}

/// The run's identity, kept in the progress file: a resume must be the same run.
fn identity(cfg: &Config) -> String {
    format!(
        "seed={} games={} nodes={} shard={}/{} random-plies={} skip-plies={} max-plies={} openings={}",
        cfg.seed,
        cfg.games,
        cfg.nodes,
        cfg.shard.0,
        cfg.shard.1,
        cfg.random_plies,
        cfg.skip_plies,
        cfg.max_plies,
        cfg.openings.len()
    )
}

fn progress_path(out: &Path) -> PathBuf {
    let mut p = out.as_os_str().to_owned();
    p.push(".progress");
    PathBuf::from(p)
}

/// Reads the progress file: (games done, bytes of the output that hold them).
fn read_progress(path: &Path, identity: &str) -> Result<(u64, u64), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot resume: cannot read {}: {e}", path.display()))?;
    let mut lines = text.lines();
    let id = lines.next().unwrap_or("");
    if id != identity {
        return Err(format!(
            "cannot resume: {} is of another run ({id}), not ({identity})",
            path.display()
        ));
    }
    let nums: Vec<u64> = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|w| w.split_once('=').and_then(|(_, v)| v.parse().ok()))
        .collect();
    match nums[..] {
        [games, bytes, ..] => Ok((games, bytes)),
        _ => Err(format!("cannot resume: {} is damaged", path.display())),
    }
}

fn main_inner(args: Args) -> Result<(), String> {
    let Args { cfg, out, resume } = args;
    let id = identity(&cfg);
    let progress_file = progress_path(&out);
    let (done, bytes) = if resume {
        read_progress(&progress_file, &id)?
    } else {
        if out.exists() {
            return Err(format!(
                "{} exists: remove it, or go on with --resume",
                out.display()
            ));
        }
        (0, 0)
    };
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(&out)
        .map_err(|e| format!("cannot open {}: {e}", out.display()))?;
    // Whatever an interrupted batch wrote past the last recorded game goes.
    file.set_len(bytes)
        .map_err(|e| format!("cannot truncate {}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    use std::io::Seek;
    writer
        .seek(std::io::SeekFrom::End(0))
        .map_err(|e| e.to_string())?;

    let total = shard_games(cfg.games, cfg.shard).count() as u64;
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_position(done);
    let start = Instant::now();
    let mut written = bytes;
    let mut last_positions = 0u64;
    let mut record = |p: &Progress| -> std::io::Result<()> {
        written = std::fs::metadata(&out)?.len();
        let secs = start.elapsed().as_secs_f64().max(1e-3);
        last_positions = p.positions;
        bar.set_position(p.games);
        bar.set_message(format!(
            "{} positions, {:.0}/s, +{} ={} -{}",
            p.positions,
            p.positions as f64 / secs,
            p.red_wins,
            p.draws,
            p.black_wins
        ));
        let mut f = File::create(&progress_file)?;
        writeln!(f, "{id}")?;
        writeln!(f, "games={} bytes={written}", p.games)?;
        Ok(())
    };
    let end = run(&cfg, done, &mut writer, &mut record).map_err(|e| e.to_string())?;
    bar.finish();
    eprintln!(
        "{} games (+{} ={} -{} for Red), {} positions this sitting, written to {}",
        end.games,
        end.red_wins,
        end.draws,
        end.black_wins,
        last_positions,
        out.display()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    exit("chariot-datagen", USAGE, parse_args(&args), main_inner)
}
