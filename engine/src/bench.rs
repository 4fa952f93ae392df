//! `chariot bench`: a set of positions searched to a fixed limit, as
//! Stockfish's and Pikafish-HCE's `bench` do (hash, threads, limit, the
//! positions, the limit's kind), so that the same positions and limit can be
//! given to a peer. With one thread and a depth or node limit the total node
//! count is a deterministic signature of the search.

use crate::limits::{Limits, Report};
use crate::threads::Engine;
use chariot_core::position::Position;
use crossbeam_channel::unbounded;
use std::time::Instant;

/// Start, openings, middlegames and endgames.
pub const BENCH_FENS: [&str; 30] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/NC2C4/8R/R1BAKABN1 b - - 0 1",
    "2bakabnr/r8/1cn4c1/p1p1p3p/6p2/9/P1P1P1P1P/1CN4C1/3R5/2BAKABNR w - - 0 1",
    "rnbakab1r/9/1c1c2n2/p1p1p1p1p/9/2P6/P3P1P1P/1CN4C1/9/R1BAKABNR w - - 0 1",
    "r1bakab1r/9/n3c1n2/p1p1p1p1p/7c1/9/P1P1P1P1P/3CB2CN/4A4/RNBAK3R w - - 0 1",
    "1rbakab1r/9/2n3nc1/p1p1p1p1p/9/6P2/PcP1P3P/C1N3NC1/9/1RBAKAB1R b - - 0 1",
    "rnbakab2/8r/1c2c1n2/p1p1p1pRp/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB2 b - - 0 1",
    "rnbakabnr/9/2c1c4/p1p1p1p1p/9/2C6/P1P1P1P1P/7C1/9/RNBAKABNR w - - 0 1",
    "r1bakabnr/9/1cn4c1/p3p1p1p/2p6/9/P1P1P1P1P/1C2C1N2/4A4/RNBAK1B1R b - - 0 1",
    "rnb1kabnr/4a4/1c5c1/p3p1p1p/2p6/9/P1P1P1P1P/1C2B1NC1/9/RNBAKA2R w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "rnbakab1r/9/1c1c2n2/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RNBAKA1R1 b - - 0 4",
    "1rbaka2r/9/2n1bcn2/p3p1p1p/2p6/6P2/PcP1P3P/N1C1C1N2/9/1RBAKABR1 w - - 0 8",
    "r1bakabr1/9/1cn3nc1/p3p2Rp/2p3p2/9/P1P1P1P1P/1CN1C1N2/R8/2BAKAB2 b - - 0 6",
    "r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 b - - 0 5",
    "r1bakabr1/9/1c4nc1/4p1p1p/pnp6/6P2/P1P1P3P/N1C1C1N2/9/R1BAKABR1 w - - 0 7",
    "2bakab2/r2r5/1cn1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/1CN1C1N2/9/R1BAKABR1 w - - 0 7",
    "rnbakabr1/9/4c1n2/p1p1p1p1p/9/6P2/P1P1P2cP/1C2C1N2/9/RNBAKABR1 w - - 0 5",
    "rnbaka1nr/9/1c2b1c2/p1p1p1p1p/9/6P2/P1P1P3P/4C2C1/9/RNBAKABNR w - - 0 3",
    "r1bakabnr/9/1cn4c1/p3p1p1p/2p6/6P2/P1P1P3P/1C4NC1/9/RNBAKAB1R w - - 0 3",
    "2bak4/4a4/4b4/p3p3p/2p3p2/9/P1P1P1P1P/4B4/4A4/2BAK4 w - - 0 1",
    "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1",
    "4k4/9/3a5/9/9/9/9/9/4A4/3RK4 w - - 0 1",
    "3k5/9/9/9/9/9/9/4B4/9/2BAKN3 w - - 0 1",
    "4kab2/4a4/4b4/9/9/6R2/9/9/4A4/3AK4 w - - 0 1",
    "2ba1k3/4a4/4b4/9/2p6/9/2N6/9/4A4/3AK4 w - - 0 1",
    "3k5/4a4/5a3/9/9/9/2C6/9/4A4/4K4 w - - 0 1",
    "4C4/4a4/b2ank2b/9/9/1RNR1crC1/3r1p3/3cKA3/4A4/4n4 w - - 0 1",
    "9/2Cca4/3k1C3/4P1p2/4N1b2/4R1r2/4c1n2/3p1n3/2rNK4/9 w - - 0 1",
    "3aka3/3P5/7R1/4r2C1/6C2/6R2/9/3p1n3/4p4/3K5 w - - 0 1",
];

pub const DEFAULT_DEPTH: u32 = 10;

/// How far each bench position is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BenchLimit {
    Depth(u32),
    Nodes(u64),
    /// Milliseconds a position.
    Movetime(u64),
}

impl BenchLimit {
    fn limits(self) -> Limits {
        match self {
            BenchLimit::Depth(d) => Limits {
                depth: Some(d),
                ..Default::default()
            },
            BenchLimit::Nodes(n) => Limits {
                nodes: Some(n),
                ..Default::default()
            },
            BenchLimit::Movetime(ms) => Limits {
                movetime: Some(std::time::Duration::from_millis(ms)),
                ..Default::default()
            },
        }
    }

    /// Its kind, as the bench command names it, and its value.
    pub fn kind_and_value(self) -> (&'static str, u64) {
        match self {
            BenchLimit::Depth(d) => ("depth", d.into()),
            BenchLimit::Nodes(n) => ("nodes", n),
            BenchLimit::Movetime(ms) => ("movetime", ms),
        }
    }
}

/// What a bench run searches, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchSetup {
    pub hash_mb: usize,
    pub threads: usize,
    pub limit: BenchLimit,
    /// The positions (FENs); the built-in set when read from `default`.
    pub fens: Vec<String>,
}

impl BenchSetup {
    /// The built-in positions, 1 thread, depth 10: the bench signature.
    pub fn standard(hash_mb: usize, threads: usize, depth: u32) -> BenchSetup {
        BenchSetup {
            hash_mb,
            threads,
            limit: BenchLimit::Depth(depth),
            fens: BENCH_FENS.iter().map(|f| f.to_string()).collect(),
        }
    }
}

/// Reads a file of positions for bench: one a line, as a FEN (moves to
/// follow are not read) or an EPD line (its first four fields, then
/// operations); blank lines and `#` comments are skipped. Every line must
/// hold a legal position, or the whole file is refused with the line named.
pub fn read_positions(path: &std::path::Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("bench: cannot read {}: {e}", path.display()))?;
    let mut fens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let as_fen = fields.iter().take(6).copied().collect::<Vec<_>>().join(" ");
        let as_epd = format!(
            "{} 0 1",
            fields.iter().take(4).copied().collect::<Vec<_>>().join(" ")
        );
        let pos = Position::from_fen(&as_fen)
            .or_else(|_| Position::from_fen(&as_epd))
            .map_err(|e| format!("bench: {} line {}: {e}", path.display(), i + 1))?;
        fens.push(pos.fen());
    }
    if fens.is_empty() {
        return Err(format!("bench: {} holds no position", path.display()));
    }
    Ok(fens)
}

/// One bench position's search.
#[derive(Clone, Debug)]
pub struct PositionRun {
    pub fen: String,
    pub best: String,
    pub score: i32,
    pub nodes: u64,
    pub millis: u64,
}

/// A whole bench run: what `--json` prints.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub hash_mb: usize,
    pub threads: usize,
    pub limit: BenchLimit,
    pub positions: Vec<PositionRun>,
    pub millis: u64,
    pub nodes: u64,
    pub nps: u64,
}

/// Searches every bench position and writes one line each, then the totals.
/// Returns the total node count.
pub fn run(setup: &BenchSetup, out: &mut dyn FnMut(String)) -> u64 {
    // Both callbacks write to `out`; they are never called at once.
    let out = std::cell::RefCell::new(out);
    let report = measure(
        setup,
        &mut |i, p| {
            (out.borrow_mut())(format!(
                "position {:2}: bestmove {} score {} nodes {} time {} ms",
                i + 1,
                p.best,
                p.score,
                p.nodes,
                p.millis
            ))
        },
        &mut |note| (out.borrow_mut())(note),
    );
    let out = out.into_inner();
    out("===========================".to_string());
    out(format!("Total time (ms) : {}", report.millis));
    out(format!("Nodes searched  : {}", report.nodes));
    out(format!("Nodes/second    : {}", report.nps));
    report.nodes
}

/// Searches every bench position; `each` hears of every position as it ends,
/// `note` of a table size that could not be had.
pub fn measure(
    setup: &BenchSetup,
    each: &mut dyn FnMut(usize, &PositionRun),
    note: &mut dyn FnMut(String),
) -> BenchReport {
    let mut engine = Engine::new();
    if let Err(e) = engine.set_hash_mb(setup.hash_mb) {
        note(format!("bench: {e}; keeping {} MB", engine.hash_mb()));
    }
    engine.set_threads(setup.threads);
    engine.new_game();
    let mut positions = Vec::with_capacity(setup.fens.len());
    let start = Instant::now();
    for (i, fen) in setup.fens.iter().enumerate() {
        let pos = Position::from_fen(fen).expect("bench positions are checked when read");
        let (tx, rx) = unbounded();
        let t0 = Instant::now();
        engine.go(&pos, setup.limit.limits(), tx);
        let mut result = None;
        for r in rx.iter() {
            if let Report::Done(d) = r {
                result = Some(d);
                break;
            }
        }
        engine.wait();
        let r = result.unwrap_or_default();
        let run = PositionRun {
            fen: fen.clone(),
            best: r.best.map_or("none".to_string(), |m| m.to_string()),
            score: r.score,
            nodes: engine.nodes(),
            millis: t0.elapsed().as_millis() as u64,
        };
        each(i, &run);
        positions.push(run);
    }
    let secs = start.elapsed().as_secs_f64();
    let nodes = positions.iter().map(|p| p.nodes).sum();
    BenchReport {
        hash_mb: engine.hash_mb(),
        threads: engine.threads(),
        limit: setup.limit,
        positions,
        millis: (secs * 1000.0) as u64,
        nodes,
        nps: (nodes as f64 / secs.max(1e-3)) as u64,
    }
}

impl BenchReport {
    /// The report as one line of JSON (the fields are numbers and plain
    /// strings: FENs and moves hold no character JSON must escape).
    pub fn to_json(&self) -> String {
        let positions: Vec<String> = self
            .positions
            .iter()
            .map(|p| {
                format!(
                    "{{\"fen\":\"{}\",\"bestmove\":\"{}\",\"score\":{},\"nodes\":{},\"time_ms\":{}}}",
                    p.fen, p.best, p.score, p.nodes, p.millis
                )
            })
            .collect();
        let (kind, value) = self.limit.kind_and_value();
        // `depth` as well, for the readers of the depth-only reports before.
        let depth = match self.limit {
            BenchLimit::Depth(d) => format!("\"depth\":{d},"),
            _ => String::new(),
        };
        format!(
            "{{\"hash_mb\":{},\"threads\":{},\"limit_kind\":\"{kind}\",\"limit\":{value},{depth}\"time_ms\":{},\"nodes\":{},\"nps\":{},\"positions\":[{}]}}",
            self.hash_mb,
            self.threads,
            self.millis,
            self.nodes,
            self.nps,
            positions.join(",")
        )
    }
}
