use chariot::{perft, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("perft") {
        let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
        let fen = args
            .get(2)
            .cloned()
            .unwrap_or_else(|| chariot::START_FEN.to_string());
        let threads = 1;
        let pos = Position::from_fen(&fen).unwrap();
        perft::report(&pos, depth, threads, &mut |l| println!("{l}"));
    }
}
