//! UCI transcripts against the real binary.

mod protocol_harness;

use protocol_harness::{legal_moves, move_of, Engine, MATED, START};

#[test]
fn greeting_lists_every_option_then_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name Chariot")));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for option in [
        "Threads type spin",
        "Hash type spin",
        "Clear Hash type button",
        "Ponder type check",
        "MultiPV type spin default 1 min 1 max 128",
        "Move Overhead type spin",
        "Pruning type combo",
        "Knowledge type combo",
        "Randomness type combo",
        "Style type combo",
        "Idle type combo",
        "Promotion type check default false",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option}"))),
            "{option}: {lines:?}"
        );
    }
}

#[test]
fn setoption_changes_the_listed_defaults_and_bad_values_change_nothing() {
    let mut e = Engine::with("uci");
    for set in [
        "setoption name Threads value 2",
        "setoption name Hash value 8",
        "setoption name Clear Hash",
        "setoption name Ponder value true",
        "setoption name MultiPV value 3",
        "setoption name Move Overhead value 50",
        "setoption name pruning value small",
        "setoption name KNOWLEDGE value medium",
        "setoption name Randomness value small",
        "setoption name Style value solid",
        "setoption name Idle value large",
        "setoption name Promotion value true",
        // As some xiangqi GUIs send it, without `name` and `value`.
        "setoption Hash 8",
    ] {
        e.send(set);
    }
    assert!(e.sync().is_empty());
    for bad in [
        "setoption name MultiPV value 129",
        "setoption name Threads value 0",
        "setoption name Hash value x",
        "setoption name Style value wild",
        "setoption name Ponder value sometimes",
        "setoption Hash lots",
        "setoption NoSuchThing 8",
    ] {
        e.send(bad);
        let msg = e.expect_prefix("info string");
        assert!(msg.contains("setoption"), "{bad}: {msg}");
    }
    e.send("setoption name NoSuchThing value 1");
    assert!(e.expect_prefix("info string").contains("NoSuchThing"));
    e.send("uci");
    let lines = e.expect("uciok");
    for now in [
        "option name Threads type spin default 2 ",
        "option name Hash type spin default 8 ",
        "option name Ponder type check default true",
        "option name MultiPV type spin default 3 ",
        "option name Move Overhead type spin default 50 ",
        "option name Pruning type combo default small ",
        "option name Knowledge type combo default medium ",
        "option name Randomness type combo default small ",
        "option name Style type combo default solid ",
        "option name Idle type combo default large ",
        "option name Promotion type check default true",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(now)), "{now}: {lines:?}");
    }
}

#[test]
fn position_and_go_variants() {
    let mut e = Engine::with("uci");
    e.send("ucinewgame");
    e.send("position startpos moves h2e2 h7e7");
    let legal = legal_moves(START, &["h2e2", "h7e7"]);
    for go in [
        "go depth 1",
        "go nodes 1000",
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 2000 btime 2000 movestogo 20",
        // Without a mate the search goes on: bound it by depth too.
        "go mate 1 depth 3",
    ] {
        e.send(go);
        let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
        let best = move_of(lines.last().unwrap()).unwrap();
        assert!(legal.contains(&best), "{go}: {best}");
        for l in &lines[..lines.len() - 1] {
            assert!(l.starts_with("info "), "{go}: {l}");
        }
    }
}

#[test]
fn searchmoves_limits_the_root() {
    let mut e = Engine::with("uci");
    e.send("position startpos");
    e.send("go depth 1");
    let free = move_of(&e.bestmove()).unwrap();
    let other = legal_moves(START, &[])
        .into_iter()
        .find(|m| *m != free)
        .unwrap();
    e.send(&format!("go depth 1 searchmoves {other}"));
    assert_eq!(move_of(&e.bestmove()), Some(other));
    e.send("go searchmoves e0e9 depth 1");
    assert!(e.expect_prefix("info string").contains("searchmoves"));
}

#[test]
fn infinite_and_ponder_wait_for_stop_or_ponderhit() {
    let mut e = Engine::with("uci");
    e.send("go infinite");
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    assert!(move_of(&e.bestmove()).is_some());
    e.send("go ponder wtime 1000 btime 1000");
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    e.send("ponderhit");
    assert!(move_of(&e.bestmove()).is_some());
    // A stray stop or ponderhit in idle changes nothing and says nothing.
    e.send("stop");
    e.send("ponderhit");
    assert!(e.sync().is_empty());
}

/// Threads and Hash sent again and again during searches wait for their
/// end, and every search still answers with a legal move.
#[test]
fn threads_and_hash_changed_during_searches_wait_and_break_nothing() {
    let mut e = Engine::with("uci");
    for round in 0..12 {
        e.send("go infinite");
        e.sync();
        e.send(&format!("setoption name Threads value {}", 1 + round % 4));
        e.send(&format!("setoption name Hash value {}", 1 << (round % 5)));
        e.send("isready");
        e.expect("readyok");
        e.send("stop");
        let best = move_of(&e.bestmove()).unwrap();
        assert!(
            legal_moves(START, &[]).contains(&best),
            "round {round}: {best}"
        );
    }
    e.send("go depth 4");
    assert!(move_of(&e.bestmove()).is_some());
    assert!(e.sync().is_empty());
}

#[test]
fn commands_during_a_search_wait_for_its_end() {
    let mut e = Engine::with("uci");
    e.send("go infinite");
    e.sync();
    e.send("position startpos moves h2e2");
    e.send("go depth 1");
    e.send("stop");
    let first = move_of(&e.bestmove()).unwrap();
    assert!(legal_moves(START, &[]).contains(&first));
    let second = move_of(&e.bestmove()).unwrap();
    assert!(
        legal_moves(START, &["h2e2"]).contains(&second),
        "the deferred position and go ran after the search: {second}"
    );
}

#[test]
fn no_move_is_bestmove_0000() {
    let mut e = Engine::with("uci");
    e.send(&format!("position fen {MATED}"));
    e.send("go depth 2");
    assert_eq!(e.bestmove(), "bestmove 0000");
}

/// UCI: no bestmove before stop in infinite mode, even without a move.
#[test]
fn infinite_without_a_move_answers_only_after_stop() {
    let mut e = Engine::with("uci");
    e.send(&format!("position fen {MATED}"));
    e.send("go infinite");
    e.assert_no_answer_yet();
    e.send("stop");
    assert_eq!(e.bestmove(), "bestmove 0000");
}

#[test]
fn debug_on_reports_unknown_commands() {
    let mut e = Engine::with("uci");
    e.send("xyzzy");
    assert!(e.sync().is_empty());
    e.send("debug on");
    e.send("xyzzy");
    assert!(e.expect_prefix("info string").contains("xyzzy"));
    e.send("debug off");
    e.send("xyzzy");
    assert!(e.sync().is_empty());
}

#[test]
fn bad_position_keeps_the_old_one() {
    let mut e = Engine::with("uci");
    e.send("position startpos moves c3c4");
    let held = e.fen();
    e.send("position startpos moves c3c4 c3c4");
    assert!(e.expect_prefix("info string").contains("move 2"));
    e.send("position fen 9/9/9 w");
    assert!(e.expect_prefix("info string").contains("position"));
    assert_eq!(e.fen(), held);
}

#[test]
fn go_perft_and_extras() {
    let mut e = Engine::with("uci");
    e.send("go perft 2");
    assert!(e.expect_prefix("total ").starts_with("total 1920 "));
    e.send("perft 1");
    assert!(e.expect_prefix("total ").starts_with("total 44 "));
    e.send("perft x");
    assert!(e.expect_prefix("info string").contains("perft"));
    e.send("eval");
    assert!(!e.sync().is_empty());
}

#[test]
fn quit_while_thinking_exits() {
    let mut e = Engine::with("uci");
    e.send("go infinite");
    e.sync();
    e.send("quit");
    assert!(move_of(&e.bestmove()).is_some());
    assert!(e.wait_exit().success());
}

#[test]
fn search_info_lines_are_well_formed() {
    let mut e = Engine::with("uci");
    e.send("go depth 2");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    for l in &lines[..lines.len() - 1] {
        let words: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(words[0], "info", "{l}");
        // Every keyword is followed by its value(s).
        let mut i = 1;
        while i < words.len() {
            match words[i] {
                "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "hashfull" | "time"
                | "currmovenumber" => {
                    assert!(words[i + 1].parse::<u64>().is_ok(), "{l}");
                    i += 2;
                }
                "score" => {
                    assert!(matches!(words[i + 1], "cp" | "mate"), "{l}");
                    assert!(words[i + 2].parse::<i64>().is_ok(), "{l}");
                    i += 3;
                }
                "lowerbound" | "upperbound" => i += 1,
                "currmove" => {
                    assert_eq!(words[i + 1].len(), 4, "{l}");
                    i += 2;
                }
                "pv" => break,
                "string" => break,
                other => panic!("unexpected '{other}' in {l}"),
            }
        }
    }
}
