use chariot::{perft, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => {
            let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
            let fen = args
                .get(2)
                .cloned()
                .unwrap_or_else(|| chariot::START_FEN.to_string());
            let pos = Position::from_fen(&fen).unwrap();
            perft::report(&pos, depth, 1, &mut |l| println!("{l}"));
        }
        Some("bench") => {
            let n = |i: usize, d: usize| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
            chariot::bench::run(
                n(1, 16),
                n(2, 1),
                n(3, chariot::bench::DEFAULT_DEPTH as usize) as u32,
                &mut |l| println!("{l}"),
            );
        }
        _ => {}
    }
}
