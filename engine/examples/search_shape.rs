//! The shape of the search tree on the bench positions, to compare its
//! selectivity with another engine's: the share of quiescence nodes, how
//! often a cut-off comes from the first move (move ordering), how often
//! searched moves give check and are extended for it, how often a null move
//! cuts and a reduced move is searched again. Needs the `counters` feature:
//!   cargo run --release -p chariot --features counters --example search_shape -- [DEPTH...]
//! With the `tune` feature too, `NAME=VALUE` arguments set search parameters
//! first, so the shape of a change can be set beside the defaults':
//!   cargo run --release -p chariot --features counters,tune --example search_shape -- 11 LMR_CUT_NODE=2

use chariot::counters::{self, Counter};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut depths: Vec<u32> = Vec::new();
    for a in &args {
        if let Some((name, value)) = a.split_once('=') {
            if let Err(e) = set_parameter(name, value) {
                eprintln!("search_shape: {e}");
                std::process::exit(2);
            }
        } else if let Ok(d) = a.parse() {
            depths.push(d);
        } else {
            eprintln!("search_shape: '{a}' is neither a depth nor NAME=VALUE");
            std::process::exit(2);
        }
    }
    let depths = if depths.is_empty() {
        vec![8, 10, 12]
    } else {
        depths
    };
    println!("bench positions, 16 MB, 1 thread");
    println!(
        "{:>5} {:>11} {:>8} {:>9} {:>8} {:>8} {:>9} {:>8} {:>9} {:>9}",
        "depth",
        "nodes",
        "qnodes",
        "moves/nd",
        "checks",
        "ext/nd",
        "cut-1st",
        "null-cut",
        "reduced",
        "research"
    );
    for depth in depths {
        counters::take();
        let report = chariot::bench::measure(
            &chariot::bench::BenchSetup::standard(16, 1, depth),
            &mut |_, _| {},
            &mut |_| {},
        );
        let c = counters::take();
        let n = |k: Counter| c[k as usize] as f64;
        let share = |a: f64, b: f64| if b > 0.0 { 100.0 * a / b } else { 0.0 };
        let nodes = n(Counter::Node).max(1.0);
        let main_nodes = (nodes - n(Counter::QNode)).max(1.0);
        println!(
            "{:>5} {:>11} {:>7.1}% {:>9.2} {:>7.1}% {:>8.3} {:>8.1}% {:>7.1}% {:>8.1}% {:>8.1}%",
            depth,
            report.nodes,
            share(n(Counter::QNode), nodes),
            n(Counter::MoveSearched) / main_nodes,
            share(n(Counter::CheckingMove), n(Counter::MoveSearched)),
            n(Counter::CheckExtension) / main_nodes,
            share(n(Counter::CutoffFirst), n(Counter::Cutoff)),
            share(n(Counter::NullCut), n(Counter::NullTry)),
            share(n(Counter::Reduced), n(Counter::MoveSearched)),
            share(n(Counter::Research), n(Counter::Reduced)),
        );
    }
    println!(
        "qnodes: quiescence share of all nodes; moves/nd: moves searched per main-search node;"
    );
    println!(
        "checks: share of those moves that give check; ext/nd: check extensions per main node;"
    );
    println!("cut-1st: cut-offs by the first move; null-cut: null moves that failed high;");
    println!("reduced: moves searched reduced; research: reduced moves searched again.");
}

/// Sets a search parameter (the tune build only).
#[cfg(feature = "tune")]
fn set_parameter(name: &str, value: &str) -> Result<(), String> {
    let v: i32 = value
        .parse()
        .map_err(|_| format!("{name}: '{value}' is not a whole number"))?;
    chariot::search::params::set(name, v)
}

#[cfg(not(feature = "tune"))]
fn set_parameter(name: &str, _value: &str) -> Result<(), String> {
    Err(format!(
        "setting {name} needs the tune build (--features counters,tune)"
    ))
}
