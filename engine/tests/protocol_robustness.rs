//! Bad input against the real binary: long lines, binary junk, CRLF, tabs,
//! repeated spaces, Ctrl-C. Nothing may make the engine panic, hang, or stop
//! answering `isready`.

mod protocol_harness;

use protocol_harness::{move_of, Engine, START};

#[test]
fn a_one_megabyte_line_is_survived() {
    let mut e = Engine::with("ucci");
    let mut line = b"position startpos moves ".to_vec();
    line.extend(std::iter::repeat_n(b'x', 1 << 20));
    line.push(b'\n');
    e.send_bytes(&line);
    let msg = e.expect_prefix("info message");
    assert!(msg.contains("position"), "{}", &msg[..msg.len().min(200)]);
    assert!(msg.len() < 1000, "the message quotes the whole line");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), START);
    // A megabyte of junk words without a newline until the end.
    let junk: Vec<u8> = (0..1 << 20).map(|i| b"ab \t"[i % 4]).collect();
    e.send_bytes(&junk);
    e.send_bytes(b"\n");
    assert!(e.sync().is_empty());
}

#[test]
fn a_long_game_in_one_position_command() {
    let mut e = Engine::with("ucci");
    // Horses out and back many times: a legal list thousands of moves long.
    let cycle = ["b0c2", "b9c7", "c2b0", "c7b9"];
    let moves: Vec<&str> = cycle.iter().cycle().take(4000).copied().collect();
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    assert!(e.sync().is_empty());
    let fen = e.fen();
    assert!(fen.starts_with("rnbakabnr/9/1c5c1/"), "{fen}");
    e.send("go depth 1");
    assert!(move_of(&e.bestmove()).is_some());
}

#[test]
fn binary_junk_and_invalid_utf8_are_ignored() {
    let mut e = Engine::with("uci");
    e.send_bytes(b"\xff\xfe\x00\x01garbage\x80\n");
    // A word that is not UTF-8 is another engine's word to `go`: set aside
    // with a message, and the search runs.
    e.send_bytes(b"go \xc3\x28 depth 1\n");
    let msg = e.expect_prefix("info string");
    assert!(msg.contains("go: ignored"), "{msg}");
    assert!(move_of(&e.bestmove()).is_some());
    e.send_bytes(&[0u8; 4096]);
    e.send_bytes(b"\n\x1b[2J\x07\n");
    assert!(e.sync().is_empty());
    e.send("go depth 1");
    assert!(move_of(&e.bestmove()).is_some());
}

#[test]
fn crlf_tabs_and_repeated_spaces() {
    let mut e = Engine::with("ucci");
    e.send_bytes(b"position\tstartpos   moves \t h2e2\r\n");
    e.send_bytes(b"isready\r\n");
    e.expect("readyok");
    assert_eq!(
        e.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    e.send_bytes(b"   go    depth\t\t1   \r\n");
    assert!(move_of(&e.bestmove()).is_some());
    e.send_bytes(b"\r\n\r\n\t\n");
    assert!(e.sync().is_empty());
}

#[test]
fn malformed_go_commands_are_refused_and_the_engine_stays_idle() {
    let mut e = Engine::with("ucci");
    for bad in [
        "go depth abc",
        "go depth -1",
        "go depth 99999999999999999999",
        "go nodes",
        "go time nan",
        "go time inf",
        "go movestogo 3",
    ] {
        e.send(bad);
        let msg = e.expect_prefix("info message");
        assert!(msg.contains("go"), "{bad}: {msg}");
    }
    // Still idle: stop gets nobestmove, not a bestmove of a stray search.
    e.send("stop");
    e.expect("nobestmove");
    // Huge but well-formed times are accepted.
    e.send("go time 1e30 increment 0");
    e.send("stop");
    assert!(move_of(&e.bestmove()).is_some());
    // Another engine's words are set aside with a message; the search runs.
    e.send("go depth 2 sideways nodestime 0");
    let msg = e.expect_prefix("info message");
    assert!(msg.contains("ignored sideways, nodestime 0"), "{msg}");
    assert!(move_of(&e.bestmove()).is_some());
}

#[test]
fn end_of_input_ends_the_engine_even_while_thinking() {
    let mut e = Engine::with("ucci");
    e.send("go infinite");
    e.sync();
    e.close_input();
    assert!(move_of(&e.bestmove()).is_some());
    assert!(e.wait_exit().success());
}

#[test]
fn end_of_input_lets_a_bounded_search_finish() {
    let mut e = Engine::start();
    e.send_bytes(b"uci\nposition startpos\ngo depth 1\n");
    e.close_input();
    assert!(move_of(&e.bestmove()).is_some());
    assert!(e.wait_exit().success());
}

#[test]
fn end_of_input_stops_deferred_unbounded_searches_too() {
    let mut e = Engine::with("uci");
    e.send("go infinite");
    e.sync();
    e.send("go infinite");
    e.close_input();
    assert!(move_of(&e.bestmove()).is_some());
    assert!(move_of(&e.bestmove()).is_some());
    assert!(e.wait_exit().success());
}

/// Needs `kill -INT` (Unix).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_search_prints_the_move_and_exits() {
    let mut e = Engine::with("ucci");
    e.send("go infinite");
    e.sync();
    e.interrupt();
    assert!(move_of(&e.bestmove()).is_some());
    assert!(e.wait_exit().success());
}

#[test]
fn isready_is_answered_after_every_kind_of_bad_line() {
    let mut e = Engine::with("ucci");
    for bad in [
        "setoption",
        "setoption hashsize",
        "banmoves zz",
        "ponderhit maybe",
        "probe",
        "position fen",
        "perft",
        "bench x",
        "d extra words",
        "\u{feff}ucci",
    ] {
        e.send(bad);
        e.sync();
    }
    e.send("go depth 1");
    assert!(move_of(&e.bestmove()).is_some());
}

#[test]
fn a_long_perft_does_not_block_isready_or_quit() {
    let mut e = Engine::with("ucci");
    // Billions of leaves: it is still counting when the next lines arrive.
    e.send("perft 7");
    let before = e.sync();
    assert!(before.iter().all(|l| !l.starts_with("total")), "{before:?}");
    e.send("stop");
    assert!(e.expect_prefix("info message").contains("perft"));
    e.send("position startpos moves h2e2");
    assert!(e.expect_prefix("info message").contains("busy"));
    e.send("quit");
    e.expect("bye");
    assert!(e.wait_exit().success());
}

/// Forms some GUIs send beside the specifications (docs/gui.md, GUI by
/// GUI): the other protocol's word after the first (VinXiangQi), a bare
/// `newgame`, uci2wb's `uxinewgame`, `go depth infinite`.
#[test]
fn other_guis_forms_are_understood() {
    for (protocol, other) in [("ucci", "uci"), ("uci", "ucci")] {
        let mut e = Engine::with(protocol);
        e.send(other);
        let msg = e.expect_prefix("info ");
        assert!(msg.contains(&format!("{other} ignored")), "{msg}");
        e.send("newgame");
        e.send("uxinewgame");
        // No second greeting, nothing said about the new games.
        assert!(e.sync().is_empty(), "{protocol}");
        e.send("go depth infinite");
        e.assert_no_answer_yet();
        e.send("stop");
        assert!(move_of(&e.bestmove()).is_some(), "{protocol}");
    }
}
