//! The league's repetition and draw rules as the search applies them: it never
//! walks into a losing perpetual, scores an allowed repetition as a draw, and
//! sees the natural-move limit.

mod common;

use chariot::limits::{Limits, SearchResult};
use chariot::search::REPETITION_LOSS;
use chariot::Engine;
use chariot_core::rules::{MoveLimit, RepetitionRule};
use chariot_core::{Move, Position};

fn position(fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
    }
    pos
}

fn search(pos: &Position, depth: u32, only: Option<&str>) -> SearchResult {
    let search_moves: Vec<Move> = only
        .map(|m| vec![pos.parse_move(m).unwrap()])
        .unwrap_or_default();
    let limits = Limits {
        search_moves,
        ..common::depth(depth)
    };
    common::search(&mut Engine::new(), pos, limits).0
}

/// Draw scores carry a small contempt; anything this close to 0 is a draw.
fn is_draw(score: i32) -> bool {
    score.abs() <= 25
}

#[test]
fn repeating_a_perpetual_check_is_scored_as_a_loss_and_avoided() {
    // League scenario s01: Red's rook checks every move.
    let pos = position("4k4/R8/9/9/9/9/9/9/9/3K5 w", "a8a9 e9e8 a9a8 e8e9");
    let only = search(&pos, 4, Some("a8a9"));
    assert!(
        only.score <= -(REPETITION_LOSS - 10),
        "a8a9 scored {}",
        only.score
    );
    let free = search(&pos, 4, None);
    assert_ne!(free.best.unwrap().to_string(), "a8a9");
    assert!(free.score > 0);
}

#[test]
fn repeating_a_perpetual_chase_of_an_unprotected_cannon_is_a_loss() {
    // s04: the rook chases the unprotected cannon shuttling a7/a6.
    let pos = position("4k4/9/c8/2R6/9/9/9/9/9/3K5 w", "c6c7 a7a6 c7c6 a6a7");
    let only = search(&pos, 4, Some("c6c7"));
    assert!(
        only.score <= -(REPETITION_LOSS - 10),
        "c6c7 scored {}",
        only.score
    );
    assert_ne!(search(&pos, 4, None).best.unwrap().to_string(), "c6c7");
}

#[test]
fn attacking_a_protected_cannon_or_a_rook_repeats_to_a_draw() {
    // s05: the cannon is protected by the rook on a9: no chase, a draw.
    let pos = position("r3k4/9/c8/2R6/9/9/9/9/9/3K5 w", "c6c7 a7a6 c7c6 a6a7");
    let s = search(&pos, 3, Some("c6c7")).score;
    assert!(is_draw(s), "protected: {s}");
    // s06: rook against rook is no chase either.
    let pos = position("4k4/9/r8/2R6/9/9/9/9/9/3K5 w", "c6c7 a7a6 c7c6 a6a7");
    assert!(is_draw(search(&pos, 3, Some("c6c7")).score));
}

#[test]
fn the_side_being_chased_sees_the_chasers_repetition_as_its_win() {
    // s04 one ply earlier: Black to move; a6a7 invites c6c7, which repeats the
    // position after Red's first chase: Red would lose, so Red must deviate.
    let pos = position("4k4/9/c8/2R6/9/9/9/9/9/3K5 w", "c6c7 a7a6 c7c6");
    let r = search(&pos, 3, Some("a6a7"));
    assert!(
        r.score > -(REPETITION_LOSS - 100),
        "Black's a6a7 scored {}",
        r.score
    );
}

#[test]
fn the_natural_move_limit_draws_a_won_position() {
    // A rook against a lone king: red wins (here by a check and a quiet move
    // that leaves black without a move), unless the capture-free count runs out
    // on that quiet move.
    let won = search(
        &Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap(),
        8,
        None,
    );
    assert!(won.score > 150, "score {}", won.score);
    let drawn = search(
        &Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 99 1").unwrap(),
        8,
        None,
    );
    assert!(is_draw(drawn.score), "score {}", drawn.score);
}

#[test]
fn checks_and_their_replies_do_not_run_the_natural_move_limit_out() {
    // 99 plies without capture: a mate given with check still counts (the
    // checking move is not a natural move), where a plain ply count would call
    // the game drawn on that move.
    let r = search(
        &Position::from_fen("4k4/R8/4P4/9/9/9/9/9/9/3K5 w - - 99 1").unwrap(),
        4,
        None,
    );
    assert_eq!(r.best.unwrap().to_string(), "a8a9");
    assert_eq!(chariot::score::mate_in_plies(r.score), Some(1));
}

/// Searches under the given repetition rule.
fn search_under(pos: &Position, depth: u32, rule: RepetitionRule) -> SearchResult {
    let mut engine = Engine::new();
    engine.options_mut().rules.repetition = rule;
    common::search(&mut engine, pos, common::depth(depth)).0
}

#[test]
fn a_lost_side_checks_perpetually_only_where_repetition_is_not_judged() {
    // Red's rook against two black horses and two cannons: lost, but the rook
    // can check the king on ranks 9 and 8 for ever (as in the league's s01).
    // Under the league's rules that perpetual loses, so Red plays on; without
    // judgement it is a draw, the best Red has.
    let pos = position("4k4/R8/9/9/9/6n2/6c2/7n1/8c/3K5 w", "a8a9 e9e8 a9a8 e8e9");
    let asian = search_under(&pos, 6, RepetitionRule::Asian);
    assert_ne!(asian.best.unwrap().to_string(), "a8a9");
    assert!(
        asian.score < -100,
        "under the league's rules: {}",
        asian.score
    );
    let free = search_under(&pos, 6, RepetitionRule::NoJudgement);
    assert_eq!(free.best.unwrap().to_string(), "a8a9");
    assert!(is_draw(free.score), "without judgement: {}", free.score);
}

#[test]
fn the_sixty_move_limit_draws_where_the_leagues_plays_on() {
    // 100 plies without capture: the league's limit has run out, sixty moves
    // has 20 plies to go, and without a limit the rook wins.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 100 1").unwrap();
    let under = |limit: MoveLimit| {
        let mut engine = Engine::new();
        engine.options_mut().rules.move_limit = limit;
        common::search(&mut engine, &pos, common::depth(8)).0.score
    };
    assert!(is_draw(under(MoveLimit::League)));
    assert!(under(MoveLimit::Sixty) > 150);
    assert!(under(MoveLimit::None) > 150);
}
