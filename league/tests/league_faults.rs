//! The runner against a misbehaving test engine: every fault ends the game
//! with the right result, the protocol traffic is what the league simulator
//! sends, bad input is refused before play, and a league goes on after an
//! engine crashes.

mod common;

use chariot_core::{Position, START_FEN};
use chariot_league::adjudication::{DrawRule, GameOutcome, ResignRule, Termination};
use chariot_league::clock::Limit;
use chariot_league::engine::{EngineConfig, EngineProcess, EngineProtocol, TrafficLog};
use chariot_league::game::{play_game, GameRecord, GameSettings};
use chariot_league::runner::{run, TournamentConfig};
use common::{fake, scratch_file};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn settings(limit: Limit) -> GameSettings {
    GameSettings {
        limit,
        ..Default::default()
    }
}

fn quick() -> GameSettings {
    settings(Limit::Clock {
        base_ms: 20_000,
        inc_ms: 100,
    })
}

fn play_from(red: EngineConfig, black: EngineConfig, s: &GameSettings, fen: &str) -> GameRecord {
    let mut log = TrafficLog::new(true);
    let mut r = EngineProcess::start(&red, &mut log).unwrap();
    let mut b = EngineProcess::start(&black, &mut log).unwrap();
    play_game([&mut r, &mut b], fen, s, &mut log, &AtomicBool::new(false))
        .unwrap()
        .expect("not stopped")
}

fn play(red: EngineConfig, black: EngineConfig, s: &GameSettings) -> GameRecord {
    play_from(red, black, s, START_FEN)
}

#[test]
fn an_illegal_move_loses() {
    let g = play(
        fake("R", &["--mode", "illegal", "--after", "3"]),
        fake("B", &[]),
        &quick(),
    );
    assert_eq!(g.ending.outcome, GameOutcome::BlackWins);
    assert_eq!(g.ending.termination, Termination::IllegalMove);
    assert_eq!(g.moves.len(), 6, "Red's fourth move was the illegal one");
    assert!(
        g.ending.detail.starts_with("Red plays an illegal move"),
        "{}",
        g.ending.detail
    );
}

#[test]
fn leaving_the_king_capturable_loses() {
    // Red's rook on e1 is pinned against its king by Black's rook on e2.
    let fen = "3k5/9/9/9/9/9/9/4r4/4R4/4K4 w - - 0 1";
    let g = play_from(
        fake("R", &["--mode", "kingcapture"]),
        fake("B", &[]),
        &quick(),
        fen,
    );
    assert_eq!(g.ending.outcome, GameOutcome::BlackWins);
    assert_eq!(g.ending.termination, Termination::IllegalMove);
    assert!(g.moves.is_empty());
    assert!(
        g.ending.detail.contains("leaves the king"),
        "{}",
        g.ending.detail
    );
}

#[test]
fn a_crash_loses() {
    let g = play(
        fake("R", &[]),
        fake("B", &["--mode", "crash", "--after", "2"]),
        &quick(),
    );
    assert_eq!(g.ending.outcome, GameOutcome::RedWins);
    assert_eq!(g.ending.termination, Termination::Crash);
    assert_eq!(g.moves.len(), 5);
    assert_eq!(g.faulty_side(), Some(chariot_core::Color::Black));
}

#[test]
fn a_hang_loses_on_time_or_for_silence() {
    let tc = settings(Limit::Clock {
        base_ms: 500,
        inc_ms: 0,
    });
    let g = play(
        fake("R", &["--mode", "hang", "--after", "1"]),
        fake("B", &[]),
        &tc,
    );
    assert_eq!(g.ending.outcome, GameOutcome::BlackWins);
    assert_eq!(g.ending.termination, Termination::TimeForfeit);
    assert_eq!(g.moves.len(), 2);
    let mut depth = settings(Limit::Depth(3));
    depth.move_timeout_ms = 300;
    let g = play(fake("R", &[]), fake("B", &["--mode", "hang"]), &depth);
    assert_eq!(g.ending.outcome, GameOutcome::RedWins);
    assert_eq!(g.ending.termination, Termination::NoAnswer);
    assert_eq!(g.moves.len(), 1);
}

#[test]
fn overrunning_the_clock_loses_and_the_grace_is_honoured() {
    let mut tc = settings(Limit::Clock {
        base_ms: 300,
        inc_ms: 0,
    });
    let slow = fake("R", &["--mode", "slow", "--delay", "1500", "--count", "1"]);
    let g = play(slow.clone(), fake("B", &[]), &tc);
    assert_eq!(g.ending.outcome, GameOutcome::BlackWins);
    assert_eq!(g.ending.termination, Termination::TimeForfeit);
    assert!(g.moves.is_empty());
    // The same move inside a generous grace is accepted; the game goes on.
    tc.limit = Limit::Clock {
        base_ms: 300,
        inc_ms: 20_000,
    };
    tc.grace_ms = 5_000;
    let g = play(slow, fake("B", &[]), &tc);
    assert_ne!(g.ending.termination, Termination::TimeForfeit);
    assert!(g.moves.len() > 10);
}

#[test]
fn resignation_and_no_move_lose() {
    let g = play(
        fake("R", &[]),
        fake("B", &["--mode", "resign", "--after", "1"]),
        &quick(),
    );
    assert_eq!(
        (g.ending.outcome, g.ending.termination, g.moves.len()),
        (GameOutcome::RedWins, Termination::Resignation, 3)
    );
    let g = play(fake("R", &["--mode", "nomove"]), fake("B", &[]), &quick());
    assert_eq!(
        (g.ending.outcome, g.ending.termination, g.moves.len()),
        (GameOutcome::BlackWins, Termination::Resignation, 0)
    );
}

#[test]
fn a_draw_needs_both_offers() {
    let red_log = scratch_file("draw-red.txt");
    let black_log = scratch_file("draw-black.txt");
    // Red offers a draw with every move from its second on.
    let red = fake(
        "R",
        &[
            "--mode",
            "draw",
            "--after",
            "1",
            "--record",
            red_log.to_str().unwrap(),
        ],
    );
    let black = |args: &[&str]| {
        let mut a = args.to_vec();
        a.extend(["--record", black_log.to_str().unwrap()]);
        fake("B", &a)
    };
    // Black never offers: no draw, though Black hears every offer.
    let g = play(red.clone(), black(&[]), &quick());
    assert_ne!(g.ending.termination, Termination::DrawAgreed);
    let heard = std::fs::read_to_string(&black_log).unwrap();
    assert!(heard.lines().filter(|l| l.starts_with("go draw ")).count() >= 2);
    let red_heard = std::fs::read_to_string(&red_log).unwrap();
    assert!(!red_heard.contains("go draw"), "Black never offered");
    // Black offers from its third move: that answer to Red's offer ends the game.
    let _ = std::fs::remove_file(&black_log);
    let g = play(red, black(&["--mode", "draw", "--after", "2"]), &quick());
    assert_eq!(g.ending.outcome, GameOutcome::Draw);
    assert_eq!(g.ending.termination, Termination::DrawAgreed);
    assert_eq!(
        g.moves.len(),
        5,
        "Red offered at ply 3 and 5, Black accepted at ply 6"
    );
    let heard = std::fs::read_to_string(&black_log).unwrap();
    assert_eq!(
        heard.lines().filter(|l| l.starts_with("go draw ")).count(),
        2
    );
}

#[test]
fn score_adjudication_when_asked() {
    let mut s = quick();
    s.resign = Some(ResignRule {
        movecount: 3,
        score: 600,
    });
    let g = play(
        fake("R", &["--score", "-700"]),
        fake("B", &["--score", "650"]),
        &s,
    );
    assert_eq!(g.ending.outcome, GameOutcome::BlackWins);
    assert_eq!(g.ending.termination, Termination::ScoreResign);
    assert_eq!(g.moves.len(), 6);
    // Each move's note has its engine's score with the depth of the score's
    // line, not of the later line without one.
    assert_eq!(g.notes.len(), g.moves.len());
    for (i, note) in g.notes.iter().enumerate() {
        let score = if i % 2 == 0 { -700 } else { 650 };
        assert_eq!((note.score, note.depth), (Some(score), Some(1)), "move {i}");
    }
    let mut s = quick();
    s.draw = Some(DrawRule {
        movenumber: 2,
        movecount: 2,
        score: 10,
    });
    let g = play(
        fake("R", &["--score", "3"]),
        fake("B", &["--score", "-3"]),
        &s,
    );
    assert_eq!(g.ending.outcome, GameOutcome::Draw);
    assert_eq!(g.ending.termination, Termination::ScoreDraw);
    assert_eq!(g.moves.len(), 4);
}

/// The FEN of a position as the simulator sends it.
fn sim_fen(pos: &Position) -> String {
    let fen = pos.fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    format!("{} {} - - 0 1", f[0], f[1])
}

#[test]
fn ucci_traffic_is_what_the_league_simulator_sends() {
    let red_log = scratch_file("ucci-red.txt");
    let black_log = scratch_file("ucci-black.txt");
    let mut red = fake(
        "R",
        &["--usemillisec", "--record", red_log.to_str().unwrap()],
    );
    red.options = vec![("hashsize".into(), "16".into())];
    let black = fake("B", &["--record", black_log.to_str().unwrap()]);
    let s = settings(Limit::Clock {
        base_ms: 20_000,
        inc_ms: 3000,
    });
    let g = play(red, black, &s);
    assert!(g.moves.len() > 20, "a real game: {:?}", g.ending);
    let sent = std::fs::read_to_string(&red_log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(lines[0], "ucci");
    assert_eq!(lines[1], "setoption usemillisec true");
    assert_eq!(lines[2], "setoption hashsize 16");
    let go: Vec<&&str> = lines.iter().filter(|l| l.starts_with("go ")).collect();
    assert!(
        go[0].starts_with("go time 20000 increment 3000 opptime 20000 oppincrement 3000"),
        "{}",
        go[0]
    );
    // Without usemillisec the times are whole seconds.
    let sent_b = std::fs::read_to_string(&black_log).unwrap();
    assert!(!sent_b.contains("usemillisec"));
    let first_go = sent_b.lines().find(|l| l.starts_with("go ")).unwrap();
    assert!(
        first_go.starts_with("go time 20 increment 3 opptime "),
        "{first_go}"
    );
    // Each position command is the FEN after the last capture and the moves since.
    let positions: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("position"))
        .collect();
    let mut expected = Vec::new();
    let mut pos = Position::startpos();
    let mut base = sim_fen(&pos);
    let mut since: Vec<String> = Vec::new();
    for (ply, m) in g.moves.iter().enumerate() {
        if ply % 2 == 0 {
            let mut line = format!("position fen {base}");
            if !since.is_empty() {
                line.push_str(&format!(" moves {}", since.join(" ")));
            }
            expected.push(line);
        }
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
        if pos.halfmove_clock() == 0 {
            base = sim_fen(&pos);
            since.clear();
        } else {
            since.push(m.clone());
        }
    }
    assert_eq!(positions, expected);
}

#[test]
fn uci_engines_get_wtime_and_the_whole_game() {
    let log = scratch_file("uci-red.txt");
    let mut red = fake("R", &["--proto", "uci", "--record", log.to_str().unwrap()]);
    red.options = vec![("Hash".into(), "32".into())];
    let g = play(red, fake("B", &[]), &quick());
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(
        &lines[..3],
        &["ucci", "uci", "setoption name Hash value 32"]
    );
    assert!(lines.contains(&"ucinewgame"));
    let go = lines.iter().find(|l| l.starts_with("go ")).unwrap();
    assert_eq!(*go, "go wtime 20000 btime 20000 winc 100 binc 100");
    // Red's last turn came after an even number of plies.
    let k = if g.moves.len() % 2 == 1 {
        g.moves.len() - 1
    } else {
        g.moves.len() - 2
    };
    let last_pos = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("position"))
        .unwrap();
    let mut expected = format!("position fen {START_FEN}");
    if k > 0 {
        expected.push_str(&format!(" moves {}", g.moves[..k].join(" ")));
    }
    assert_eq!(*last_pos, expected);
}

#[test]
fn bad_engines_are_refused_before_play() {
    let mut log = TrafficLog::new(false);
    let missing = EngineConfig {
        name: "ghost".into(),
        cmd: "/nonexistent/engine".into(),
        ..Default::default()
    };
    let e = EngineProcess::start(&missing, &mut log).err().unwrap();
    assert!(e.contains("ghost") && e.contains("cannot start"), "{e}");
    let mut mute = fake("mute", &["--proto", "none"]);
    mute.startup_ms = Some(300);
    let e = EngineProcess::start(&mute, &mut log).err().unwrap();
    assert!(e.contains("no answer to ucci or uci"), "{e}");
    mute.proto = Some(EngineProtocol::Uci);
    let e = EngineProcess::start(&mute, &mut log).err().unwrap();
    assert!(e.contains("no answer to uci"), "{e}");
    // The runner checks every input before the first game.
    let e = refused_before_play(vec![fake("A", &[]), missing], None, "refused");
    assert!(e.contains("ghost"), "{e}");
    let book = scratch_file("bad.epd");
    std::fs::write(&book, "4k4/R8/9/9/9/9/9/9/9/3K5 w\nrnbakabnr/9/9 w\n").unwrap();
    let openings = Some((book, chariot_league::openings::Order::Sequential));
    let e = refused_before_play(vec![fake("A", &[]), fake("B", &[])], openings, "bad-book");
    assert!(e.contains("line 2"), "{e}");
}

/// Runs a match of `engines` (from `openings`, if given) that must be
/// refused: its error, once it is checked that no game was written.
fn refused_before_play(
    engines: Vec<EngineConfig>,
    openings: Option<(std::path::PathBuf, chariot_league::openings::Order)>,
    stem: &str,
) -> String {
    let pgn = scratch_file(&format!("{stem}.pgn"));
    let c = TournamentConfig {
        engines,
        openings,
        pgn_out: Some(pgn.clone()),
        results_file: scratch_file(&format!("{stem}.tsv")),
        progress: false,
        ..Default::default()
    };
    let e = run(&c, Arc::new(AtomicBool::new(false)), &mut Vec::new()).unwrap_err();
    assert!(!pgn.exists(), "no game was played");
    e
}

#[test]
fn an_option_the_engine_does_not_have_is_refused_before_play() {
    let mut log = TrafficLog::new(false);
    let mut strict = fake("strict", &["--proto", "uci", "--reject-unknown"]);
    strict.options = vec![("Hash".into(), "32".into())];
    assert!(
        EngineProcess::start(&strict, &mut log).is_ok(),
        "Hash exists"
    );
    strict.options.push(("SINGULAR_MARGIN".into(), "2".into()));
    let e = EngineProcess::start(&strict, &mut log).err().unwrap();
    assert!(
        e.contains("strict") && e.contains("No such option: SINGULAR_MARGIN"),
        "{e}"
    );
    // Before the first game, with nothing written.
    let e = refused_before_play(vec![fake("A", &[]), strict], None, "unknown-option");
    assert!(e.contains("SINGULAR_MARGIN"), "{e}");
}

#[test]
fn a_league_goes_on_after_a_crash_and_updates_ratings() {
    let ratings = scratch_file("ratings.txt");
    let results = scratch_file("league.tsv");
    let pgn = scratch_file("league.pgn");
    let c = TournamentConfig {
        engines: vec![
            fake("A", &["--seed", "1"]),
            fake("B", &["--mode", "crash", "--after", "2"]),
            fake("C", &["--seed", "2"]),
        ],
        settings: quick(),
        concurrency: 2,
        league: true,
        ratings_file: ratings.clone(),
        results_file: results.clone(),
        pgn_out: Some(pgn.clone()),
        progress: false,
        ..Default::default()
    };
    let mut out = Vec::new();
    let s = run(&c, Arc::new(AtomicBool::new(false)), &mut out).unwrap();
    let table = String::from_utf8(out).unwrap();
    assert_eq!(s.games.len(), 6);
    assert!(!s.interrupted);
    let b_games: Vec<_> = s
        .games
        .iter()
        .filter(|g| g.red == 1 || g.black == 1)
        .collect();
    assert_eq!(b_games.len(), 4);
    for g in b_games {
        assert_eq!(g.termination, Termination::Crash);
        let b_won = (g.red == 1 && g.outcome == GameOutcome::RedWins)
            || (g.black == 1 && g.outcome == GameOutcome::BlackWins);
        assert!(!b_won);
    }
    // B lost four games at expectation 0.5 each: 2000 + 20 * (0 - 2) = 1960.
    let (_, after) = s.ratings.clone().unwrap();
    assert!((after.get("B").rating - 1960.0).abs() < 1e-9);
    let sum: f64 = ["A", "B", "C"].iter().map(|n| after.get(n).rating).sum();
    assert!((sum - 6000.0).abs() < 1e-6, "equal K keeps the sum");
    assert!(std::fs::read_to_string(&ratings)
        .unwrap()
        .contains("B\t1960.0\t1"));
    assert!(table.contains("Rating update"), "{table}");
    assert!(table.contains("crash 4"), "{table}");
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(pgn_text.matches("[Event ").count(), 6);
    assert_eq!(
        std::fs::read_to_string(&results).unwrap().lines().count(),
        6
    );
}

#[test]
fn an_interrupted_match_resumes_without_replaying() {
    let results = scratch_file("resume.tsv");
    let pgn = scratch_file("resume.pgn");
    let mut c = TournamentConfig {
        engines: vec![fake("A", &["--seed", "3"]), fake("B", &["--seed", "4"])],
        settings: quick(),
        rounds: 3,
        results_file: results.clone(),
        pgn_out: Some(pgn.clone()),
        progress: false,
        ..Default::default()
    };
    // A stop raised before the start plays nothing and says how to resume.
    let mut out = Vec::new();
    let s = run(&c, Arc::new(AtomicBool::new(true)), &mut out).unwrap();
    assert!(s.interrupted && s.games.is_empty());
    assert!(String::from_utf8(out).unwrap().contains("-recover"));
    let full = run(&c, Arc::new(AtomicBool::new(false)), &mut Vec::new()).unwrap();
    assert_eq!(full.games.len(), 6);
    // Keep the first four finished games, as if Ctrl-C came then.
    let text = std::fs::read_to_string(&results).unwrap();
    let kept: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(&results, kept.join("\n") + "\n").unwrap();
    c.recover = true;
    let mut out = Vec::new();
    let resumed = run(&c, Arc::new(AtomicBool::new(false)), &mut out).unwrap();
    assert_eq!(resumed.games.len(), 6);
    let lines = std::fs::read_to_string(&results).unwrap();
    assert_eq!(
        lines.lines().count(),
        6,
        "only the two missing games were played"
    );
    let mut idx: Vec<&str> = lines
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    idx.sort();
    assert_eq!(idx, ["0", "1", "2", "3", "4", "5"]);
    assert!(String::from_utf8(out)
        .unwrap()
        .contains("Recovered 4 finished games"));
    // The results of another tournament are refused.
    c.engines[1].name = "Z".into();
    let e = run(&c, Arc::new(AtomicBool::new(false)), &mut Vec::new()).unwrap_err();
    assert!(e.contains("schedules"), "{e}");
}

#[test]
fn sprt_stops_once_a_bound_is_crossed() {
    // B crashes at once in every game, so A wins them all: H1 is accepted
    // long before the 400 scheduled games.
    let c = TournamentConfig {
        engines: vec![
            fake("A", &["--seed", "5"]),
            fake("B", &["--mode", "crash", "--after", "0"]),
        ],
        settings: quick(),
        rounds: 200,
        sprt: Some(chariot_league::stats::Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }),
        results_file: scratch_file("sprt.tsv"),
        progress: false,
        ..Default::default()
    };
    let mut out = Vec::new();
    let s = run(&c, Arc::new(AtomicBool::new(false)), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(s.games.len() < 20, "stopped early: {text}");
    assert_eq!(
        s.sprt_status,
        Some(chariot_league::stats::SprtStatus::AcceptH1)
    );
    assert!(
        text.contains("LLR") && text.contains("H1 accepted"),
        "{text}"
    );
    assert!(!s.interrupted);
}
