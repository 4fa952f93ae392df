//! Property test of the staged move picker over random move sequences: it
//! hands out each legal move exactly once, whatever the ordering tables say.

mod common;

use chariot::search::movepick::{MovePicker, OrderingTables, NO_EARLIER};
use chariot_core::{Move, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;
use tablegen::Square;

/// The staged picker hands out every legal move exactly once, whatever the
/// table move, killers and counter-move say (legal, illegal or stale); in
/// quiescence it hands out only captures that do not lose material (and the
/// table move if it is a capture), unless in check, when it hands out every
/// evasion.
fn check_picker(pos: &Position, rng: &mut common::Rng) {
    let legal: BTreeSet<u16> = pos.legal_moves().iter().map(|m| m.0).collect();
    // A stale table move or killer is a move of some other position: any pair
    // of board squares (from == to being a promotion).
    let junk = |rng: &mut common::Rng| {
        Move::new(
            Square::new(rng.below(9), rng.below(10)),
            Square::new(rng.below(9), rng.below(10)),
        )
    };
    let mut tables = OrderingTables::new();
    let ply = 3;
    let pick_from = |rng: &mut common::Rng| {
        if legal.is_empty() || rng.below(2) == 0 {
            junk(rng)
        } else {
            Move(*legal.iter().nth(rng.below(legal.len())).unwrap())
        }
    };
    tables.killers[ply] = [pick_from(rng), pick_from(rng)];
    let tt_move = pick_from(rng);

    let mut picker = MovePicker::main(tt_move, NO_EARLIER);
    let mut seen = BTreeSet::new();
    while let Some(m) = picker.next(pos, &tables, ply) {
        assert!(seen.insert(m.0), "{m} handed out twice in {}", pos.fen());
    }
    assert_eq!(seen, legal, "main picker in {}", pos.fen());

    let mut picker = MovePicker::captures(tt_move);
    let mut seen = BTreeSet::new();
    while let Some(m) = picker.next(pos, &tables, ply) {
        assert!(seen.insert(m.0), "{m} handed out twice in {}", pos.fen());
        if !pos.in_check() {
            // The table move comes first even when it loses material.
            assert!(
                pos.is_capture(m) && (m == tt_move || pos.see_ge(m, 0)),
                "{m} in {}",
                pos.fen()
            );
        }
    }
    if pos.in_check() {
        assert_eq!(seen, legal, "evasions in {}", pos.fen());
    } else {
        let good: BTreeSet<u16> = pos
            .legal_captures()
            .iter()
            .filter(|m| *m == tt_move || pos.see_ge(*m, 0))
            .map(|m| m.0)
            .collect();
        assert_eq!(seen, good, "quiescence picker in {}", pos.fen());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]
    #[test]
    fn the_move_picker_hands_out_each_legal_move_once(seed in any::<u64>(), which in 0usize..100) {
        let fens = common::sample_fens();
        let mut rng = common::Rng(seed | 1);
        let mut pos = Position::from_fen(&fens[which % fens.len()]).unwrap();
        for _ in 0..40 {
            check_picker(&pos, &mut rng);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(rng.pick(moves.as_slice()));
        }
    }
}
