//! The `chariot` binary. With no arguments it waits for `ucci` or `uci` on stdin
//! and speaks that protocol; the subcommands run once and exit:
//!
//!   chariot perft N [FEN] [--threads T]
//!   chariot bench [hashMB] [threads] [limit] [default|FENFILE] [depth|nodes|movetime] [--json]
//!   chariot spsa-params [R_END]
//!   chariot book GAMES.pgn|BOOK.obk... -o BOOK [--max-ply N] [--min-games N] [--fen FEN]...
//!   chariot analyse GAME.pgn [--movetime MS | --depth N] [--threads T] [-o OUT.pgn] [--plot OUT.png]
//!   chariot serve [--port P] [--listen ADDR] [--threads T] [--hash MB] [--multipv K] [--require-token]

use chariot::protocol::{self, command::BenchArgs};

/// More perft workers than this is a typo, not a machine.
const MAX_THREADS: usize = protocol::command::MAX_THREADS as usize;
use chariot_core::{perft, Position};
use std::process::ExitCode;

const USAGE: &str = "usage: chariot                      (then ucci or uci on stdin)
       chariot perft N [FEN] [--threads T]
       chariot bench [hashMB] [threads] [limit] [default|FENFILE] [depth|nodes|movetime] [--json]
       chariot spsa-params [R_END]    (the search parameters as an SPSA file)
       chariot book GAMES.pgn|BOOK.obk... -o BOOK [--max-ply N] [--min-games N] [--fen FEN]...
       chariot analyse GAME.pgn [--movetime MS | --depth N] [--threads T] [-o OUT.pgn] [--plot OUT.png]
       chariot serve [--port P] [--listen ADDR] [--threads T] [--hash MB] [--multipv K] [--require-token]
                                      (an analysis board in the browser, docs/web.md)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None => {
            protocol::run_stdio();
            Ok(())
        }
        Some("perft") => run_perft(&args[1..]),
        Some("bench") => run_bench(&args[1..]),
        Some("spsa-params") => spsa_params(&args[1..]),
        Some("book") => make_book(&args[1..]),
        Some("analyse" | "analyze") => {
            chariot::analyse::AnalyseArgs::parse(&args[1..]).and_then(|a| chariot::analyse::run(&a))
        }
        Some("serve") => {
            chariot::serve::ServeArgs::parse(&args[1..]).and_then(|a| chariot::serve::run(&a))
        }
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown subcommand '{other}'\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chariot: {e}");
            ExitCode::from(2)
        }
    }
}

/// `perft N [FEN] [--threads T]`: the FEN may be one quoted argument or its
/// fields as separate arguments.
fn run_perft(args: &[String]) -> Result<(), String> {
    let mut depth = None;
    let mut threads = 1usize;
    let mut fen_words: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--threads" {
            let t = it.next().ok_or("--threads needs a number")?;
            threads = t
                .parse()
                .ok()
                .filter(|n| (1..=MAX_THREADS).contains(n))
                .ok_or_else(|| {
                    format!("--threads: '{t}' is not a number from 1 to {MAX_THREADS}")
                })?;
        } else if depth.is_none() {
            depth = Some(
                a.parse::<u32>()
                    .map_err(|_| format!("perft: '{a}' is not a depth"))?,
            );
        } else {
            fen_words.push(a);
        }
    }
    let depth = depth.unwrap_or(4);
    let pos = if fen_words.is_empty() {
        Position::startpos()
    } else {
        Position::from_fen(&fen_words.join(" ")).map_err(|e| e.to_string())?
    };
    perft::report(&pos, depth, threads, &mut |l| println!("{l}"));
    Ok(())
}

fn run_bench(args: &[String]) -> Result<(), String> {
    let bench_args = BenchArgs::parse(args.iter().map(String::as_str))?;
    protocol::bench(&bench_args, &mut |l| println!("{l}"))
}

/// `spsa-params [R_END]`: every search parameter as a line of an SPSA file,
/// its step as c_end and R_END (default 0.002, fishtest's) as r_end.
fn spsa_params(args: &[String]) -> Result<(), String> {
    let r_end = match args {
        [] => 0.002,
        [r] => r
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite() && *r > 0.0)
            .ok_or_else(|| format!("R_END: '{r}' is not a positive number"))?,
        _ => return Err(format!("spsa-params takes at most one argument\n{USAGE}")),
    };
    print!("{}", chariot::search::params::spsa_file(r_end));
    Ok(())
}

/// `book GAMES.pgn|BOOK.obk... -o BOOK [--max-ply N] [--min-games N] [--fen FEN]...`:
/// an opening book of the games' first plies (default 20), moves of at least
/// N games (default 2). `.obk` books are converted: their moves from the start
/// position (and each `--fen`) within the plies, whatever their game counts
/// (`--min-games` given applies to them too).
fn make_book(args: &[String]) -> Result<(), String> {
    use chariot::book::{build, is_obk, obk, Book, BuildLimits, ObkBook};
    use std::path::Path;
    let mut files = Vec::new();
    let mut out = None;
    let mut starts = vec![Position::startpos()];
    let mut min_games_given = false;
    let mut limits = BuildLimits {
        max_ply: 20,
        min_games: 2,
    };
    let mut it = args.iter();
    let number = |flag: &str, v: Option<&String>| -> Result<u32, String> {
        let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
        v.parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("{flag}: '{v}' is not a positive number"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "-o" | "--out" => out = Some(it.next().ok_or("-o needs a file")?.clone()),
            "--max-ply" => limits.max_ply = number(a, it.next())? as usize,
            "--min-games" => {
                limits.min_games = number(a, it.next())?;
                min_games_given = true;
            }
            "--fen" => {
                let fen = it.next().ok_or("--fen needs a FEN (one quoted argument)")?;
                starts.push(Position::from_fen(fen).map_err(|e| format!("--fen: {e}"))?);
            }
            flag if flag.starts_with('-') => {
                return Err(format!("unknown option '{flag}'\n{USAGE}"))
            }
            file => files.push(file.to_string()),
        }
    }
    let out = out.ok_or(format!("book: -o BOOK is needed\n{USAGE}"))?;
    if files.is_empty() {
        return Err(format!("book: no game file\n{USAGE}"));
    }
    let mut games = Vec::new();
    let mut obks = Vec::new();
    for f in &files {
        if is_obk(Path::new(f)) {
            obks.push(ObkBook::load(Path::new(f))?);
            continue;
        }
        let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read {f}: {e}"))?;
        games.extend(chariot_core::pgn::read_games(&text).map_err(|e| format!("{f}: {e}"))?);
    }
    let obk_count = obks.len();
    let mut books = vec![build(&games, limits)];
    if obk_count > 0 {
        let converted = obk::convert(&ObkBook::merged(obks), &starts, limits.max_ply);
        let min = if min_games_given { limits.min_games } else { 0 };
        books.push(Book::from_entries(
            converted
                .entries()
                .iter()
                .copied()
                .filter(|e| e.games as u32 >= min),
        ));
    }
    let book = Book::merged(books);
    book.save(Path::new(&out))?;
    if obk_count == 0 {
        println!(
            "{} games, {} book entries (moves of {} or more games within {} plies) written to {out}",
            games.len(),
            book.len(),
            limits.min_games,
            limits.max_ply
        );
    } else {
        println!(
            "{} games and {obk_count} .obk books: {} book entries (moves within {} plies) written to {out}",
            games.len(),
            book.len(),
            limits.max_ply,
        );
    }
    Ok(())
}
