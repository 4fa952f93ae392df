//! Chinese notation against published game records written in it.
//!
//! The records in tests/data come from the CCGC folder of the xqbase
//! ElephantEye repository (GBK there, converted to UTF-8; the commentary and
//! the site banner removed, the tags and moves as published):
//! - odds-game-1999.pgn: the exhibition game of 9 December 1999 in
//!   Guangzhou in which Red gave nine pieces of odds (five pawns, both
//!   advisors and both elephants), 38 moves, won by Red; it has 前马/后马.
//! - ccgc-2006-round22.pgn: round 22 of the 1st Chinese Computer Games
//!   Championship, Beijing 2006, 52 moves; Black's 前炮/后炮 and king moves.
//!
//! Each record is read move by move (every move must name exactly one legal
//! move), and each move is written back and must give the record's text.

use chariot_core::pgn::read_games;
use chariot_core::{chinese, parse_chinese, Color, PieceKind, Position};

/// The record's move words, in order (not move numbers, results or tags).
fn record_words(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(|l| l.split_whitespace())
        .filter(|w| !w.is_ascii())
        .map(str::to_string)
        .collect()
}

fn check_record(pgn: &str, plies: usize) -> Vec<String> {
    let games = read_games(pgn).expect("the record reads");
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let words = record_words(pgn);
    assert_eq!(game.moves.len(), plies);
    assert_eq!(words.len(), plies);
    let mut pos = game.start();
    let mut iccs = Vec::new();
    for (mv, word) in game.moves.iter().zip(&words) {
        assert_eq!(&chinese(&pos, *mv), word, "after {iccs:?}");
        assert_eq!(parse_chinese(&pos, word), Ok(*mv));
        iccs.push(mv.to_string());
        pos.make_move(*mv);
    }
    iccs
}

#[test]
fn the_1999_odds_game_reads_and_writes_back() {
    let pgn = include_str!("data/odds-game-1999.pgn");
    let iccs = check_record(pgn, 75);
    // The first moves, checked by hand on a board: both cannons to the
    // centre, Red's takes Black's (over the e6 pawn), the elephant retakes.
    assert_eq!(iccs[..4], ["b2e2", "h7e7", "e2e7", "g9e7"]);
    // 23. 前马退二: of the horses on g7 and g4 (Red's file 三), the front one.
    let games = read_games(pgn).unwrap();
    let mut pos = games[0].start();
    for mv in &games[0].moves[..44] {
        pos.make_move(*mv);
    }
    let front = games[0].moves[44];
    assert_eq!(chinese(&pos, front), "前马退二");
    assert_eq!(front.from().file(), 6);
    let mut horses = pos.pieces(Color::Red, PieceKind::Horse);
    let mut on_g = 0;
    while horses.any() {
        on_g += usize::from(horses.pop_lsb().file() == 6);
    }
    assert_eq!(on_g, 2, "two red horses share the g file");
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
}

#[test]
fn a_computer_championship_game_reads_and_writes_back() {
    let pgn = include_str!("data/ccgc-2006-round22.pgn");
    let iccs = check_record(pgn, 103);
    assert_eq!(iccs[..2], ["h2e2", "h9g7"]);
}

#[test]
fn start_position_names_match_the_usual_openings() {
    let pos = Position::startpos();
    let names: Vec<String> = ["h2e2", "b0c2", "c3c4", "g0e2", "b2d2"]
        .iter()
        .map(|t| chinese(&pos, pos.parse_move(t).unwrap()))
        .collect();
    assert_eq!(
        names,
        ["炮二平五", "马八进七", "兵七进一", "相三进五", "炮八平六"]
    );
}
