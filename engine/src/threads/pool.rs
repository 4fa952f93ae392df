//! The search threads: created once, parked on their job channel between
//! searches, each owning its worker.

use super::panic_guard::guarded;
use super::policy::Outlook;
use super::vote::main_thread_result;
use crate::limits::{Report, SearchResult};
use crate::search::{Ballot, SearchSetup, Shared, Worker};
use crate::tt::TranspositionTable;
use chariot_core::position::Position;
use crossbeam_channel::{Receiver, Sender};

use parking_lot::{Condvar, Mutex};
use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Where a test makes a search thread panic, to check that the engine lives on.
#[cfg(test)]
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Fault {
    /// After `prepare`, before the thread searches.
    BeforeSearch,
    /// Before the thread searches, it waits until [`RELEASE`]'s flag
    /// of this number is set (as a thread waiting for a core would).
    Hold(usize),
    /// After the thread's own search, before its vote.
    AfterSearch,
    /// After its search, the thread lingers until [`RELEASE`]'s
    /// flag of this number is set.
    Linger(usize),
    /// The main thread, once it has claimed the answer and before sending it.
    WhileAnswering,
}

/// Lets a thread held by [`Fault::Linger`] or [`Fault::Hold`] go (one flag
/// for each test).
#[cfg(test)]
pub(super) static RELEASE: [std::sync::atomic::AtomicBool; 6] = [
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
];

#[cfg(test)]
fn wait_for_release(flag: usize) {
    while !RELEASE[flag].load(SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

pub(super) enum Job {
    Search {
        pos: Box<Position>,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
        #[cfg(test)]
        fault: Option<Fault>,
    },
    ClearTables,
    Quit,
}

/// What the threads are doing: the running search (until its answer is
/// given) and how many threads are still inside a search job. Threads may
/// still be in an older search when the next starts (with hundreds of threads
/// on a few cores each needs a core once to notice a stop): they take up the
/// new job when they leave the old one.
#[derive(Debug, Default)]
pub(super) struct Busy {
    pub searching: bool,
    pub threads: usize,
    /// The running search, by the address of its `Shared` (alive while the
    /// engine and every thread in it hold it): a main thread still in an
    /// older search leaves `searching` alone.
    pub current: usize,
}

/// A search's identity in [`Busy::current`].
pub(super) fn search_id(shared: &Arc<Shared>) -> usize {
    Arc::as_ptr(shared) as usize
}

pub(super) struct PoolThread {
    pub(super) jobs: Sender<Job>,
    pub(super) handle: Option<JoinHandle<()>>,
}

pub(super) fn thread_main(
    id: usize,
    jobs: Receiver<Job>,
    busy: Arc<(Mutex<Busy>, Condvar)>,
    outlook: Arc<Mutex<Outlook>>,
) {
    let mut worker: Option<Worker> = None;
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Quit => return,
            Job::ClearTables => {
                if let Some(w) = worker.as_mut() {
                    w.clear_tables();
                }
            }
            Job::Search {
                pos,
                tt,
                shared,
                setup,
                #[cfg(test)]
                fault,
            } => {
                let then = if id == 0 {
                    "answering with the best legal move found"
                } else {
                    "its vote is left out"
                };
                let own = guarded(id, then, || {
                    let w = worker.get_or_insert_with(|| {
                        Worker::new(id, tt.clone(), shared.clone(), setup.clone())
                    });
                    // The clock runs from `go` (Shared::new), not from when
                    // this thread got a core.
                    w.prepare(&pos, tt, shared.clone(), setup.clone());
                    #[cfg(test)]
                    if fault == Some(Fault::BeforeSearch) {
                        panic!("injected fault before the search of thread {id}");
                    }
                    #[cfg(test)]
                    if let Some(Fault::Hold(flag)) = fault {
                        wait_for_release(flag);
                    }
                    if setup.limits.depth != Some(0) {
                        w.iterative_deepening();
                    }
                    #[cfg(test)]
                    if fault == Some(Fault::AfterSearch) {
                        panic!("injected fault after the search of thread {id}");
                    }
                    #[cfg(test)]
                    if let Some(Fault::Linger(flag)) = fault {
                        wait_for_release(flag);
                    }
                    w.ballot()
                });
                if own.is_none() {
                    // Its position, stack and tables may be half updated, and
                    // whatever it published is left out of the vote.
                    worker = None;
                    *shared.ballots[id].lock() = Ballot::NONE;
                }
                let result = if id == 0 {
                    guarded(id, "answering with no move", || {
                        let answer = main_thread_result(own, &pos, &shared, &setup, &outlook);
                        #[cfg(test)]
                        if fault == Some(Fault::WhileAnswering) {
                            panic!("injected fault while thread {id} answers");
                        }
                        answer
                    })
                    .unwrap_or_else(|| {
                        // Answer with no move, unless stop or the watchdog has answered.
                        shared.stop.store(true, SeqCst);
                        let unanswered = !shared.answered.swap(true, SeqCst);
                        (unanswered || shared.main_answers.load(SeqCst)).then(SearchResult::default)
                    })
                } else {
                    None
                };
                // The state changes before `Done` goes out, so whoever hears
                // `Done` finds the search over (and only helpers still busy).
                {
                    let (lock, cv) = &*busy;
                    let mut state = lock.lock();
                    state.threads -= 1;
                    if id == 0 && state.current == search_id(&shared) {
                        state.searching = false;
                    }
                    cv.notify_all();
                }
                if let (Some(result), Some(tx)) = (result, &setup.reports) {
                    let _ = tx.send(Report::Done(result));
                }
            }
        }
    }
}
