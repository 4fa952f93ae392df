//! Perft against published counts: the start position and every position of
//! data/perft/public.epd, to depths that keep the suite quick.

mod common;

use chariot_core::perft::{divide, perft};
use chariot_core::Position;

/// Deepest count checked per position: up to a few hundred million leaves.
const MAX_LEAVES: u64 = 200_000_000;

#[test]
fn start_position_counts_match_the_published_numbers() {
    let mut pos = Position::startpos();
    for (depth, expected) in [(1, 44), (2, 1920), (3, 79666), (4, 3290240)] {
        assert_eq!(perft(&mut pos, depth), expected, "depth {depth}");
    }
}

#[test]
fn every_suite_position_matches_its_counts() {
    for (fen, counts) in common::perft_suite() {
        let mut pos = Position::from_fen(&fen).unwrap();
        for (depth, expected) in counts.iter().copied().filter(|&(_, n)| n <= MAX_LEAVES) {
            assert_eq!(perft(&mut pos, depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn parallel_divide_sums_to_the_same_total() {
    let pos = Position::startpos();
    let serial: u64 = divide(&pos, 3, 1).iter().map(|c| c.1).sum();
    let parallel = divide(&pos, 3, 2);
    assert_eq!(parallel.len(), 44);
    assert_eq!(parallel.iter().map(|c| c.1).sum::<u64>(), serial);
    assert_eq!(serial, 79666);
}
