//! The binary's command-line subcommands: they run once and exit.

use std::process::{Command, Output};

fn chariot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(args)
        .output()
        .expect("the chariot binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_from_the_start_and_from_a_fen() {
    let o = chariot(&["perft", "2"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 45, "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("total 1920 "),
        "{text}"
    );

    // The FEN as one argument or as several, with threads.
    let fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1";
    let o = chariot(&["perft", "3", fen, "--threads", "2"]);
    assert!(stdout(&o)
        .lines()
        .last()
        .unwrap()
        .starts_with("total 3707 "));
    let mut args = vec!["perft", "3"];
    args.extend(fen.split(' '));
    let o = chariot(&args);
    assert!(stdout(&o)
        .lines()
        .last()
        .unwrap()
        .starts_with("total 3707 "));
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
        &["bench", "1", "1", "1", "1"],
        &["frobnicate"],
    ] {
        let o = chariot(args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("chariot: "), "{args:?}: {err}");
    }
}

#[test]
fn bench_subcommand_runs_its_positions() {
    let o = chariot(&["bench", "1", "1", "1"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let nodes = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched"))
        .unwrap_or_else(|| panic!("no node total: {text}"));
    let n: u64 = nodes.trim_start_matches([' ', ':']).trim().parse().unwrap();
    assert!(n > 0, "{text}");
}
