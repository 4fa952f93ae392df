//! UCCI 3.0 transcripts against the real binary: every command and feedback,
//! the specification's ponder example (section 6, hit and miss), batch mode,
//! and the computer league's minimal command set (section 7).

mod protocol_harness;

use protocol_harness::{legal_moves, move_of, ponder_of, Engine, MATED, START};

/// Four red pawns: the promotion variant allows d0d0 here.
const FOUR_PAWNS: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn greeting_lists_ids_and_every_option_then_ucciok() {
    let mut e = Engine::start();
    e.send("ucci");
    let lines = e.expect("ucciok");
    for id in ["id name Chariot", "id copyright", "id author", "id user"] {
        assert!(lines.iter().any(|l| l.starts_with(id)), "{id}: {lines:?}");
    }
    for option in [
        "usemillisec type check",
        "batch type check default false",
        "debug type check default false",
        "ponder type check",
        "hashsize type spin min 0",
        "threads type spin min 0",
        "idle type combo var none var small var medium var large default none",
        "promotion type check default false",
        "pruning type combo",
        "knowledge type combo",
        "randomness type combo",
        "style type combo var normal var solid var risky default normal",
        "newgame type button",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option {option}"))),
            "option {option} missing: {lines:?}"
        );
    }
    // usemillisec comes before ucciok, as the specification asks.
    assert_eq!(lines.last().unwrap(), "ucciok");
}

#[test]
fn boot_state_waits_for_ucci() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 1");
    e.send("isready");
    e.expect("readyok");
    e.send("ucci");
    let lines = e.expect("ucciok");
    assert!(lines.iter().all(|l| !l.contains("bestmove")), "{lines:?}");
}

#[test]
fn quit_in_boot_state_exits() {
    let mut e = Engine::start();
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn isready_idle_and_thinking() {
    let mut e = Engine::with("ucci");
    assert!(e.sync().is_empty());
    e.send("go infinite");
    let before = e.sync();
    assert!(before.iter().all(|l| !l.contains("bestmove")), "{before:?}");
    e.send("stop");
    let best = e.bestmove();
    assert!(move_of(&best).is_some(), "{best}");
    assert!(e.sync().is_empty());
}

#[test]
fn stop_from_idle_answers_nobestmove() {
    let mut e = Engine::with("ucci");
    e.send("stop");
    e.expect("nobestmove");
}

#[test]
fn quit_while_thinking_gives_the_move_then_bye() {
    let mut e = Engine::with("ucci");
    e.send("go infinite");
    e.sync();
    e.send("quit");
    let best = e.bestmove();
    assert!(move_of(&best).is_some(), "{best}");
    e.expect("bye");
    assert!(e.wait_exit().success());
}

#[test]
fn quit_when_idle_says_bye_and_exits() {
    let mut e = Engine::with("ucci");
    e.send("quit");
    e.expect("bye");
    assert!(e.wait_exit().success());
}

#[test]
fn position_fen_and_startpos_with_moves() {
    let mut e = Engine::with("ucci");
    e.send("position startpos moves h2e2 h7e7");
    assert_eq!(
        e.fen(),
        "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    // The example of section 4: FEN of the position after the last capture.
    e.send("position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2 moves d9e8");
    let fen = e.fen();
    assert!(fen.starts_with("rnb1kabnr/4a4/1c2c4/p1p1C1p1p/"), "{fen}");
}

#[test]
fn bad_position_is_refused_and_the_old_one_kept() {
    let mut e = Engine::with("ucci");
    e.send("position startpos moves b0c2");
    let held = e.fen();
    for (bad, needle) in [
        ("position fen rnbakabnr/9/9 w", "ranks"),
        ("position startpos moves b0c2 b0c2", "move 2"),
        ("position startpos moves e0e9", "not a legal move"),
        ("position startpos moves h2", "not a move"),
        ("position", "startpos"),
        ("position fen", "FEN"),
        ("position startpos junk", "moves"),
    ] {
        e.send(bad);
        let msg = e.expect_prefix("info message");
        assert!(msg.contains(needle), "{bad}: {msg}");
        assert_eq!(e.fen(), held, "{bad} changed the position");
    }
}

#[test]
fn go_depth_nodes_and_time_give_a_legal_bestmove() {
    let mut e = Engine::with("ucci");
    e.send("position startpos moves h2e2");
    let legal = legal_moves(START, &["h2e2"]);
    for go in [
        "go depth 1",
        "go nodes 2000",
        "go time 1 increment 0",
        "go time 0.5 movestogo 10",
        "go time 2 increment 0.1 opptime 2 oppincrement 0.1",
        "go time 2 opptime 2 oppmovestogo 5",
    ] {
        e.send(go);
        let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
        let best = move_of(lines.last().unwrap()).unwrap();
        assert!(legal.contains(&best), "{go}: {best} is not legal");
        // Feedback is only info lines before the move.
        for l in &lines[..lines.len() - 1] {
            assert!(l.starts_with("info "), "{go}: {l}");
        }
    }
}

#[test]
fn search_reports_time_nodes_and_nps() {
    let mut e = Engine::with("ucci");
    e.send("go depth 1");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    let stats = lines
        .iter()
        .find(|l| l.starts_with("info time "))
        .unwrap_or_else(|| panic!("no info time line: {lines:?}"));
    let words: Vec<&str> = stats.split_whitespace().collect();
    assert_eq!(words[3], "nodes", "{stats}");
    assert_eq!(words[5], "nps", "{stats}");
    for i in [2, 4, 6] {
        assert!(words[i].parse::<u64>().is_ok(), "{stats}");
    }
}

#[test]
fn go_in_milliseconds_after_usemillisec() {
    let mut e = Engine::with("ucci");
    // Debug mode shows the limits the controller built from each go.
    e.send("setoption debug true");
    e.send("go time 2 increment 0.25 opptime 3");
    let limits = e.expect_prefix("info message search limits");
    assert!(limits.contains("time: 2s, increment: 250ms"), "{limits}");
    assert!(limits.contains("time: 3s"), "{limits}");
    e.bestmove();
    e.send("setoption usemillisec true");
    e.send("go time 2000 increment 250 opptime 3000");
    let limits = e.expect_prefix("info message search limits");
    assert!(limits.contains("time: 2s, increment: 250ms"), "{limits}");
    assert!(limits.contains("time: 3s"), "{limits}");
    e.bestmove();
    e.send("setoption debug false");
    e.send("go time 500 increment 0");
    assert!(move_of(&e.bestmove()).is_some());
    e.send("go time 0.5");
    assert!(move_of(&e.bestmove()).is_some());
}

#[test]
fn go_depth_0_prints_the_static_score_and_nobestmove() {
    let mut e = Engine::with("ucci");
    e.send("go depth 0");
    let lines = e.read_until("nobestmove", |l| l == "nobestmove");
    let score_line = &lines[lines.len() - 2];
    assert!(score_line.starts_with("info depth 0 score "), "{lines:?}");
    let score: i32 = score_line["info depth 0 score ".len()..].parse().unwrap();
    assert!(score.abs() < 10000, "{score}");
}

#[test]
fn no_legal_move_gives_nobestmove() {
    let mut e = Engine::with("ucci");
    e.send(&format!("position fen {MATED}"));
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "nobestmove");
    e.send("go time 1 increment 0");
    assert_eq!(e.bestmove(), "nobestmove");
}

/// UCCI's infinite search runs until a mate is found or stop: with no move
/// at all, nobestmove comes at once (a GUI analysing a mated position waits
/// for nothing); a ponder search still waits (see below).
#[test]
fn infinite_without_a_move_answers_nobestmove_at_once() {
    let mut e = Engine::with("ucci");
    e.send(&format!("position fen {MATED}"));
    e.send("go infinite");
    assert_eq!(e.bestmove(), "nobestmove");
    assert!(e.sync().is_empty());
}

#[test]
fn banmoves_are_respected_and_cleared_by_position() {
    let mut e = Engine::with("ucci");
    e.send("position startpos");
    e.send("go depth 1");
    let first = move_of(&e.bestmove()).unwrap();
    e.send(&format!("banmoves {first}"));
    e.send("go depth 1");
    let second = move_of(&e.bestmove()).unwrap();
    assert_ne!(first, second, "the banned move was played");
    // Ban every move but one: that one must come.
    let all = legal_moves(START, &[]);
    let keep = all.iter().find(|m| **m != first && **m != second).unwrap();
    let banned: Vec<&str> = all
        .iter()
        .filter(|m| *m != keep)
        .map(String::as_str)
        .collect();
    e.send(&format!("banmoves {}", banned.join(" ")));
    e.send("go depth 2");
    assert_eq!(move_of(&e.bestmove()).as_ref(), Some(keep));
    // Every move banned: nothing to play.
    e.send(&format!("banmoves {}", all.join(" ")));
    e.send("go depth 1");
    assert_eq!(e.bestmove(), "nobestmove");
    // The next position clears the bans.
    e.send("position startpos");
    e.send("go depth 1");
    assert_eq!(move_of(&e.bestmove()), Some(first));
}

#[test]
fn bad_banmoves_are_refused_and_the_old_bans_kept() {
    let mut e = Engine::with("ucci");
    e.send("position startpos");
    e.send("go depth 1");
    let first = move_of(&e.bestmove()).unwrap();
    e.send(&format!("banmoves {first}"));
    e.send("banmoves e0e9");
    let msg = e.expect_prefix("info message");
    assert!(msg.contains("banmoves"), "{msg}");
    e.send("go depth 1");
    assert_ne!(move_of(&e.bestmove()), Some(first));
}

/// Section 6, part 1: the GUI's guess is played (ponderhit).
#[test]
fn ponder_example_hit() {
    let mut e = Engine::with("ucci");
    e.send("setoption usemillisec true");
    e.send("setoption usebook false");
    e.send(&format!("position fen {START}"));
    e.send("go time 3000 increment 0");
    let best = e.bestmove();
    let first = move_of(&best).unwrap();
    let legal = legal_moves(START, &[&first]);
    let reply = &legal[0];
    e.send(&format!("position fen {START} moves {first} {reply}"));
    e.send("go ponder time 2950 increment 0");
    // Pondering never ends on its own.
    let lines = e.sync();
    assert!(lines.iter().all(|l| !l.contains("bestmove")), "{lines:?}");
    e.send("ponderhit");
    let best = e.bestmove();
    let m = move_of(&best).unwrap();
    assert!(legal_moves(START, &[&first, reply]).contains(&m), "{best}");
    // And the next ponder search starts from the new position.
    e.send(&format!("position fen {START} moves {first} {reply} {m}"));
    e.send("go ponder time 2900 increment 0");
    e.sync();
    e.send("stop");
    assert!(move_of(&e.bestmove()).is_some());
}

/// Section 6, part 2: the opponent played something else (stop, new position).
#[test]
fn ponder_example_miss() {
    let mut e = Engine::with("ucci");
    e.send("setoption usemillisec true");
    e.send("position startpos moves b0c2 b9c7");
    e.send("go ponder time 2950 increment 0");
    e.sync();
    e.send("stop");
    let best = e.bestmove();
    assert!(legal_moves(START, &["b0c2", "b9c7"]).contains(&move_of(&best).unwrap()));
    e.send("position startpos moves b0c2 c6c5");
    e.send("go time 2950 increment 0");
    let best = e.bestmove();
    assert!(legal_moves(START, &["b0c2", "c6c5"]).contains(&move_of(&best).unwrap()));
}

/// Every red move allows i5i0 mate: the ponder move would be the mate, and
/// pondering there would only lead to `nobestmove` after `stop`, which
/// uci2wb (xboard's adapter) never accepts as the end of a ponder search.
#[test]
fn no_ponder_move_that_mates_us() {
    let mut e = Engine::with("ucci");
    let fen = "5k3/9/9/P8/8r/9/9/9/r8/4K4 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 6");
    let best = e.bestmove();
    let mv = move_of(&best).expect("a move");
    // A ponder move, if any, is one after which Red still has a move (a
    // longer way to lose, such as a1a0 after e0d0), never the mate.
    if let Some(ponder) = ponder_of(&best) {
        assert!(legal_moves(fen, &[&mv]).contains(&ponder), "{best}");
        assert!(!legal_moves(fen, &[&mv, &ponder]).is_empty(), "{best}");
    }
    // Elsewhere the ponder move is offered.
    e.send("position startpos");
    e.send("go depth 6");
    assert!(e.bestmove().contains(" ponder "));
}

/// A ponder search of a position without a move still waits for ponderhit
/// or stop before its `nobestmove`.
#[test]
fn ponder_without_a_move_answers_only_after_ponderhit_or_stop() {
    let mut e = Engine::with("ucci");
    e.send(&format!("position fen {MATED}"));
    e.send("go ponder time 1000 increment 0");
    e.assert_no_answer_yet();
    e.send("ponderhit");
    assert_eq!(e.bestmove(), "nobestmove");
    e.send("go ponder time 1000 increment 0");
    e.assert_no_answer_yet();
    e.send("stop");
    assert_eq!(e.bestmove(), "nobestmove");
    // Answered once: the engine is idle again.
    assert!(e.sync().is_empty());
}

/// UCCI refuses setoption while thinking (section 3 (3)): threads and
/// hashsize sent again and again during searches are refused with a message
/// each, the searches answer as usual, and the same options are taken once
/// the engine is idle.
#[test]
fn threads_and_hashsize_during_searches_are_refused_and_break_nothing() {
    let mut e = Engine::with("ucci");
    for round in 0..12 {
        e.send("go infinite");
        e.sync();
        e.send(&format!("setoption threads {}", 1 + round % 4));
        assert!(e.expect_prefix("info message").contains("busy"));
        e.send(&format!("setoption hashsize {}", 1 << (round % 5)));
        assert!(e.expect_prefix("info message").contains("busy"));
        e.send("stop");
        assert!(move_of(&e.bestmove()).is_some(), "round {round}");
        e.send(&format!("setoption threads {}", 1 + round % 4));
        e.send(&format!("setoption hashsize {}", 1 << (round % 5)));
        assert!(e.sync().is_empty(), "taken silently when idle");
    }
    e.send("go depth 4");
    assert!(move_of(&e.bestmove()).is_some());
}

#[test]
fn ponderhit_draw_is_understood() {
    let mut e = Engine::with("ucci");
    e.send("setoption usemillisec true");
    e.send("go ponder time 1000 increment 0");
    e.sync();
    e.send("ponderhit draw");
    let best = e.bestmove();
    let words: Vec<&str> = best.split_whitespace().collect();
    assert_eq!(words[0], "bestmove");
    assert!(words.len() <= 5, "{best}");
}

#[test]
fn batch_mode_reads_nothing_while_thinking_and_loses_nothing() {
    let mut e = Engine::with("ucci");
    // Sent in one go, as a redirected file would be (section 3, note 4).
    e.send_bytes(
        b"setoption batch true\n\
          position startpos\n\
          go depth 2\n\
          position startpos moves h2e2\n\
          go depth 2\n\
          quit\n",
    );
    let first = move_of(&e.bestmove()).unwrap();
    assert!(legal_moves(START, &[]).contains(&first));
    let second = move_of(&e.bestmove()).unwrap();
    assert!(legal_moves(START, &["h2e2"]).contains(&second), "{second}");
    e.expect("bye");
    assert!(e.wait_exit().success());
}

/// Needs `kill -INT` (Unix).
#[cfg(unix)]
#[test]
fn batch_mode_reads_no_input_while_thinking() {
    let mut e = Engine::with("ucci");
    e.send("setoption batch true");
    e.send_bytes(b"go depth 2\nisready\n");
    let lines = e.expect("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove")),
        "isready was read while thinking in batch mode: {lines:?}"
    );
    // An endless search in batch mode: isready and stop wait unread, and
    // only Ctrl-C ends it.
    e.send("go infinite");
    e.send("isready");
    e.send("stop");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.interrupt();
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().all(|l| l != "readyok"),
        "input was read while thinking in batch mode: {lines:?}"
    );
    assert!(e.wait_exit().success());
}

#[test]
fn commands_of_the_idle_state_are_refused_while_thinking() {
    let mut e = Engine::with("ucci");
    e.send("go infinite");
    e.sync();
    e.send("position startpos moves h2e2");
    let msg = e.expect_prefix("info message");
    assert!(msg.contains("thinking"), "{msg}");
    e.send("stop");
    e.bestmove();
    assert_eq!(
        e.fen(),
        START,
        "a position sent while thinking must not be taken"
    );
}

/// Section 7: what the league simulator sends, and what it needs back.
#[test]
fn league_minimal_command_set() {
    let mut e = Engine::start();
    e.send("ucci");
    let greeting = e.expect("ucciok");
    assert!(greeting.iter().any(|l| l.starts_with("option usemillisec")));
    e.send("setoption usemillisec true");
    // A long game since the last capture, as the simulator sends it.
    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "b7a7", "c3c4",
        "h7i7", "b2a2", "g6g5", "g3g4",
    ];
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    e.send(&format!(
        "position fen {fen} - - 0 1 moves {}",
        moves.join(" ")
    ));
    let legal = legal_moves(START, &moves);
    e.send(&format!("banmoves {}", legal[0]));
    e.send("go draw time 5000 increment 100 opptime 5000 oppincrement 100");
    let best = e.bestmove();
    let words: Vec<&str> = best.split_whitespace().collect();
    assert_eq!(words[0], "bestmove", "{best}");
    assert!(legal.contains(&words[1].to_string()), "{best}");
    assert_ne!(words[1], legal[0], "banned move played");
    // Optional `ponder P`, then at most one of draw/resign.
    let mut rest = &words[2..];
    if rest.first() == Some(&"ponder") {
        assert_eq!(rest.len().min(2), 2, "{best}");
        rest = &rest[2..];
    }
    assert!(
        rest.is_empty() || (rest.len() == 1 && matches!(rest[0], "draw" | "resign")),
        "{best}"
    );
    // The simulator's stop after the time is gone, while thinking.
    e.send("go time 100000 increment 0 opptime 100000 oppincrement 0");
    e.send("stop");
    e.bestmove();
    e.send("quit");
    e.expect("bye");
    assert!(e.wait_exit().success());
}

#[test]
fn probe_answers_pophash_idle_and_thinking() {
    let mut e = Engine::with("ucci");
    e.send("go depth 2");
    e.bestmove();
    e.send("probe startpos");
    let line = e.expect_prefix("pophash");
    check_pophash(&line);
    e.send("go infinite");
    e.send("probe fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2");
    check_pophash(&e.expect_prefix("pophash"));
    e.send("stop");
    e.bestmove();
    e.send("probe startpos moves e0e9");
    assert!(e.expect_prefix("info message").contains("probe"));
}

/// `pophash [bestmove M] [lowerbound B depth D] [upperbound A depth D]`.
fn check_pophash(line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "pophash");
    let mut i = 1;
    if words.get(i) == Some(&"bestmove") {
        assert_eq!(words[i + 1].len(), 4, "{line}");
        i += 2;
    }
    for bound in ["lowerbound", "upperbound"] {
        if words.get(i) == Some(&bound) {
            assert!(words[i + 1].parse::<i32>().is_ok(), "{line}");
            assert_eq!(words[i + 2], "depth", "{line}");
            assert!(words[i + 3].parse::<u32>().is_ok(), "{line}");
            i += 4;
        }
    }
    assert_eq!(i, words.len(), "{line}");
}

#[test]
fn setoption_changes_what_ucci_lists_and_bad_values_change_nothing() {
    let mut e = Engine::with("ucci");
    for set in [
        "setoption batch false",
        "setoption debug false",
        "setoption ponder true",
        "setoption usebook false",
        "setoption hashsize 16",
        "setoption threads 2",
        "setoption idle small",
        "setoption promotion true",
        "setoption pruning medium",
        "setoption knowledge small",
        "setoption randomness medium",
        "setoption style risky",
        "setoption newgame",
        "setoption selectivity large",
        "setoption loadbook",
    ] {
        e.send(set);
    }
    // Accepted silently: no message before readyok.
    assert!(e.sync().is_empty());
    // Book files that cannot be read are named; the engine plays on.
    e.send("setoption bookfiles BOOK.DAT;OTHER.DAT");
    let said = e.sync();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].contains("book not used") && said[0].contains("BOOK.DAT"),
        "{said:?}"
    );
    for bad in [
        "setoption hashsize 1000000000",
        "setoption hashsize -5",
        "setoption threads many",
        "setoption idle huge",
        "setoption style wild",
        "setoption ponder perhaps",
        "setoption pruning",
    ] {
        e.send(bad);
        let msg = e.expect_prefix("info message");
        assert!(msg.contains("setoption"), "{bad}: {msg}");
    }
    e.send("ucci");
    let lines = e.expect("ucciok");
    for now in [
        "option ponder type check default true",
        "option hashsize type spin min 0 max 65536 default 16",
        "option threads type spin min 0 max 1024 default 2",
        "option idle type combo var small var none var medium var large default small",
        "option promotion type check default true",
        "option pruning type combo var medium var none var small var large default medium",
        "option knowledge type combo var small var none var medium var large default small",
        "option randomness type combo var medium var none var small var large default medium",
        "option style type combo var risky var solid var normal default risky",
    ] {
        assert!(lines.iter().any(|l| l == now), "{now}: {lines:?}");
    }
}

#[test]
fn hashsize_and_threads_zero_mean_automatic() {
    let mut e = Engine::with("ucci");
    e.send("setoption hashsize 0");
    e.send("setoption threads 0");
    assert!(e.sync().is_empty());
    e.send("ucci");
    let lines = e.expect("ucciok");
    let value = |name: &str| -> usize {
        let l = lines
            .iter()
            .find(|l| l.starts_with(&format!("option {name} ")))
            .unwrap();
        l.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert!(value("hashsize") > 0);
    assert!(value("threads") > 0);
}

#[test]
fn promotion_option_allows_advisor_and_elephant_promotion() {
    let mut e = Engine::with("ucci");
    e.send(&format!("position fen {FOUR_PAWNS} moves d0d0"));
    assert!(e.expect_prefix("info message").contains("d0d0"));
    assert_eq!(e.fen(), START, "a refused position leaves the old one");
    e.send("setoption promotion true");
    e.send(&format!("position fen {FOUR_PAWNS} moves d0d0"));
    let fen = e.fen();
    assert!(fen.contains("/RNBPKABNR b "), "{fen}");
    // The search may play promotions now; whatever it plays is legal there.
    e.send(&format!("position fen {FOUR_PAWNS}"));
    e.send("go depth 1");
    let best = move_of(&e.bestmove()).unwrap();
    let mut pos = chariot_core::Position::from_fen(FOUR_PAWNS).unwrap();
    pos.promotion = true;
    assert!(pos.parse_move(&best).is_ok(), "{best}");
}

#[test]
fn debug_mode_reports_unknown_commands() {
    let mut e = Engine::with("ucci");
    e.send("frobnicate 1 2 3");
    assert!(e.sync().is_empty(), "unknown commands are ignored silently");
    e.send("setoption debug true");
    e.send("frobnicate 1 2 3");
    let msg = e.expect_prefix("info message");
    assert!(msg.contains("frobnicate"), "{msg}");
}

#[test]
fn extras_perft_d_eval_bench() {
    let mut e = Engine::with("ucci");
    e.send("perft 2");
    let lines = e.read_until("perft total", |l| l.starts_with("total "));
    assert_eq!(lines.len(), 45, "44 root moves and the total");
    assert!(lines[44].starts_with("total 1920 "), "{}", lines[44]);
    e.send("go perft 3");
    assert!(e.expect_prefix("total ").starts_with("total 79666 "));
    e.send("position startpos moves h2e2");
    assert_eq!(
        e.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    e.send("eval");
    let lines = e.sync();
    for term in [
        "Material",
        "Mobility",
        "King safety",
        "Hollow cannon",
        "Tempo",
        "Final score",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(term)),
            "eval lacks {term}: {lines:?}"
        );
    }
    e.send("bench 1 1 1 1");
    assert!(e.expect_prefix("info message").contains("bench"));
    e.send("bench 1 1 1");
    e.expect_prefix("Nodes searched");
    // Its last line; then the engine is idle again.
    e.expect_prefix("Nodes/second");
    // Bench searches with its own engine: the held position is untouched.
    assert_eq!(
        e.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
}
