//! The engine handle the protocols drive, and the Lazy SMP pool behind it:
//! `engine` (the facade), `pool` (the threads and their jobs), `vote` (the
//! main thread's choice among the threads' results), `policy` (draw offers
//! and resigning), `panic_guard` (a panicking search thread does not take the
//! engine down), `latency` (short time slices for the threads that answer
//! the GUI), `watchdog` (the hard time limit, kept by a thread of its own).
//!
//! Search threads are created once (and again only when the thread count
//! changes) and park on their job channel between searches. Each owns its
//! worker: a position copy, history and killer tables, a node counter. They
//! share the transposition table and the stop flag only. Thread 0 is the main
//! thread: it owns time management and output, and when it is done it stops the
//! helpers, takes their votes and sends the result.
//!
//! A panic inside a search is caught on its thread: a helper's vote is then
//! left out, the main thread still answers (with the best legal move the
//! others found, or any legal one), and the worker is rebuilt for the next
//! search. Without this a dead thread would leave the engine busy for good and
//! the GUI without a `bestmove`. The panic is told once on stderr; stdout is
//! the protocol's.

mod engine;
mod latency;
mod panic_guard;
pub mod placement;
mod policy;
mod pool;
mod vote;
mod watchdog;

pub use engine::{oversubscribed, Engine, ProbeInfo};
pub use latency::{default_slice, prefer_short_slice};
pub use placement::Placement;

#[cfg(test)]
mod tests {
    use super::pool::Fault;
    use super::*;
    use crate::limits::{Limits, Report, SearchResult};
    use chariot_core::position::Position;
    use crossbeam_channel::{unbounded, Receiver};
    use std::mem::ManuallyDrop;
    use std::sync::atomic::Ordering::SeqCst;
    use std::time::Duration;

    /// An engine with `threads` threads. Tests hold it in ManuallyDrop: the
    /// Drop of a wedged engine waits for good, and a failing test must fail,
    /// not hang.
    fn engine(threads: usize) -> ManuallyDrop<Engine> {
        let mut e = Engine::new();
        e.options_mut().placement = Placement::None;
        e.set_threads(threads);
        ManuallyDrop::new(e)
    }

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Default::default()
        }
    }

    /// Runs one search to its `Done` (stopping it after `stop_after`, if given).
    fn search(
        e: &mut Engine,
        pos: &Position,
        limits: Limits,
        stop_after: Option<Duration>,
    ) -> SearchResult {
        let (tx, rx) = unbounded();
        e.go(pos, limits, tx);
        if let Some(pause) = stop_after {
            std::thread::sleep(pause);
            assert_no_answer(&rx, "an infinite search answered before stop");
            assert!(e.is_searching());
            e.stop();
        }
        let r = answer(&rx, "the search sent no result");
        e.wait();
        assert!(!e.is_searching());
        r
    }

    /// The search's answer, waited for (at most 120 s: a test must fail, not hang).
    fn answer(rx: &Receiver<Report>, what: &str) -> SearchResult {
        answer_within(rx, Duration::from_secs(120), what)
    }

    /// The next `Done`, waited for at most `limit`.
    fn answer_within(rx: &Receiver<Report>, limit: Duration, what: &str) -> SearchResult {
        let until = std::time::Instant::now() + limit;
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(Report::Done(r)) => return r,
                Ok(_) => {}
                Err(err) => panic!("{what}: {err}"),
            }
        }
    }

    /// No (further) answer has come.
    fn assert_no_answer(rx: &Receiver<Report>, what: &str) {
        assert!(
            !rx.try_iter().any(|r| matches!(r, Report::Done(_))),
            "{what}"
        );
    }

    /// The answer that has come already (`stop` sends it before returning).
    fn answered_already(rx: &Receiver<Report>, what: &str) -> SearchResult {
        rx.try_iter()
            .find_map(|r| match r {
                Report::Done(r) => Some(r),
                _ => None,
            })
            .expect(what)
    }

    fn assert_legal(pos: &Position, r: &SearchResult) {
        let best = r.best.expect("a move");
        assert!(pos.is_legal(best), "illegal {best}");
    }

    /// After a fault the same engine searches normally, every thread taking part.
    fn assert_sound_afterwards(e: &mut Engine) {
        let pos = Position::startpos();
        let r = search(e, &pos, depth(5), None);
        assert_legal(&pos, &r);
        // A real vote, not a fallback (a helper may win it with depth 4).
        assert!(r.depth > 0);
        for (id, n) in e.shared.nodes.iter().enumerate() {
            assert!(n.load(SeqCst) > 0, "thread {id} did not search");
        }
    }

    #[test]
    fn neither_the_answer_nor_the_next_search_waits_for_a_lingering_helper() {
        use super::pool::RELEASE;
        let mut e = engine(2);
        let pos = Position::startpos();
        e.fault = Some((1, Fault::Linger(0)));
        let (tx, rx) = unbounded();
        e.go(&pos, depth(4), tx);
        let r = answer(&rx, "no answer while a helper lingers");
        assert_legal(&pos, &r);
        assert!(!e.is_searching(), "the main thread's search is over");
        assert_eq!(e.busy.threads(), 1, "the helper is still in its job");
        // The next search starts and answers while the helper is still in
        // the last one, and the old main thread's end does not end it.
        let (tx, rx) = unbounded();
        e.go(&pos, depth(5), tx);
        let r = answer(&rx, "the next search waited for the lingering helper");
        assert_legal(&pos, &r);
        assert!(!e.is_searching());
        assert!(
            e.busy.threads() >= 1,
            "the helper is still in the first search"
        );
        RELEASE[0].store(true, SeqCst);
        e.wait();
        assert_eq!(e.busy.threads(), 0);
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn a_main_thread_still_in_the_last_search_does_not_end_the_next() {
        use super::pool::RELEASE;
        let mut e = engine(1);
        let pos = Position::startpos();
        // The main thread is held before its search; stop answers for it.
        e.fault = Some((0, Fault::Hold(5)));
        let (tx, rx) = unbounded();
        e.go(
            &pos,
            Limits {
                infinite: true,
                ..Default::default()
            },
            tx,
        );
        e.stop();
        answered_already(&rx, "stop answered for the held main thread");
        // The next search is queued behind the old one on the only thread.
        let (tx, rx) = unbounded();
        e.go(
            &pos,
            Limits {
                infinite: true,
                ..Default::default()
            },
            tx,
        );
        assert!(e.is_searching());
        // The old search ends when released; the new one must go on.
        RELEASE[5].store(true, SeqCst);
        std::thread::sleep(Duration::from_millis(300));
        assert!(e.is_searching(), "the old main thread ended the new search");
        assert_no_answer(&rx, "an infinite search answered before stop");
        e.stop();
        let r = answer(&rx, "no answer to the second stop");
        assert_legal(&pos, &r);
        e.wait();
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn stop_answers_from_the_ballots_while_the_main_thread_is_held_up() {
        use super::pool::RELEASE;
        let mut e = engine(2);
        let pos = Position::startpos();
        // The main thread finishes depth 4, then is kept from answering (as
        // it would be waiting for a core among hundreds of threads).
        e.fault = Some((0, Fault::Linger(1)));
        let (tx, rx) = unbounded();
        e.go(&pos, depth(4), tx);
        wait_until("the main thread did not finish depth 4", || {
            e.shared.ballots[0].load().depth == 4
        });
        wait_for_every_ballot(&e, 4);
        assert_no_answer(&rx, "the held main thread answered");
        e.stop();
        let r = answered_already(&rx, "stop answered at once");
        assert_legal(&pos, &r);
        assert!(r.depth >= 4, "a vote of completed iterations: {}", r.depth);
        assert!(!e.is_searching());
        // When the main thread goes on, it sends no second answer.
        RELEASE[1].store(true, SeqCst);
        e.wait();
        assert_no_answer(&rx, "two answers");
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    /// Waits until every thread has published a ballot of at least `depth`
    /// completed plies. The vote may choose a helper's shallower ballot over
    /// the main thread's (a better score outweighs a ply or two), and a
    /// helper starved of a core may lag far behind: a test that asserts the
    /// depth of a voted answer waits for the helpers to catch up first.
    fn wait_for_every_ballot(e: &Engine, depth: u32) {
        let shallowest = || {
            e.shared
                .ballots
                .iter()
                .map(|b| b.load().depth)
                .min()
                .unwrap_or(0)
        };
        wait_until(&format!("a thread did not finish depth {depth}"), || {
            shallowest() >= depth
        });
    }

    /// Polls `done` every 10 ms for up to two minutes (a loaded machine may
    /// starve a search thread for long), and fails with `failure` if it never
    /// holds.
    fn wait_until(failure: &str, done: impl Fn() -> bool) {
        for _ in 0..12_000 {
            if done() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(done(), "{failure}");
    }

    /// Holds, on a thread of its own, the lock of the engine's busy state,
    /// which a search thread leaving a search may take (to wake a waiter), as
    /// one preempted while holding it would among hundreds of threads on a
    /// few cores; until the returned sender is dropped or 10 s have passed.
    fn hold_busy_lock(e: &Engine) -> (crossbeam_channel::Sender<()>, std::thread::JoinHandle<()>) {
        let busy = e.busy.clone();
        let (held_tx, held_rx) = unbounded();
        let (release_tx, release_rx) = unbounded::<()>();
        let holder = std::thread::spawn(move || {
            let _held = busy.hold();
            held_tx.send(()).unwrap();
            let _ = release_rx.recv_timeout(Duration::from_secs(10));
        });
        held_rx.recv().unwrap();
        (release_tx, holder)
    }

    #[test]
    fn stop_answers_while_the_main_thread_works_out_its_vote() {
        use super::pool::RELEASE;
        let mut e = engine(2);
        let pos = Position::startpos();
        // The main thread finishes depth 3 and then, its vote worked out,
        // waits for a core before it claims the answer: `stop` answers.
        e.fault = Some((0, Fault::HoldAfterVote(8)));
        let (tx, rx) = unbounded();
        e.go(&pos, depth(3), tx);
        wait_until("the main thread did not finish depth 3", || {
            e.shared.ballots[0].load().depth == 3
        });
        // Past its search; now at the hold (or about to be). It set the stop
        // before its vote, so the helper's ballot may be shallower; once the
        // helper has left, the ballots stand still.
        wait_until("the helper did not leave its search", || {
            e.busy.threads() == 1
        });
        std::thread::sleep(Duration::from_millis(50));
        e.stop();
        let r = answered_already(&rx, "stop answered at once");
        assert_legal(&pos, &r);
        let ballots: Vec<_> = e.shared.ballots.iter().map(|b| b.load()).collect();
        let voted = vote::vote(&ballots);
        assert_eq!(
            (r.best, r.depth),
            (Some(voted.mv), voted.depth),
            "not the vote of completed iterations"
        );
        assert!(r.depth >= 1);
        RELEASE[8].store(true, SeqCst);
        e.wait();
        assert_no_answer(&rx, "the main thread answered a second time");
    }

    #[test]
    fn stop_answers_while_a_search_thread_holds_the_busy_lock() {
        use super::pool::RELEASE;
        let mut e = engine(2);
        let pos = Position::startpos();
        // The main thread finishes depth 4 and is kept from answering, so
        // that `stop` answers from the ballots.
        e.fault = Some((0, Fault::Linger(6)));
        let (tx, rx) = unbounded();
        e.go(&pos, depth(4), tx);
        wait_until("the main thread did not finish depth 4", || {
            e.shared.ballots[0].load().depth == 4
        });
        wait_for_every_ballot(&e, 4);
        let (release, holder) = hold_busy_lock(&e);
        let asked = std::time::Instant::now();
        e.stop();
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "stop waited {:?} for the held lock",
            asked.elapsed()
        );
        let r = answered_already(&rx, "stop answered at once");
        assert_legal(&pos, &r);
        assert!(r.depth >= 4, "a vote of completed iterations: {}", r.depth);
        assert!(!e.is_searching());
        // The threads leave the search, and the next search starts and its
        // main thread answers, the lock still held.
        RELEASE[6].store(true, SeqCst);
        let (next_tx, next_rx) = unbounded();
        e.go(&pos, depth(3), next_tx);
        let r = answer_within(
            &next_rx,
            Duration::from_secs(5),
            "the next search waited for the held lock",
        );
        assert_legal(&pos, &r);
        assert!(
            !holder.is_finished(),
            "the lock was let go before the answer"
        );
        drop(release);
        holder.join().unwrap();
        e.wait();
        assert_no_answer(&rx, "two answers");
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn the_watchdog_answers_while_a_search_thread_holds_the_busy_lock() {
        use super::pool::RELEASE;
        let mut e = engine(1);
        let pos = Position::startpos();
        // The only thread is held before its search: the watchdog answers.
        e.fault = Some((0, Fault::Hold(7)));
        let (tx, rx) = unbounded();
        let movetime = Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Default::default()
        };
        e.go(&pos, movetime, tx);
        let (release, holder) = hold_busy_lock(&e);
        let r = answer_within(
            &rx,
            Duration::from_secs(2),
            "the watchdog waited for the held lock",
        );
        assert_legal(&pos, &r);
        assert_eq!(r.depth, 1, "the one-ply search's move");
        assert!(!e.is_searching());
        assert!(
            !holder.is_finished(),
            "the lock was let go before the answer"
        );
        drop(release);
        holder.join().unwrap();
        RELEASE[7].store(true, SeqCst);
        e.wait();
        assert_no_answer(&rx, "two answers");
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn stop_before_any_iteration_is_complete_answers_from_a_one_ply_search() {
        use super::pool::RELEASE;
        let mut e = engine(1);
        let pos = Position::startpos();
        let banned = pos.legal_moves().as_slice()[0];
        // The only thread is held before its search (as when it waits for a
        // core), so no iteration is complete when stop comes.
        e.fault = Some((0, Fault::Hold(2)));
        let (tx, rx) = unbounded();
        e.go(
            &pos,
            Limits {
                infinite: true,
                ban_moves: vec![banned],
                ..Default::default()
            },
            tx,
        );
        e.stop();
        let r = answered_already(&rx, "stop answered at once, the main thread held");
        assert_legal(&pos, &r);
        assert_ne!(r.best, Some(banned), "a banned move");
        assert_eq!(r.depth, 1, "the one-ply search's move");
        assert!(!e.is_searching());
        // When the main thread goes on, it sends no second answer.
        RELEASE[2].store(true, SeqCst);
        e.wait();
        assert_no_answer(&rx, "two answers");
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn the_watchdog_answers_at_the_hard_limit_when_the_main_thread_cannot_run() {
        use super::pool::RELEASE;
        let mut e = engine(1);
        let pos = Position::startpos();
        // The only thread is held before its search, as when it waits for a
        // core among hundreds: it never reads the clock.
        e.fault = Some((0, Fault::Hold(3)));
        let (tx, rx) = unbounded();
        let movetime = Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Default::default()
        };
        let asked = std::time::Instant::now();
        e.go(&pos, movetime, tx);
        let r = answer_within(&rx, Duration::from_secs(10), "no answer at the time limit");
        // Not before the hard limit (100 ms less the 30 ms overhead) and the
        // grace (10 ms).
        assert!(asked.elapsed() >= Duration::from_millis(75), "too early");
        assert_legal(&pos, &r);
        assert_eq!(r.depth, 1, "the one-ply search's move");
        assert!(!e.is_searching());
        RELEASE[3].store(true, SeqCst);
        e.wait();
        assert_no_answer(&rx, "two answers");
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn the_watchdog_lets_the_clock_run_only_from_ponderhit() {
        use super::pool::RELEASE;
        let mut e = engine(1);
        let pos = Position::startpos();
        e.fault = Some((0, Fault::Hold(4)));
        let (tx, rx) = unbounded();
        let pondering = Limits {
            movetime: Some(Duration::from_millis(300)),
            ponder: true,
            ..Default::default()
        };
        e.go(&pos, pondering, tx);
        // Past the limit, but pondering: no answer yet.
        std::thread::sleep(Duration::from_millis(400));
        assert_no_answer(&rx, "an answer while pondering");
        assert!(e.is_searching());
        let hit = std::time::Instant::now();
        e.ponderhit(false);
        let r = answer_within(&rx, Duration::from_secs(10), "no answer after ponderhit");
        // The clock ran from ponderhit: 300 ms less the overhead, and the grace.
        assert!(
            hit.elapsed() >= Duration::from_millis(250),
            "the clock ran while pondering"
        );
        assert_legal(&pos, &r);
        RELEASE[4].store(true, SeqCst);
        e.wait();
        assert_no_answer(&rx, "two answers");
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn a_helper_that_panics_is_left_out_of_the_vote() {
        for fault in [Fault::BeforeSearch, Fault::AfterSearch] {
            let mut e = engine(2);
            let pos = Position::startpos();
            e.fault = Some((1, fault));
            let r = search(&mut e, &pos, depth(5), None);
            assert_legal(&pos, &r);
            match fault {
                // It never published a ballot: the main thread's depth wins.
                Fault::BeforeSearch => assert_eq!(r.depth, 5),
                // It fails only after the answer (helpers search on until the
                // main thread ends the search), so the iterations it finished
                // before may have counted, and may win the vote at another
                // depth than the main thread's.
                _ => assert!(r.depth > 0, "a real vote: {}", r.depth),
            }
            assert_sound_afterwards(&mut e);
            ManuallyDrop::into_inner(e);
        }
    }

    #[test]
    fn a_main_thread_that_panics_still_answers_with_a_legal_move() {
        for fault in [Fault::BeforeSearch, Fault::AfterSearch] {
            for threads in [1, 2] {
                let mut e = engine(threads);
                let pos = Position::startpos();
                e.fault = Some((0, fault));
                let r = search(&mut e, &pos, depth(5), None);
                assert_legal(&pos, &r);
                assert!(!r.resign && !r.draw);
                assert_sound_afterwards(&mut e);
                ManuallyDrop::into_inner(e);
            }
        }
    }

    #[test]
    fn a_main_thread_that_panics_after_claiming_the_answer_still_answers() {
        let mut e = engine(2);
        let pos = Position::startpos();
        e.fault = Some((0, Fault::WhileAnswering));
        let (tx, rx) = unbounded();
        e.go(&pos, depth(3), tx);
        let r = answer(&rx, "no answer after the claim");
        // Its fallback: no move (the claimed answer was lost with the panic).
        assert_eq!(r.best, None);
        e.wait();
        assert_no_answer(&rx, "two answers");
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn the_fallback_move_is_never_a_banned_one_nor_one_that_does_not_exist() {
        let mut e = engine(1);
        let pos = Position::startpos();
        let first = pos.legal_moves().as_slice()[0];
        e.fault = Some((0, Fault::BeforeSearch));
        let r = search(
            &mut e,
            &pos,
            Limits {
                depth: Some(5),
                ban_moves: vec![first],
                ..Default::default()
            },
            None,
        );
        assert_legal(&pos, &r);
        assert_ne!(r.best, Some(first));
        // Mated: no move to fall back on.
        let mated = Position::from_fen("R3k4/9/4P4/9/9/9/9/9/9/3K5 b").unwrap();
        e.fault = Some((0, Fault::BeforeSearch));
        assert_eq!(search(&mut e, &mated, depth(3), None).best, None);
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }

    #[test]
    fn after_a_panic_an_infinite_search_still_answers_only_at_stop() {
        let mut e = engine(2);
        let pos = Position::startpos();
        e.fault = Some((0, Fault::BeforeSearch));
        let infinite = Limits {
            infinite: true,
            ..Default::default()
        };
        let r = search(&mut e, &pos, infinite, Some(Duration::from_millis(200)));
        assert_legal(&pos, &r);
        assert_sound_afterwards(&mut e);
        ManuallyDrop::into_inner(e);
    }
}
