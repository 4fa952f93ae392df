//! The adjudication as the runner applies it: the scenarios that the league
//! simulator itself judged (shared/rules/league-verdicts.txt) are replayed by
//! two scripted test engines through the game loop, which must stop at the
//! same ply with the same result and reason.

use chariot::league::adjudication::{GameOutcome, Termination};
use chariot::league::clock::Limit;
use chariot::league::engine::{EngineConfig, EngineProcess, TrafficLog};
use chariot::league::game::{play_game, GameSettings};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

const FAKE: &str = env!("CARGO_BIN_EXE_chariot-fake-engine");

/// shared/ lies beside the repository (or beside one of its ancestors).
fn shared(rel: &str) -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .map(|a| a.join("shared").join(rel))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("shared/{rel} not found beside the repository"))
}

struct Scenario {
    name: String,
    fen: String,
    moves: Vec<String>,
    verdict: String,
    reason: String,
}

fn scenarios() -> Vec<Scenario> {
    let text = std::fs::read_to_string(shared("rules/league-verdicts.txt")).unwrap();
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let field = |k: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{k}:")))
                .map(|v| v.trim().to_string())
        };
        let (Some(name), Some(fen), Some(moves)) = (field("name"), field("fen"), field("moves"))
        else {
            continue;
        };
        let plies: usize = field("plies").unwrap().parse().unwrap();
        let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        assert_eq!(moves.len(), plies, "{name}: plies and moves disagree");
        out.push(Scenario {
            name,
            fen,
            moves,
            verdict: field("verdict").unwrap(),
            reason: field("reason").unwrap(),
        });
    }
    out
}

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
    let all = scenarios();
    assert!(all.len() >= 10, "only {} scenarios read", all.len());
    let settings = GameSettings {
        limit: Limit::Depth(1),
        ..Default::default()
    };
    let mut failures = Vec::new();
    let mut played = 0;
    for s in &all {
        // A few scenarios stand pawns where no pawn can go; the engine's
        // FEN check refuses them, and so does the runner's openings check.
        if let Err(e) = chariot::Position::from_fen(&s.fen) {
            eprintln!("skipped {}: {e}", s.name);
            continue;
        }
        played += 1;
        let script = s.moves.join(" ");
        let engine = |name: &str| EngineConfig {
            name: name.into(),
            cmd: FAKE.into(),
            args: vec![
                "--script-fen".into(),
                s.fen.clone(),
                "--script".into(),
                script.clone(),
            ],
            ..Default::default()
        };
        let mut log = TrafficLog::new(false);
        let mut red = EngineProcess::start(&engine("red"), &mut log).unwrap();
        let mut black = EngineProcess::start(&engine("black"), &mut log).unwrap();
        let g = play_game(
            [&mut red, &mut black],
            &s.fen,
            &settings,
            &mut log,
            &AtomicBool::new(false),
        )
        .unwrap()
        .unwrap();
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
    assert!(played >= 10, "only {played} scenarios could be set up");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
