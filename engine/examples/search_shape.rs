//! The shape of the search tree on the bench positions, to compare its
//! selectivity with another engine's: the share of quiescence nodes, how
//! often a cut-off comes from the first move (move ordering), how often
//! searched moves give check and are extended for it, how often a null move
//! cuts and a reduced move is searched again. Needs the `counters` feature:
//!   cargo run --release -p chariot --features counters --example search_shape -- [DEPTH...]

use chariot::counters::{self, Counter};

fn main() {
    let depths: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
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
        let report = chariot::bench::measure(16, 1, depth, &mut |_, _| {}, &mut |_| {});
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
