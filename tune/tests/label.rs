//! chariot-label: another engine's scores in Red's view and scaled, mates
//! skipped as comment lines, the input's order kept, an interrupted run
//! resumed, bad input refused before anything is searched. The engine here
//! is our own (`chariot`), at a few hundred nodes.

#[path = "../../core/tests/common/mod.rs"]
mod common;

use chariot_tune::record::Record;
use std::path::Path;
use std::process::Command;

const LABEL: &str = env!("CARGO_BIN_EXE_chariot-label");

/// Red a rook and a horse up, with Red and then Black to move; Red mates in one.
const AHEAD_RED_TO_MOVE: &str =
    "2bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const AHEAD_BLACK_TO_MOVE: &str =
    "2bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
const MATE_IN_ONE: &str = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1";

fn data(name: &str, lines: &[&str]) -> std::path::PathBuf {
    let path = common::scratch_file(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Runs chariot-label on `input` into `out` with the extra `args`: whether
/// it succeeded, and its standard error.
fn label(input: &Path, out: &Path, args: &[&str]) -> (bool, String) {
    let engine = common::chariot_engine();
    let o = Command::new(LABEL)
        .arg("-o")
        .arg(out)
        .arg("--engine")
        .arg(&engine)
        .args([
            "--proto",
            "ucci",
            "--nodes",
            "400",
            "--option",
            "hashsize=1",
        ])
        .args(args)
        .arg(input)
        .output()
        .expect("run chariot-label");
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn record(line: &str) -> Record {
    Record::parse(line)
        .unwrap()
        .expect("a record, not a comment")
}

#[test]
fn scores_are_reds_view_scaled_and_mates_skipped_in_the_inputs_order() {
    let input = data(
        "label-in.txt",
        &[
            &format!("{AHEAD_RED_TO_MOVE};0;1"),
            &format!("{MATE_IN_ONE};0;1"),
            "# a comment, not a position",
            &format!("{AHEAD_BLACK_TO_MOVE};0;0.5"),
        ],
    );
    let out = common::scratch_file("label-out.txt");
    let (ok, err) = label(&input, &out, &[]);
    assert!(ok, "{err}");
    let got = lines(&out);
    assert_eq!(got.len(), 3, "a line for each position: {got:?}");
    let (first, third) = (record(&got[0]), record(&got[2]));
    assert_eq!((first.fen.as_str(), first.result), (AHEAD_RED_TO_MOVE, 1.0));
    assert_eq!(
        (third.fen.as_str(), third.result),
        (AHEAD_BLACK_TO_MOVE, 0.5)
    );
    // A rook and a horse up is worth far more than a cannon to Red, whoever is to move
    // (the engine says it from Black's view in the third).
    assert!(first.score > 250, "{}", got[0]);
    assert!(third.score > 250, "{}", got[2]);
    assert!(
        got[1].starts_with("# skipped: decisive") && got[1].contains(MATE_IN_ONE),
        "{}",
        got[1]
    );
    // The same run at half the scale: one engine, the same positions in the
    // same order, so the same searches.
    let half = common::scratch_file("label-half.txt");
    let (ok, err) = label(&input, &half, &["--scale", "0.5"]);
    assert!(ok, "{err}");
    let halved = lines(&half);
    for i in [0, 2] {
        let (full, half) = (record(&got[i]), record(&halved[i]));
        assert_eq!(half.score, (f64::from(full.score) * 0.5).round() as i32);
    }
}

#[test]
fn an_interrupted_run_goes_on_where_it_stopped() {
    let positions: Vec<String> = common::epd_fens("openings/openings.epd")
        .into_iter()
        .take(6)
        .map(|fen| format!("{fen};0;0.5"))
        .collect();
    let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
    let input = data("label-resume-in.txt", &refs);
    let out = common::scratch_file("label-resume-out.txt");
    let (ok, err) = label(&input, &out, &["--workers", "2"]);
    assert!(ok, "{err}");
    let whole = lines(&out);
    assert_eq!(whole.len(), 6);
    // Two lines done and a third cut short: the run mends the cut and goes on.
    let resumed = common::scratch_file("label-resume-again.txt");
    std::fs::write(
        &resumed,
        format!("{}\n{}\n{}", whole[0], whole[1], &whole[2][..20]),
    )
    .unwrap();
    let (ok, err) = label(&input, &resumed, &[]);
    assert!(ok, "{err}");
    let again = lines(&resumed);
    assert_eq!(again.len(), 6, "{again:?}");
    assert_eq!(again[..2], whole[..2]);
    for (a, w) in again.iter().zip(&whole) {
        assert_eq!(record(a).fen, record(w).fen);
    }
    // Run once more: nothing is left to do, nothing is added.
    let (ok, err) = label(&input, &resumed, &[]);
    assert!(ok, "{err}");
    assert_eq!(lines(&resumed), again);
}

#[test]
fn bad_input_is_refused_before_anything_is_searched() {
    let good = format!("{AHEAD_RED_TO_MOVE};0;1");
    for (bad, reason) in [
        ("not a record", "expected FEN;score;result"),
        ("rnbakabnr/9/9 w - - 0 1;0;1", "bad FEN"),
        (
            &format!("{AHEAD_RED_TO_MOVE};0;2") as &str,
            "result must be",
        ),
    ] {
        let input = data("label-bad-in.txt", &[&good, bad]);
        let out = common::scratch_file("label-bad-out.txt");
        let (ok, err) = label(&input, &out, &[]);
        assert!(!ok, "{bad}");
        assert!(err.contains(":2:") && err.contains(reason), "{bad}: {err}");
        assert!(!out.exists(), "{bad}: nothing is written");
    }
    // An output with more lines than there are positions is another run's.
    let input = data("label-bad-in.txt", &[&good]);
    let out = data("label-bad-out.txt", &[&good, &good]);
    let (ok, err) = label(&input, &out, &[]);
    assert!(!ok && err.contains("not a run of these files"), "{err}");
    assert_eq!(lines(&out).len(), 2, "the other run's file is left alone");
    // No such engine: a clear error, and no file.
    let out = common::scratch_file("label-no-engine.txt");
    let missing = Command::new(LABEL)
        .arg("-o")
        .arg(&out)
        .args(["--engine", "/no/such/engine"])
        .arg(&input)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(
        !missing.status.success() && err.contains("cannot start"),
        "{err}"
    );
    assert!(!out.exists());
}
