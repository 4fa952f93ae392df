//! Positions from played games: only quiet positions of the game itself,
//! past the skipped plies, each once, labelled with the game's result; the
//! same whatever the number of threads.

use chariot_core::pgn::{read_games, PgnGame};
use chariot_core::Position;
use chariot_tune::game_positions::{all_records, Config};
use chariot_tune::quiet::is_quiet;
use std::collections::HashSet;

// A 2006 league game (Red won), kept with chariot-core's own tests.
const GAME: &str = include_str!("../../core/tests/data/ccgc-2006-round22.pgn");

fn game_with_result(token: &str) -> PgnGame {
    let mut game = read_games(GAME).unwrap().remove(0);
    game.result = Some(token.to_string());
    game
}

fn config(threads: usize) -> Config {
    Config {
        nodes: 300,
        skip_plies: 10,
        hash_mb: 1,
        threads,
    }
}

/// The game's positions after `skip` plies, as FEN.
fn positions_from(game: &PgnGame, skip: usize) -> HashSet<String> {
    let mut pos = game.start();
    let mut fens = HashSet::new();
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= skip {
            fens.insert(pos.fen());
        }
        pos.make_move(mv);
    }
    fens
}

#[test]
fn kept_positions_are_quiet_positions_of_the_game_with_its_result() {
    let game = read_games(GAME).unwrap().remove(0);
    assert_eq!(game.result.as_deref(), Some("1-0"));
    let records = all_records(&config(2), std::slice::from_ref(&game)).unwrap();
    let kept = &records[0];
    let allowed = positions_from(&game, 10);
    assert!(kept.len() >= 10, "only {} positions kept", kept.len());
    assert!(kept.len() < allowed.len(), "nothing was filtered out");
    let mut seen = HashSet::new();
    for r in kept {
        assert!(
            allowed.contains(&r.fen),
            "not a position of the game past ply 10: {}",
            r.fen
        );
        assert!(seen.insert(r.fen.clone()), "kept twice: {}", r.fen);
        assert!(is_quiet(&Position::from_fen(&r.fen).unwrap()), "{}", r.fen);
        assert_eq!(r.result, 1.0);
        assert!(r.score.abs() < 20_000, "a mate score was kept: {}", r.score);
    }
}

#[test]
fn the_result_labels_every_position_and_an_unfinished_game_gives_none() {
    let games = [
        game_with_result("1/2-1/2"),
        game_with_result("0-1"),
        game_with_result("*"),
    ];
    let records = all_records(&config(2), &games).unwrap();
    assert!(!records[0].is_empty() && records[0].iter().all(|r| r.result == 0.5));
    assert!(!records[1].is_empty() && records[1].iter().all(|r| r.result == 0.0));
    assert!(records[2].is_empty());
    let fens = |i: usize| records[i].iter().map(|r| r.fen.clone()).collect::<Vec<_>>();
    assert_eq!(fens(0), fens(1), "the same game keeps the same positions");
}

#[test]
fn the_output_does_not_depend_on_the_threads() {
    let games = [
        game_with_result("1-0"),
        game_with_result("0-1"),
        game_with_result("1/2-1/2"),
    ];
    let one = all_records(&config(1), &games).unwrap();
    let two = all_records(&config(2), &games).unwrap();
    assert_eq!(one, two);
}
