//! SPSA through the `chariot-league` command line, with the test engine
//! advertising the tuned options: the trajectory file, the plot, the values
//! each side was given, resuming with -recover, and the refusals.

mod common;

use common::{empty_scratch_dir, league, FAKE};

fn args(d: &std::path::Path, engine_args: &str, iterations: u64, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = vec![
        "-engine".into(),
        format!("cmd={FAKE}"),
        "name=fake".into(),
        "proto=ucci".into(),
    ];
    for w in engine_args.split_whitespace() {
        a.push(format!("arg={w}"));
    }
    a.extend(
        [
            "-each",
            "nodes=100",
            "-concurrency",
            "2",
            "-noprogress",
            "-spsa",
        ]
        .map(String::from),
    );
    a.push(d.join("p.spsa").display().to_string());
    a.push(format!("iterations={iterations}"));
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

#[test]
fn an_spsa_run_writes_its_trajectory_and_plot_and_resumes() {
    let d = empty_scratch_dir("chariot-spsa-run");
    std::fs::write(
        d.join("p.spsa"),
        "# name, start, min, max, c_end, r_end\nAlpha, 500, 0, 1000, 20, 0.002\nBeta, 100, 50, 150, 5, 0.002\n",
    )
    .unwrap();
    let record = d.join("record.txt");
    let engine = format!("--spins Alpha,Beta --record {}", record.display());
    let (ok, out, err) = league(&args(&d, &engine, 6, &[]));
    assert!(ok, "{out}\n{err}");
    let csv = std::fs::read_to_string(d.join("p.trajectory.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "iteration,result,Alpha,Beta");
    assert_eq!(lines.len(), 2 + 6, "{csv}");
    for (i, l) in lines[1..].iter().enumerate() {
        let f: Vec<f64> = l.split(',').map(|x| x.parse().unwrap()).collect();
        assert_eq!(f[0] as usize, i);
        assert!((-2.0..=2.0).contains(&f[1]));
        assert!(
            (0.0..=1000.0).contains(&f[2]) && (50.0..=150.0).contains(&f[3]),
            "{l}"
        );
    }
    let png = std::fs::read(d.join("p.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(out.contains("SPSA: 6 of 6 iterations"), "{out}");
    // Each side got theta ± c_k: every Alpha sent lies within c_1 of 500.
    let sent = std::fs::read_to_string(&record).unwrap();
    let alphas: Vec<i64> = sent
        .lines()
        .filter_map(|l| l.strip_prefix("setoption Alpha "))
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(alphas.len(), 6 * 2 * 2, "two games, two sides, six pairs");
    let c1 = 20.0 * 6f64.powf(0.101);
    assert!(
        alphas
            .iter()
            .all(|&a| (a as f64 - 500.0).abs() <= c1 + 30.0),
        "{alphas:?}"
    );
    assert!(alphas.iter().any(|&a| a != 500));

    // -recover goes on from the sixth iteration to the tenth.
    let (ok, out, err) = league(&args(&d, &engine, 10, &["-recover"]));
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("Resumed from") && out.contains("after 6 iterations"),
        "{out}"
    );
    let csv = std::fs::read_to_string(d.join("p.trajectory.csv")).unwrap();
    assert_eq!(csv.lines().count(), 2 + 10, "{csv}");
    assert!(csv.lines().last().unwrap().starts_with("10,"));
}

#[test]
fn spsa_refuses_an_engine_without_the_options_and_bad_files() {
    let d = empty_scratch_dir("chariot-spsa-refuse");
    std::fs::write(d.join("p.spsa"), "Alpha, 500, 0, 1000, 20, 0.002\n").unwrap();
    let (ok, _, err) = league(&args(&d, "", 2, &[]));
    assert!(!ok);
    assert!(err.contains("has no option Alpha"), "{err}");

    std::fs::write(d.join("p.spsa"), "Alpha, 5000, 0, 1000, 20, 0.002\n").unwrap();
    let (ok, _, err) = league(&args(&d, "--spins Alpha", 2, &[]));
    assert!(!ok);
    assert!(err.contains("line 1") && err.contains("outside"), "{err}");

    std::fs::write(d.join("p.spsa"), "Alpha, 500, 0, 1000, 20, 0.002\n").unwrap();
    let (ok, _, err) = league(&args(&d, "--spins Alpha", 0, &[]));
    assert!(!ok);
    assert!(err.contains("iterations must be at least 1"), "{err}");
}

#[test]
fn the_engine_writes_a_parameter_file_spsa_reads() {
    let (ok, text, _) = common::run(common::chariot_engine(), &["spsa-params"]);
    assert!(ok);
    let params = chariot_league::spsa::parse_params(&text, "spsa-params").unwrap();
    // Every parameter line is read, each start within its range.
    let lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .count();
    assert_eq!(params.len(), lines);
    assert!(params.len() >= 40, "{} parameters", params.len());
    for p in &params {
        assert!(p.min <= p.start && p.start <= p.max, "{}", p.name);
    }
    let rfp = params.iter().find(|p| p.name == "RFP_MARGIN").unwrap();
    assert!(rfp.r_end == 0.002);
    let (ok, _, err) = common::run(common::chariot_engine(), &["spsa-params", "-1"]);
    assert!(!ok);
    assert!(err.contains("not a positive number"));
}

#[test]
fn a_screening_against_a_rival_sets_the_switches_on_the_screened_engine_only() {
    let d = empty_scratch_dir("chariot-screen-rival");
    std::fs::write(d.join("sw.txt"), "Alpha 100 900\nBeta 0 50\n").unwrap();
    let (screened, rival) = (d.join("screened.txt"), d.join("rival.txt"));
    let mut a: Vec<String> = Vec::new();
    for (name, engine_args) in [
        (
            "fake",
            format!("--spins Alpha,Beta --record {}", screened.display()),
        ),
        ("rival", format!("--record {}", rival.display())),
    ] {
        a.extend([
            "-engine".into(),
            format!("cmd={FAKE}"),
            format!("name={name}"),
        ]);
        a.push("proto=ucci".into());
        a.extend(engine_args.split_whitespace().map(|w| format!("arg={w}")));
    }
    a.extend(
        [
            "-each",
            "nodes=100",
            "-concurrency",
            "2",
            "-noprogress",
            "-screen",
        ]
        .map(String::from),
    );
    a.push(d.join("sw.txt").display().to_string());
    a.push("pairs=6".into());
    let (ok, out, err) = league(&a);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("6 pairs against the rival"), "{out}");
    let csv = std::fs::read_to_string(d.join("sw.pairs.csv")).unwrap();
    assert!(csv.starts_with("pair,vs_rival,Alpha,Beta\n"), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 6, "{csv}");
    // Each game, the screened engine is given every switch at one of its
    // two values; the rival is given none.
    let sent = std::fs::read_to_string(&screened).unwrap();
    let alphas: Vec<&str> = sent
        .lines()
        .filter_map(|l| l.strip_prefix("setoption Alpha "))
        .collect();
    assert_eq!(alphas.len(), 6 * 2, "{sent}");
    assert!(
        alphas.iter().all(|v| ["100", "900"].contains(v)),
        "{alphas:?}"
    );
    let rival_sent = std::fs::read_to_string(&rival).unwrap();
    assert!(rival_sent.contains("go"), "the rival played: {rival_sent}");
    assert!(!rival_sent.contains("Alpha") && !rival_sent.contains("Beta"));
    // The report reads the file as a screening against a rival.
    let (ok, out, err) = league(&[
        "-report".into(),
        d.join("sw.pairs.csv").display().to_string(),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("6 pairs against the rival") && out.contains("  Beta "),
        "{out}"
    );
}
