//! Property tests of the command parsers and the controller: random lines never
//! make them panic, well-formed lines read back exactly what was written, and
//! after any sequence of input the engine still answers `isready`.

use chariot::protocol::command::{Command, OptionSet, TimeUnit};
use chariot::protocol::options::{self, Value};
use chariot::protocol::{input, ucci, uci, Protocol};
use proptest::prelude::*;
use std::io::Cursor;
use std::time::Duration;
use tablegen::Color;

/// Words both protocols know, so random lines reach deep into the parsers.
const VOCABULARY: &[&str] = &[
    "ucci",
    "uci",
    "isready",
    "setoption",
    "name",
    "value",
    "position",
    "fen",
    "startpos",
    "moves",
    "banmoves",
    "go",
    "ponder",
    "draw",
    "depth",
    "infinite",
    "nodes",
    "time",
    "movestogo",
    "increment",
    "opptime",
    "oppmovestogo",
    "oppincrement",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movetime",
    "mate",
    "searchmoves",
    "perft",
    "ponderhit",
    "stop",
    "probe",
    "quit",
    "debug",
    "on",
    "off",
    "ucinewgame",
    "d",
    "eval",
    "bench",
    "usemillisec",
    "batch",
    "hashsize",
    "threads",
    "idle",
    "promotion",
    "pruning",
    "knowledge",
    "randomness",
    "style",
    "newgame",
    "true",
    "false",
    "none",
    "small",
    "medium",
    "large",
    "solid",
    "risky",
    "Hash",
    "Threads",
    "MultiPV",
    "Clear",
    "h2e2",
    "b0c2",
    "h7e7",
    "d0d0",
    "e0e9",
    "z9z9",
    "0",
    "1",
    "-1",
    "3",
    "1.5",
    "1e9",
    "nan",
    "inf",
    "18446744073709551616",
    "w",
    "b",
    "-",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    "9/9/9",
    "\u{fffd}",
    "\t",
    "\r",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(VOCABULARY).prop_map(str::to_string),
        1 => "[ -~]{0,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(16).collect()),
    ]
}

fn line() -> impl Strategy<Value = String> {
    proptest::collection::vec(word(), 0..12).prop_map(|w| w.join(" "))
}

/// A move in ICCS text (legal or not). `a0a0` is left out: it is the code of
/// "no move" and reads back as `0000`.
fn iccs() -> impl Strategy<Value = String> {
    ("[a-i]", 0..10u8, "[a-i]", 0..10u8)
        .prop_map(|(f1, r1, f2, r2)| format!("{f1}{r1}{f2}{r2}"))
        .prop_filter("a0a0 is no move", |m| m != "a0a0")
}

fn check_parsed(cmd: &Command) {
    match cmd {
        Command::Malformed(why) => assert!(!why.is_empty(), "a refusal says why"),
        Command::Unknown(word) => assert!(word.chars().count() <= 64),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsers_never_panic_on_random_lines(text in line()) {
        for p in [Protocol::Ucci, Protocol::Uci] {
            let cmd = input::parse(p, &text);
            check_parsed(&cmd);
            // Parsing is a pure function of the text.
            prop_assert_eq!(&cmd, &input::parse(p, &text));
            // Whitespace is only a separator.
            let spaced = text.replace(' ', " \t  ");
            prop_assert_eq!(&cmd, &input::parse(p, &format!("  {spaced}\r")));
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in any::<String>()) {
        check_parsed(&ucci::parse(&text));
        check_parsed(&uci::parse(&text));
    }

    #[test]
    fn ucci_go_reads_back_what_was_written(
        depth in proptest::option::of(0..200u32),
        nodes in proptest::option::of(any::<u64>()),
        time in proptest::option::of(0..10_000_000u32),
        inc in 0..100_000u32,
        mtg in proptest::option::of(1..100u32),
        opp in proptest::option::of(0..10_000_000u32),
        ponder in any::<bool>(),
        draw in any::<bool>(),
        millisec in any::<bool>(),
    ) {
        let mut text = "go".to_string();
        if ponder { text += " ponder"; }
        if draw { text += " draw"; }
        if let Some(d) = depth { text += &format!(" depth {d}"); }
        if let Some(n) = nodes { text += &format!(" nodes {n}"); }
        if let Some(t) = time {
            text += &format!(" time {t} increment {inc}");
            if let Some(m) = mtg { text += &format!(" movestogo {m}"); }
        }
        if let Some(t) = opp { text += &format!(" opptime {t}"); }
        let Command::Go(spec) = ucci::parse(&text) else {
            panic!("{text} was not read as go");
        };
        let unit = TimeUnit::for_protocol(Protocol::Ucci, millisec);
        let scale = if millisec { 1 } else { 1000 };
        let limits = spec.limits(unit, Color::Black);
        prop_assert_eq!(limits.depth, depth);
        prop_assert_eq!(limits.nodes, nodes);
        prop_assert_eq!(limits.ponder, ponder);
        prop_assert_eq!(limits.draw_offered, draw);
        match time {
            Some(t) => {
                let clock = limits.clock.unwrap();
                prop_assert_eq!(clock.time, Duration::from_millis(t as u64 * scale));
                prop_assert_eq!(clock.increment, Duration::from_millis(inc as u64 * scale));
                prop_assert_eq!(clock.moves_to_go, mtg);
            }
            None => prop_assert!(limits.clock.is_none()),
        }
        prop_assert_eq!(
            limits.opponent_clock.map(|c| c.time),
            opp.map(|t| Duration::from_millis(t as u64 * scale))
        );
    }

    #[test]
    fn uci_go_reads_back_what_was_written(
        wtime in 0..10_000_000u32,
        btime in 0..10_000_000u32,
        winc in 0..10_000u32,
        binc in 0..10_000u32,
        movetime in proptest::option::of(0..100_000u32),
        mate in proptest::option::of(1..50u32),
        moves in proptest::collection::vec(iccs(), 0..5),
        red in any::<bool>(),
    ) {
        let mut text = format!("go wtime {wtime} btime {btime} winc {winc} binc {binc}");
        if let Some(t) = movetime { text += &format!(" movetime {t}"); }
        if !moves.is_empty() { text += &format!(" searchmoves {}", moves.join(" ")); }
        if let Some(m) = mate { text += &format!(" mate {m}"); }
        let Command::Go(spec) = uci::parse(&text) else {
            panic!("{text} was not read as go");
        };
        let side = if red { Color::Red } else { Color::Black };
        let limits = spec.limits(TimeUnit::for_protocol(Protocol::Uci, false), side);
        let (own, own_inc, opp) = if red { (wtime, winc, btime) } else { (btime, binc, wtime) };
        let clock = limits.clock.unwrap();
        prop_assert_eq!(clock.time, Duration::from_millis(own as u64));
        prop_assert_eq!(clock.increment, Duration::from_millis(own_inc as u64));
        prop_assert_eq!(limits.opponent_clock.unwrap().time, Duration::from_millis(opp as u64));
        prop_assert_eq!(limits.movetime, movetime.map(|t| Duration::from_millis(t as u64)));
        prop_assert_eq!(limits.mate, mate);
        let written: Vec<String> = limits.search_moves.iter().map(|m| m.to_string()).collect();
        prop_assert_eq!(written, moves);
    }

    #[test]
    fn ucci_setoption_reads_back_levels_and_numbers(
        level in proptest::sample::select(vec!["none", "small", "medium", "large"]),
        style in proptest::sample::select(vec!["solid", "normal", "risky"]),
        hash in 0..=65536u32,
        threads in 0..=1024u32,
    ) {
        prop_assert_eq!(ucci::parse(&format!("setoption pruning {level}")), known("pruning", Value::Choice(level)));
        prop_assert_eq!(ucci::parse(&format!("setoption IDLE {}", level.to_uppercase())), known("idle", Value::Choice(level)));
        prop_assert_eq!(ucci::parse(&format!("setoption style {style}")), known("style", Value::Choice(style)));
        prop_assert_eq!(ucci::parse(&format!("setoption hashsize {hash}")), known("hashsize", Value::Number(hash.into())));
        prop_assert_eq!(ucci::parse(&format!("setoption threads {threads}")), known("threads", Value::Number(threads.into())));
        let too_big = ucci::parse(&format!("setoption hashsize {}", 65537 + hash));
        prop_assert!(matches!(too_big, Command::Malformed(_)), "{:?}", too_big);
    }
}

/// The parsed setting of the UCCI option `name`.
fn known(name: &str, value: Value) -> Command {
    let spec = options::find(Protocol::Ucci, name).expect("an option of the table");
    Command::SetOption(OptionSet::Known(spec, value))
}

/// Lines the controller may run in a property test: no searches, counts or
/// huge tables that could take long (their own tests cover them), no quit.
fn harmless(protocol: Protocol, text: &str) -> bool {
    match input::parse(protocol, text) {
        Command::Go(_) | Command::Perft(_) | Command::Bench(_) | Command::Quit => false,
        Command::SetOption(OptionSet::Known(spec, Value::Number(n))) => match spec.ucci {
            Some("hashsize") => n <= 64,
            Some("threads") => n <= 2,
            _ => true,
        },
        _ => true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever came before, `isready` is still answered, last.
    #[test]
    fn the_controller_answers_isready_after_any_input(
        ucci_first in any::<bool>(),
        lines in proptest::collection::vec(line(), 0..20),
        junk in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let (protocol, name) = if ucci_first { (Protocol::Ucci, "ucci") } else { (Protocol::Uci, "uci") };
        let mut bytes = format!("{name}\n").into_bytes();
        for l in lines.iter().filter(|l| harmless(protocol, l)) {
            bytes.extend_from_slice(l.as_bytes());
            bytes.push(b'\n');
        }
        // A line of raw bytes; the leading word keeps it from being a command.
        bytes.extend_from_slice(b"junk ");
        bytes.extend(junk.iter().filter(|&&b| b != b'\n'));
        bytes.extend_from_slice(b"\nisready\n");
        let mut out = Vec::new();
        chariot::protocol::run(Cursor::new(bytes), &mut out, crossbeam_channel::never());
        let text = String::from_utf8(out).expect("the engine writes UTF-8");
        let last: Vec<&str> = text.lines().rev().take(2).collect();
        prop_assert_eq!(last[0], "readyok", "{}", text);
    }
}
