//! The results file that lets an interrupted tournament resume: one finished
//! game a line, `index<TAB>round<TAB>red<TAB>black<TAB>result<TAB>ending`,
//! appended and flushed as each game ends.

use super::adjudication::{GameOutcome, Termination};
use super::report::GameResult;
use super::schedule::Pairing;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

pub fn format_line(g: &GameResult, names: &[String]) -> String {
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\n",
        g.index,
        g.round,
        names[g.red],
        names[g.black],
        g.outcome.pgn(),
        g.termination.key()
    )
}

/// Reads finished games back, checking each against the schedule so a results
/// file of another tournament is refused rather than mixed in.
pub fn parse(
    text: &str,
    names: &[String],
    schedule: &[Pairing],
) -> Result<Vec<GameResult>, String> {
    let mut out: Vec<GameResult> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("results line {}: {why}", i + 1);
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 6 {
            return Err(bad("expected six tab-separated fields"));
        }
        let index: usize = f[0].parse().map_err(|_| bad("bad game number"))?;
        let p = schedule
            .get(index)
            .ok_or_else(|| bad("game number beyond this tournament's schedule"))?;
        if names[p.red] != f[2] || names[p.black] != f[3] {
            return Err(bad(&format!(
                "game {index} was {} vs {} but this tournament schedules {} vs {}",
                f[2], f[3], names[p.red], names[p.black]
            )));
        }
        let outcome = GameOutcome::parse_pgn(f[4]).ok_or_else(|| bad("bad result"))?;
        let termination = Termination::from_key(f[5]).ok_or_else(|| bad("bad ending"))?;
        if out.iter().any(|g| g.index == index) {
            continue;
        }
        out.push(GameResult {
            index,
            round: p.round,
            red: p.red,
            black: p.black,
            outcome,
            termination,
        });
    }
    Ok(out)
}

/// Reads a results file on its own, without the tournament that wrote it
/// (for `-report`): the engines are named in the order of the schedule (the
/// first of a pair's first game has Red, so an odd game number's Black comes
/// first).
pub fn parse_standalone(text: &str) -> Result<(Vec<String>, Vec<GameResult>), String> {
    let mut names: Vec<String> = Vec::new();
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("results line {}: {why}", i + 1);
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 6 {
            return Err(bad("expected six tab-separated fields"));
        }
        let index: usize = f[0].parse().map_err(|_| bad("bad game number"))?;
        let round: usize = f[1].parse().map_err(|_| bad("bad round number"))?;
        let outcome = GameOutcome::parse_pgn(f[4]).ok_or_else(|| bad("bad result"))?;
        let termination = Termination::from_key(f[5]).ok_or_else(|| bad("bad ending"))?;
        if f[2] == f[3] {
            return Err(bad("an engine cannot play itself"));
        }
        rows.push((index, round, f[2], f[3], outcome, termination));
    }
    rows.sort_by_key(|r| r.0);
    rows.dedup_by_key(|r| r.0);
    let mut id = |name: &str| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    let mut out = Vec::with_capacity(rows.len());
    for (index, round, red, black, outcome, termination) in rows {
        let (red, black) = if index % 2 == 0 {
            let r = id(red);
            (r, id(black))
        } else {
            let b = id(black);
            (id(red), b)
        };
        out.push(GameResult {
            index,
            round,
            red,
            black,
            outcome,
            termination,
        });
    }
    Ok((names, out))
}

pub fn load(
    path: &Path,
    names: &[String],
    schedule: &[Pairing],
) -> Result<Vec<GameResult>, String> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read results file {}: {e}", path.display()))?;
    parse(&text, names, schedule).map_err(|e| format!("{}: {e}", path.display()))
}

/// Opens a file for appending; `fresh` empties it first.
pub fn open_append(path: &Path, fresh: bool) -> Result<File, String> {
    let mut o = OpenOptions::new();
    o.create(true);
    if fresh {
        o.write(true).truncate(true);
    } else {
        o.append(true);
    }
    o.open(path)
        .map_err(|e| format!("cannot open {} for writing: {e}", path.display()))
}

pub fn append(file: &mut File, text: &str, path: &Path) -> Result<(), String> {
    file.write_all(text.as_bytes())
        .and_then(|_| file.flush())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
