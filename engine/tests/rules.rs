//! The league's repetition and draw rules: the simulator's own verdicts, and
//! constructed positions for each case of the rules.

use chariot::rules::{
    adjudicate, chased_by_last_move, cycle_verdict, repetition, Outcome, Reason, Verdict,
};
use chariot::Position;
use std::path::PathBuf;
use tablegen::{Bitboard, Color, Square};

fn shared_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for rel in ["../../shared", "../../../shared"] {
        let p = manifest.join(rel);
        if p.join("rules/league-verdicts.txt").exists() {
            return p;
        }
    }
    panic!("shared/rules/league-verdicts.txt not found beside the repository");
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

fn play(p: &mut Position, mv: &str) {
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} in {}: {e}", p.fen()));
    p.make_move(m);
}

fn sq(text: &str) -> Square {
    Square::parse(text).expect("square")
}

fn win(c: Color, reason: Reason) -> Verdict {
    Verdict {
        outcome: Outcome::Win(c),
        reason,
    }
}

fn draw(reason: Reason) -> Verdict {
    Verdict {
        outcome: Outcome::Draw,
        reason,
    }
}

/// Plays the moves, adjudicating after each ply; returns the ply (1-based) and
/// verdict of the first adjudication, or None when the game never ended.
fn play_adjudicated(fen: &str, moves: &[&str]) -> Option<(usize, Verdict)> {
    let mut p = pos(fen);
    for (i, mv) in moves.iter().enumerate() {
        play(&mut p, mv);
        if let Some(v) = adjudicate(&p) {
            return Some((i + 1, v));
        }
    }
    None
}

/// A shuttle of two moves per side, `times` times over (4 * times plies).
fn shuttle(cycle: [&'static str; 4], times: usize) -> Vec<&'static str> {
    cycle.iter().copied().cycle().take(4 * times).collect()
}

// ---- the simulator's verdicts --------------------------------------------------

struct Scenario {
    name: String,
    fen: String,
    moves: Vec<String>,
    plies: usize,
    verdict: Verdict,
}

fn parse_scenarios(text: &str) -> Vec<Scenario> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key}:")))
                .map(|v| v.trim().to_string())
        };
        let Some(name) = field("name") else { continue };
        let get = |key: &str| field(key).unwrap_or_else(|| panic!("{name}: no '{key}:' line"));
        // The reason may carry a note in parentheses.
        let reason_text = get("reason");
        let reason = match reason_text.split_whitespace().next().unwrap_or("") {
            "perpetual-check" => Reason::PerpetualCheck,
            "perpetual-chase" => Reason::PerpetualChase,
            "repetition-draw" => Reason::RepetitionDraw,
            "natural-limit-draw" => Reason::NaturalLimit,
            "mate" => Reason::Mate,
            "stalemate" => Reason::Stalemate,
            other => panic!("{name}: unknown reason '{other}'"),
        };
        let outcome = match get("verdict").as_str() {
            "red-wins" => Outcome::Win(Color::Red),
            "black-wins" => Outcome::Win(Color::Black),
            "draw" => Outcome::Draw,
            other => panic!("{name}: unknown verdict '{other}'"),
        };
        out.push(Scenario {
            fen: get("fen"),
            moves: get("moves").split_whitespace().map(String::from).collect(),
            plies: get("plies").parse().expect("plies"),
            verdict: Verdict { outcome, reason },
            name,
        });
    }
    out
}

/// Start positions the simulator accepted but our FEN check refuses (uncrossed
/// pawns on squares no pawn can reach), with a stand-in that plays the same.
const STAND_INS: &[(&str, &str)] = &[
    // s09: the d and f pawns never move, capture or check; the same pawns one
    // file further out, on their real starting squares, change nothing.
    (
        "4k4/9/9/3ppp3/r8/R8/3PPP3/9/9/4K4 w",
        "4k4/9/9/2p1p1p2/r8/R8/2P1P1P2/9/9/4K4 w",
    ),
    // s10: the black pawn on b6 only blocks the horse's leg; a black horse there
    // (which never moves and attacks neither c6 nor d8) blocks it the same way.
    (
        "4k4/2n6/1r7/1pN6/9/9/9/9/9/3K5 w",
        "4k4/2n6/1r7/1nN6/9/9/9/9/9/3K5 w",
    ),
];

fn scenario_start(fen: &str) -> Position {
    Position::from_fen(&format!("{fen} - - 0 1")).unwrap_or_else(|e| {
        let (_, stand_in) = STAND_INS
            .iter()
            .find(|(f, _)| *f == fen)
            .unwrap_or_else(|| panic!("FEN {fen} refused ({e}) and no stand-in listed"));
        pos(&format!("{stand_in} - - 0 1"))
    })
}

#[test]
fn league_simulator_verdicts() {
    let path = shared_dir().join("rules/league-verdicts.txt");
    let text = std::fs::read_to_string(&path).expect("read league-verdicts.txt");
    let scenarios = parse_scenarios(&text);
    assert!(scenarios.len() >= 12, "only {} scenarios", scenarios.len());
    for s in &scenarios {
        assert_eq!(s.moves.len(), s.plies, "{}: moves vs plies", s.name);
        let mut p = scenario_start(&s.fen);
        for (i, mv) in s.moves.iter().enumerate() {
            play(&mut p, mv);
            let got = adjudicate(&p);
            if i + 1 < s.plies {
                assert_eq!(got, None, "{}: ended early at ply {}", s.name, i + 1);
            } else {
                assert_eq!(got, Some(s.verdict), "{}: verdict at ply {}", s.name, i + 1);
            }
        }
    }
}
