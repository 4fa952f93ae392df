//! One transcript per xiangqi GUI (engine/tests/transcripts/): what that GUI
//! sends, quirks included, replayed into the real binary, and checks on
//! what that GUI needs back: its handshake, its options taken (read back from
//! the option listing), legal moves in the shape it parses, no refusals.
//! Sources: the header of each transcript; docs/gui.md has the table.

mod protocol_harness;

use protocol_harness::transcript::{load, matches, replay, Replay};
use protocol_harness::{move_of, Engine};
use std::collections::HashSet;

/// A move as every GUI here reads it: four characters of ICCS, lower case.
fn is_iccs(m: &str) -> bool {
    let b = m.as_bytes();
    b.len() == 4
        && (b'a'..=b'i').contains(&b[0])
        && b[1].is_ascii_digit()
        && (b'a'..=b'i').contains(&b[2])
        && b[3].is_ascii_digit()
}

/// Checks every GUI needs: exit on quit or end of input, single spaces
/// (several GUIs split on one space), no trailing space, legal moves.
fn common(r: &Replay) {
    assert!(r.exit.success(), "the engine failed: {:?}", r.exit);
    for l in &r.said {
        let spaced = !l.contains("  ") && !l.ends_with(' ');
        assert!(spaced || l.starts_with("option "), "spacing: '{l}'");
    }
    r.check_moves();
}

/// No `info string` / `info message`: nothing was refused.
fn no_messages(r: &Replay) {
    assert!(r.messages().is_empty(), "{:#?}", r.messages());
}

/// UCCI: a score is `score N` (an integer straight after `score`, as
/// XQWizard reads it) or `score mate N`, never `score cp N`; the PV is
/// four-character moves one space apart.
fn ucci_info_readable_by_xqwizard(r: &Replay) {
    for l in r.said.iter().filter(|l| l.starts_with("info ")) {
        let words: Vec<&str> = l.split(' ').collect();
        if let Some(i) = words.iter().position(|w| *w == "score") {
            let n = words.get(i + 1).copied().unwrap_or("");
            assert!(n.parse::<i32>().is_ok(), "score not an integer: {l}");
        }
        if let Some(i) = words.iter().position(|w| *w == "pv") {
            assert!(words[i + 1..].iter().all(|m| is_iccs(m)), "pv: {l}");
        }
    }
}

#[test]
fn star_patterns_of_the_listing_probes() {
    let spin = "option name Hash type spin default 16 min 1 max 9";
    assert!(matches("option name Hash type spin default 16 *", spin));
    assert!(!matches("option name Hash type spin default 1 *", spin));
    let ucci = "option hashsize type spin min 0 max 9 default 16";
    assert!(matches("option hashsize * default 16", ucci));
    assert!(!matches("option hashsize * default 1", ucci));
    assert!(matches("a*b*c", "aXbYc") && !matches("a*b*c", "acb"));
    assert!(matches("exact", "exact") && !matches("exact", "exactly"));
}

// ---------------------------------------------------------------- VinXiangQi

/// VinXiangQi's reading of an info line (EngineHelper.cs HandleOutputLine):
/// split on single spaces, each keyword into a dictionary whose `Add`
/// throws on a repeated key. Returns the keys.
fn vinxiangqi_info(line: &str) -> Result<Vec<String>, String> {
    const INFO_TYPES: [&str; 16] = [
        "depth",
        "seldepth",
        "time",
        "nodes",
        "pv",
        "multipv",
        "score",
        "currmove",
        "currmovenumber",
        "hashfull",
        "nps",
        "tbhits",
        "cpuload",
        "string",
        "refutation",
        "currline",
    ];
    let args: Vec<&str> = line.split(' ').collect();
    let mut keys = Vec::new();
    let mut seen = HashSet::new();
    let mut i = 1;
    while i < args.len() {
        let key = args[i];
        if !seen.insert(key) {
            return Err(format!("'{key}' twice: {line}"));
        }
        keys.push(key.to_string());
        match key {
            "pv" | "string" => break,
            "score" => match args.get(i + 1) {
                Some(&"cp") | Some(&"mate") if args.len() > i + 2 => i += 2,
                Some(_) => i += 1,
                None => return Err(format!("score at the end: {line}")),
            },
            _ if args.len() > i + 1 && !INFO_TYPES.contains(&args[i + 1]) => i += 1,
            _ => {}
        }
        i += 1;
    }
    Ok(keys)
}

/// VinXiangQi's option dialog (EngineSettingsForm.cs), UCI layout: a spin
/// reads `default D min A max B` by position and sets D within A..B, a
/// combo `default D var ...` selects D among the vars, a check compares
/// with `true`.
fn vinxiangqi_option(line: &str) -> Result<(), String> {
    let args: Vec<&str> = line.split(' ').collect();
    let type_at = args
        .iter()
        .rposition(|w| *w == "type")
        .ok_or(format!("no type: {line}"))?;
    let kind = args[type_at + 1];
    let p = &args[type_at + 2..];
    let at = |i: usize| p.get(i).copied().ok_or(format!("short: {line}"));
    match kind {
        "spin" => {
            let (d, min, max) = (at(1)?, at(3)?, at(5)?);
            let n = |s: &str| s.parse::<i64>().map_err(|_| format!("{s}: {line}"));
            if (at(0)?, at(2)?, at(4)?) != ("default", "min", "max")
                || n(d)? < n(min)?
                || n(d)? > n(max)?
            {
                return Err(format!("spin: {line}"));
            }
        }
        "combo" => {
            let vars: Vec<&str> = p.iter().skip(2).skip(1).step_by(2).copied().collect();
            if at(0)? != "default" || !vars.contains(&at(1)?) {
                return Err(format!("combo: {line}"));
            }
        }
        "check" if !matches!(at(1)?, "true" | "false") => return Err(format!("check: {line}")),
        _ => {}
    }
    Ok(())
}

#[test]
fn vinxiangqi() {
    let lines = load("vinxiangqi.txt");
    assert!(
        lines.contains(&"setoption name Clear Hash value ".to_string()),
        "the transcript keeps the button's trailing space"
    );
    let r = replay(&lines);
    common(&r);
    // One greeting, UCI's: VinXiangQi stays in UCI and its `setoption name
    // ... value ...` lines fit. The `ucci` after `uci` is refused, with one
    // line (VinXiangQi keeps `info string` text to itself).
    assert_eq!(
        (r.count("uciok"), r.count("ucciok")),
        (1, 0),
        "{:#?}",
        r.said
    );
    let messages = r.messages();
    assert_eq!(messages.len(), 1, "{messages:#?}");
    assert!(
        messages[0].starts_with("info string ucci ignored"),
        "{}",
        messages[0]
    );
    // Every option it lists opens in its dialog.
    for l in r.said.iter().filter(|l| l.starts_with("option ")) {
        vinxiangqi_option(l).unwrap();
    }
    assert_eq!(r.answers.len(), 5);
    for a in &r.answers {
        // `bestmove M` or `bestmove M ponder P`: it takes the fourth word as
        // the ponder move once there are more than two (so `draw`, `resign`
        // or a trailing space would crash it).
        let words: Vec<&str> = a.bestmove().split(' ').collect();
        assert!(
            words.len() == 2 || words.len() == 4 && words[2] == "ponder",
            "{}",
            a.bestmove()
        );
        assert!(
            words.iter().skip(1).step_by(2).all(|m| is_iccs(m)),
            "{}",
            a.bestmove()
        );
        for l in a.info() {
            let keys = vinxiangqi_info(l).unwrap();
            if keys.iter().any(|k| k == "score") {
                // It reads depth with every score, and shows time and nps.
                for k in ["depth", "time", "nps"] {
                    assert!(keys.iter().any(|x| x == k), "{k} missing: {l}");
                }
            }
        }
    }
    // The banned move (the mate in one) is not played: banmoves works in
    // UCI (`check_moves` above).
    assert_eq!(r.answers.last().unwrap().bans, ["a0d0"]);
}

// ------------------------------------------------------------------ XQWizard

/// XQWizard's reading of `bestmove` (ENGINE.BAS): the move at characters
/// 10-13, a ponder move only if characters 14-21 are exactly ` ponder `,
/// `draw` / `resign` only as the last word.
fn xqwizard_bestmove(line: &str) -> bool {
    if line == "nobestmove" {
        return true;
    }
    let Some(rest) = line.strip_prefix("bestmove ") else {
        return false;
    };
    if rest.len() < 4 || !is_iccs(&rest[..4]) {
        return false;
    }
    let mut rest = &rest[4..];
    if let Some(p) = rest.strip_prefix(" ponder ") {
        if p.len() < 4 || !is_iccs(&p[..4]) {
            return false;
        }
        rest = &p[4..];
    }
    matches!(rest, "" | " draw" | " resign")
}

#[test]
fn xqwizard() {
    let r = replay(&load("xqwizard.txt"));
    common(&r);
    assert_eq!(r.count("ucciok"), 1);
    // guiname and useegtb are not Chariot's: UCCI lets them pass silently.
    no_messages(&r);
    assert_eq!(r.answers.len(), 8);
    for a in &r.answers {
        assert!(xqwizard_bestmove(a.bestmove()), "{}", a.bestmove());
        assert!(
            move_of(a.bestmove()).is_some(),
            "{}: {}",
            a.go,
            a.bestmove()
        );
    }
    ucci_info_readable_by_xqwizard(&r);
    assert!(r
        .answers
        .iter()
        .any(|a| a.info().any(|l| l.contains(" score "))));
    assert_eq!(r.said.last().map(String::as_str), Some("bye"));
}

#[test]
fn xqwizard_reads_draw_and_resign_as_the_last_word() {
    assert!(xqwizard_bestmove("bestmove h2e2 ponder h7e7 draw"));
    assert!(xqwizard_bestmove("bestmove h2e2 resign"));
    assert!(!xqwizard_bestmove("bestmove h2e2 draw ponder h7e7"));
    assert!(!xqwizard_bestmove("bestmove h2e2 "));
}

// ------------------------------------------------------- the league simulator

#[test]
fn league_simulator() {
    let r = replay(&load("league.txt"));
    common(&r);
    assert_eq!(r.count("ucciok"), 1);
    no_messages(&r);
    assert_eq!(r.answers.len(), 3);
    for a in &r.answers {
        // It reads `bestmove` and four characters, `draw`/`resign` anywhere
        // after; `nobestmove` is a resignation, wrong with moves to play.
        let words: Vec<&str> = a.bestmove().split(' ').collect();
        assert_eq!(words[0], "bestmove", "{}", a.bestmove());
        assert!(is_iccs(words[1]), "{}", a.bestmove());
    }
    assert_eq!(r.answers[2].bans, ["a0d0", "a0c0"]);
    assert_eq!(r.said.last().map(String::as_str), Some("bye"));
}

// ------------------------------------------------------- UCCITEST and UCCI2QH

#[test]
fn uccitest_and_ucci2qh() {
    let r = replay(&load("uccitest.txt"));
    common(&r);
    assert_eq!(r.count("ucciok"), 1);
    // `on`/`off` are booleans (read back by the listing probes).
    no_messages(&r);
    assert_eq!(r.answers.len(), 4);
    // UCCITEST counts nodes: ` nodes ` on an info line of each search.
    for a in &r.answers[..2] {
        assert!(a.info().any(|l| l.contains(" nodes ")), "{:#?}", a.lines);
    }
    for a in &r.answers {
        assert!(
            move_of(a.bestmove()).is_some(),
            "{}: {}",
            a.go,
            a.bestmove()
        );
    }
    assert_eq!(r.said.last().map(String::as_str), Some("bye"));
}

// ----------------------------------------------------------------- uci2wb -x

#[test]
fn uci2wb_ucci() {
    let r = replay(&load("uci2wb_ucci.txt"));
    common(&r);
    assert_eq!(r.count("ucciok"), 1);
    // `uxinewgame` passes quietly; `movetime` is a limit, not set aside.
    no_messages(&r);
    // uci2wb has no use for nobestmove: every search, a stopped ponder
    // search too, ends in a bestmove.
    assert!(!r.said.iter().any(|l| l == "nobestmove"), "{:#?}", r.said);
    assert_eq!(r.answers.len(), 6);
    // `movetime 300` with 100 s on the clock: the search ends at 300 ms.
    let fixed = &r.answers[1];
    assert!(fixed.go.contains("movetime 300"), "{}", fixed.go);
    let spent: Vec<u64> = fixed
        .info()
        .filter_map(|l| l.split(' ').skip_while(|w| *w != "time").nth(1))
        .filter_map(|t| t.parse().ok())
        .collect();
    assert!(spent.iter().all(|&t| t < 2000), "{spent:?}");
    ucci_info_readable_by_xqwizard(&r);
    assert_eq!(r.said.last().map(String::as_str), Some("bye"));
}

// -------------------------------------------------------- uci2wb UCI, Cyclone

#[test]
fn uci2wb_cyclone() {
    let r = replay(&load("uci2wb_cyclone.txt"));
    common(&r);
    assert_eq!(r.count("uciok"), 1);
    no_messages(&r);
    assert_eq!(r.answers.len(), 6);
    for a in &r.answers {
        assert!(
            move_of(a.bestmove()).is_some(),
            "{}: {}",
            a.go,
            a.bestmove()
        );
        for l in a.info() {
            assert!(
                !l.contains("score ") || l.contains("score cp ") || l.contains("score mate "),
                "{l}"
            );
        }
    }
    // `go infinite searchmoves b9c7 h9g7`, then stop.
    let last = r.answers.last().unwrap();
    let best = move_of(last.bestmove()).unwrap();
    assert!(["b9c7", "h9g7"].contains(&best.as_str()), "{best}");
}

// ------------------------------------------------------ sojourners public-Xiangqi

/// The options sojourners keeps from a listing (Engine.java `test`): lines
/// with `name`, `type` and `default` and without `Threads` or `Hash`, split
/// (as Java's String.split) on the regex `name|type|default`; the key is
/// the second piece trimmed, the value the first word of the fourth. A
/// line with fewer pieces would throw in its reader thread.
fn sojourners_options(listing: &[String]) -> Vec<(String, String)> {
    let mut kept = Vec::new();
    for line in listing {
        if !(line.starts_with("option")
            && line.contains("name")
            && line.contains("type")
            && line.contains("default"))
            || line.contains("Threads")
            || line.contains("Hash")
        {
            continue;
        }
        let mut pieces = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while i < line.len() {
            let at = &line[i..];
            match ["name", "type", "default"]
                .iter()
                .find(|w| at.starts_with(*w))
            {
                Some(w) => {
                    pieces.push(&line[start..i]);
                    i += w.len();
                    start = i;
                }
                None => i += 1,
            }
        }
        pieces.push(&line[start..]);
        while pieces.last() == Some(&"") {
            pieces.pop();
        }
        assert!(pieces.len() >= 4, "sojourners cannot read: '{line}'");
        let value = pieces[3].trim().split(' ').next().unwrap_or("");
        kept.push((pieces[1].trim().to_string(), value.to_string()));
    }
    kept
}

/// sojourners reads an info line only if it contains `nps` (Engine.java
/// thinkDetail): depth, score (cp or bare), mate, nps, time, and the pv to
/// the end; it shows the line when the pv is not empty. Depth and pv.
fn sojourners_think(line: &str) -> Option<(i64, Vec<String>)> {
    if !line.contains("nps") {
        return None;
    }
    let words: Vec<&str> = line.split(' ').collect();
    let (mut flag, mut depth, mut pv) = (0, 0, Vec::new());
    for (i, w) in words.iter().enumerate() {
        if flag == 6 {
            pv.push(w.to_string());
        } else if flag != 0 {
            if let Ok(n) = w.parse::<i64>() {
                if flag == 3 {
                    depth = n;
                }
                flag = 0;
            }
        } else {
            flag = match *w {
                "depth" => 3,
                "score" if words.get(i + 1) == Some(&"mate") => 4,
                "score" => 5,
                "mate" => 4,
                "nps" => 1,
                "time" => 2,
                "pv" => 6,
                _ => 0,
            };
        }
    }
    (!pv.is_empty()).then_some((depth, pv))
}

#[test]
fn sojourners_public_xiangqi() {
    // Its probe: `uci` in a process of its own, the listing kept.
    let mut probe = Engine::start();
    probe.send("uci");
    let listing = probe.expect("uciok");
    drop(probe);
    let kept = sojourners_options(&listing);
    assert!(
        kept.iter()
            .any(|(k, v)| k == "Repetition Rule" && v == "AsianRule"),
        "{kept:?}"
    );
    assert!(!kept.iter().any(|(k, _)| k.contains("Hash")), "{kept:?}");
    let mut lines = Vec::new();
    for l in load("sojourners.txt") {
        if l.trim() == "@options" {
            lines.extend(
                kept.iter()
                    .map(|(k, v)| format!("setoption name {k} value {v}")),
            );
        } else {
            lines.push(l);
        }
    }
    let r = replay(&lines);
    common(&r);
    assert_eq!(r.count("uciok"), 1);
    // Every option set back to the default it read is taken, empty ones too.
    no_messages(&r);
    assert_eq!(r.answers.len(), 3);
    for a in &r.answers {
        let words: Vec<&str> = a.bestmove().split(' ').collect();
        assert!(is_iccs(words[1]), "{}", a.bestmove());
        assert!(
            words.len() == 2 || words.len() == 4 && words[2] == "ponder",
            "{}",
            a.bestmove()
        );
    }
    // What it shows of the depth and movetime searches (the infinite one is
    // stopped at once here): a line with a depth and a pv.
    for a in &r.answers[..2] {
        let shown: Vec<_> = a.info().filter_map(|l| sojourners_think(l)).collect();
        assert!(
            shown.iter().any(|(d, pv)| *d > 0 && is_iccs(&pv[0])),
            "{:#?}",
            a.lines
        );
    }
}

// ------------------------------------------------- a Pikafish-style UCI GUI

#[test]
fn pikafish_style_gui() {
    let r = replay(&load("pikafish_gui.txt"));
    common(&r);
    assert_eq!(r.count("uciok"), 1);
    // Long names with spaces, a button without a value, a bare `newgame`:
    // all taken without a word.
    no_messages(&r);
    assert_eq!(r.answers.len(), 4);
    for a in &r.answers {
        assert!(
            move_of(a.bestmove()).is_some(),
            "{}: {}",
            a.go,
            a.bestmove()
        );
    }
}
