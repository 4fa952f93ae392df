//! chariot-label: the positions of data files scored again by another engine
//! (FEN;score;result lines in, the same lines with that engine's score out).
//! See docs/tuning.md.

use chariot_league::cli::default_name;
use chariot_league::engine::{EngineConfig, EngineProtocol};
use chariot_tune::cli::{exit, value};
use chariot_tune::label::{Config, Label, Labeller};
use chariot_tune::record::Record;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: chariot-label -o FILE --engine PATH [--proto uci|ucci]
                     [--option NAME=VALUE]... [--nodes N] [--workers W]
                     [--scale F] [--decisive S] DATA...
  Searches every position of the data files (FEN;score;result) with the
  engine at N nodes (20000) and writes it with the engine's score, turned
  to Red's view and multiplied by F (1), and the game's result. A position
  the engine scores S (9000) or more from either side, or without a score,
  becomes a `# skipped` comment line, so FILE has a line for every
  position. W engines (1) search side by side; the output keeps the input's
  order. An interrupted run goes on where it stopped: the same command
  appends to FILE.";

/// Positions labelled between two writes of the output.
const BATCH: usize = 256;

struct Args {
    config: Config,
    out: PathBuf,
    inputs: Vec<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut config = Config::default();
    let mut engine = EngineConfig::default();
    let mut out = None;
    let mut inputs = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-o" | "--out" => out = Some(PathBuf::from(value::<String>(arg, it.next())?)),
            "--engine" => engine.cmd = value(arg, it.next())?,
            "--proto" => {
                engine.proto = Some(EngineProtocol::parse(&value::<String>(arg, it.next())?)?)
            }
            "--option" => {
                let kv: String = value(arg, it.next())?;
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("--option '{kv}': expected NAME=VALUE"))?;
                engine.options.push((k.to_string(), v.to_string()));
            }
            "--nodes" => config.nodes = value(arg, it.next())?,
            "--workers" => config.workers = value(arg, it.next())?,
            "--scale" => config.scale = value(arg, it.next())?,
            "--decisive" => config.decisive = value(arg, it.next())?,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown argument '{flag}'")),
            path => inputs.push(PathBuf::from(path)),
        }
    }
    if engine.cmd.is_empty() {
        return Err("--engine PATH is required".into());
    }
    if config.nodes == 0 || config.workers == 0 || config.decisive <= 0 {
        return Err("--nodes, --workers and --decisive must be at least 1".into());
    }
    if !config.scale.is_finite() || config.scale <= 0.0 {
        return Err("--scale must be a positive number".into());
    }
    if inputs.is_empty() {
        return Err("no data file given".into());
    }
    engine.name = default_name(&engine.cmd);
    config.engine = engine;
    let out = out.ok_or("-o FILE is required")?;
    Ok(Args {
        config,
        out,
        inputs,
    })
}

/// Every record of the files, each line checked before anything is searched.
fn read_all(inputs: &[PathBuf]) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for path in inputs {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            let record =
                Record::parse(&line).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
            if let Some(r) = record {
                if let Err(e) = chariot_core::Position::from_fen(&r.fen) {
                    return Err(format!("{}:{}: bad FEN: {e}", path.display(), n + 1));
                }
                records.push(r);
            }
        }
    }
    Ok(records)
}

/// How many positions an earlier run of the same command wrote to `out`; a
/// line cut short by an interruption is cut away.
fn already_done(out: &PathBuf, total: usize) -> Result<usize, String> {
    let Ok(text) = std::fs::read(out) else {
        return Ok(0);
    };
    let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if whole < text.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(out)
            .and_then(|f| f.set_len(whole as u64));
        file.map_err(|e| format!("cannot mend {}: {e}", out.display()))?;
    }
    let done = text[..whole].iter().filter(|&&b| b == b'\n').count();
    if done > total {
        return Err(format!(
            "{} has {done} lines, more than the {total} positions given: not a run of these files",
            out.display()
        ));
    }
    Ok(done)
}

fn main_inner(args: Args) -> Result<(), String> {
    let Args {
        config,
        out,
        inputs,
    } = args;
    let records = read_all(&inputs)?;
    let done = already_done(&out, records.len())?;
    // The engines first: one that does not start leaves no file behind.
    let mut labeller = Labeller::start(&config)?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&out)
        .map_err(|e| format!("cannot open {}: {e}", out.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    let (mut scored, mut skipped) = (0usize, 0usize);
    for (k, batch) in records[done..].chunks(BATCH).enumerate() {
        for label in labeller.label(batch)? {
            match label {
                Label::Scored(_) => scored += 1,
                Label::Skipped(_) => skipped += 1,
            }
            writeln!(writer, "{label}").map_err(|e| format!("{}: {e}", out.display()))?;
        }
        writer
            .flush()
            .map_err(|e| format!("{}: {e}", out.display()))?;
        let so_far = done + (k * BATCH + batch.len());
        eprint!("\r{so_far} of {} positions", records.len());
    }
    labeller.quit();
    eprintln!(
        "\n{scored} scored and {skipped} skipped by this run; all {} positions in {}",
        records.len(),
        out.display()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    exit("chariot-label", USAGE, parse_args(&args), main_inner)
}
