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

/// One line of a results file, its fields read.
struct Row<'a> {
    /// The line's number, from 1, for messages.
    line: usize,
    index: usize,
    round: &'a str,
    red: &'a str,
    black: &'a str,
    outcome: GameOutcome,
    termination: Termination,
}

fn bad(line: usize, why: &str) -> String {
    format!("results line {line}: {why}")
}

/// The lines of a results file (blank lines and `#` comments skipped).
fn rows(text: &str) -> Result<Vec<Row<'_>>, String> {
    let mut out = Vec::new();
    for (i, text) in text.lines().enumerate() {
        if text.trim().is_empty() || text.starts_with('#') {
            continue;
        }
        let line = i + 1;
        let f: Vec<&str> = text.split('\t').collect();
        if f.len() != 6 {
            return Err(bad(line, "expected six tab-separated fields"));
        }
        out.push(Row {
            line,
            index: f[0].parse().map_err(|_| bad(line, "bad game number"))?,
            round: f[1],
            red: f[2],
            black: f[3],
            outcome: GameOutcome::parse_pgn(f[4]).ok_or_else(|| bad(line, "bad result"))?,
            termination: Termination::from_key(f[5]).ok_or_else(|| bad(line, "bad ending"))?,
        });
    }
    Ok(out)
}

/// Reads finished games back, checking each against the schedule so a results
/// file of another tournament is refused rather than mixed in.
pub fn parse(
    text: &str,
    names: &[String],
    schedule: &[Pairing],
) -> Result<Vec<GameResult>, String> {
    let mut out: Vec<GameResult> = Vec::new();
    for r in rows(text)? {
        let index = r.index;
        let p = schedule
            .get(index)
            .ok_or_else(|| bad(r.line, "game number beyond this tournament's schedule"))?;
        if names[p.red] != r.red || names[p.black] != r.black {
            return Err(bad(
                r.line,
                &format!(
                    "game {index} was {} vs {} but this tournament schedules {} vs {}",
                    r.red, r.black, names[p.red], names[p.black]
                ),
            ));
        }
        if out.iter().any(|g| g.index == index) {
            continue;
        }
        out.push(GameResult {
            index,
            round: p.round,
            red: p.red,
            black: p.black,
            outcome: r.outcome,
            termination: r.termination,
        });
    }
    Ok(out)
}

/// Reads a results file on its own, without the tournament that wrote it
/// (for `-report`): the engines are named in the order of the schedule (the
/// first of a pair's first game has Red, so an odd game number's Black comes
/// first).
pub fn parse_standalone(text: &str) -> Result<(Vec<String>, Vec<GameResult>), String> {
    parse_standalone_many(&[text]).map_err(|(_, e)| e)
}

/// Several results files read as one (for `-report A B ...`): engines are
/// matched by name, and each file's games and rounds are numbered on after
/// the last file's, so its colour-swapped pairs stay pairs. An error names the
/// file (its place in `texts`) where it was found.
pub fn parse_standalone_many(
    texts: &[&str],
) -> Result<(Vec<String>, Vec<GameResult>), (usize, String)> {
    let mut names: Vec<String> = Vec::new();
    let mut out: Vec<GameResult> = Vec::new();
    for (file, text) in texts.iter().enumerate() {
        // After the games so far, at an even number so that pairs stay aligned.
        let index_base = out
            .iter()
            .map(|g| g.index + 1)
            .max()
            .unwrap_or(0)
            .next_multiple_of(2);
        let round_base = out.iter().map(|g| g.round).max().unwrap_or(0);
        let mut rows = rows(text).map_err(|e| (file, e))?;
        for r in &rows {
            r.round
                .parse::<usize>()
                .map_err(|_| (file, bad(r.line, "bad round number")))?;
            if r.red == r.black {
                return Err((file, bad(r.line, "an engine cannot play itself")));
            }
        }
        rows.sort_by_key(|r| r.index);
        rows.dedup_by_key(|r| r.index);
        let mut id = |name: &str| match names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        };
        for r in rows {
            let (red, black) = if r.index % 2 == 0 {
                let red = id(r.red);
                (red, id(r.black))
            } else {
                let black = id(r.black);
                (id(r.red), black)
            };
            out.push(GameResult {
                index: index_base + r.index,
                round: round_base + r.round.parse::<usize>().unwrap_or(0),
                red,
                black,
                outcome: r.outcome,
                termination: r.termination,
            });
        }
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
