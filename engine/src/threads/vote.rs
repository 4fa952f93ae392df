//! The main thread's answer: the threads' ballots and the Lazy SMP vote.

use super::policy::{judge_outcome, Outlook};
use crate::limits::{SearchResult, MATE, MATE_BOUND};
use crate::search::{root_moves, Ballot, SearchSetup, Shared};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use nnue_free_eval::evaluate;
use parking_lot::Mutex;
use std::sync::atomic::Ordering::SeqCst;

/// The main thread's part once its own search is over (`own` is None when it
/// panicked): hold the answer while pondering or in infinite mode, stop the
/// helpers and choose the move by their votes. The move is always one of the
/// root moves, or none when there is none.
pub(super) fn main_thread_result(
    own: Option<Ballot>,
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    outlook: &Mutex<Outlook>,
) -> SearchResult {
    let limits = &setup.limits;
    let knowledge = setup.options.knowledge.to_knowledge();
    let roots = root_moves(pos, limits);
    if limits.depth == Some(0) || roots.is_empty() {
        shared.stop.store(true, SeqCst);
        return SearchResult {
            best: None,
            score: if roots.is_empty() {
                -MATE
            } else {
                evaluate(pos, knowledge)
            },
            ..Default::default()
        };
    }
    // The protocol must not hear bestmove before stop (infinite) or ponderhit.
    while (limits.infinite || shared.pondering.load(SeqCst)) && !shared.stop.load(SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    shared.stop.store(true, SeqCst);
    let mut ballots = vec![own.unwrap_or(Ballot::NONE)];
    ballots.extend(published_by_helpers(shared));
    let chosen = vote(&ballots);
    let nodes = shared.total_nodes();
    if !roots.iter().any(|r| r.mv == chosen.mv) {
        // No thread finished an iteration (the main one panicked): any legal
        // move beats none, but a guess should neither resign nor offer a draw.
        return SearchResult {
            best: Some(roots[0].mv),
            score: if pos.in_check() {
                0
            } else {
                evaluate(pos, knowledge)
            },
            nodes,
            ..Default::default()
        };
    }
    judge_outcome(
        SearchResult {
            best: Some(chosen.mv),
            ponder: chosen.ponder,
            score: chosen.score,
            depth: chosen.depth,
            nodes,
            draw: false,
            resign: false,
        },
        pos,
        shared.draw_offered.load(SeqCst),
        &setup.options,
        &mut outlook.lock(),
    )
}

/// The helpers' ballots as they stand: their last completed iterations. The
/// helpers may still be finishing a node; the next search waits for them.
fn published_by_helpers(shared: &Shared) -> Vec<Ballot> {
    shared.ballots[1..]
        .iter()
        .map(|b| b.lock().clone())
        .collect()
}

/// Lazy SMP vote: each thread backs its move with (score above the worst + 14)
/// times its completed depth; a found mate wins outright, the shortest first.
pub(super) fn vote(ballots: &[Ballot]) -> Ballot {
    let valid: Vec<&Ballot> = ballots
        .iter()
        .filter(|b| !b.mv.is_none() && b.depth > 0)
        .collect();
    if valid.is_empty() {
        return ballots[0].clone();
    }
    let min = valid.iter().map(|b| b.score).min().unwrap_or(0);
    let weight = |m: Move| -> i64 {
        valid
            .iter()
            .filter(|b| b.mv == m)
            .map(|b| (b.score - min + 14) as i64 * b.depth as i64)
            .sum()
    };
    let mut best = valid[0];
    for &b in &valid[1..] {
        if best.score >= MATE_BOUND {
            if b.score > best.score {
                best = b;
            }
        } else if b.score >= MATE_BOUND || (b.score > -MATE_BOUND && weight(b.mv) > weight(best.mv))
        {
            best = b;
        }
    }
    best.clone()
}
