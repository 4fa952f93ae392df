//! The search's score scale: where mates, wins by the league's rules and
//! material scores lie, shared by the search, the table, the threads and the
//! protocols.

/// Scores are in centipawn-like units (horse or cannon ~ 100). Mate scores lie
/// near ±MATE: `MATE - n` is a mate in n plies from the root.
pub const MATE: i32 = 30000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// A win by the league's repetition rules (the loser checked or chased
/// perpetually), less the plies to it: below mates, above any material score.
pub const RULE_WIN: i32 = MATE_BOUND - 100;
/// Scores beyond this are forced wins, by mate or by the rules. Like mates, they
/// count plies, so the table stores them relative to the node.
pub const DECISIVE_BOUND: i32 = RULE_WIN - 200;
/// Beyond every score: the open ends of a full window.
pub const INFINITE: i32 = 31000;

/// Plies to mate (positive when the side to move mates), if the score is a mate.
pub fn mate_in_plies(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}
