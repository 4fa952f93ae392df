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
/// root moves, or none when there is none. None when `stop` has answered
/// already (see [`answer_at_stop`]).
pub(super) fn main_thread_result(
    own: Option<Ballot>,
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    outlook: &Mutex<Outlook>,
) -> Option<SearchResult> {
    let limits = &setup.limits;
    let roots = root_moves(pos, limits);
    if limits.depth == Some(0) || roots.is_empty() {
        // Even with nothing to search, the answer waits for stop or ponderhit.
        hold_while_pondering_or_infinite(shared, setup);
        shared.stop.store(true, SeqCst);
        if shared.answered.swap(true, SeqCst) {
            return None;
        }
        shared.main_answers.store(true, SeqCst);
        let knowledge = setup.options.knowledge.to_knowledge();
        return Some(SearchResult {
            best: None,
            score: if roots.is_empty() {
                -MATE
            } else {
                evaluate(pos, knowledge)
            },
            ..Default::default()
        });
    }
    hold_while_pondering_or_infinite(shared, setup);
    shared.stop.store(true, SeqCst);
    if shared.answered.swap(true, SeqCst) {
        return None;
    }
    shared.main_answers.store(true, SeqCst);
    let mut ballots = vec![own.unwrap_or(Ballot::NONE)];
    ballots.extend(published_by_helpers(shared));
    Some(answer(&ballots, &roots, pos, shared, setup, outlook))
}

/// The protocol must not hear bestmove (or nobestmove) before stop
/// (infinite) or ponderhit: a GUI that stops a ponder search waits for the
/// answer to its stop, not for one that came earlier.
fn hold_while_pondering_or_infinite(shared: &Shared, setup: &SearchSetup) {
    while (setup.limits.infinite || shared.pondering.load(SeqCst)) && !shared.stop.load(SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Whether `ponder` is worth offering after `best`: legal there, and leaving
/// us a move. A position where we are mated or stalemated has nothing to
/// ponder on, and the answer to `stop` there is `nobestmove`, which an
/// adapter that waits for `bestmove` after stopping a ponder search (uci2wb,
/// the way xboard runs UCCI engines) would wait for for ever.
fn worth_pondering(pos: &Position, best: Move, ponder: Move) -> bool {
    let mut after = pos.clone();
    after.make_move(best);
    if !after.legal_moves().contains(ponder) {
        return false;
    }
    after.make_move(ponder);
    !after.legal_moves().is_empty()
}

/// `stop`'s answer, given on the stopping thread from the ballots the threads
/// have published, when at least one iteration is complete and the main
/// thread has not answered yet; None otherwise (the main thread then answers
/// when it sees the stop). `shared.stop` must be set.
pub(super) fn answer_at_stop(
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    outlook: &Mutex<Outlook>,
) -> Option<SearchResult> {
    if setup.limits.depth == Some(0) {
        return None;
    }
    let ballots: Vec<Ballot> = shared.ballots.iter().map(|b| b.lock().clone()).collect();
    if !ballots.iter().any(|b| !b.mv.is_none() && b.depth > 0) {
        return None;
    }
    if shared.answered.swap(true, SeqCst) {
        return None;
    }
    let roots = root_moves(pos, &setup.limits);
    Some(answer(&ballots, &roots, pos, shared, setup, outlook))
}

/// The vote over `ballots` (the main thread's first), checked against the
/// root moves and judged for a draw offer or resignation.
fn answer(
    ballots: &[Ballot],
    roots: &[crate::search::RootMove],
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    outlook: &Mutex<Outlook>,
) -> SearchResult {
    let knowledge = setup.options.knowledge.to_knowledge();
    let chosen = vote(ballots);
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
            ponder: chosen
                .ponder
                .filter(|&p| worth_pondering(pos, chosen.mv, p)),
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
