//! The main thread's answer: the threads' ballots and the Lazy SMP vote.

use super::policy::{judge_outcome, Outlook};
use crate::limits::{Limits, SearchResult};
use crate::score::{MATE, MATE_BOUND};
use crate::search::{root_moves, Ballot, SearchSetup, Shared, Worker};
use crate::tt::TranspositionTable;
use chariot_core::moves::Move;
use chariot_core::position::Position;
use nnue_free_eval::evaluate;
use parking_lot::Mutex;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;

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
    #[cfg(test)] hold_after_vote: Option<usize>,
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
    if shared.answered.load(SeqCst) {
        return None;
    }
    // The vote is worked out before the answer is claimed: among hundreds
    // of threads on a few cores this thread may wait long for a core while
    // it works, and until it claims, `stop` and the watchdog still answer.
    let mut ballots = vec![own.unwrap_or(Ballot::NONE)];
    ballots.extend(published_by_helpers(shared));
    let picked = pick(&ballots, &roots, pos, shared, setup);
    #[cfg(test)]
    if let Some(flag) = hold_after_vote {
        super::pool::wait_for_release(flag);
    }
    if shared.answered.swap(true, SeqCst) {
        return None;
    }
    shared.main_answers.store(true, SeqCst);
    Some(judge(picked, pos, shared, setup, outlook))
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

/// `stop`'s answer (or the watchdog's), given on the calling thread, unless
/// the main thread has answered already (None then). `shared.stop` must be
/// set. The answer is claimed first; then from the ballots the threads have
/// published when at least one iteration is complete, otherwise from a
/// one-ply search on this thread, which is running now: among hundreds of
/// threads on a few cores, the main thread may wait a second or more for a
/// core before it can finish its first iteration. A panic while working it
/// out (the claim is this thread's by then) still answers: with the first
/// root move.
pub(super) fn answer_at_stop(
    pos: &Position,
    tt: &Arc<TranspositionTable>,
    shared: &Shared,
    setup: &SearchSetup,
    outlook: &Mutex<Outlook>,
) -> Option<SearchResult> {
    if setup.limits.depth == Some(0) || shared.answered.swap(true, SeqCst) {
        return None;
    }
    let worked_out = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let ballots: Vec<Ballot> = shared.ballots.iter().map(|b| b.load()).collect();
        if !ballots.iter().any(|b| !b.mv.is_none() && b.depth > 0) {
            return one_ply_search(pos, tt, shared, setup);
        }
        let roots = root_moves(pos, &setup.limits);
        answer(&ballots, &roots, pos, shared, setup, outlook)
    }));
    Some(worked_out.unwrap_or_else(|_| {
        let roots = root_moves(pos, &setup.limits);
        SearchResult {
            best: roots.first().map(|r| r.mv),
            score: if roots.is_empty() { -MATE } else { 0 },
            ..Default::default()
        }
    }))
}

/// A one-ply search of `pos` (the search's root moves only) on the calling
/// thread with a worker of its own, for a `stop` that comes before any
/// thread has completed an iteration. A fraction of a millisecond; its
/// result is neither judged for a draw offer nor for resigning.
fn one_ply_search(
    pos: &Position,
    tt: &Arc<TranspositionTable>,
    shared: &Shared,
    setup: &SearchSetup,
) -> SearchResult {
    let roots = root_moves(pos, &setup.limits);
    if roots.is_empty() {
        return SearchResult {
            score: -MATE,
            ..Default::default()
        };
    }
    let limits = Limits {
        depth: Some(1),
        search_moves: setup.limits.search_moves.clone(),
        ban_moves: setup.limits.ban_moves.clone(),
        ..Limits::default()
    };
    let mut options = setup.options.clone();
    options.multipv = 1;
    let quick = Arc::new(SearchSetup {
        limits,
        options,
        budget: None,
        reports: None,
        threads: 1,
    });
    let alone = Arc::new(Shared::new(1));
    let mut worker = Worker::new(0, tt.clone(), alone.clone(), quick.clone());
    worker.prepare(pos, tt.clone(), alone, quick);
    worker.iterative_deepening();
    let ballot = worker.ballot();
    let best = if roots.iter().any(|r| r.mv == ballot.mv) {
        ballot.mv
    } else {
        roots[0].mv
    };
    SearchResult {
        best: Some(best),
        ponder: ballot.ponder.filter(|&p| worth_pondering(pos, best, p)),
        score: ballot.score,
        depth: 1,
        nodes: shared.total_nodes(),
        ..Default::default()
    }
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
    judge(
        pick(ballots, roots, pos, shared, setup),
        pos,
        shared,
        setup,
        outlook,
    )
}

/// The vote's move, before it is judged; changes nothing.
enum Picked {
    /// A root move chosen by the vote, to be judged for a draw offer or
    /// resignation.
    Voted(SearchResult),
    /// No thread finished an iteration (the main one panicked): any legal
    /// move beats none, but a guess should neither resign nor offer a draw.
    Guess(SearchResult),
}

fn pick(
    ballots: &[Ballot],
    roots: &[crate::search::RootMove],
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
) -> Picked {
    let knowledge = setup.options.knowledge.to_knowledge();
    // A weaker level plays the main thread's chosen line, not the vote's.
    let chosen = if setup.options.handicap().is_some() {
        ballots[0].clone()
    } else {
        vote(ballots)
    };
    let nodes = shared.total_nodes();
    if !roots.iter().any(|r| r.mv == chosen.mv) {
        return Picked::Guess(SearchResult {
            best: Some(roots[0].mv),
            score: if pos.in_check() {
                0
            } else {
                evaluate(pos, knowledge)
            },
            nodes,
            ..Default::default()
        });
    }
    Picked::Voted(SearchResult {
        best: Some(chosen.mv),
        ponder: chosen
            .ponder
            .filter(|&p| worth_pondering(pos, chosen.mv, p)),
        score: chosen.score,
        depth: chosen.depth,
        nodes,
        draw: false,
        resign: false,
    })
}

/// Judges a voted move for a draw offer or resignation; only whoever has
/// claimed the answer does (the outlook remembers the answers given).
fn judge(
    picked: Picked,
    pos: &Position,
    shared: &Shared,
    setup: &SearchSetup,
    outlook: &Mutex<Outlook>,
) -> SearchResult {
    match picked {
        Picked::Guess(result) => result,
        Picked::Voted(result) => judge_outcome(
            result,
            pos,
            shared.draw_offered.load(SeqCst),
            &setup.options,
            &mut outlook.lock(),
        ),
    }
}

/// The helpers' ballots as they stand: their last completed iterations. The
/// helpers may still be finishing a node; the next search waits for them.
fn published_by_helpers(shared: &Shared) -> Vec<Ballot> {
    shared.ballots[1..].iter().map(|b| b.load()).collect()
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
    // Each distinct move's backing, summed once: the threads agree on a few
    // moves, so this stays linear in the thread count (hundreds at a `stop`).
    let mut backing: Vec<(Move, i64)> = Vec::new();
    for b in &valid {
        let w = (b.score - min + 14) as i64 * b.depth as i64;
        match backing.iter_mut().find(|(m, _)| *m == b.mv) {
            Some((_, sum)) => *sum += w,
            None => backing.push((b.mv, w)),
        }
    }
    let weight = |m: Move| -> i64 {
        backing
            .iter()
            .find(|(mv, _)| *mv == m)
            .map_or(0, |&(_, w)| w)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ballot(mv: &str, score: i32, depth: u32) -> Ballot {
        Ballot {
            mv: Move::parse_text(mv).unwrap(),
            ponder: None,
            score,
            depth,
        }
    }

    #[test]
    fn the_move_backed_by_most_threads_wins_over_one_deeper_or_better_scored_ballot() {
        // h2e2 backed by three threads at depth 10 (weight 3 x 14 x 10 = 420)
        // beats b2e2 at depth 12 with 10 more (24 x 12 = 288).
        let ballots = [
            ballot("b2e2", 30, 12),
            ballot("h2e2", 20, 10),
            ballot("h2e2", 20, 10),
            ballot("h2e2", 20, 10),
        ];
        assert_eq!(vote(&ballots).mv, ballots[1].mv);
        // Alone, the deeper and better one wins.
        assert_eq!(vote(&ballots[..2]).mv, ballots[0].mv);
    }

    #[test]
    fn a_mate_wins_outright_the_shortest_first_and_empty_ballots_do_not_count() {
        let ballots = [
            Ballot::NONE,
            ballot("h2e2", 50, 20),
            ballot("h2e2", 50, 20),
            ballot("b2e2", MATE - 9, 9),
            ballot("c3c4", MATE - 5, 5),
            ballot("g3g4", 10_000, 0),
        ];
        assert_eq!(vote(&ballots).mv, ballots[4].mv);
        // No valid ballot: the main thread's (first) stands.
        assert_eq!(vote(&[Ballot::NONE, ballot("h2e2", 0, 0)]).mv, Move::NONE);
    }

    #[test]
    fn no_ponder_move_that_mates_us_nor_one_that_is_not_legal() {
        // Every Red move allows i5i0 mate.
        let pos = Position::from_fen("5k3/9/9/P8/8r/9/9/9/r8/4K4 w - - 0 1").unwrap();
        let mv = |m: &str| pos.parse_move(m).unwrap();
        let best = mv("e0d0");
        let mut after = pos.clone();
        after.make_move(best);
        let reply = |m: &str| after.parse_move(m).unwrap();
        assert!(!worth_pondering(&pos, best, reply("i5i0")), "the mate");
        assert!(
            worth_pondering(&pos, best, reply("a1a0")),
            "a check we survive"
        );
        assert!(
            !worth_pondering(&pos, best, Move::parse_text("a6a7").unwrap()),
            "a Red move"
        );
    }

    #[test]
    fn hundreds_of_ballots_vote_as_a_few_do() {
        let few = [ballot("h2e2", 20, 10), ballot("b2e2", 25, 11)];
        let many: Vec<Ballot> = few.iter().cycle().take(512).cloned().collect();
        assert_eq!(vote(&many).mv, vote(&few).mv);
    }
}
