//! Whole matches through the `chariot-league` command line: two copies of
//! Chariot at a tiny node limit (the PGN, the table and the Elo arithmetic
//! checked against each other), and the test engine for the command line's
//! own behaviour.

mod common;

use chariot_core::Position;
use chariot_league::stats::elo_from_score;
use common::{league, scratch_file, FAKE};

/// One game read back from the PGN file.
struct PgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    comment: String,
}

impl PgnGame {
    fn tag(&self, k: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.as_str())
    }
}

fn read_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    for chunk in text.split("[Game ").skip(1) {
        let mut tags = Vec::new();
        let mut body = String::new();
        for line in format!("[Game {chunk}").lines() {
            if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (k, v) = inner.split_once(' ').unwrap();
                tags.push((k.to_string(), v.trim_matches('"').to_string()));
            } else {
                body.push_str(line);
                body.push(' ');
            }
        }
        // The last comment says why the game ended (the others are move notes).
        let comment = body
            .rsplit_once('{')
            .and_then(|(_, r)| r.split_once('}'))
            .map(|(c, _)| c.to_string())
            .unwrap_or_default();
        let moves = body
            .split_whitespace()
            .filter(|w| w.len() == 5 && w.as_bytes()[2] == b'-')
            .map(|w| w.replace('-', "").to_ascii_lowercase())
            .collect();
        games.push(PgnGame {
            tags,
            moves,
            comment,
        });
    }
    games
}

#[test]
fn two_chariots_at_a_tiny_node_limit() {
    let pgn = scratch_file("chariot.pgn");
    let results = scratch_file("chariot.tsv");
    let book = scratch_file("two-openings.epd");
    let openings = common::read_data("openings/openings.epd");
    let first_two: Vec<&str> = openings
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(2)
        .collect();
    std::fs::write(&book, first_two.join("\n") + "\n").unwrap();
    let (ok, stdout, stderr) = league(&[
        "-engine",
        &format!("cmd={}", common::chariot_engine().display()),
        "name=Old",
        "-engine",
        &format!("cmd={}", common::chariot_engine().display()),
        "name=New",
        "-each",
        "nodes=2000",
        "proto=ucci",
        "option.hashsize=8",
        "-rounds",
        "2",
        "-games",
        "2",
        "-concurrency",
        "2",
        "-openings",
        &format!("file={}", book.display()),
        "order=sequential",
        "-pgnout",
        pgn.to_str().unwrap(),
        "-results",
        results.to_str().unwrap(),
        "-noprogress",
    ]);
    assert!(ok, "stdout:\n{stdout}\nstderr:\n{stderr}");
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 4);
    let (mut old_points, mut wins, mut losses, mut draws) = (0.0, 0, 0, 0);
    for g in &games {
        let red = g.tag("Red").unwrap();
        let black = g.tag("Black").unwrap();
        assert!(matches!((red, black), ("Old", "New") | ("New", "Old")));
        let fen = g
            .tag("FEN")
            .expect("the openings are not the start position");
        assert!(first_two
            .iter()
            .any(|o| Position::from_fen(o).unwrap().fen() == fen));
        assert_eq!(g.tag("Format"), Some("ICCS"));
        assert_eq!(
            g.tag("PlyCount").unwrap().parse::<usize>().unwrap(),
            g.moves.len()
        );
        // A sound engine never loses by a fault of its own.
        let termination = g.tag("Termination").unwrap();
        assert!(
            termination == "normal" || termination == "adjudication",
            "{termination}: {}",
            g.comment
        );
        // The moves replay legally, and the end is what the comment says.
        let mut pos = Position::from_fen(fen).unwrap();
        for m in &g.moves {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{e}"));
            pos.make_move(mv);
        }
        let result = g.tag("Result").unwrap();
        if g.comment.contains("mated") {
            assert!(pos.legal_moves().is_empty() && pos.in_check());
            let loser_red = g.comment.starts_with("Red");
            assert_eq!(result, if loser_red { "0-1" } else { "1-0" });
        }
        let old_red = red == "Old";
        let old_score = match result {
            "1-0" => {
                if old_red {
                    1.0
                } else {
                    0.0
                }
            }
            "0-1" => {
                if old_red {
                    0.0
                } else {
                    1.0
                }
            }
            "1/2-1/2" => 0.5,
            r => panic!("bad result {r}"),
        };
        old_points += old_score;
        match result {
            "1/2-1/2" => draws += 1,
            _ if old_score == 1.0 => wins += 1,
            _ => losses += 1,
        }
    }
    // The table agrees with the PGN, and the Elo with the score.
    let row = stdout
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("Old"))
        .unwrap();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        &cols[2..6],
        &[
            "4",
            &wins.to_string(),
            &draws.to_string(),
            &losses.to_string()
        ]
    );
    let score = old_points / 4.0;
    assert_eq!(cols[6], format!("{:.1}%", 100.0 * score));
    let h2h = stdout
        .lines()
        .find(|l| l.starts_with("Old vs New"))
        .unwrap();
    assert!(
        h2h.contains(&format!("+{wins} ={draws} -{losses}")),
        "{h2h}"
    );
    let elo = elo_from_score(score);
    if elo.is_finite() {
        let shown = if elo.abs() < 0.05 { 0.0 } else { elo };
        assert!(
            h2h.contains(&format!("Elo difference {shown:+.1}")),
            "{h2h}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(&results).unwrap().lines().count(),
        4
    );
}

#[test]
fn the_command_line_runs_a_match_and_refuses_bad_input() {
    let (ok, help, _) = league(&["-help"]);
    assert!(ok);
    for flag in [
        "-engine",
        "-each",
        "-rounds",
        "-games",
        "-concurrency",
        "-openings",
        "-sprt",
        "-pgnout",
        "-ratinginterval",
        "-recover",
        "-resign",
        "-draw",
        "-league",
    ] {
        assert!(help.contains(flag), "help lacks {flag}");
    }
    let pgn = scratch_file("fake.pgn");
    let results = scratch_file("fake.tsv");
    let ratings = scratch_file("fake-ratings.txt");
    let logs = scratch_file("logs");
    let (ok, stdout, stderr) = league(&[
        "-engine",
        &format!("cmd={FAKE}"),
        "name=A",
        "arg=--seed",
        "arg=1",
        "-engine",
        &format!("cmd={FAKE}"),
        "name=B",
        "arg=--mode",
        "arg=illegal",
        "arg=--after",
        "arg=5",
        "-each",
        "tc=30+0.1",
        "-league",
        "-ratings",
        ratings.to_str().unwrap(),
        "-pgnout",
        pgn.to_str().unwrap(),
        "-results",
        results.to_str().unwrap(),
        "-noprogress",
        "-ratinginterval",
        "1",
        "-log",
        logs.to_str().unwrap(),
    ]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("After 1 games:") && stdout.contains("After 2 games:"),
        "{stdout}"
    );
    // Each game has its own transcript. Whether A gets to move in game 2
    // depends on which runner thread plays it: one that still holds B from
    // game 1 (an illegal move is no fault of the process, so B keeps running
    // and its move count, past --after, carries over) or one that starts B
    // afresh. B, Red in game 2, moves there in either case.
    let first = std::fs::read_to_string(logs.join("game-1.log")).unwrap();
    assert!(
        first.contains(" A < bestmove ") && first.contains(" B > go time "),
        "{first}"
    );
    let second = std::fs::read_to_string(logs.join("game-2.log")).unwrap();
    assert!(
        second.contains(" B > go time ") && second.contains(" B < bestmove "),
        "{second}"
    );
    // B plays an illegal move in both games: A scores 2/2 (the final table
    // comes last).
    let a_row = stdout
        .lines()
        .rfind(|l| l.split_whitespace().nth(1) == Some("A"))
        .unwrap();
    assert_eq!(
        a_row.split_whitespace().collect::<Vec<_>>()[2..7],
        ["2", "2", "0", "0", "100.0%"]
    );
    assert!(stdout.contains("illegal-move 2"), "{stdout}");
    assert!(std::fs::read_to_string(&ratings)
        .unwrap()
        .contains("A\t2020.0\t1"));
    assert_eq!(read_pgn(&std::fs::read_to_string(&pgn).unwrap()).len(), 2);

    let (ok, _, err) = league(&[
        "-engine",
        "cmd=/no/such/engine",
        "-engine",
        &format!("cmd={FAKE}"),
        "-each",
        "tc=1+0.1",
    ]);
    assert!(!ok && err.contains("cannot start"), "{err}");
    let (ok, _, err) = league(&[
        "-engine",
        &format!("cmd={FAKE}"),
        "name=A",
        "-engine",
        &format!("cmd={FAKE}"),
        "name=B",
        "-each",
        "tc=ten",
    ]);
    assert!(!ok && err.contains("bad time control"), "{err}");
}

#[test]
fn an_engine_at_its_own_node_count_plays_one_on_a_clock() {
    let pgn = scratch_file("own-limit.pgn");
    let results = scratch_file("own-limit.tsv");
    let logs = scratch_file("own-limit-logs");
    let (ok, stdout, stderr) = league(&[
        "-engine",
        &format!("cmd={FAKE}"),
        "name=Fixed",
        "nodes=500",
        "-engine",
        &format!("cmd={FAKE}"),
        "name=Clocked",
        "arg=--seed",
        "arg=3",
        "-each",
        "tc=30+0.1",
        "-rounds",
        "1",
        "-concurrency",
        "1",
        "-pgnout",
        pgn.to_str().unwrap(),
        "-results",
        results.to_str().unwrap(),
        "-noprogress",
        "-log",
        logs.to_str().unwrap(),
    ]);
    assert!(ok, "{stdout}\n{stderr}");
    for game in ["game-1.log", "game-2.log"] {
        let log = std::fs::read_to_string(logs.join(game)).unwrap();
        // Each side is sent its own limit, and only the clocked side a
        // clock (the fixed side's opponent clock is shown, never charged).
        assert!(log.contains(" Fixed > go nodes 500"), "{log}");
        assert!(log.contains(" Clocked > go time "), "{log}");
        assert!(!log.contains(" Fixed > go time"), "{log}");
        assert!(!log.contains(" Clocked > go nodes"), "{log}");
    }
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 2);
    for g in &games {
        let tc = g.tag("TimeControl").unwrap();
        let fixed_red = g.tag("Red") == Some("Fixed");
        let want = if fixed_red {
            "Red nodes=500, Black 30+0.1"
        } else {
            "Red 30+0.1, Black nodes=500"
        };
        assert_eq!(tc, want);
    }
    // Without a limit of the match's, every engine needs its own.
    let (ok, _, err) = league(&[
        "-engine",
        &format!("cmd={FAKE}"),
        "name=A",
        "nodes=500",
        "-engine",
        &format!("cmd={FAKE}"),
        "name=B",
    ]);
    assert!(!ok && err.contains("no time control"), "{err}");
    let (ok, _, err) = league(&[
        "-engine",
        &format!("cmd={FAKE}"),
        "name=A",
        "nodes=500",
        "depth=3",
        "-engine",
        &format!("cmd={FAKE}"),
        "name=B",
        "-each",
        "tc=1",
    ]);
    assert!(!ok && err.contains("-engine: only one of"), "{err}");
}

/// The games a results file holds, by their number in the whole schedule.
fn result_indices(path: &std::path::Path) -> Vec<usize> {
    let mut v: Vec<usize> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn a_match_split_into_shards_plays_the_whole_schedule_once_and_reports_as_one() {
    let book = scratch_file("shard-openings.epd");
    let openings = common::read_data("openings/openings.epd");
    let three: Vec<&str> = openings
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(3)
        .collect();
    std::fs::write(&book, three.join("\n") + "\n").unwrap();
    let play = |shard: &str, results: &std::path::Path, pgn: &std::path::Path, recover: bool| {
        let mut args = vec![
            "-engine".to_string(),
            format!("cmd={FAKE}"),
            "name=A".into(),
            "arg=--seed".into(),
            "arg=1".into(),
            "-engine".into(),
            format!("cmd={FAKE}"),
            "name=B".into(),
            "arg=--mode".into(),
            "arg=illegal".into(),
            "arg=--after".into(),
            "arg=3".into(),
            "-each".into(),
            "tc=30+0.1".into(),
            "-rounds".into(),
            "5".into(),
            "-openings".into(),
            format!("file={}", book.display()),
            "-pgnout".into(),
            pgn.display().to_string(),
            "-results".into(),
            results.display().to_string(),
            "-noprogress".into(),
            "-shard".into(),
            shard.into(),
        ];
        if recover {
            args.push("-recover".into());
        }
        league(&args)
    };
    let (r1, r2) = (scratch_file("shard-1.tsv"), scratch_file("shard-2.tsv"));
    let (p1, p2) = (scratch_file("shard-1.pgn"), scratch_file("shard-2.pgn"));
    let (ok, out, err) = play("0/2", &r1, &p1, false);
    assert!(ok, "{out}\n{err}");
    let (ok, out, err) = play("1/2", &r2, &p2, false);
    assert!(ok, "{out}\n{err}");
    // Five encounters of two games: shard 0 has encounters 0, 2, 4, shard 1
    // has 1 and 3, each game under its number in the whole match.
    assert_eq!(result_indices(&r1), vec![0, 1, 4, 5, 8, 9]);
    assert_eq!(result_indices(&r2), vec![2, 3, 6, 7]);
    // Each encounter's opening is the whole match's: the third opening comes
    // round again at the fourth encounter (games 6 and 7), in shard 1.
    let fens = |pgn: &std::path::Path| -> Vec<(String, String)> {
        read_pgn(&std::fs::read_to_string(pgn).unwrap())
            .iter()
            .map(|g| {
                (
                    g.tag("Round").unwrap().to_string(),
                    g.tag("FEN").unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    let second = fens(&p2);
    let first = fens(&p1);
    let fen_of = |round: &str| {
        first
            .iter()
            .chain(&second)
            .find(|(r, _)| r == round)
            .unwrap()
            .1
            .clone()
    };
    assert_eq!(fen_of("4.7"), fen_of("1.1"), "encounter 3 reuses opening 0");
    assert_eq!(
        fen_of("2.3"),
        fen_of("2.4"),
        "both games of an encounter share its opening"
    );
    assert_ne!(fen_of("2.3"), fen_of("1.1"));
    // A results file of the other shard is refused, not mixed in.
    let (ok, _, err) = play("1/2", &r1, &scratch_file("shard-x.pgn"), true);
    assert!(!ok && err.contains("another shard"), "{err}");
    // The shards' results files report as one match of ten games.
    let (ok, out, err) = league(&["-report", r1.to_str().unwrap(), r2.to_str().unwrap()]);
    assert!(ok, "{err}");
    let a_row = out
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("A"))
        .unwrap();
    assert_eq!(
        a_row.split_whitespace().collect::<Vec<_>>()[2..7],
        ["10", "10", "0", "0", "100.0%"],
        "{out}"
    );
    // Bad shard numbers are refused before any game, as is deciding on a shard.
    for (shard, extra) in [("2/2", None), ("x/2", None), ("0/2", Some("-sprt"))] {
        let mut args = vec![
            "-engine".to_string(),
            format!("cmd={FAKE}"),
            "name=A".into(),
            "-engine".into(),
            format!("cmd={FAKE}"),
            "name=B".into(),
            "-each".into(),
            "tc=1+0.1".into(),
            "-shard".into(),
            shard.into(),
        ];
        if let Some(e) = extra {
            args.push(e.into());
            args.push("elo0=0".into());
        }
        let (ok, _, err) = league(&args);
        assert!(!ok && err.contains("-shard"), "{shard}: {err}");
    }
}
