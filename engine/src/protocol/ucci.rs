//! UCCI 3.0: its command text into `Command`s, and its feedback lines.

use super::command::{
    parse_go_depth, parse_move_list, parse_number, parse_position_spec, parse_time, ClockSpec,
    Command, GoSpec, OptionSet, Protocol,
};
use super::options::{self, Kind, OptionSpec, Settings, ValueText};
use crate::limits::{IterationInfo, ScoreBound, SearchResult};
use crate::score::mate_in_plies;
use crate::threads::{Engine, ProbeInfo};

use chariot_core::moves::Move;

pub use super::command::MAX_THREADS;

/// UCCI GUIs read scores near ±10000 as mates: a mate in n plies is 10000 - n.
const UCCI_MATE: i32 = 10000;
/// Ordinary scores stay below the band GUIs take for mates.
const UCCI_MAX_NORMAL: i32 = UCCI_MATE - 1000;

/// Parses one line of UCCI input.
pub fn parse(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Command::Nothing;
    };
    let args = &words[1..];
    let result = match first.to_ascii_lowercase().as_str() {
        "ucci" => Ok(Command::Hello),
        "isready" => Ok(Command::IsReady),
        "setoption" => parse_setoption(args).map(Command::SetOption),
        "position" => parse_position_spec(args, "position").map(Command::Position),
        "banmoves" => parse_move_list(args, "banmoves").map(Command::BanMoves),
        "go" => parse_go(args).map(|g| Command::Go(Box::new(g))),
        "ponderhit" => match args {
            [] => Ok(Command::PonderHit { draw: false }),
            [w] if w.eq_ignore_ascii_case("draw") => Ok(Command::PonderHit { draw: true }),
            _ => Err(format!(
                "ponderhit: expected nothing or 'draw', got '{}'",
                args.join(" ").escape_debug()
            )),
        },
        "stop" => Ok(Command::Stop),
        "probe" => parse_position_spec(args, "probe").map(Command::Probe),
        "quit" => Ok(Command::Quit),
        _ => return super::parse_extra(&words),
    };
    result.unwrap_or_else(Command::Malformed)
}

/// `setoption <name> [<value>]`: the value is the rest of the line.
fn parse_setoption(args: &[&str]) -> Result<OptionSet, String> {
    let Some(name) = args.first() else {
        return Err("setoption: no option name".to_string());
    };
    let name = name.to_ascii_lowercase();
    let value_words = &args[1..];
    let all = value_words.join(" ");
    let single = match value_words {
        [v] => Ok(*v),
        [] => Err("a value is missing".to_string()),
        _ => Err(format!("expected one value, got '{}'", all.escape_debug())),
    };
    let what = format!("setoption {name}");
    options::parse(
        Protocol::Ucci,
        &name,
        ValueText { all: &all, single },
        &what,
    )
}

/// `go [ponder | draw] {depth N | infinite | nodes N | time T [movestogo N |
/// increment I] [opptime T [oppmovestogo N | oppincrement I]]}`; the words are
/// accepted in any order, and `depth infinite`, `movetime T` and `perft N`
/// as extras.
fn parse_go(args: &[&str]) -> Result<GoSpec, String> {
    let mut go = GoSpec::default();
    let mut own_time = false;
    let mut opp_time = false;
    let mut it = args.iter().peekable();
    while let Some(word) = it.next() {
        let key = word.to_ascii_lowercase();
        let mut value = |what: &str| {
            it.next()
                .copied()
                .ok_or_else(|| format!("go {what}: a value is missing"))
        };
        match key.as_str() {
            "ponder" => go.ponder = true,
            "draw" => go.draw = true,
            "infinite" => go.infinite = true,
            "depth" => parse_go_depth(value("depth")?, &mut go)?,
            "nodes" => go.nodes = Some(parse_number(value("nodes")?, "go nodes")?),
            "perft" => go.perft = Some(parse_number(value("perft")?, "go perft")?),
            // Not UCCI's, but uci2wb -x sends it for a fixed time a move;
            // in the session's unit, like every time here.
            "movetime" => go.movetime = Some(parse_time(value("movetime")?, "go movetime")?),
            "time" => {
                go.own.get_or_insert_with(ClockSpec::default).time =
                    parse_time(value("time")?, "go time")?;
                own_time = true;
            }
            "movestogo" => {
                go.own.get_or_insert_with(ClockSpec::default).moves_to_go =
                    Some(parse_number(value("movestogo")?, "go movestogo")?)
            }
            "increment" => {
                go.own.get_or_insert_with(ClockSpec::default).increment =
                    parse_time(value("increment")?, "go increment")?
            }
            "opptime" => {
                go.opp.get_or_insert_with(ClockSpec::default).time =
                    parse_time(value("opptime")?, "go opptime")?;
                opp_time = true;
            }
            "oppmovestogo" => {
                go.opp.get_or_insert_with(ClockSpec::default).moves_to_go =
                    Some(parse_number(value("oppmovestogo")?, "go oppmovestogo")?)
            }
            "oppincrement" => {
                go.opp.get_or_insert_with(ClockSpec::default).increment =
                    parse_time(value("oppincrement")?, "go oppincrement")?
            }
            // Another engine's word: the GUI still wants a move. A number
            // after it is its value.
            _ => {
                let mut word = word.chars().take(32).collect::<String>();
                if let Some(v) = it.next_if(|v| v.parse::<f64>().is_ok()) {
                    word = format!("{word} {v}");
                }
                go.ignored.push(word);
            }
        }
    }
    if go.own.is_some() && !own_time {
        return Err("go: movestogo or increment needs 'time T'".to_string());
    }
    if go.opp.is_some() && !opp_time {
        return Err("go: oppmovestogo or oppincrement needs 'opptime T'".to_string());
    }
    Ok(go)
}

/// `id`, the `option` lines and `ucciok`, with the current values as defaults.
pub fn hello(settings: &Settings, engine: &Engine) -> Vec<String> {
    let mut lines = vec![
        format!("id name Chariot {}", env!("CARGO_PKG_VERSION")),
        format!("id copyright {}", env!("CARGO_PKG_LICENSE")),
        "id author the Chariot developers".to_string(),
        "id user everyone".to_string(),
    ];
    for o in options::listed(Protocol::Ucci) {
        lines.push(option_line(o, &(o.current)(settings, engine)));
    }
    #[cfg(feature = "tune")]
    for (name, current, min, max) in options::search_params() {
        lines.push(format!(
            "option {name} type spin min {min} max {max} default {current}"
        ));
    }
    lines.push("ucciok".to_string());
    lines
}

/// `option <name> type <kind> [min A max B] [var ...] [default D]`.
fn option_line(o: &OptionSpec, current: &str) -> String {
    let mut line = format!(
        "option {} type {}",
        o.ucci.unwrap_or_default(),
        o.kind.name()
    );
    if let Some((min, max)) = o.range(Protocol::Ucci) {
        line.push_str(&format!(" min {min} max {max}"));
    }
    if let Kind::Combo(vars) = o.kind {
        for v in options::default_first(vars, current) {
            line.push_str(&format!(" var {v}"));
        }
    }
    if o.kind != Kind::Button {
        line.push_str(&format!(" default {current}"));
    }
    line
}

/// A score on the UCCI scale: about 100 a horse, mates as ±(10000 - plies).
pub fn score(internal: i32) -> i32 {
    match mate_in_plies(internal) {
        Some(p) if p >= 0 => UCCI_MATE - p,
        Some(p) => -(UCCI_MATE + p),
        None => internal.clamp(-UCCI_MAX_NORMAL, UCCI_MAX_NORMAL),
    }
}

pub fn message(text: &str) -> String {
    format!("info message {}", super::one_line(text))
}

/// `info depth/score/pv` (exact scores only: UCCI has no bounds) and `info
/// time/nodes/nps`; UCCI has no MultiPV, so other lines are not shown.
pub fn iteration(info: &IterationInfo, out: &mut Vec<String>) {
    if info.multipv != 1 {
        return;
    }
    if info.bound == ScoreBound::Exact {
        let mut line = format!("info depth {} score {}", info.depth, score(info.score));
        if let Some([w, d, l]) = info.wdl {
            line.push_str(&format!(" wdl {w} {d} {l}"));
        }
        if !info.pv.is_empty() {
            line.push_str(" pv");
            push_moves(&mut line, &info.pv);
        }
        out.push(line);
    }
    out.push(stats(info.time_ms, info.nodes, info.nps));
}

pub fn stats(time_ms: u64, nodes: u64, nps: u64) -> String {
    format!("info time {time_ms} nodes {nodes} nps {nps}")
}

pub fn currmove(mv: Move) -> String {
    format!("info currmove {mv}")
}

/// The `go depth 0` answer's score line.
pub fn static_score(internal: i32) -> String {
    format!("info depth 0 score {}", score(internal))
}

/// `bestmove M [ponder P] [draw | resign]`, or `nobestmove`.
pub fn bestmove(result: &SearchResult) -> String {
    let Some(best) = result.best else {
        return "nobestmove".to_string();
    };
    let mut line = format!("bestmove {best}");
    if let Some(p) = result.ponder {
        line.push_str(&format!(" ponder {p}"));
    }
    if result.resign {
        line.push_str(" resign");
    } else if result.draw {
        line.push_str(" draw");
    }
    line
}

/// `pophash [bestmove M] [lowerbound B depth D] [upperbound A depth D]`.
pub fn pophash(info: Option<&ProbeInfo>) -> String {
    let mut line = "pophash".to_string();
    if let Some(info) = info {
        if let Some(m) = info.best {
            line.push_str(&format!(" bestmove {m}"));
        }
        if let Some((s, d)) = info.lower {
            line.push_str(&format!(" lowerbound {} depth {d}", score(s)));
        }
        if let Some((s, d)) = info.upper {
            line.push_str(&format!(" upperbound {} depth {d}", score(s)));
        }
    }
    line
}

fn push_moves(line: &mut String, moves: &[Move]) {
    for m in moves {
        line.push(' ');
        line.push_str(&m.to_string());
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
    fn go_time_in_seconds_and_milliseconds() {
        let g = go("go time 300 increment 2.5 opptime 295 oppincrement 2");
        let secs = g.limits(TimeUnit::Seconds, Color::Red);
        let clock = secs.clock.unwrap();
        assert_eq!(clock.time, Duration::from_secs(300));
        assert_eq!(clock.increment, Duration::from_millis(2500));
        assert_eq!(secs.opponent_clock.unwrap().time, Duration::from_secs(295));
        let ms = g.limits(TimeUnit::Milliseconds, Color::Black);
        assert_eq!(ms.clock.unwrap().time, Duration::from_millis(300));
        assert_eq!(
            ms.opponent_clock.unwrap().increment,
            Duration::from_millis(2)
        );
    }

    #[test]
    fn go_modes() {
        let g = go("go ponder time 295000 increment 0");
        assert!(g.ponder && !g.draw);
        let l = g.limits(TimeUnit::Milliseconds, Color::Red);
        assert!(l.ponder);
        assert_eq!(l.clock.unwrap().time, Duration::from_secs(295));
        let l = go("go draw time 60 movestogo 20").limits(TimeUnit::Seconds, Color::Red);
        assert!(l.draw_offered);
        assert_eq!(l.clock.unwrap().moves_to_go, Some(20));
        assert_eq!(go("go depth 7").depth, Some(7));
        assert_eq!(go("go nodes 12345").nodes, Some(12345));
        assert!(go("go infinite").infinite);
        assert_eq!(go("GO\tDEPTH   3\r").depth, Some(3));
        let g = go("go depth infinite");
        assert!(g.infinite && g.depth.is_none());
        // uci2wb -x: a fixed time a move beside the clocks, in seconds
        // unless usemillisec.
        let l = go("go time 100 opptime 100 movetime 2").limits(TimeUnit::Seconds, Color::Red);
        assert_eq!(l.movetime, Some(Duration::from_secs(2)));
        assert_eq!(l.clock.unwrap().time, Duration::from_secs(100));
    }

    #[test]
    fn go_words_of_other_engines_are_set_aside_not_refused() {
        let g = go("go fast time 30 nodestime 0 increment 1");
        assert_eq!(g.ignored, ["fast", "nodestime 0"]);
        assert_eq!(g.own.map(|c| (c.time, c.increment)), Some((30.0, 1.0)));
    }

    #[test]
    fn bad_go_is_refused_with_a_reason() {
        for (line, needle) in [
            ("go depth x", "depth"),
            ("go depth -3", "depth"),
            ("go depth", "missing"),
            ("go time abc", "time"),
            ("go increment 3", "needs 'time"),
            ("go oppincrement 3", "opptime"),
        ] {
            match parse(line) {
                Command::Malformed(m) => assert!(m.contains(needle), "{line}: {m}"),
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    fn known(name: &str, value: Value) -> Command {
        let spec = options::find(Protocol::Ucci, name).expect("an option of the table");
        Command::SetOption(OptionSet::Known(spec, value))
    }

    #[test]
    fn setoption_values_are_checked() {
        assert_eq!(
            parse("setoption usemillisec true"),
            known("usemillisec", Value::Bool(true))
        );
        assert_eq!(
            parse("setoption hashsize 0"),
            known("hashsize", Value::Number(0))
        );
        assert_eq!(
            parse("setoption idle medium"),
            known("idle", Value::Choice("medium"))
        );
        assert_eq!(
            parse("setoption style risky"),
            known("style", Value::Choice("risky"))
        );
        assert_eq!(
            parse("setoption bookfiles a.obk;b.obk"),
            known("bookfiles", Value::Text("a.obk;b.obk".into()))
        );
        assert_eq!(parse("setoption newgame"), known("newgame", Value::Press));
        assert_eq!(
            parse("setoption selectivity large"),
            Command::SetOption(OptionSet::Unknown("selectivity".into()))
        );
        for bad in [
            "setoption hashsize 99999999",
            "setoption hashsize big",
            "setoption threads -1",
            "setoption style wild",
            "setoption pruning",
            "setoption batch maybe",
            "setoption",
        ] {
            assert!(matches!(parse(bad), Command::Malformed(_)), "{bad}");
        }
    }

    #[test]
    fn other_commands() {
        assert_eq!(parse("ucci"), Command::Hello);
        assert_eq!(parse("  "), Command::Nothing);
        assert_eq!(parse("ponderhit draw"), Command::PonderHit { draw: true });
        assert!(matches!(parse("ponderhit now"), Command::Malformed(_)));
        assert_eq!(
            parse("banmoves h2e2 b0c2"),
            Command::BanMoves(vec![
                Move::parse_text("h2e2").unwrap(),
                Move::parse_text("b0c2").unwrap()
            ])
        );
        assert!(matches!(parse("banmoves h2e"), Command::Malformed(_)));
        assert!(matches!(
            parse("probe startpos moves h2e2"),
            Command::Probe(_)
        ));
        assert_eq!(parse("uci"), Command::Unknown("uci".into()));
        assert_eq!(parse("newgame"), Command::NewGame);
        // uci2wb -x: after `setoption newgame`, nothing more to do.
        assert_eq!(parse("uxinewgame"), Command::Nothing);
        assert_eq!(parse("xyzzy 1 2"), Command::Unknown("xyzzy".into()));
    }

    #[test]
    fn scores_and_mates() {
        assert_eq!(score(37), 37);
        assert_eq!(score(MATE - 3), 9997);
        assert_eq!(score(-(MATE - 4)), -9996);
        assert_eq!(score(20000), UCCI_MAX_NORMAL);
    }

    fn info(multipv: usize, bound: ScoreBound, score: i32) -> IterationInfo {
        IterationInfo {
            depth: 6,
            seldepth: 9,
            multipv,
            score,
            bound,
            nodes: 5000,
            nps: 1000,
            time_ms: 5,
            hashfull: 3,
            pv: ["b0c2", "b9c7"]
                .iter()
                .map(|m| Move::parse_text(m).unwrap())
                .collect(),
            wdl: None,
        }
    }

    #[test]
    fn iterations_print_depth_score_pv_then_time_nodes_nps() {
        let mut out = Vec::new();
        iteration(&info(1, ScoreBound::Exact, 4), &mut out);
        assert_eq!(
            out,
            [
                "info depth 6 score 4 pv b0c2 b9c7",
                "info time 5 nodes 5000 nps 1000"
            ]
        );
        // No bounds in UCCI: only the counters; no second lines at all.
        let mut out = Vec::new();
        iteration(&info(1, ScoreBound::Lower, 4), &mut out);
        assert_eq!(out, ["info time 5 nodes 5000 nps 1000"]);
        let mut out = Vec::new();
        iteration(&info(2, ScoreBound::Exact, 4), &mut out);
        assert!(out.is_empty());
        let mut out = Vec::new();
        iteration(&info(1, ScoreBound::Exact, -(MATE - 2)), &mut out);
        assert_eq!(out[0], "info depth 6 score -9998 pv b0c2 b9c7");
        assert_eq!(
            currmove(Move::parse_text("h2e2").unwrap()),
            "info currmove h2e2"
        );
        assert_eq!(message("two\nlines"), "info message two lines");
    }

    #[test]
    fn bestmove_lines() {
        let m = Move::parse_text("h2e2").unwrap();
        let p = Move::parse_text("h7e7").unwrap();
        let mut r = SearchResult {
            best: Some(m),
            ponder: Some(p),
            ..Default::default()
        };
        assert_eq!(bestmove(&r), "bestmove h2e2 ponder h7e7");
        r.draw = true;
        assert_eq!(bestmove(&r), "bestmove h2e2 ponder h7e7 draw");
        r.resign = true;
        assert_eq!(bestmove(&r), "bestmove h2e2 ponder h7e7 resign");
        r.best = None;
        assert_eq!(bestmove(&r), "nobestmove");
        let info = ProbeInfo {
            best: Some(m),
            lower: Some((50, 8)),
            upper: Some((MATE - 1, 3)),
        };
        assert_eq!(
            pophash(Some(&info)),
            "pophash bestmove h2e2 lowerbound 50 depth 8 upperbound 9999 depth 3"
        );
        assert_eq!(pophash(None), "pophash");
    }
}
