//! Strength levels (UCCI `skill`, UCI `UCI_LimitStrength` with `UCI_Elo`):
//! a low level plays a weaker move where the full engine does not, but no
//! worse than its margin allows.

mod common;

use chariot::limits::{Limits, SearchResult};
use chariot::strength::{self, FULL};
use chariot::Engine;
use chariot_core::{Move, Position};

fn at_level(fen: &str, level: u8) -> SearchResult {
    let mut engine = Engine::new();
    engine.options_mut().skill = level;
    let pos = Position::from_fen(fen).unwrap();
    common::search(&mut engine, &pos, common::depth(10)).0
}

/// The full engine's score of `mv` in `fen` (a search of that move alone).
fn score_of(fen: &str, mv: Move) -> i32 {
    let pos = Position::from_fen(fen).unwrap();
    let limits = Limits {
        search_moves: vec![mv],
        ..common::depth(8)
    };
    common::search(&mut Engine::new(), &pos, limits).0.score
}

// Red's rook may take a pawn on e6, or play on: a small gain, within a low
// level's margin.
const PAWN_TO_TAKE: &str = "3k5/9/9/4p4/9/9/9/9/4R4/4K4 w - - 0 1";
// Red's rook may take a loose black rook on a6: anything else loses it back.
const ROOK_TO_TAKE: &str = "3k5/9/9/r3R4/9/9/9/9/9/4K4 w - - 0 1";

#[test]
fn the_lowest_level_plays_a_weaker_move_than_the_full_engine() {
    let full = at_level(PAWN_TO_TAKE, FULL);
    let low = at_level(PAWN_TO_TAKE, 0);
    let (full_move, low_move) = (full.best.unwrap(), low.best.unwrap());
    assert_ne!(low_move, full_move, "level 0 played the full engine's move");
    // Weaker, as the full engine judges it, but within level 0's margin.
    let (best, chosen) = (
        score_of(PAWN_TO_TAKE, full_move),
        score_of(PAWN_TO_TAKE, low_move),
    );
    let margin = strength::handicap(0).unwrap().margin;
    assert!(
        chosen < best,
        "{low_move} {chosen} against {full_move} {best}"
    );
    assert!(
        best - chosen <= margin + 60,
        "{low_move} loses {} against {full_move}",
        best - chosen
    );
}

#[test]
fn no_level_gives_away_more_than_its_margin() {
    for level in [0, 5, 10, 19] {
        let r = at_level(ROOK_TO_TAKE, level);
        assert_eq!(r.best.unwrap().to_string(), "e6a6", "level {level}");
    }
}

#[test]
fn a_level_below_full_searches_no_more_than_its_nodes() {
    let start = chariot_core::START_FEN;
    for level in [0, 8, 16] {
        let r = at_level(start, level);
        let cap = strength::handicap(level).unwrap().nodes;
        assert!(
            r.nodes <= cap,
            "level {level}: {} nodes over {cap}",
            r.nodes
        );
    }
    let full = at_level(start, FULL).nodes;
    assert!(full > strength::handicap(12).unwrap().nodes, "{full}");
}

#[test]
fn uci_elo_limits_only_when_strength_is_limited() {
    let mut engine = Engine::new();
    engine.options_mut().elo = strength::MIN_ELO;
    assert_eq!(
        engine.options().level(),
        FULL,
        "UCI_Elo alone changes nothing"
    );
    engine.options_mut().limit_strength = true;
    assert_eq!(engine.options().level(), 0);
    engine.options_mut().elo = strength::MAX_ELO;
    assert_eq!(engine.options().level(), FULL);
}

#[test]
fn a_weaker_level_shows_the_line_it_plays() {
    let mut engine = Engine::new();
    engine.options_mut().skill = 0;
    let pos = Position::from_fen(PAWN_TO_TAKE).unwrap();
    let (result, reports) = common::search(&mut engine, &pos, common::depth(10));
    let last_line = reports
        .iter()
        .rev()
        .find_map(|r| match r {
            chariot::Report::Iteration(i) if i.multipv == 1 => Some(i.clone()),
            _ => None,
        })
        .expect("an iteration was reported");
    let played = result.best.unwrap();
    assert_eq!(
        last_line.pv.first(),
        Some(&played),
        "shown {:?}",
        last_line.pv
    );
    assert_eq!(last_line.score, result.score);
}
