//! Positions from played games: only quiet positions of the game itself,
//! past the skipped plies, each once, labelled with the game's result; the
//! same whatever the number of threads. Scored by an engine's move notes:
//! only where it was to move, by the notes that count.

use chariot_core::pgn::{read_games, PgnGame};
use chariot_core::Position;
use chariot_tune::game_positions::{all_records, Config, NotesOf};
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
        notes_of: None,
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

/// The game with players A (Red) and B (Black) and a note on every move:
/// the mover's score in centipawns, 7 * ply - 100, at depth `ply % 20`;
/// every tenth move a mate instead, every seventh a decisive score.
fn noted_game() -> PgnGame {
    let mut game = game_with_result("1-0");
    game.tags.retain(|(k, _)| k != "Red" && k != "Black");
    game.tags.push(("Red".into(), "A".into()));
    game.tags.push(("Black".into(), "B".into()));
    game.notes = (0..game.moves.len())
        .map(|ply| {
            let depth = ply % 20;
            Some(if ply % 10 == 9 {
                format!("+M3/{depth} 0.1s")
            } else if ply % 7 == 6 {
                format!("+95.00/{depth} 0.1s")
            } else {
                let cp = 7 * ply as i32 - 100;
                let sign = if cp < 0 { '-' } else { '+' };
                format!(
                    "{sign}{}.{:02}/{depth} 0.1s",
                    cp.abs() / 100,
                    cp.abs() % 100
                )
            })
        })
        .collect();
    game
}

fn notes_config(engine: &str, min_depth: u32, scale: f64) -> Config {
    Config {
        notes_of: Some(NotesOf {
            engine: engine.into(),
            min_depth,
            scale,
            decisive: 9_000,
        }),
        ..config(2)
    }
}

#[test]
fn an_engines_notes_score_the_quiet_positions_where_it_was_to_move() {
    let game = noted_game();
    // The ply of each position before its move, and the move.
    let mut plies = std::collections::HashMap::new();
    let mut pos = game.start();
    for (ply, &mv) in game.moves.iter().enumerate() {
        plies.entry(pos.fen()).or_insert((ply, mv));
        pos.make_move(mv);
    }
    for (engine, red) in [("A", true), ("B", false)] {
        let kept =
            &all_records(&notes_config(engine, 5, 0.5), std::slice::from_ref(&game)).unwrap()[0];
        assert!(kept.len() >= 5, "{engine}: only {} positions", kept.len());
        for r in kept {
            let (ply, mv) = plies[&r.fen];
            let pos = Position::from_fen(&r.fen).unwrap();
            assert_eq!(
                pos.side_to_move() == chariot_core::Color::Red,
                red,
                "{}",
                r.fen
            );
            assert!(
                ply >= 10 && ply % 20 >= 5,
                "ply {ply}: before the skip or too shallow"
            );
            assert!(
                ply % 10 != 9 && ply % 7 != 6,
                "ply {ply}: a mate or decisive note kept"
            );
            assert!(!pos.is_capture(mv) && is_quiet(&pos), "{}", r.fen);
            // Half the mover's score, in Red's view.
            let mover = (7.0 * ply as f64 - 100.0) * 0.5;
            let expected = if red { mover } else { -mover }.round() as i32;
            assert_eq!(r.score, expected, "ply {ply}");
            assert_eq!(r.result, 1.0);
        }
    }
    // No depth asked: more positions; an engine that did not play: none.
    let all = all_records(&notes_config("A", 0, 1.0), std::slice::from_ref(&game)).unwrap();
    let deep = all_records(&notes_config("A", 5, 1.0), std::slice::from_ref(&game)).unwrap();
    assert!(all[0].len() > deep[0].len());
    let nobody = all_records(&notes_config("C", 0, 1.0), std::slice::from_ref(&game)).unwrap();
    assert!(nobody[0].is_empty());
}
