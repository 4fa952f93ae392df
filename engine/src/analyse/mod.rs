//! `chariot analyse GAME.pgn`: searches every position of a game and writes
//! it back annotated (scores, marks on the moves that lost ground, the better
//! line), with an evaluation graph on request.
//!
//! The positions are searched one after another by every thread (Lazy SMP),
//! from the last to the first: all threads on one position reach deeper than
//! one thread each on several, and going backwards the table already knows
//! the positions the game went on to.

mod annotate;
mod plot;

pub use annotate::{
    annotate, annotate_in, judge, loss_of_move, mark, pawns, Notation, PositionReport,
};

use crate::limits::{Limits, Report};
use crate::threads::Engine;
use chariot_core::moves::Move;
use chariot_core::pgn::{read_games, PgnGame};
use chariot_core::Position;
use crossbeam_channel::unbounded;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "usage: chariot analyse GAME.pgn [--movetime MS | --depth N] [--threads T]
                       [--hash MB] [-o OUT.pgn] [--plot OUT.png] [--notation iccs|chinese]
  Searches every position of every game in GAME.pgn (moves in ICCS or in
  Chinese notation) and writes the games back with each move's score, ?! ?
  ?? on moves that lost 60, 120 or 300 centipawns, and the better line;
  --plot draws the evaluation graph (of the first game); --notation chinese
  writes the moves and lines as 炮二平五. Default: 1000 ms a position, every
  core, ICCS, to stdout.";

/// What `chariot analyse` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyseArgs {
    pub pgn: PathBuf,
    pub movetime_ms: Option<u64>,
    pub depth: Option<u32>,
    pub threads: usize,
    pub hash_mb: usize,
    pub out: Option<PathBuf>,
    pub plot: Option<PathBuf>,
    pub notation: Notation,
}

impl AnalyseArgs {
    pub fn parse(args: &[String]) -> Result<AnalyseArgs, String> {
        let mut a = AnalyseArgs {
            pgn: PathBuf::new(),
            movetime_ms: None,
            depth: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 256,
            out: None,
            plot: None,
            notation: Notation::Iccs,
        };
        let mut it = args.iter();
        let number = |flag: &str, v: Option<&String>, max: u64| -> Result<u64, String> {
            let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
            v.parse::<u64>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(|| format!("{flag}: '{v}' is not a number from 1 to {max}"))
        };
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--movetime" => a.movetime_ms = Some(number(arg, it.next(), 86_400_000)?),
                "--depth" => a.depth = Some(number(arg, it.next(), 100)? as u32),
                "--threads" => a.threads = number(arg, it.next(), 1024)? as usize,
                "--hash" => a.hash_mb = number(arg, it.next(), 65536)? as usize,
                "-o" | "--out" => a.out = Some(PathBuf::from(it.next().ok_or("-o needs a file")?)),
                "--plot" => a.plot = Some(PathBuf::from(it.next().ok_or("--plot needs a file")?)),
                "--notation" => {
                    a.notation = match it.next().map(|v| v.to_ascii_lowercase()).as_deref() {
                        Some("iccs") => Notation::Iccs,
                        Some("chinese") => Notation::Chinese,
                        Some(v) => return Err(format!("--notation: '{v}' is not iccs or chinese")),
                        None => return Err("--notation needs iccs or chinese".into()),
                    }
                }
                flag if flag.starts_with('-') => {
                    return Err(format!("unknown option '{flag}'\n{USAGE}"))
                }
                file if a.pgn.as_os_str().is_empty() => a.pgn = PathBuf::from(file),
                extra => return Err(format!("one game file only ('{extra}')\n{USAGE}")),
            }
        }
        if a.pgn.as_os_str().is_empty() {
            return Err(format!("no game file\n{USAGE}"));
        }
        if a.movetime_ms.is_some() && a.depth.is_some() {
            return Err("--movetime or --depth, not both".into());
        }
        if a.movetime_ms.is_none() && a.depth.is_none() {
            a.movetime_ms = Some(1000);
        }
        Ok(a)
    }
}

/// Runs the analysis; the annotated games go to `-o` or stdout.
pub fn run(a: &AnalyseArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&a.pgn)
        .map_err(|e| format!("cannot read {}: {e}", a.pgn.display()))?;
    let games = read_games(&text).map_err(|e| format!("{}: {e}", a.pgn.display()))?;
    let mut engine = Engine::new();
    engine.set_hash_mb(a.hash_mb)?;
    engine.set_threads(a.threads);
    let total: usize = games.iter().map(|g| g.moves.len() + 1).sum();
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} positions  {msg}  [{elapsed_precise} / ~{eta}]",
        )
        .expect("valid template"),
    );
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        bar.set_message(format!("game {} of {}", i + 1, games.len()));
        engine.new_game();
        let reports = analyse_game(&mut engine, game, a, &bar)?;
        if i == 0 {
            if let Some(png) = &a.plot {
                plot::evaluation_graph(png, game, &reports)?;
            }
        }
        out.push_str(&annotate_in(
            game,
            &reports,
            &format!("Chariot {}", env!("CARGO_PKG_VERSION")),
            a.notation,
        ));
    }
    bar.finish_and_clear();
    match &a.out {
        Some(path) => {
            std::fs::write(path, out).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            print!("{out}");
            Ok(())
        }
    }
}

/// The positions of a game: the start and the one after each move (each
/// with its history, for the repetition rules).
pub fn positions(start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut positions = vec![start.clone()];
    for &m in moves {
        let mut next = positions.last().expect("one at least").clone();
        next.make_move(m);
        positions.push(next);
    }
    positions
}

/// The limits of one position's search: a depth, or a time in milliseconds.
pub fn position_limits(depth: Option<u32>, movetime_ms: Option<u64>) -> Limits {
    Limits {
        depth,
        movetime: movetime_ms.map(Duration::from_millis),
        ..Limits::default()
    }
}

/// The order positions are searched in: from the last to the first (the
/// table then already knows where the game went).
pub fn search_order(positions: usize) -> impl Iterator<Item = usize> {
    (0..positions).rev()
}

/// Follows one position's search: its first line as it deepens, then the
/// result.
#[derive(Default)]
pub struct PositionSearch {
    pv: Vec<Move>,
}

impl PositionSearch {
    /// Takes one report of the search in; the position's report once the
    /// search is done.
    pub fn take(&mut self, report: Report) -> Option<PositionReport> {
        match report {
            Report::Iteration(info) if info.multipv == 1 && !info.pv.is_empty() => {
                self.pv = info.pv;
                None
            }
            Report::Done(result) => Some(PositionReport {
                score: result.score,
                depth: result.depth,
                best: result.best,
                pv: std::mem::take(&mut self.pv),
            }),
            _ => None,
        }
    }
}

/// Every position of the game, from the last to the first, searched as asked.
fn analyse_game(
    engine: &mut Engine,
    game: &PgnGame,
    a: &AnalyseArgs,
    bar: &ProgressBar,
) -> Result<Vec<PositionReport>, String> {
    let positions = positions(&game.start(), &game.moves);
    let limits = position_limits(a.depth, a.movetime_ms);
    let mut reports = vec![PositionReport::default(); positions.len()];
    for i in search_order(positions.len()) {
        let (tx, rx) = unbounded();
        engine.go(&positions[i], limits.clone(), tx);
        let mut search = PositionSearch::default();
        let report = loop {
            match rx.recv_timeout(Duration::from_secs(3600)) {
                Ok(r) => {
                    if let Some(done) = search.take(r) {
                        break done;
                    }
                }
                Err(e) => return Err(format!("the search of ply {i} gave no answer: {e}")),
            }
        };
        engine.wait();
        reports[i] = report;
        bar.inc(1);
    }
    Ok(reports)
}
