//! Property tests over random move sequences: unmake restores everything, the
//! incremental hash equals a fresh one, FEN round-trips, the legal generator
//! agrees with a slow reference written here, and the capture, evasion and
//! quiet-check generators are exact subsets.

mod common;

use chariot_core::movegen::GenType;
use chariot_core::{rules, Move, MoveList, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;
use tablegen::{reference, Bitboard, Color, PieceKind, Square};

/// Slow reference: every move of every piece from the reference generators,
/// kept when the mover's king is not attacked afterwards (found by scanning all
/// enemy pieces on the new board).
fn reference_legal(pos: &Position) -> BTreeSet<u16> {
    let us = pos.side_to_move();
    let them = us.other();
    let mut out = BTreeSet::new();
    let occ = pos.occupied();
    for from in pos.color_bb(us) {
        let p = pos.piece_on(from);
        let targets = match p.kind() {
            PieceKind::King => reference::king_attacks(from),
            PieceKind::Advisor => reference::advisor_attacks(from),
            PieceKind::Elephant => reference::elephant_attacks(from, occ),
            PieceKind::Horse => reference::horse_attacks(from, occ),
            PieceKind::Rook => reference::rook_attacks(from, occ),
            PieceKind::Cannon => {
                (reference::rook_attacks(from, occ) & !occ)
                    | (reference::cannon_attacks(from, occ) & pos.color_bb(them))
            }
            PieceKind::Pawn => reference::pawn_attacks(us, from),
        } & !pos.color_bb(us);
        for to in targets {
            if king_safe_after(pos, from, to) {
                out.insert(Move::new(from, to).0);
            }
        }
    }
    out
}

fn king_safe_after(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.side_to_move();
    let them = us.other();
    let mut board: Vec<Option<(Color, PieceKind)>> = (0..90u8)
        .map(|s| {
            let p = pos.piece_on(Square(s));
            (!p.is_none()).then(|| (p.color(), p.kind()))
        })
        .collect();
    board[to.index()] = board[from.index()].take();
    let occ = board
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_some())
        .fold(Bitboard::EMPTY, |b, (i, _)| b | Square(i as u8));
    let ksq = Square(
        board
            .iter()
            .position(|p| *p == Some((us, PieceKind::King)))
            .unwrap() as u8,
    );
    for (i, p) in board.iter().enumerate() {
        let Some((c, k)) = *p else { continue };
        if c != them {
            continue;
        }
        let s = Square(i as u8);
        let attacks = match k {
            PieceKind::King => reference::rook_attacks(s, occ), // facing kings
            PieceKind::Rook => reference::rook_attacks(s, occ),
            PieceKind::Cannon => reference::cannon_attacks(s, occ),
            PieceKind::Horse => reference::horse_attacks(s, occ),
            PieceKind::Pawn => reference::pawn_attacks(them, s),
            _ => Bitboard::EMPTY,
        };
        if attacks.has(ksq) && (k != PieceKind::King || s.file() == ksq.file()) {
            return false;
        }
    }
    true
}

fn check_position(pos: &Position) {
    let legal: BTreeSet<u16> = pos.legal_moves().iter().map(|m| m.0).collect();
    assert_eq!(
        legal,
        reference_legal(pos),
        "generator disagrees with reference in {}",
        pos.fen()
    );
    let captures: BTreeSet<u16> = pos.legal_captures().iter().map(|m| m.0).collect();
    let expected_captures: BTreeSet<u16> = legal
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(Move(m)))
        .collect();
    assert_eq!(captures, expected_captures, "captures in {}", pos.fen());
    let evasions: BTreeSet<u16> = pos.evasions().iter().map(|m| m.0).collect();
    if pos.in_check() {
        assert_eq!(evasions, legal, "evasions in {}", pos.fen());
    } else {
        assert!(evasions.is_empty());
    }
    assert_eq!(
        quiet_checks(pos),
        quiet_checks_by_playing(pos),
        "quiet checks in {}",
        pos.fen()
    );
    let (key, psq, checkers) = pos.recompute();
    assert_eq!(key, pos.key(), "incremental key in {}", pos.fen());
    assert_eq!(psq, pos.psq(), "incremental psq in {}", pos.fen());
    assert_eq!(checkers, pos.checkers(), "checkers in {}", pos.fen());
    let again = Position::from_fen(&pos.fen()).unwrap();
    assert_eq!(again.fen(), pos.fen());
    assert_eq!(again.key(), pos.key());
}

fn quiet_checks(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate(GenType::QuietChecks, &mut list);
    list.iter().collect()
}

/// The quiet moves, in their order, after which the opponent is in check.
fn quiet_checks_by_playing(pos: &Position) -> Vec<Move> {
    let mut quiets = MoveList::new();
    pos.generate(GenType::Quiets, &mut quiets);
    let mut after = pos.clone();
    quiets
        .iter()
        .filter(|&m| {
            after.make_move(m);
            let check = after.in_check();
            after.unmake_move();
            check
        })
        .collect()
}

fn random_walk(fen: &str, seed: u64, plies: usize) {
    let mut rng = common::Rng(seed | 1);
    let mut pos = Position::from_fen(fen).unwrap();
    let start_natural = pos.natural_plies();
    let mut snapshots = vec![pos.clone()];
    for _ in 0..plies {
        check_position(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        for m in moves.iter() {
            let predicted = pos.key_after(m);
            pos.make_move(m);
            assert_eq!(predicted, pos.key(), "key_after({m}) in {}", pos.fen());
            pos.unmake_move();
        }
        let m = rng.pick(moves.as_slice());
        pos.make_move(m);
        // The incremental natural-move count agrees with the rules code's walk
        // through the history (which starts its count at the FEN, from 0).
        if start_natural == 0 {
            assert_eq!(pos.natural_plies(), rules::natural_count(&pos).min(255));
        }
        snapshots.push(pos.clone());
    }
    // Unmake all the way back: every intermediate position is restored exactly.
    while let Some(expected) = snapshots.pop() {
        assert_eq!(pos, expected);
        assert_eq!(pos.fen(), expected.fen());
        if pos.game_ply() == 0 {
            break;
        }
        pos.unmake_move();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]
    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), which in 0usize..100) {
        let fens = common::sample_fens();
        random_walk(&fens[which % fens.len()], seed, 60);
    }
}

#[test]
fn promotion_variant_moves_are_generated_and_undone() {
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/2BAK4 w").unwrap();
    assert!(!pos.legal_moves().iter().any(|m| m.is_promotion()));
    pos.promotion = true;
    let promos: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_promotion())
        .map(|m| m.to_string())
        .collect();
    assert_eq!(promos, vec!["c0c0", "d0d0"]);
    let before = pos.clone();
    let m = pos.parse_move("d0d0").unwrap();
    let predicted = pos.key_after(m);
    pos.make_move(m);
    assert_eq!(predicted, pos.key());
    assert_eq!(pos.fen(), "3k5/9/9/9/9/9/9/9/9/2BPK4 b - - 1 1");
    assert_eq!(pos.recompute().0, pos.key());
    pos.unmake_move();
    assert_eq!(pos, before);
}

#[test]
fn promotion_needs_fewer_than_five_pawns_and_no_check() {
    let mut full = Position::from_fen("3k5/9/9/9/9/P1P1P1P1P/9/9/9/2BAK4 w").unwrap();
    full.promotion = true;
    assert!(!full.legal_moves().iter().any(|m| m.is_promotion()));
    let mut checked = Position::from_fen("3k5/9/9/9/9/9/9/9/9/2BAK1r2 w").unwrap();
    checked.promotion = true;
    assert!(checked.in_check());
    assert!(!checked.legal_moves().iter().any(|m| m.is_promotion()));
}

#[test]
fn natural_move_count_skips_checks_and_their_replies() {
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 7 1").unwrap();
    assert_eq!(pos.natural_plies(), 7, "starts from the FEN's clock");
    let mut counts = Vec::new();
    for m in ["a1a9", "d9d8", "a9a1", "d8d9", "a1a2"] {
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
        counts.push(pos.natural_plies());
    }
    // a check, the reply to it, then three plain moves.
    assert_eq!(counts, vec![7, 7, 8, 9, 10]);
    assert_eq!(pos.halfmove_clock(), 12);
    pos.unmake_move();
    assert_eq!(pos.natural_plies(), 9);
}

/// Along a random game, every legal move's `see_ge` at every threshold
/// around its exchange value agrees with the full exchange `see`.
fn see_ge_agrees_along(fen: &str, seed: u64, plies: usize) -> usize {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut rng = common::Rng(seed | 1);
    let mut checked = 0;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        for m in moves.iter() {
            let value = pos.see(m);
            for threshold in [-5000, -221, -106, -31, -1, 0, 1, 26, 31, 101, 221, 5000]
                .into_iter()
                .chain([value - 1, value, value + 1])
            {
                assert_eq!(
                    pos.see_ge(m, threshold),
                    value >= threshold,
                    "{} {m} threshold {threshold}, see {value}",
                    pos.fen()
                );
                checked += 1;
            }
        }
        let m = rng.pick(moves.as_slice());
        pos.make_move(m);
    }
    checked
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]
    #[test]
    fn see_ge_agrees_with_the_full_exchange(seed in any::<u64>(), which in 0usize..100) {
        let fens = common::sample_fens();
        prop_assert!(see_ge_agrees_along(&fens[which % fens.len()], seed, 80) > 0);
    }
}

#[test]
fn see_ge_agrees_with_the_full_exchange_on_crowded_squares() {
    // Kings, rooks, cannons and horses all bearing on the middle of the board.
    for fen in [
        "2bakab2/9/2n1c1n2/p1p1r1p1p/2R1p1C2/4P4/P1P1c1P1P/2N1C1N2/4R4/2BAKAB2 w",
        "3akr3/4a4/4c4/4p4/4R4/4C4/4N4/4N4/4A4/3AK4 w",
        "4k4/4a4/4r4/9/4c4/4P4/4R4/4C4/9/4K4 b",
    ] {
        assert!(see_ge_agrees_along(fen, 7, 40) > 0);
    }
}

/// Random games from the start: the quiet-check generator finds every quiet
/// check, of every kind (the moved piece's own, one uncovered, a cannon's
/// new screen), and nothing else.
#[test]
fn quiet_checks_are_exactly_the_quiet_moves_that_check() {
    let mut rng = common::Rng(7);
    let (mut direct, mut uncovered, mut screens) = (0, 0, 0);
    for _ in 0..300 {
        let mut pos = Position::startpos();
        for _ in 0..150 {
            let checks = quiet_checks(&pos);
            assert_eq!(checks, quiet_checks_by_playing(&pos), "in {}", pos.fen());
            for &m in &checks {
                let mut after = pos.clone();
                after.make_move(m);
                let checkers = after.checkers();
                if checkers.has(m.to()) {
                    direct += 1;
                } else if cannon_screened_by(&after, m.to()) {
                    screens += 1;
                } else {
                    uncovered += 1;
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(rng.pick(moves.as_slice()));
        }
    }
    assert!(
        direct > 10_000 && uncovered > 500 && screens > 300,
        "direct {direct}, uncovered {uncovered}, screens {screens}"
    );
}

/// Is `sq` the one piece between the king in check and a checking cannon?
fn cannon_screened_by(pos: &Position, sq: Square) -> bool {
    let ksq = pos.king_square(pos.side_to_move());
    let screen = Bitboard::from_square(sq);
    Iterator::any(&mut pos.checkers(), |c| {
        pos.piece_on(c).kind() == PieceKind::Cannon
            && tablegen::attacks::between(ksq, c) & pos.occupied() == screen
    })
}
