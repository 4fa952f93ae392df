//! UCI: its command text into `Command`s, and its feedback lines.

use super::command::{
    parse_check, parse_go_depth, parse_move_list, parse_number, parse_position_spec, parse_time,
    ClockSpec, Command, GoSpec, OptionSet, Protocol,
};
use super::options::{self, Kind, OptionSpec, Settings, ValueText};
use crate::limits::{IterationInfo, ScoreBound, SearchResult};
use crate::score::mate_in_plies;
use crate::threads::Engine;
use chariot_core::moves::Move;

pub use super::command::MAX_THREADS;
pub use super::options::{MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV};

/// Parses one line of UCI input.
pub fn parse(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Command::Nothing;
    };
    let args = &words[1..];
    let result = match first.to_ascii_lowercase().as_str() {
        "uci" => Ok(Command::Hello),
        "isready" => Ok(Command::IsReady),
        "debug" => match args {
            [] => Ok(Command::Debug(true)),
            [w] => parse_check(w, "debug").map(Command::Debug),
            _ => Err("debug: expected 'on' or 'off'".to_string()),
        },
        "setoption" => parse_setoption(args).map(Command::SetOption),
        "ucinewgame" => Ok(Command::NewGame),
        "position" => parse_position_spec(args, "position").map(Command::Position),
        // The 'Cyclone dialect' of UCI for xiangqi (uci2wb -c sends it):
        // `fen FEN moves ...` and `startpos moves ...` without `position`.
        "fen" | "startpos" => parse_position_spec(&words, first).map(Command::Position),
        // UCCI's, and VinXiangQi sends it to UCI engines too (the move it
        // saw repeated); the next `position` clears it, as in UCCI.
        "banmoves" => parse_move_list(args, "banmoves").map(Command::BanMoves),
        "go" => parse_go(args).map(|g| Command::Go(Box::new(g))),
        "ponderhit" => Ok(Command::PonderHit { draw: false }),
        "stop" => Ok(Command::Stop),
        "quit" => Ok(Command::Quit),
        _ => return super::parse_extra(&words),
    };
    result.unwrap_or_else(Command::Malformed)
}

/// `setoption name <id> [value <x>]`; names are matched without regard to
/// case. Without `name` (as some xiangqi GUIs send it, UCCI-style:
/// `setoption Threads 2`, `setoption Clear Hash`), the longest run of
/// leading words that names an option is the name and the rest the value.
fn parse_setoption(args: &[&str]) -> Result<OptionSet, String> {
    let (name, value_words) = if args.first().is_some_and(|w| w.eq_ignore_ascii_case("name")) {
        let value_at = args
            .iter()
            .position(|w| w.eq_ignore_ascii_case("value"))
            .unwrap_or(args.len());
        (
            args[1..value_at].join(" "),
            args.get(value_at + 1..).unwrap_or(&[]),
        )
    } else {
        let Some(n) = (1..=args.len())
            .rev()
            .find(|&n| options::find(Protocol::Uci, &args[..n].join(" ")).is_some())
        else {
            return Err("setoption: expected 'name <option> [value <value>]'".to_string());
        };
        // `setoption Threads value 2` reads as well.
        let rest = &args[n..];
        let rest = match rest.first() {
            Some(w) if w.eq_ignore_ascii_case("value") => &rest[1..],
            _ => rest,
        };
        (args[..n].join(" "), rest)
    };
    if name.is_empty() {
        return Err("setoption: no option name".to_string());
    }
    let all = value_words.join(" ");
    let single = if all.is_empty() {
        Err("a value is missing".to_string())
    } else {
        Ok(all.as_str())
    };
    let what = format!("setoption {name}");
    options::parse(Protocol::Uci, &name, ValueText { all: &all, single }, &what)
}

const GO_WORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "searchmoves",
    "ponder",
    "perft",
];

fn parse_go(args: &[&str]) -> Result<GoSpec, String> {
    let mut go = GoSpec::default();
    let mut moves_to_go = None;
    let mut i = 0;
    while i < args.len() {
        let key = args[i].to_ascii_lowercase();
        i += 1;
        let mut value = |what: &str| {
            let v = args
                .get(i)
                .copied()
                .ok_or_else(|| format!("go {what}: a value is missing"));
            i += 1;
            v
        };
        match key.as_str() {
            "wtime" => {
                go.red.get_or_insert_with(ClockSpec::default).time =
                    parse_time(value("wtime")?, "go wtime")?
            }
            "btime" => {
                go.black.get_or_insert_with(ClockSpec::default).time =
                    parse_time(value("btime")?, "go btime")?
            }
            "winc" => {
                go.red.get_or_insert_with(ClockSpec::default).increment =
                    parse_time(value("winc")?, "go winc")?
            }
            "binc" => {
                go.black.get_or_insert_with(ClockSpec::default).increment =
                    parse_time(value("binc")?, "go binc")?
            }
            "movestogo" => moves_to_go = Some(parse_number(value("movestogo")?, "go movestogo")?),
            "depth" => parse_go_depth(value("depth")?, &mut go)?,
            "nodes" => go.nodes = Some(parse_number(value("nodes")?, "go nodes")?),
            "mate" => go.mate = Some(parse_number(value("mate")?, "go mate")?),
            "movetime" => go.movetime = Some(parse_time(value("movetime")?, "go movetime")?),
            "perft" => go.perft = Some(parse_number(value("perft")?, "go perft")?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(w) = args.get(i) {
                    if GO_WORDS.iter().any(|k| w.eq_ignore_ascii_case(k)) {
                        break;
                    }
                    go.search_moves
                        .push(Move::parse_text(w).map_err(|e| format!("go searchmoves: {e}"))?);
                    i += 1;
                }
            }
            // Another engine's word (`nodestime 0`, `ponderhit`...): a GUI
            // that sends it still wants a move. A number after it is its value.
            _ => {
                let mut word = args[i - 1].chars().take(32).collect::<String>();
                if let Some(v) = args.get(i).filter(|v| v.parse::<f64>().is_ok()) {
                    word = format!("{word} {v}");
                    i += 1;
                }
                go.ignored.push(word);
            }
        }
    }
    if moves_to_go.is_some() {
        for clock in [&mut go.red, &mut go.black].into_iter().flatten() {
            clock.moves_to_go = moves_to_go;
        }
    }
    Ok(go)
}

/// `id`, the `option` lines and `uciok`.
pub fn hello(settings: &Settings, engine: &Engine) -> Vec<String> {
    let mut lines = vec![
        format!("id name Chariot {}", env!("CARGO_PKG_VERSION")),
        "id author the Chariot developers".to_string(),
    ];
    for o in options::listed(Protocol::Uci) {
        lines.push(option_line(o, &(o.current)(settings, engine)));
    }
    #[cfg(feature = "tune")]
    for (name, current, min, max) in options::search_params() {
        lines.push(format!(
            "option name {name} type spin default {current} min {min} max {max}"
        ));
    }
    lines.push("uciok".to_string());
    lines
}

/// `option name <id> type <kind> [default D] [min A max B] [var ...]`.
fn option_line(o: &OptionSpec, current: &str) -> String {
    let mut line = format!(
        "option name {} type {}",
        o.uci.unwrap_or_default(),
        o.kind.name()
    );
    if o.kind != Kind::Button {
        line.push_str(&format!(" default {current}"));
    }
    if let Some((min, max)) = o.range(Protocol::Uci) {
        line.push_str(&format!(" min {min} max {max}"));
    }
    if let Kind::Combo(vars) = o.kind {
        for v in options::default_first(vars, current) {
            line.push_str(&format!(" var {v}"));
        }
    }
    line
}

/// `cp N` or `mate M` (M in moves, negative when being mated).
pub fn score(internal: i32) -> String {
    match mate_in_plies(internal) {
        Some(p) if p > 0 => format!("mate {}", (p + 1) / 2),
        Some(p) => format!("mate {}", p / 2),
        None => format!("cp {internal}"),
    }
}

pub fn message(text: &str) -> String {
    format!("info string {}", super::one_line(text))
}

pub fn iteration(info: &IterationInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score(info.score)
    );
    match info.bound {
        ScoreBound::Exact => {}
        ScoreBound::Lower => line.push_str(" lowerbound"),
        ScoreBound::Upper => line.push_str(" upperbound"),
    }
    if let Some([w, d, l]) = info.wdl {
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    line.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        info.nodes, info.nps, info.hashfull, info.time_ms
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&m.to_string());
        }
    }
    line
}

pub fn stats(time_ms: u64, nodes: u64, nps: u64, hashfull: u32) -> String {
    format!("info nodes {nodes} nps {nps} hashfull {hashfull} time {time_ms}")
}

pub fn currmove(depth: u32, mv: Move, number: usize) -> String {
    format!("info depth {depth} currmove {mv} currmovenumber {number}")
}

pub fn static_score(internal: i32) -> String {
    format!("info depth 0 score {}", score(internal))
}

/// `bestmove M [ponder P]`; `bestmove 0000` when there is no move.
pub fn bestmove(result: &SearchResult) -> String {
    match (result.best, result.ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove 0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::TimeUnit;
    use crate::protocol::options::Value;
    use crate::score::MATE;
    use std::time::Duration;
    use tablegen::Color;

    fn go(line: &str) -> GoSpec {
        match parse(line) {
            Command::Go(g) => *g,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn go_clock_words() {
        let g = go("go wtime 60000 btime 30000 winc 100 binc 200 movestogo 10");
        let black = g.limits(TimeUnit::Milliseconds, Color::Black);
        let own = black.clock.unwrap();
        assert_eq!(own.time, Duration::from_secs(30));
        assert_eq!(own.increment, Duration::from_millis(200));
        assert_eq!(own.moves_to_go, Some(10));
        assert_eq!(black.opponent_clock.unwrap().time, Duration::from_secs(60));
        let l = go("go movetime 1500").limits(TimeUnit::Milliseconds, Color::Red);
        assert_eq!(l.movetime, Some(Duration::from_millis(1500)));
        assert_eq!(go("go mate 3").mate, Some(3));
        assert_eq!(go("go perft 3").perft, Some(3));
        assert!(go("go ponder infinite").ponder);
        // VinXiangQi: both limits, the first reached ends the search.
        let g = go("go movetime 2000 depth 200");
        assert_eq!((g.movetime, g.depth), (Some(2000.0), Some(200)));
        let g = go("go depth infinite");
        assert!(g.infinite && g.depth.is_none());
        assert!(matches!(parse("go depth"), Command::Malformed(_)));
    }

    #[test]
    fn banmoves_newgame_and_other_engines_newgames() {
        assert_eq!(
            parse("banmoves h2e2"),
            Command::BanMoves(vec![Move::parse_text("h2e2").unwrap()])
        );
        assert!(matches!(parse("banmoves h2"), Command::Malformed(_)));
        assert_eq!(parse("newgame"), Command::NewGame);
        assert_eq!(parse("uxinewgame"), Command::Nothing);
    }

    #[test]
    fn the_cyclone_dialect_sends_fen_without_position() {
        let line =
            "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r moves h0g2 b9c7";
        let Command::Position(spec) = parse(line) else {
            panic!("{:?}", parse(line))
        };
        assert_eq!(
            spec,
            match parse(&format!("position {line}")) {
                Command::Position(p) => p,
                other => panic!("{other:?}"),
            }
        );
        assert_eq!(spec.moves.len(), 2);
        assert!(matches!(parse("fen"), Command::Malformed(_)));
        // A bare `startpos` too, with or without moves.
        let Command::Position(spec) = parse("startpos moves h2e2") else {
            panic!("{:?}", parse("startpos moves h2e2"))
        };
        assert_eq!((spec.fen, spec.moves.len()), (None, 1));
        assert!(matches!(parse("startpos"), Command::Position(_)));
    }

    #[test]
    fn go_words_of_other_engines_are_set_aside_not_refused() {
        let Command::Go(g) =
            parse("go wtime 1000 btime 900 nodestime 0 winc 10 binc 10 frobnicate")
        else {
            panic!("go refused")
        };
        assert_eq!(g.ignored, ["nodestime 0", "frobnicate"]);
        assert_eq!(g.red.map(|c| c.time), Some(1000.0));
        assert_eq!(g.black.map(|c| c.increment), Some(10.0));
        // A known word's bad value is still refused.
        assert!(matches!(parse("go depth x"), Command::Malformed(_)));
    }

    #[test]
    fn setoption_without_name_and_value_reads_as_guis_send_it() {
        assert_eq!(
            parse("setoption Threads 2"),
            known("Threads", Value::Number(2))
        );
        assert_eq!(
            parse("setoption threads value 2"),
            known("Threads", Value::Number(2))
        );
        assert_eq!(
            parse("setoption Clear Hash"),
            known("Clear Hash", Value::Press)
        );
        assert_eq!(
            parse("setoption Move Overhead 100"),
            known("Move Overhead", Value::Number(100))
        );
        assert_eq!(
            parse("setoption Book File my book.obk"),
            known("Book File", Value::Text("my book.obk".into()))
        );
        // An unknown name or a bad value is refused, never guessed at.
        assert!(matches!(
            parse("setoption Frobnicate 3"),
            Command::Malformed(_)
        ));
        assert!(matches!(
            parse("setoption Threads lots"),
            Command::Malformed(_)
        ));
        assert!(matches!(parse("setoption Threads"), Command::Malformed(_)));
    }

    #[test]
    fn searchmoves_stop_at_the_next_keyword() {
        let g = go("go searchmoves h2e2 b0c2 depth 4");
        assert_eq!(g.search_moves.len(), 2);
        assert_eq!(g.depth, Some(4));
        assert!(matches!(
            parse("go searchmoves h2e2 zz"),
            Command::Malformed(_)
        ));
    }

    fn known(name: &str, value: Value) -> Command {
        let spec = options::find(Protocol::Uci, name).expect("an option of the table");
        Command::SetOption(OptionSet::Known(spec, value))
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            parse("setoption name Clear Hash"),
            known("Clear Hash", Value::Press)
        );
        assert_eq!(
            parse("setoption name move overhead value 100"),
            known("Move Overhead", Value::Number(100))
        );
        assert_eq!(
            parse("setoption name MultiPV value 128"),
            known("MultiPV", Value::Number(128))
        );
        assert_eq!(
            parse("setoption name Knowledge value small"),
            known("Knowledge", Value::Choice("small"))
        );
        for bad in [
            "setoption name MultiPV value 129",
            "setoption name MultiPV value 0",
            "setoption name Hash value lots",
            "setoption name Threads",
            "setoption name Style value wild",
            "setoption name",
        ] {
            assert!(matches!(parse(bad), Command::Malformed(_)), "{bad}");
        }
        assert_eq!(
            parse("setoption name UCI_Chess960 value true"),
            Command::SetOption(OptionSet::Unknown("UCI_Chess960".into()))
        );
    }

    #[test]
    fn scores_in_moves() {
        assert_eq!(score(-45), "cp -45");
        assert_eq!(score(MATE - 1), "mate 1");
        assert_eq!(score(MATE - 3), "mate 2");
        assert_eq!(score(-(MATE - 2)), "mate -1");
        assert_eq!(score(-(MATE - 4)), "mate -2");
    }

    #[test]
    fn iteration_lines_carry_every_field() {
        let mut info = IterationInfo {
            depth: 6,
            seldepth: 9,
            multipv: 2,
            score: 31,
            bound: ScoreBound::Exact,
            nodes: 5000,
            nps: 1000,
            time_ms: 5,
            hashfull: 3,
            pv: vec![Move::parse_text("b0c2").unwrap()],
            wdl: None,
        };
        assert_eq!(
            iteration(&info),
            "info depth 6 seldepth 9 multipv 2 score cp 31 nodes 5000 nps 1000 hashfull 3 time 5 pv b0c2"
        );
        info.bound = ScoreBound::Upper;
        info.score = MATE - 5;
        assert!(iteration(&info).contains(" score mate 3 upperbound nodes"));
        assert_eq!(
            currmove(7, Move::parse_text("h2e2").unwrap(), 3),
            "info depth 7 currmove h2e2 currmovenumber 3"
        );
        assert_eq!(
            stats(5, 10, 2000, 1),
            "info nodes 10 nps 2000 hashfull 1 time 5"
        );
    }

    #[test]
    fn bestmove_without_a_move_is_0000() {
        assert_eq!(bestmove(&SearchResult::default()), "bestmove 0000");
    }
}
