//! Solves the composed problems of an EPD file (`FEN;mate N;bm MOVE` lines),
//! each within a time limit, and prints which were solved.
//!   cargo run --release -p chariot --example tactics -- FILE [seconds] [threads] [pruning]

use chariot::limits::{Level, Limits, Report};
use chariot::score::{mate_in_plies, DECISIVE_BOUND};
use chariot::Engine;
use chariot_core::Position;
use crossbeam_channel::unbounded;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().map(String::as_str).unwrap_or(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/tactics/composed-14.epd"
    ));
    let seconds: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let pruning = args
        .get(3)
        .and_then(|s| Level::parse(s))
        .unwrap_or(Level::Large);
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            std::process::exit(2);
        }
    };
    let mut engine = Engine::new();
    engine.set_threads(threads);
    engine.options_mut().pruning = pruning;
    let (mut solved, mut total) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().unwrap_or_default();
        let mut mate = None;
        let mut bm = None;
        for p in parts {
            if let Some(n) = p.strip_prefix("mate ") {
                mate = n.parse::<i32>().ok();
            } else if let Some(m) = p.strip_prefix("bm ") {
                bm = Some(m.to_string());
            }
        }
        let Ok(pos) = Position::from_fen(fen) else {
            eprintln!("bad FEN: {fen}");
            continue;
        };
        total += 1;
        engine.new_game();
        let (tx, rx) = unbounded();
        let start = Instant::now();
        engine.go(
            &pos,
            Limits {
                movetime: Some(Duration::from_secs_f64(seconds)),
                ..Default::default()
            },
            tx,
        );
        let mut solved_at = None;
        let mut result = None;
        for r in rx.iter() {
            match r {
                Report::Iteration(i) => {
                    if std::env::var_os("VERBOSE").is_some() {
                        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
                        eprintln!(
                            "depth {} score {} nodes {} time {} pv {}",
                            i.depth,
                            i.score,
                            i.nodes,
                            i.time_ms,
                            pv.join(" ")
                        );
                    }
                    let good_move = bm
                        .as_deref()
                        .is_some_and(|b| i.pv.first().is_some_and(|m| m.to_string() == b));
                    let good_mate = mate.is_some_and(|n| {
                        mate_in_plies(i.score).is_some_and(|p| p > 0 && p < 2 * n)
                    });
                    // The listed move counts once the score proves the win: a mate, or a
                    // win by the league's rules (the defender's only way out is a
                    // perpetual check or chase, which loses).
                    let proven_win =
                        mate_in_plies(i.score).is_some_and(|p| p > 0) || i.score >= DECISIVE_BOUND;
                    if (good_move || good_mate) && solved_at.is_none() && proven_win {
                        solved_at = Some((start.elapsed(), i.depth, i.score));
                        engine.stop();
                    }
                }
                Report::Done(d) => {
                    result = Some(d);
                    break;
                }
                _ => {}
            }
        }
        engine.wait();
        let best = result
            .and_then(|r| r.best)
            .map_or("none".into(), |m| m.to_string());
        match solved_at {
            Some((t, d, score)) => {
                solved += 1;
                let how = match mate_in_plies(score) {
                    Some(p) => format!("mate in {} moves", (p + 1) / 2),
                    None => "a win by the repetition rules".to_string(),
                };
                println!(
                    "solved  {fen}  {best} ({how}) depth {d} in {} ms",
                    t.as_millis()
                );
            }
            None => println!(
                "missed  {fen}  played {best}, expected {}",
                bm.unwrap_or_default()
            ),
        }
    }
    println!("{solved} of {total} solved within {seconds} s each");
}
