//! The match runner's arithmetic and parsing: Elo, its interval, SPRT, the
//! league rating update, time controls, the clock, the schedule, openings,
//! PGN text and the command line.

mod common;

use chariot_core::rules::{MoveLimit, RepetitionRule, Rules};
use chariot_core::Color;
use chariot_league::adjudication::{
    DrawRule, Ending, GameOutcome, ResignRule, ScoreWatch, Termination,
};
use chariot_league::cli::{parse_args, Invocation};
use chariot_league::clock::{parse_time_control, GameClock, Limit};
use chariot_league::game::{GameRecord, MoveNote};
use chariot_league::openings::{parse_openings, shuffle};
use chariot_league::pgn::{to_pgn, PgnHeader};
use chariot_league::ratings::{RatedGame, Ratings};
use chariot_league::report::{pair_tally, sprt_state, GameResult};
use chariot_league::schedule::round_robin;
use chariot_league::stats::{
    elo_estimate, elo_estimate_pairs, elo_from_score, score_from_elo, Pentanomial, Sprt,
    SprtStatus, Wdl,
};

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() < eps
}

fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
    Wdl {
        wins,
        draws,
        losses,
    }
}

#[test]
fn elo_of_a_score() {
    // -400 log10(1/0.6 - 1) = 400 log10(1.5) = 70.436...
    assert!(close(elo_from_score(0.6), 70.4365, 1e-3));
    // 400 log10(3) = 190.848...
    assert!(close(elo_from_score(0.75), 190.8485, 1e-3));
    assert!(close(elo_from_score(0.5), 0.0, 1e-12));
    assert!(close(elo_from_score(0.4), -70.4365, 1e-3));
    assert!(close(score_from_elo(70.4365), 0.6, 1e-6));
    assert!(elo_from_score(1.0).is_infinite() && elo_from_score(0.0) < 0.0);
}

#[test]
fn elo_interval_from_the_trinomial() {
    // 60 wins, 40 losses: p = 0.6, per-game variance 0.6*0.4 = 0.24,
    // se = sqrt(0.24/100) = 0.04899, p -/+ 1.96 se = 0.50398 .. 0.69602.
    let e = elo_estimate(&wdl(60, 0, 40));
    assert!(close(e.elo, 70.437, 1e-3));
    assert!(close(e.low, 2.767, 1e-2), "low {}", e.low);
    assert!(close(e.high, 143.909, 1e-2), "high {}", e.high);
    // Draws narrow the interval: 30/40/30 has variance 0.15, se 0.03873,
    // p = 0.5 -/+ 0.07591 -> -/+ 53.16 Elo.
    let e = elo_estimate(&wdl(30, 40, 30));
    assert!(close(e.elo, 0.0, 1e-9));
    assert!(close(e.margin(), 53.158, 1e-2), "margin {}", e.margin());
}

#[test]
fn sprt_llr_and_bounds() {
    let s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    // ln(0.05/0.95) and ln(0.95/0.05).
    assert!(close(s.lower_bound(), -2.944439, 1e-5));
    assert!(close(s.upper_bound(), 2.944439, 1e-5));
    // W300 D400 L250: N = 950, p = 500/950 = 0.526316, var = 0.199446,
    // s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.507195:
    // LLR = 950 * 0.007195 * (1.052632 - 1.007195) / (2 * 0.199446) = 1.0780.
    assert!(close(s.llr(&wdl(300, 400, 250)), 1.07805, 1e-4));
    assert_eq!(s.status(&wdl(300, 400, 250)), SprtStatus::Continue);
    assert!(close(s.llr(&wdl(900, 1000, 1000)), -2.65951, 1e-4));
    assert_eq!(s.status(&wdl(2000, 1000, 1700)), SprtStatus::AcceptH1);
    assert_eq!(s.status(&wdl(1700, 1000, 2000)), SprtStatus::AcceptH0);
    assert_eq!(s.llr(&wdl(0, 0, 0)), 0.0);
    // One-sided runs: zero counts count as 0.001 (as fishtest), so ten wins
    // end the test for H1 and ten draws lean to H0 (elo0 = 0 is the closer).
    assert_eq!(s.status(&wdl(10, 0, 0)), SprtStatus::AcceptH1);
    assert_eq!(s.status(&wdl(0, 0, 10)), SprtStatus::AcceptH0);
    assert!(s.llr(&wdl(0, 10, 0)) < 0.0);
    // ... but not before ten games: two losses of two say nothing yet,
    // though their LLR is far below the bound.
    assert!(s.llr(&wdl(0, 0, 2)) < s.lower_bound());
    assert_eq!(s.status(&wdl(0, 0, 2)), SprtStatus::Continue);
    assert_eq!(s.status(&wdl(9, 0, 0)), SprtStatus::Continue);
    assert!(Sprt {
        elo0: 5.0,
        elo1: 0.0,
        alpha: 0.05,
        beta: 0.05
    }
    .validate()
    .is_err());
    assert!(Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.0,
        beta: 0.05
    }
    .validate()
    .is_err());
}

const SPRT_0_5: Sprt = Sprt {
    elo0: 0.0,
    elo1: 5.0,
    alpha: 0.05,
    beta: 0.05,
};

#[test]
fn pentanomial_mean_variance_interval_and_llr() {
    // Pairs scoring 0, 1/2, 1, 3/2, 2 (of 2): 1, 2, 3, 2, 2. Per game the
    // pair means are 0, .25, .5, .75, 1: mean 5.5/10 = 0.55, variance
    // (.3025 + 2*.09 + 3*.0025 + 2*.04 + 2*.2025) / 10 = 0.0975.
    let p = Pentanomial {
        counts: [1, 2, 3, 2, 2],
    };
    assert_eq!(p.pairs(), 10);
    assert!(close(p.score(), 0.55, 1e-12));
    assert!(close(p.variance(), 0.0975, 1e-12));
    // se = sqrt(0.0975 / 10): Elo of 0.55 -/+ 1.96 se.
    let e = elo_estimate_pairs(&p);
    assert!(close(e.elo, 34.860, 1e-3));
    assert!(close(e.low, -102.619, 1e-2), "low {}", e.low);
    assert!(close(e.high, 184.906, 1e-2), "high {}", e.high);
    // LLR = 10 * (s1 - .5) * (1.1 - .5 - s1) / (2 * 0.0975).
    assert!(close(SPRT_0_5.llr_pairs(&p), 0.034243, 1e-5));
    assert_eq!(SPRT_0_5.llr_pairs(&Pentanomial::default()), 0.0);
    // Not before ten games: four pairs won outright are only eight.
    let won = |n| Pentanomial {
        counts: [0, 0, 0, 0, n],
    };
    assert_eq!(SPRT_0_5.status_pairs(&won(4)), SprtStatus::Continue);
    assert_eq!(SPRT_0_5.status_pairs(&won(5)), SprtStatus::AcceptH1);
    let mut q = Pentanomial::default();
    for points in [0.0, 0.5, 1.0, 1.5, 2.0, 2.0] {
        q.add(points);
    }
    assert_eq!(q.counts, [1, 1, 1, 1, 2]);
}

#[test]
fn colour_biased_openings_widen_the_trinomial_not_the_pentanomial() {
    // Each opening is won by whoever has Red: 100 pairs of one win and one
    // loss. Game by game that looks like a coin toss (interval about
    // +/- 48 Elo); pair by pair it is an even match measured exactly.
    let games = wdl(100, 0, 100);
    let pairs = Pentanomial {
        counts: [0, 0, 100, 0, 0],
    };
    assert!(elo_estimate(&games).margin() > 40.0);
    assert!(elo_estimate_pairs(&pairs).margin() < 1e-6);
    // 120 pairs of two draws and 80 of a win and a draw: W80 D320 L0 game by
    // game (per-game variance 0.04), pair variance 0.015 where independent
    // games would give 0.02. The SPRT sees the edge as surer: LLR 9.25
    // against 6.94.
    let edge = Pentanomial {
        counts: [0, 0, 120, 80, 0],
    };
    let same_games = wdl(80, 320, 0);
    assert!(close(edge.score(), same_games.score(), 1e-12));
    assert!(close(SPRT_0_5.llr_pairs(&edge), 9.248, 1e-2));
    assert!(close(SPRT_0_5.llr(&same_games), 6.936, 1e-2));
}

fn game(index: usize, red: usize, black: usize, red_score: f64) -> GameResult {
    GameResult {
        index,
        round: index / 2 + 1,
        red,
        black,
        outcome: if red_score == 1.0 {
            GameOutcome::RedWins
        } else if red_score == 0.0 {
            GameOutcome::BlackWins
        } else {
            GameOutcome::Draw
        },
        termination: Termination::Mate,
    }
}

#[test]
fn game_pairs_are_the_two_colours_of_one_opening() {
    // Games 0/1: engine 0 wins as Red, draws as Black (1.5 of 2). Games
    // 2/3: engine 0 loses both. Game 4 waits for game 5: left out.
    // Listed out of order, as games finish.
    let games = [
        game(3, 1, 0, 1.0),
        game(0, 0, 1, 1.0),
        game(4, 0, 1, 1.0),
        game(2, 0, 1, 0.0),
        game(1, 1, 0, 0.5),
    ];
    let t = pair_tally(2, &games);
    assert_eq!(t[0].counts, [1, 0, 0, 1, 0]);
    assert_eq!(t[1].counts, [0, 1, 0, 0, 1]);
    // The same colours twice are not a pair.
    let same_colours = [game(0, 0, 1, 1.0), game(1, 0, 1, 0.0)];
    assert_eq!(pair_tally(2, &same_colours)[0].pairs(), 0);
    // Unpaired, the SPRT counts the five games; paired, the two pairs.
    let (llr_games, _) = sprt_state(&SPRT_0_5, &games, false);
    let (llr_pairs, _) = sprt_state(&SPRT_0_5, &games, true);
    assert!(close(llr_games, SPRT_0_5.llr(&wdl(2, 1, 2)), 1e-12));
    assert!(close(llr_pairs, SPRT_0_5.llr_pairs(&t[0]), 1e-12));
}

#[test]
fn league_rating_update_rule_2_4() {
    let games = |a: &str, b: &str, red_scores: &[f64]| -> Vec<RatedGame> {
        red_scores
            .iter()
            .map(|&s| RatedGame {
                red: a.into(),
                black: b.into(),
                red_score: s,
            })
            .collect()
    };
    // Two newcomers at 2000, K = 20: A wins both games, each expected 0.5.
    let first = Ratings::default().updated(&games("A", "B", &[1.0, 1.0]));
    assert!(close(first.get("A").rating, 2020.0, 1e-9));
    assert!(close(first.get("B").rating, 1980.0, 1e-9));
    assert_eq!(first.get("A").events, 1);
    // Second event, K = 10 for both; A (2020) draws B (1980): A expected
    // 1/(1+10^(-40/400)) = 0.557312, so A loses 10*0.057312 = 0.573 points.
    let second = first.updated(&games("A", "B", &[0.5]));
    assert!(close(second.get("A").rating, 2019.4269, 1e-3));
    assert!(close(second.get("B").rating, 1980.5731, 1e-3));
    // A newcomer in an old field uses K = 20, the veteran K = 10.
    let third = second.updated(&games("C", "A", &[1.0]));
    let expected_c = 1.0 / (1.0 + 10f64.powf((2019.4269 - 2000.0) / 400.0));
    assert!(close(
        third.get("C").rating,
        2000.0 + 20.0 * (1.0 - expected_c),
        1e-3
    ));
    assert!(close(
        third.get("A").rating,
        2019.4269 - 10.0 * (1.0 - expected_c),
        1e-3
    ));
    // The file round-trips.
    let text = third.to_text();
    let back = Ratings::parse(&text).unwrap();
    assert_eq!(back.list.len(), 3);
    assert!(close(back.get("C").rating, third.get("C").rating, 0.06));
    assert!(Ratings::parse("A\tx\t1\n").is_err());
}

#[test]
fn time_controls() {
    assert_eq!(
        parse_time_control("10+0.1"),
        Ok(Limit::Clock {
            base_ms: 10_000,
            inc_ms: 100
        })
    );
    assert_eq!(
        parse_time_control("600+3"),
        Ok(Limit::Clock {
            base_ms: 600_000,
            inc_ms: 3000
        })
    );
    assert_eq!(
        parse_time_control("10:00+3"),
        Ok(Limit::Clock {
            base_ms: 600_000,
            inc_ms: 3000
        })
    );
    assert_eq!(
        parse_time_control("5"),
        Ok(Limit::Clock {
            base_ms: 5000,
            inc_ms: 0
        })
    );
    for bad in ["", "abc", "10+x", "0+0", "-5+1", "1e3+1", "10+"] {
        let e = parse_time_control(bad).unwrap_err();
        assert!(e.contains("bad time control"), "{bad}: {e}");
    }
    assert_eq!(
        Limit::Clock {
            base_ms: 10_000,
            inc_ms: 100
        }
        .describe(),
        "10+0.1"
    );
}

#[test]
fn the_clock_with_grace() {
    let mut c = GameClock::new(1000, 100);
    assert!(c.charge(300, 200));
    assert_eq!(c.remaining_ms(), 800);
    // 150 ms late but inside the grace: allowed, the clock stays at zero.
    assert!(c.charge(950, 200));
    assert_eq!(c.remaining_ms(), 100);
    // 201 ms late: lost on time.
    assert!(!c.charge(301, 200));
}

#[test]
fn round_robin_plays_each_colour_once_per_pair() {
    let openings = vec!["fen-a".to_string(), "fen-b".to_string()];
    let s = round_robin(3, 1, 2, &openings);
    assert_eq!(s.len(), 6);
    for i in 0..3 {
        for j in 0..3 {
            if i != j {
                assert_eq!(s.iter().filter(|p| p.red == i && p.black == j).count(), 1);
            }
        }
    }
    assert!(s
        .iter()
        .enumerate()
        .all(|(k, p)| p.index == k && p.round == 1));
    // An encounter shares its opening; the next encounter takes the next one.
    assert_eq!(s[0].fen, s[1].fen);
    assert_ne!(s[1].fen, s[2].fen);
    assert_eq!(s[4].fen, "fen-a");
    let m = round_robin(2, 3, 2, &openings);
    assert_eq!(m.len(), 6);
    assert_eq!(
        m.iter().map(|p| p.round).collect::<Vec<_>>(),
        [1, 1, 2, 2, 3, 3]
    );
}

#[test]
fn openings_are_checked_line_by_line() {
    let good =
        "# comment\n\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
                4k4/R8/9/9/9/9/9/9/9/3K5 w ; id \"x\"\n";
    assert_eq!(parse_openings(good, "f").unwrap().len(), 2);
    let e = parse_openings("4k4/R8/9/9/9/9/9/9/9/3K5 w\nnonsense w\n", "book.epd").unwrap_err();
    assert!(e.contains("book.epd line 2"), "{e}");
    assert!(parse_openings("\n# nothing\n", "f").is_err());
    // The repository's opening set reads cleanly.
    let text = common::read_data("openings/openings.epd");
    assert!(parse_openings(&text, "openings.epd").unwrap().len() >= 10);
    let mut v: Vec<u32> = (0..20).collect();
    shuffle(&mut v, 7);
    let mut w: Vec<u32> = (0..20).collect();
    shuffle(&mut w, 7);
    assert_eq!(v, w);
    assert_ne!(v, (0..20).collect::<Vec<_>>());
    v.sort();
    assert_eq!(v, (0..20).collect::<Vec<_>>());
}

#[test]
fn pgn_in_the_chinese_convention() {
    let header = PgnHeader {
        event: "Test".into(),
        site: "here".into(),
        date: "2026.11.22".into(),
        round: "1.1".into(),
        red: "Alpha".into(),
        black: "Beta \"b\"".into(),
        time_control: "10+0.1".into(),
    };
    let game = GameRecord {
        start_fen: "4k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 7".into(),
        moves: vec!["e9e8".into(), "a8a9".into(), "e8e7".into()],
        notes: Vec::new(),
        ending: Ending {
            outcome: GameOutcome::RedWins,
            termination: Termination::IllegalMove,
            detail: "Black plays an illegal move".into(),
        },
    };
    let pgn = to_pgn(&header, &game);
    for tag in [
        "[Event \"Test\"]",
        "[Red \"Alpha\"]",
        "[Black \"Beta \\\"b\\\"\"]",
        "[Result \"1-0\"]",
        "[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 7\"]",
        "[Format \"ICCS\"]",
        "[Termination \"illegal move\"]",
    ] {
        assert!(pgn.contains(tag), "missing {tag} in\n{pgn}");
    }
    assert!(
        pgn.contains("7... E9-E8 8. A8-A9 E8-E7 {Black plays an illegal move} 1-0"),
        "{pgn}"
    );
    // The core's reader takes a written game back, move for move.
    let legal = GameRecord {
        start_fen: "4k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 7".into(),
        moves: vec!["e9f9".into(), "a8a9".into(), "f9f8".into()],
        // What the engines said of each move goes into its comment.
        notes: vec![
            MoveNote {
                score: Some(-22),
                depth: Some(17),
                ms: 336,
            },
            MoveNote {
                score: Some(29_997),
                depth: Some(9),
                ms: 1_250,
            },
            MoveNote {
                score: None,
                depth: None,
                ms: 5,
            },
        ],
        ending: game.ending.clone(),
    };
    let written = to_pgn(&header, &legal);
    assert!(
        written
            .replace('\n', " ")
            .contains("7... E9-F9 {-0.22/17 0.336s} 8. A8-A9 {+M3/9 1.250s} F9-F8 {0.005s}"),
        "{written}"
    );
    let read = chariot_core::pgn::read_games(&written).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].start_fen, legal.start_fen);
    assert_eq!(read[0].tag("Black"), Some("Beta \"b\""));
    let moves: Vec<String> = read[0].moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, legal.moves);
    assert_eq!(read[0].result.as_deref(), Some("1-0"));
    let from_start = GameRecord {
        start_fen: chariot_core::START_FEN.into(),
        ..game
    };
    assert!(!to_pgn(&header, &from_start).contains("[FEN"));
}

#[test]
fn score_adjudication_needs_both_engines() {
    let mut w = ScoreWatch::new(
        Some(ResignRule {
            movecount: 2,
            score: 500,
        }),
        None,
    );
    assert_eq!(w.record(Color::Red, Some(-600), 1), None);
    assert_eq!(w.record(Color::Black, Some(600), 2), None);
    assert_eq!(w.record(Color::Red, Some(-600), 2), None);
    let end = w
        .record(Color::Black, Some(550), 3)
        .expect("both agree for two moves");
    assert_eq!(end.outcome, GameOutcome::BlackWins);
    assert_eq!(end.termination, Termination::ScoreResign);
    // The winner's engine disagreeing once breaks the run.
    let mut w = ScoreWatch::new(
        Some(ResignRule {
            movecount: 2,
            score: 500,
        }),
        None,
    );
    for (c, s) in [(Color::Red, -600), (Color::Black, 100), (Color::Red, -600)] {
        assert_eq!(w.record(c, Some(s), 2), None);
    }
    assert_eq!(w.record(Color::Black, Some(600), 3), None);
    let mut d = ScoreWatch::new(
        None,
        Some(DrawRule {
            movenumber: 3,
            movecount: 1,
            score: 10,
        }),
    );
    assert_eq!(d.record(Color::Red, Some(5), 1), None);
    assert_eq!(d.record(Color::Black, Some(-5), 2), None, "before move 3");
    assert_eq!(d.record(Color::Red, None, 2), None, "no score, no verdict");
    assert_eq!(d.record(Color::Black, Some(0), 3), None);
    assert_eq!(
        d.record(Color::Red, Some(3), 3).map(|e| e.outcome),
        Some(GameOutcome::Draw)
    );
}

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn command_line() {
    let Invocation::Run(c) = parse_args(&args(
        "-engine cmd=/bin/a name=A option.Hash=64 -engine cmd=/x/b proto=uci \
         -each tc=10+0.1 option.Threads=2 timemargin=300 -rounds 5 -games 2 \
         -openings file=o.epd format=epd order=random -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \
         -pgnout out.pgn -recover -resign movecount=3 score=-600 -draw movenumber=30 movecount=6 score=5",
    ))
    .unwrap_or_else(|e| panic!("{e}")) else {
        panic!("expected a run");
    };
    assert_eq!(c.engines.len(), 2);
    assert_eq!(c.engines[0].name, "A");
    assert_eq!(c.engines[1].name, "b");
    assert_eq!(
        c.engines[0].options,
        vec![("Threads".into(), "2".into()), ("Hash".into(), "64".into())]
    );
    assert_eq!(c.engines[1].threads(), 2);
    assert_eq!(
        c.settings.limit,
        Limit::Clock {
            base_ms: 10_000,
            inc_ms: 100
        }
    );
    assert_eq!(c.settings.grace_ms, 300);
    assert_eq!((c.rounds, c.games_per_encounter), (5, 2));
    assert!(c.recover && c.sprt.is_some() && c.pgn_out.is_some());
    assert!(c.settings.draw.is_some());
    assert_eq!(
        c.settings.rules,
        Rules::LEAGUE,
        "the league's rules by default"
    );
    let Invocation::Run(c) = parse_args(&args(
        "-engine cmd=a -engine cmd=b -each tc=1 -rules repetition=nojudgement limit=SIXTY",
    ))
    .unwrap_or_else(|e| panic!("{e}")) else {
        panic!("expected a run");
    };
    assert_eq!(
        c.settings.rules,
        Rules {
            repetition: RepetitionRule::NoJudgement,
            move_limit: MoveLimit::Sixty
        }
    );
    assert!(matches!(parse_args(&args("-help")), Ok(Invocation::Help)));
    for (bad, says) in [
        ("-engine cmd=a -engine cmd=b", "no time control"),
        (
            "-engine cmd=a -engine cmd=b -each tc=fast",
            "bad time control",
        ),
        (
            "-engine cmd=a -engine cmd=b -each tc=1+1 depth=3",
            "only one of",
        ),
        ("-engine name=x -each tc=1", "needs cmd"),
        (
            "-engine cmd=a -each tc=1 -rounds many",
            "not a valid number",
        ),
        ("-engine cmd=a wrong -each tc=1", "key=value"),
        ("-engine cmd=a -each tc=1 -bogus", "unknown option"),
        ("-engine cmd=a proto=xboard -each tc=1", "unknown protocol"),
        (
            "-engine cmd=a -engine cmd=b -each tc=1 -league -games 3",
            "even",
        ),
        (
            "-engine cmd=a -engine cmd=b -each tc=1 -rules repetition=ChineseRule",
            "one of AsianRule, NoJudgement",
        ),
        (
            "-engine cmd=a -engine cmd=b -each tc=1 -rules limit=fifty",
            "one of League, Sixty, None",
        ),
        (
            "-engine cmd=a -engine cmd=b -each tc=1 -rules strict=yes",
            "unknown key 'strict'",
        ),
    ] {
        let e = parse_args(&args(bad)).unwrap_err();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn a_league_from_an_ini_file() {
    let dir = common::scratch_dir("chariot-league-ini");
    let ini = dir.join("league.ini");
    std::fs::write(
        &ini,
        "# the seed's league\n[league]\ntc = 600+3\nrounds = 10\nevent = Winter league\n\
         openings = book.epd\norder = random\npgnout = league.pgn\nresign = movecount=3 score=800\n\n\
         [engine Chariot]\ncmd = /opt/chariot\noption.hashsize = 64\n\n\
         [engine Elephant Eye]\ncmd = /opt/eleeye\nproto = ucci\n",
    )
    .unwrap();
    let path = ini.to_str().unwrap().to_string();
    let Invocation::Run(c) = parse_args(&[
        "-league".to_string(),
        path.clone(),
        "-rounds".into(),
        "3".into(),
    ])
    .unwrap_or_else(|e| panic!("{e}")) else {
        panic!("expected a run");
    };
    assert!(c.league);
    assert_eq!(c.rounds, 3, "the command line overrides the file");
    assert_eq!(c.games_per_encounter, 2);
    assert_eq!(c.event, "Winter league");
    assert_eq!(
        c.settings.limit,
        Limit::Clock {
            base_ms: 600_000,
            inc_ms: 3000
        }
    );
    assert_eq!(
        c.settings.resign,
        Some(ResignRule {
            movecount: 3,
            score: 800
        })
    );
    assert_eq!(c.engines.len(), 2);
    assert_eq!(c.engines[1].name, "Elephant Eye");
    assert_eq!(c.engines[0].options, vec![("hashsize".into(), "64".into())]);
    let (book, order) = c.openings.clone().unwrap();
    assert_eq!(book, std::path::PathBuf::from("book.epd"));
    assert_eq!(order, chariot_league::openings::Order::Random);
    std::fs::write(&ini, "[league]\ntc = 1+1\n[players]\nx = y\n").unwrap();
    let e = parse_args(&["-league".to_string(), path]).unwrap_err();
    assert!(e.contains("line 3"), "{e}");
}

#[test]
fn scores_read_from_info_lines() {
    use chariot_league::engine::parse_score;
    let words = |s: &'static str| s.split_whitespace().collect::<Vec<_>>();
    assert_eq!(
        parse_score(&words("info depth 5 score 35 pv h2e2")),
        Some(35)
    );
    assert_eq!(
        parse_score(&words("info depth 9 seldepth 12 score cp -20 nodes 5")),
        Some(-20)
    );
    assert_eq!(parse_score(&words("info score mate 3 pv")), Some(29_997));
    assert_eq!(parse_score(&words("info score mate -2")), Some(-29_998));
    assert_eq!(parse_score(&words("info depth 5 nodes 100")), None);
    assert_eq!(parse_score(&words("info score lowerbound")), None);
    use chariot_league::engine::parse_depth;
    assert_eq!(
        parse_depth(&words("info depth 9 seldepth 12 score cp -20")),
        Some(9)
    );
    assert_eq!(parse_depth(&words("info nodes 100 depth x")), None);
    assert_eq!(parse_depth(&words("info string depth")), None);
}

#[test]
fn report_reads_a_results_file_without_playing() {
    let Invocation::Report(r) =
        parse_args(&args("-report done.tsv -sprt elo0=0 elo1=5")).unwrap_or_else(|e| panic!("{e}"))
    else {
        panic!("expected a report");
    };
    assert_eq!(r.results_files, vec![std::path::PathBuf::from("done.tsv")]);
    assert_eq!(r.sprt.map(|s| s.elo1), Some(5.0));
    assert!(r.paired);
    let Ok(Invocation::Report(r)) = parse_args(&args("-report done.tsv -games 1")) else {
        panic!("expected a report");
    };
    assert!(!r.paired);
    // Options that play games do not go with it.
    let e = parse_args(&args("-report done.tsv -engine cmd=/bin/a")).unwrap_err();
    assert!(e.contains("-engine"), "{e}");

    // Game 1 finished first, so its Black is named first: the first
    // engine of the schedule (Red in the pair's first game). Game 4 waits
    // for its partner. Engine A: a win and a draw, then two losses.
    let text = "1\t1\tB\tA\t1/2-1/2\tscore-draw\n\
                0\t1\tA\tB\t1-0\tmate\n\
                3\t2\tB\tA\t1-0\tmate\n\
                4\t3\tA\tB\t1-0\tmate\n\
                2\t2\tA\tB\t0-1\tscore-resign\n";
    let (names, games) = chariot_league::results::parse_standalone(text).unwrap();
    assert_eq!(names, ["A", "B"]);
    assert_eq!(games.len(), 5);
    assert_eq!(pair_tally(2, &games)[0].counts, [1, 0, 0, 1, 0]);
    let out = chariot_league::report::summary(&names, &games, true, Some(&SPRT_0_5));
    assert!(out.contains("A vs B: 5 games, +2 =1 -2"), "{out}");
    assert!(
        out.contains("2 pairs scoring 0/0.5/1/1.5/2: 1 0 0 1 0"),
        "{out}"
    );
    assert!(out.contains("LLR"), "{out}");
    for bad in [
        "0\t1\tA\tB\t1-0\n",
        "x\t1\tA\tB\t1-0\tmate\n",
        "0\t1\tA\tA\t1-0\tmate\n",
        "0\t1\tA\tB\t2-0\tmate\n",
    ] {
        assert!(
            chariot_league::results::parse_standalone(bad).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn report_reads_several_results_files_as_one_match() {
    let Ok(Invocation::Report(r)) = parse_args(&args("-report a.tsv b.tsv -sprt")) else {
        panic!("expected a report");
    };
    assert_eq!(
        r.results_files,
        [std::path::PathBuf::from("a.tsv"), "b.tsv".into()]
    );
    assert!(parse_args(&args("-report")).is_err());
    // The first file: one pair A won 2-0 and a game 2 whose partner never
    // came. The second, with the engines the other way round and its game
    // numbers starting at 0 again: one pair B won 1.5-0.5.
    let first = "0\t1\tA\tB\t1-0\tmate\n\
                 1\t1\tB\tA\t0-1\tmate\n\
                 2\t2\tA\tB\t1-0\tmate\n";
    let second = "0\t1\tB\tA\t1-0\tmate\n\
                  1\t1\tA\tB\t1/2-1/2\tscore-draw\n";
    let (names, games) = chariot_league::results::parse_standalone_many(&[first, second]).unwrap();
    assert_eq!(names, ["A", "B"], "matched by name, in first-seen order");
    assert_eq!(games.len(), 5);
    // Renumbered after the first file: game 0 of the second is game 4.
    let renumbered: Vec<usize> = games.iter().map(|g| g.index).collect();
    assert_eq!(renumbered, [0, 1, 2, 4, 5]);
    // A: pairs worth 2 (file one) and 0.5 (file two); game 2 stays unpaired.
    assert_eq!(pair_tally(2, &games)[0].counts, [0, 1, 0, 0, 1]);
    let out = chariot_league::report::summary(&names, &games, true, None);
    assert!(out.contains("A vs B: 5 games, +3 =1 -1"), "{out}");
    // An error names the file it is in.
    let e = chariot_league::results::parse_standalone_many(&[first, "0\t1\tA\tA\t1-0\tmate\n"])
        .unwrap_err();
    assert_eq!(e.0, 1);
}

#[test]
fn screen_reads_its_switch_file_name_pairs_and_csv() {
    let parsed = parse_args(&args(
        "-engine cmd=/bin/e -each nodes=100 -screen sw.txt pairs=50 csv=out.csv",
    ));
    let Ok(Invocation::Screen(c, s)) = parsed else {
        panic!("expected a screening: {parsed:?}");
    };
    assert_eq!(c.engines.len(), 1);
    assert_eq!(s.file, std::path::PathBuf::from("sw.txt"));
    assert_eq!((s.pairs, s.csv.to_str()), (50, Some("out.csv")));
    let Ok(Invocation::Screen(_, s)) =
        parse_args(&args("-engine cmd=/bin/e -each nodes=9 -screen sw.txt"))
    else {
        panic!("expected a screening");
    };
    assert_eq!((s.pairs, s.csv.to_str()), (200, Some("sw.pairs.csv")));
    for (bad, why) in [
        (
            "-engine cmd=/bin/e -each nodes=9 -screen sw.txt pairs=0",
            "at least 1",
        ),
        ("-engine cmd=/bin/e -screen sw.txt depth=3", "unknown key"),
        ("-engine cmd=/bin/e -screen a.txt b.txt", "one switch file"),
        (
            "-engine cmd=/bin/e -each nodes=9 -screen sw.txt -spsa p.spsa",
            "do not go together",
        ),
    ] {
        let e = parse_args(&args(bad)).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
}
