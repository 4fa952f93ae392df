//! Bad FENs and bad moves are refused with a message naming the problem.

use chariot_core::{
    Color, IllegalReason, Move, ParseFenError, ParseMoveError, PieceKind, Position, START_FEN,
};

fn refused(fen: &str, expected: &str) {
    match Position::from_fen(fen) {
        Ok(_) => panic!("accepted bad FEN {fen}"),
        Err(e) => assert!(
            e.to_string().contains(expected),
            "message for {fen} was '{e}', expected it to mention '{expected}'"
        ),
    }
}

#[test]
fn start_position_round_trips() {
    assert_eq!(Position::startpos().fen(), START_FEN);
    assert_eq!(
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r")
            .unwrap()
            .fen(),
        START_FEN
    );
    // E and H are accepted for elephant and horse.
    assert_eq!(
        Position::from_fen("rhbakabhr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1")
            .unwrap()
            .fen(),
        START_FEN
    );
}

#[test]
fn malformed_fens_are_refused_with_the_reason() {
    refused("", "empty");
    refused(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
        "ranks",
    );
    refused(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
        "bad letter 'X'",
    );
    refused(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
        "8 squares",
    );
    refused(
        "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "longer than 9",
    );
    refused(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
        "side to move",
    );
}

#[test]
fn impossible_fens_are_refused_with_the_reason() {
    refused(
        "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "Black has no king",
    );
    refused("4k4/9/9/9/9/9/9/9/9/4K3K w", "outside its palace");
    refused("4k4/9/9/9/9/9/9/9/K8/9 w", "outside its palace");
    refused("4k4/9/9/9/9/9/9/9/4A4/3AKA3 w", "3 advisors");
    refused("4k4/9/9/9/9/9/9/4A4/9/4K4 w", "advisor on e2");
    refused("4k4/9/9/9/9/9/9/9/4B4/4K4 w", "elephant on e1");
    refused(
        "4k4/9/9/9/9/9/9/P8/9/4K4 w",
        "pawn on a2 is behind its starting rank",
    );
    refused(
        "4k4/9/p8/9/9/9/9/9/9/3K5 w",
        "pawn on a7 is behind its starting rank",
    );
    refused("4k4/9/9/9/9/9/9/9/9/4K4 w", "not to move but is in check");
    refused(
        "4k4/4R4/9/9/9/9/9/9/9/3K5 w",
        "Black is not to move but is in check",
    );
    refused(
        "rnbakabnr/rr7/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "4 rooks",
    );
}

#[test]
fn bad_moves_are_refused_with_the_reason() {
    let pos = Position::startpos();
    let err = |m: &str| pos.parse_move(m).unwrap_err().to_string();
    assert!(err("h2e").contains("four characters"));
    assert!(err("z2e2").contains("a0 to i9"));
    assert!(err("e4e5").contains("no piece"));
    assert!(err("h7h0").contains("side not to move"));
    assert!(err("a0a5").contains("cannot move so"));
    assert!(err("b0b2").contains("cannot move so"));
    assert!(pos.parse_move("h2e2").is_ok());
    assert!(Move::parse_text("h2é2").is_err());
    // Leaving the king facing the other king is illegal.
    let p = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w").unwrap();
    assert!(p
        .parse_move("e1d2")
        .unwrap_err()
        .to_string()
        .contains("leaves the king"));
}

#[test]
fn a_refused_fen_leaves_nothing_half_set() {
    // The API builds a new position or nothing: the old one is untouched.
    let pos = Position::startpos();
    let key = pos.key();
    assert!(Position::from_fen("garbage").is_err());
    assert_eq!(pos.key(), key);
}

#[test]
fn errors_are_typed_so_callers_can_tell_the_cases_apart() {
    use ParseFenError::*;
    let fen_err = |fen: &str| Position::from_fen(fen).unwrap_err();
    assert_eq!(fen_err(""), Empty);
    assert_eq!(fen_err("9/9/9 w"), RankCount(3));
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
        BadSide("x".into())
    );
    assert_eq!(fen_err("4k4/9/9/9/9/9/9/9/9/9 w"), NoKing(Color::Red));
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/9/K8 w"),
        Unreachable(Color::Red, PieceKind::King, _)
    ));
    let pos = Position::startpos();
    assert_eq!(
        pos.parse_move("h2e").unwrap_err(),
        ParseMoveError::Malformed("h2e".into())
    );
    assert_eq!(
        pos.parse_move("e4e5").unwrap_err(),
        ParseMoveError::Illegal {
            text: "e4e5".into(),
            reason: IllegalReason::NoPiece
        }
    );
}
