//! The correction history's tables per placement of each colour's pieces
//! other than pawns, off by default and switched on through the tune build's
//! search parameters. Run with `cargo test -p chariot --features tune --test
//! correction_pieces`. One test, since the parameters are global to the
//! process.
#![cfg(feature = "tune")]

use chariot::search::correction::{CorrectionHistory, Slots};
use chariot::search::params;
use chariot_core::Position;

fn bench_nodes(depth: u32) -> u64 {
    chariot::bench::measure(16, 1, depth, &mut |_, _| {}, &mut |_| {}).nodes
}

#[test]
fn each_colours_piece_placement_is_a_family_of_its_own() {
    assert_eq!(params::get("CORR_PIECES"), Some(0), "off by default");
    let off = bench_nodes(7);
    params::set("CORR_PIECES", 1).unwrap();

    let at = |fen: &str| Slots::of(&Position::from_fen(fen).unwrap());
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    // Red's rook one square up: the same pawns, material and Black pieces.
    let rook_up = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w - - 0 1";
    // A Black pawn one square on: the same pieces of both colours.
    let pawn_on = "rnbakabnr/9/1c5c1/p1p1p1p2/8p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let mut h = CorrectionHistory::new();
    for _ in 0..2000 {
        h.update(at(start), 10, 500, 0);
    }
    let full = h.correction(at(start));
    assert!(full > 60, "{full}");
    // Three of its four entries learnt: the pawns', the material's and Black's pieces'.
    let three_quarters = |c: i32| c * 8 > full * 5 && c * 8 < full * 7;
    let rook = h.correction(at(rook_up));
    assert!(three_quarters(rook), "{rook} of {full}");
    // Three of four again: the material's and both colours' pieces', not the pawns'.
    let pawn = h.correction(at(pawn_on));
    assert!(three_quarters(pawn), "{pawn} of {full}");

    // It changes the search.
    let on = bench_nodes(7);
    assert_ne!(
        on, off,
        "the piece tables on and off searched the same tree"
    );

    // Off: two entries, the pawns' and the material's, as before.
    params::set("CORR_PIECES", 0).unwrap();
    assert_eq!(
        h.correction(at(rook_up)),
        full,
        "off: same pawns, same material"
    );
    assert_eq!(bench_nodes(7), off, "off again, the same search");
}
