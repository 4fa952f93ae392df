//! The main thread's answer: the threads' ballots and the Lazy SMP vote.

use super::policy::{judge_outcome, Outlook};
use crate::limits::{SearchResult, MATE, MATE_BOUND};
use crate::search::{root_moves, SearchSetup, Shared, Worker};
use chariot_core::moves::Move;
use chariot_core::position::Position;
use crossbeam_channel::Receiver;
use nnue_free_eval::evaluate;
use parking_lot::Mutex;
use std::sync::atomic::Ordering::SeqCst;

/// One thread's answer, for the vote.
#[derive(Clone, Debug)]
pub(super) struct Ballot {
    mv: Move,
    ponder: Option<Move>,
    score: i32,
    depth: u32,
}

impl Ballot {
    /// The vote of a thread that has none (it panicked): `vote` skips it.
    pub(super) const NONE: Ballot = Ballot {
        mv: Move::NONE,
        ponder: None,
        score: 0,
        depth: 0,
    };
}

/// The main thread's part once its own search is over (`own` is None when it
/// panicked): hold the answer while pondering or in infinite mode, stop the
/// helpers and choose the move by their votes. The move is always one of the
/// root moves, or none when there is none.
pub(super) fn main_thread_result(
    own: Option<Ballot>,
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    ballots_rx: &Receiver<Ballot>,
    outlook: &Mutex<Outlook>,
) -> SearchResult {
    let limits = &setup.limits;
    let knowledge = setup.options.knowledge.to_knowledge();
    let roots = root_moves(pos, limits);
    if limits.depth == Some(0) || roots.is_empty() {
        shared.stop.store(true, SeqCst);
        drain_helpers(setup.threads, ballots_rx);
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
    ballots.extend(drain_helpers(setup.threads, ballots_rx));
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

/// Collects the helpers' ballots once they have seen the stop flag.
pub(super) fn drain_helpers(threads: usize, ballots: &Receiver<Ballot>) -> Vec<Ballot> {
    (1..threads).filter_map(|_| ballots.recv().ok()).collect()
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

/// A thread's ballot: its best root move after its last completed iteration.
pub(super) fn ballot(w: &Worker) -> Ballot {
    let rm = w.root_moves.first();
    Ballot {
        mv: rm.map_or(Move::NONE, |r| r.mv),
        ponder: rm.and_then(|r| r.pv.get(1).copied()),
        score: rm.map_or(0, |r| r.score),
        depth: w.completed_depth,
    }
}
