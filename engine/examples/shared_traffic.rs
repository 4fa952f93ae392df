//! What the search threads touch in shared memory, per node: the bench
//! positions searched with each thread count given, and the counts of
//! engine/src/counters.rs divided by the nodes. Needs the `counters` feature:
//!   cargo run --release -p chariot --features counters --example shared_traffic -- [DEPTH] [THREADS...]

use chariot::counters::{self, Counter, ALL};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(10);
    let threads: Vec<usize> = match args.get(1..) {
        Some(rest) if !rest.is_empty() => rest.iter().filter_map(|a| a.parse().ok()).collect(),
        _ => vec![1, 2],
    };
    println!("bench positions, 16 MB, depth {depth}: events per 1,000 nodes (all threads)");
    print!("{:<8}{:>14}", "threads", "nodes");
    for c in ALL.iter().filter(|&&c| c != Counter::Node && !c.is_shape()) {
        print!("{:>14}", format!("{c:?}"));
    }
    println!();
    for &t in &threads {
        counters::take();
        let report = chariot::bench::measure(
            &chariot::bench::BenchSetup::standard(16, t, depth),
            &mut |_, _| {},
            &mut |_| {},
        );
        let counts = counters::take();
        let nodes = counts[Counter::Node as usize].max(1);
        print!("{t:<8}{:>14}", report.nodes);
        for (c, n) in ALL.iter().zip(counts) {
            if *c != Counter::Node && !c.is_shape() {
                print!("{:>14.3}", n as f64 * 1000.0 / nodes as f64);
            }
        }
        println!();
    }
}
