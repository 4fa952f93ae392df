//! The hard time limit, kept by a thread of its own.
//!
//! The main search thread stops itself at the hard limit, but it reads the
//! clock only when it runs: with many more search threads than cores it may
//! wait long for a core (at 512 threads on 2 cores a 0.5 s search took up to
//! 10 s). The watchdog sleeps until the limit and, if the search has not
//! answered by then, stops it and answers from the threads' completed
//! iterations, as `stop` does. It asks for a short time slice, so it gets a
//! core as soon as it wakes.

use super::latency::prefer_short_slice;
use super::policy::Outlook;
use super::pool::{search_id, Busy};
use super::vote::answer_at_stop;
use crate::limits::Report;
use crate::search::{SearchSetup, Shared};
use crate::tt::TranspositionTable;
use chariot_core::position::Position;
use crossbeam_channel::{unbounded, RecvTimeoutError, Sender};
use parking_lot::Mutex;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How long past the hard limit the watchdog leaves the main thread to answer
/// itself (it knows the unfinished iteration, the ballots do not); at most
/// half the move overhead that the limit keeps in hand (30 ms by default).
pub(super) const GRACE: Duration = Duration::from_millis(10);

/// While pondering the clock does not run; the watchdog looks again this often.
const PONDER_RECHECK: Duration = Duration::from_millis(20);

/// A running search: what `stop` and the watchdog need to answer it.
#[derive(Clone)]
pub(super) struct Running {
    pub(super) pos: Arc<Position>,
    pub(super) setup: Arc<SearchSetup>,
    pub(super) shared: Arc<Shared>,
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) busy: Arc<Busy>,
    pub(super) outlook: Arc<Mutex<Outlook>>,
}

impl Running {
    fn is_searching(&self) -> bool {
        self.busy.is_current(search_id(&self.shared))
    }

    /// Stops the search and, unless it has answered already, answers it now
    /// from the threads' completed iterations.
    pub(super) fn stop_and_answer(&self) {
        self.shared.pondering.store(false, SeqCst);
        self.shared.stop.store(true, SeqCst);
        if self.shared.answered.load(SeqCst) {
            return;
        }
        // Counted as a busy thread while answering, so that `wait` waits for
        // this answer. No lock that a search thread takes is taken on the
        // way to the answer: one preempted while holding it would hold the
        // answer up until it got a core again.
        let id = search_id(&self.shared);
        if let Err(wake) = self.busy.join_answer(id) {
            self.busy.wake(wake);
            return;
        }
        let answer = answer_at_stop(
            &self.pos,
            &self.tt,
            &self.shared,
            &self.setup,
            &self.outlook,
        );
        // As in the pool: the state changes before `Done` goes out, the
        // waiters are woken after it.
        let wake = self.busy.leave(id, answer.is_some());
        if let (Some(result), Some(tx)) = (answer, &self.setup.reports) {
            let _ = tx.send(Report::Done(result));
        }
        self.busy.wake(wake);
    }

    /// How long until the hard limit plus the grace; None when there is no
    /// time limit or the search is over.
    fn time_left(&self) -> Option<Duration> {
        let hard = self.setup.budget.as_ref()?.hard;
        // Never past the move overhead the limit keeps in hand.
        let grace = GRACE.min(self.setup.options.move_overhead / 2);
        if self.shared.answered.load(SeqCst) || !self.is_searching() {
            return None;
        }
        let elapsed = self.shared.elapsed();
        Some((hard + grace).saturating_sub(elapsed))
    }
}

/// The watchdog thread; it ends when this is dropped.
pub(super) struct Watchdog {
    /// A search to watch, or None: forget the one watched.
    searches: Option<Sender<Option<Running>>>,
    handle: Option<JoinHandle<()>>,
}

impl Watchdog {
    pub(super) fn start() -> Watchdog {
        let (tx, rx) = unbounded::<Option<Running>>();
        let handle = std::thread::Builder::new()
            .name("watchdog".to_string())
            // The one-ply search of an early answer runs here, as deep in
            // quiescence as on a search thread.
            .stack_size(16 << 20)
            .spawn(move || {
                prefer_short_slice();
                let mut watched: Option<Running> = None;
                loop {
                    let wait = match &watched {
                        None => match rx.recv() {
                            Ok(r) => {
                                watched = r;
                                continue;
                            }
                            Err(_) => return,
                        },
                        Some(r) if r.shared.pondering.load(SeqCst) => PONDER_RECHECK,
                        Some(r) => match r.time_left() {
                            None => {
                                watched = None;
                                continue;
                            }
                            Some(left) if left.is_zero() => {
                                r.stop_and_answer();
                                watched = None;
                                continue;
                            }
                            Some(left) => left,
                        },
                    };
                    match rx.recv_timeout(wait) {
                        Ok(r) => watched = r,
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
            })
            .expect("the watchdog thread starts");
        Watchdog {
            searches: Some(tx),
            handle: Some(handle),
        }
    }

    /// Keeps the hard limit of this search (one with a time limit).
    pub(super) fn watch(&self, search: Running) {
        let watched = search.setup.budget.is_some().then_some(search);
        if let Some(tx) = &self.searches {
            let _ = tx.send(watched);
        }
    }

    /// Lets go of the last search (and the table it holds).
    pub(super) fn forget(&self) {
        if let Some(tx) = &self.searches {
            let _ = tx.send(None);
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.searches = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
