//! The adjudication as the runner applies it: the scenarios that the league
//! simulator itself judged (data/rules/league-verdicts.txt) are replayed by
//! two scripted test engines through the game loop, which must stop at the
//! same ply with the same result and reason.

mod common;

use chariot_core::rules::{RepetitionRule, Rules};
use chariot_league::adjudication::{GameOutcome, Termination};
use chariot_league::clock::Limit;
use chariot_league::engine::{EngineProcess, TrafficLog};
use chariot_league::game::{play_game, GameSettings};
use common::verdict_scenarios;
use std::sync::atomic::AtomicBool;

fn expected_termination(reason: &str) -> Termination {
    match reason.split_whitespace().next().unwrap() {
        "perpetual-check" => Termination::PerpetualCheck,
        "perpetual-chase" => Termination::PerpetualChase,
        "repetition-draw" => Termination::Repetition,
        "natural-limit-draw" => Termination::NaturalLimit,
        "mate" => Termination::Mate,
        "stalemate" => Termination::Stalemate,
        other => panic!("unknown reason {other}"),
    }
}

fn expected_outcome(verdict: &str) -> GameOutcome {
    match verdict {
        "red-wins" => GameOutcome::RedWins,
        "black-wins" => GameOutcome::BlackWins,
        "draw" => GameOutcome::Draw,
        other => panic!("unknown verdict {other}"),
    }
}

#[test]
fn the_runner_agrees_with_every_league_verdict() {
    let all = verdict_scenarios();
    assert!(all.len() >= 10, "only {} scenarios read", all.len());
    let mut failures = Vec::new();
    for s in &all {
        let (g, _) = replay(&s.name, &s.fen, &s.moves);
        let want = (
            expected_outcome(&s.verdict),
            expected_termination(&s.reason),
        );
        let got = (g.ending.outcome, g.ending.termination);
        if got != want || g.moves != s.moves {
            failures.push(format!(
                "{}: expected {want:?} after {} plies, got {got:?} after {} plies ({})",
                s.name,
                s.moves.len(),
                g.moves.len(),
                g.ending.detail
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Plays `moves` from `fen` with two scripted engines; returns the record and
/// what each engine (Red, Black) was sent.
fn replay(
    name: &str,
    fen: &str,
    moves: &[String],
) -> (chariot_league::game::GameRecord, [String; 2]) {
    replay_under(Rules::LEAGUE, name, fen, moves)
}

/// [`replay`] with the games judged by `rules`.
fn replay_under(
    rules: Rules,
    name: &str,
    fen: &str,
    moves: &[String],
) -> (chariot_league::game::GameRecord, [String; 2]) {
    let script = moves.join(" ");
    let dir = common::scratch_dir("chariot-verdict");
    let record = |side: &str| dir.join(format!("{name}-{side}.txt"));
    let engine = |side: &str| {
        let _ = std::fs::remove_file(record(side));
        common::fake(
            side,
            &[
                "--script-fen",
                fen,
                "--script",
                &script,
                "--record",
                &record(side).to_string_lossy(),
            ],
        )
    };
    let settings = GameSettings {
        limit: Limit::Depth(1),
        rules,
        ..Default::default()
    };
    let mut log = TrafficLog::new(false);
    let mut red = EngineProcess::start(&engine("red"), &mut log).unwrap();
    let mut black = EngineProcess::start(&engine("black"), &mut log).unwrap();
    let g = play_game(
        [&mut red, &mut black],
        fen,
        &settings,
        &mut log,
        &AtomicBool::new(false),
    )
    .unwrap()
    .unwrap();
    red.quit();
    black.quit();
    let heard = |side| {
        let text = std::fs::read_to_string(record(side)).unwrap_or_default();
        let _ = std::fs::remove_file(record(side));
        text
    };
    (g, [heard("red"), heard("black")])
}

#[test]
fn the_perpetrator_is_warned_with_banmoves() {
    // The simulator's perpetual scenarios end on the victim's move. Started
    // one ply later, the same 4-ply cycle ends on the perpetrator's move:
    // that move must have been announced as banned, and still loses.
    let mut checked = 0;
    for s in verdict_scenarios() {
        let perpetual = matches!(
            expected_termination(&s.reason),
            Termination::PerpetualCheck | Termination::PerpetualChase
        );
        let four_ply_cycle = s.moves.len() == 12 && (0..8).all(|i| s.moves[i] == s.moves[i + 4]);
        if !perpetual || !four_ply_cycle {
            continue;
        }
        let mut pos = chariot_core::Position::from_fen(&s.fen).unwrap();
        let first = pos.parse_move(&s.moves[0]).unwrap();
        pos.make_move(first);
        let fen = pos.fen();
        let mut moves: Vec<String> = s.moves[1..].to_vec();
        moves.push(s.moves[0].clone());
        // (Another name than the first test's: the tests run at once.)
        let (g, heard) = replay(&format!("{}-shifted", s.name), &fen, &moves);
        assert_eq!(g.moves, moves, "{}: {:?}", s.name, g.ending);
        assert_eq!(g.ending.outcome, expected_outcome(&s.verdict), "{}", s.name);
        assert_eq!(
            g.ending.termination,
            expected_termination(&s.reason),
            "{}",
            s.name
        );
        // The perpetrator moved first in the original script.
        let red_first = s.fen.split_whitespace().nth(1) != Some("b");
        let perpetrator = if red_first { &heard[0] } else { &heard[1] };
        let warned = perpetrator
            .lines()
            .any(|l| l.starts_with("banmoves ") && l.split_whitespace().any(|w| w == s.moves[0]));
        assert!(
            warned,
            "{}: no banmoves {} in\n{perpetrator}",
            s.name, s.moves[0]
        );
        let victim = if red_first { &heard[1] } else { &heard[0] };
        assert!(
            !victim.contains("banmoves"),
            "{}: the victim is never banned",
            s.name
        );
        checked += 1;
    }
    assert!(
        checked >= 2,
        "only {checked} perpetual scenarios with a 4-ply cycle"
    );
}

#[test]
fn without_judgement_every_perpetual_is_a_draw_and_nothing_is_banned() {
    let no_judgement = Rules {
        repetition: RepetitionRule::NoJudgement,
        ..Rules::LEAGUE
    };
    let mut checked = 0;
    for s in verdict_scenarios() {
        let perpetual = matches!(
            expected_termination(&s.reason),
            Termination::PerpetualCheck | Termination::PerpetualChase
        );
        if !perpetual {
            continue;
        }
        let (g, heard) = replay_under(no_judgement, &format!("{}-free", s.name), &s.fen, &s.moves);
        // The same ply ends the game, as a draw.
        assert_eq!(g.moves, s.moves, "{}: {:?}", s.name, g.ending);
        assert_eq!(g.ending.outcome, GameOutcome::Draw, "{}", s.name);
        assert_eq!(g.ending.termination, Termination::Repetition, "{}", s.name);
        assert!(
            heard.iter().all(|h| !h.contains("banmoves")),
            "{}: banmoves sent without judgement",
            s.name
        );
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} perpetual scenarios");
}
