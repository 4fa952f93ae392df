//! The binary's command-line subcommands: they run once and exit.

mod common;
mod protocol_harness;

use protocol_harness::chariot;

#[test]
fn perft_from_the_start_and_from_a_fen() {
    let (ok, text, _) = chariot(&["perft", "2"]);
    assert!(ok);
    assert_eq!(text.lines().count(), 45, "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("total 1920 "),
        "{text}"
    );

    // The FEN as one argument or as several, with threads.
    let fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1";
    let (_, text, _) = chariot(&["perft", "3", fen, "--threads", "2"]);
    assert!(text.lines().last().unwrap().starts_with("total 3707 "));
    let mut args = vec!["perft", "3"];
    args.extend(fen.split(' '));
    let (_, text, _) = chariot(&args);
    assert!(text.lines().last().unwrap().starts_with("total 3707 "));
}

#[test]
fn bad_arguments_fail_with_a_message() {
    for args in [
        &["perft", "x"][..],
        &["perft", "2", "not/a/fen"],
        &["perft", "2", "--threads"],
        &["perft", "2", "--threads", "0"],
        &["perft", "2", "--threads", "100000"],
        &["bench", "many"],
        &["bench", "1", "1", "1", "/no/such/positions.fen"],
        &["bench", "1", "1", "1", "default", "furlongs"],
        &["bench", "1", "1", "0", "default", "depth"],
        &["bench", "1", "1", "1", "default", "depth", "extra"],
        &["frobnicate"],
    ] {
        let (ok, _, err) = chariot(args);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.starts_with("chariot: "), "{args:?}: {err}");
    }
}

#[test]
fn bench_subcommand_runs_its_positions() {
    let (ok, text, _) = chariot(&["bench", "1", "1", "1"]);
    assert!(ok);
    let nodes = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched"))
        .unwrap_or_else(|| panic!("no node total: {text}"));
    let n: u64 = nodes.trim_start_matches([' ', ':']).trim().parse().unwrap();
    assert!(n > 0, "{text}");
}

#[test]
fn bench_json_is_one_object_that_adds_up() {
    let (ok, text, _) = chariot(&["bench", "--json", "1", "1", "2"]);
    assert!(ok);
    let last = text.lines().last().unwrap_or_else(|| panic!("no output"));
    let v: serde_json::Value = serde_json::from_str(last).unwrap_or_else(|e| panic!("{e}: {last}"));
    assert_eq!(v["hash_mb"], 1);
    assert_eq!(v["threads"], 1);
    assert_eq!(v["depth"], 2);
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), chariot::bench::BENCH_FENS.len());
    let sum: u64 = positions.iter().map(|p| p["nodes"].as_u64().unwrap()).sum();
    assert_eq!(v["nodes"].as_u64(), Some(sum));
    assert!(sum > 0);
    for (p, fen) in positions.iter().zip(chariot::bench::BENCH_FENS) {
        assert_eq!(p["fen"], fen);
        assert!(p["bestmove"].as_str().is_some_and(|m| m.len() == 4), "{p}");
    }
    // The text report of the same search counts the same nodes: one thread
    // at a fixed depth is deterministic.
    let (_, text, _) = chariot(&["bench", "1", "1", "2"]);
    assert!(text.contains(&format!("Nodes searched  : {sum}")), "{text}");
}

#[test]
fn bench_takes_a_peers_arguments_a_file_of_positions_and_a_node_limit() {
    let dir = common::scratch_dir("chariot-bench");
    let file = dir.join("two.epd");
    // A FEN and an EPD line with an operation; a comment and a blank line.
    std::fs::write(
        &file,
        "# two positions\n\
         rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\n\
         3k5/9/9/9/9/9/9/9/9/R3K4 w - - bm a0a9;\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (ok, text, err) = chariot(&["bench", "1", "1", "3000", path, "nodes", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(
        (v["limit_kind"].as_str(), v["limit"].as_u64()),
        (Some("nodes"), Some(3000))
    );
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2);
    assert!(positions[1]["fen"].as_str().unwrap().starts_with("3k5/"));
    for p in positions {
        // A node limit is kept to within a poll's worth of nodes.
        let n = p["nodes"].as_u64().unwrap();
        assert!((1..=3000 + 2048).contains(&n), "{p}");
    }
    // `default` is the built-in set; the limit's kind defaults to depth.
    let (_, text, _) = chariot(&["bench", "1", "1", "2", "default", "--json"]);
    let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(v["depth"], 2);
    assert_eq!(
        v["positions"].as_array().unwrap().len(),
        chariot::bench::BENCH_FENS.len()
    );
    // A file with a bad line is refused with the line named.
    let bad = dir.join("bad.fen");
    std::fs::write(
        &bad,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nnot a fen\n",
    )
    .unwrap();
    let (ok, _, err) = chariot(&["bench", "1", "1", "2", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("line 2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyse_annotates_a_game_and_draws_its_graph() {
    let dir = common::scratch_dir("chariot-analyse");
    let game = dir.join("game.pgn");
    // Black's h7h0 puts a cannon where the rook takes it.
    std::fs::write(
        &game,
        "[Red \"R\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. H2-E2 H9-G7 2. H0-G2 H7-H0 3. I0-H0 *\n",
    )
    .unwrap();
    let (out, png) = (dir.join("out.pgn"), dir.join("graph.png"));
    let (ok, _, err) = chariot(&[
        "analyse",
        game.to_str().unwrap(),
        "--depth",
        "5",
        "--threads",
        "1",
        "--hash",
        "16",
        "-o",
        out.to_str().unwrap(),
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[Annotator \"Chariot"), "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("H7-H0?"), "the lost cannon is marked: {text}");
    assert_eq!(
        flat.matches("/5}").count(),
        5,
        "a score at depth 5 after every move: {text}"
    );
    let again = chariot_core::pgn::read_games(&text).unwrap();
    assert_eq!(again[0].moves.len(), 5);
    assert_eq!(&std::fs::read(&png).unwrap()[..4], b"\x89PNG");

    // The same game in Chinese notation, as players write it.
    let (ok, chinese, err) = chariot(&[
        "analyse",
        game.to_str().unwrap(),
        "--depth",
        "3",
        "--threads",
        "1",
        "--hash",
        "16",
        "--notation",
        "chinese",
    ]);
    assert!(ok, "{err}");
    assert!(chinese.contains("[Format \"Chinese\"]"), "{chinese}");
    assert!(chinese.contains("1. 炮二平五"), "{chinese}");
    assert_eq!(
        chariot_core::pgn::read_games(&chinese).unwrap()[0].moves,
        again[0].moves
    );

    for (args, why) in [
        (
            vec!["analyse", "x.pgn", "--notation", "wxf"],
            "not iccs or chinese",
        ),
        (vec!["analyse"], "no game file"),
        (vec!["analyse", "missing.pgn"], "cannot read"),
        (
            vec!["analyse", "x.pgn", "--depth", "0"],
            "not a number from 1",
        ),
        (
            vec!["analyse", "x.pgn", "--depth", "3", "--movetime", "9"],
            "not both",
        ),
    ] {
        let (ok, _, err) = chariot(&args);
        assert!(!ok);
        assert!(err.contains(why), "{args:?}");
    }
}

#[test]
fn the_bench_positions_file_is_the_built_in_set() {
    // Another engine's bench reads the file; Chariot's the array: the same 30.
    let text = common::read_data("bench/bench-30.fen");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines, chariot::bench::BENCH_FENS);
}
