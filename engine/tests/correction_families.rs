//! The correction history's extra families, off by default and switched on
//! through the tune build's search parameters: per placement of each colour's
//! pieces other than pawns (`CORR_PIECES`) and per last move (`CORR_LAST`).
//! Run with `cargo test -p chariot --features tune --test
//! correction_families`. One test, since the parameters are global to the
//! process.
#![cfg(feature = "tune")]

use chariot::search::correction::{CorrectionHistory, Slots};
use chariot::search::params;
use chariot_core::Position;

fn bench_nodes(depth: u32) -> u64 {
    chariot::bench::measure(16, 1, depth, &mut |_, _| {}, &mut |_| {}).nodes
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn slots(fen: &str, moves: &[&str]) -> Slots {
    let mut pos = Position::from_fen(fen).unwrap();
    for text in moves {
        let m = pos.parse_move(text).unwrap();
        pos.make_move(m);
    }
    Slots::of(&pos)
}

/// Is `part` within a fortieth of `full` of `num`/`den` of it?
fn about(part: i32, full: i32, num: i32, den: i32) -> bool {
    (part * den * 40 - full * num * 40).abs() <= full * den
}

#[test]
fn each_family_shares_what_it_names_and_nothing_else() {
    assert_eq!(params::get("CORR_PIECES"), Some(0), "off by default");
    assert_eq!(params::get("CORR_LAST"), Some(0), "off by default");
    let off = bench_nodes(7);

    // Each colour's pieces: Red's rook a square up shares the pawns, the
    // material and Black's pieces; a Black pawn a square on shares the
    // material and both colours' pieces.
    params::set("CORR_PIECES", 1).unwrap();
    let rook_up = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w - - 0 1";
    let pawn_on = "rnbakabnr/9/1c5c1/p1p1p1p2/8p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let mut h = CorrectionHistory::new();
    for _ in 0..2000 {
        h.update(slots(START, &[]), 10, 500, 0);
    }
    let full = h.correction(slots(START, &[]));
    assert!(full > 60, "{full}");
    for fen in [rook_up, pawn_on] {
        let c = h.correction(slots(fen, &[]));
        assert!(about(c, full, 3, 4), "{c} of {full}: three of four entries");
    }
    assert_ne!(
        bench_nodes(7),
        off,
        "CORR_PIECES on and off searched the same tree"
    );

    // The last move too: the central cannon from the right or from the left
    // is the same last move (a Red cannon to e3), with the other cannon and
    // so Red's pieces elsewhere.
    params::set("CORR_LAST", 1).unwrap();
    let mut h = CorrectionHistory::new();
    let right = slots(START, &["h2e2"]);
    for _ in 0..2000 {
        h.update(right, 10, 500, 0);
    }
    let full = h.correction(right);
    let left = h.correction(slots(START, &["b2e2"]));
    assert!(
        about(left, full, 4, 5),
        "{left} of {full}: four of five entries"
    );
    // Without the last move's entry: three of four.
    params::set("CORR_LAST", 0).unwrap();
    let full = h.correction(right);
    let left = h.correction(slots(START, &["b2e2"]));
    assert!(
        about(left, full, 3, 4),
        "{left} of {full}: three of four entries"
    );
    params::set("CORR_LAST", 1).unwrap();
    params::set("CORR_PIECES", 0).unwrap();
    assert_ne!(
        bench_nodes(7),
        off,
        "CORR_LAST on and off searched the same tree"
    );

    // Both off: two entries, the pawns' and the material's, as before.
    params::set("CORR_LAST", 0).unwrap();
    assert_eq!(
        h.correction(slots(START, &["b2e2"])),
        h.correction(right),
        "off: same pawns, same material"
    );
    assert_eq!(bench_nodes(7), off, "off again, the same search");
}
