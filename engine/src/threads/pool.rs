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
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
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
    /// The main thread, once its vote is worked out, waits until
    /// [`RELEASE`]'s flag of this number is set (as a thread waiting for a
    /// core would).
    HoldAfterVote(usize),
}

/// Lets a thread held by [`Fault::Linger`] or [`Fault::Hold`] go (one flag
/// for each test).
#[cfg(test)]
pub(super) static RELEASE: [std::sync::atomic::AtomicBool; 9] = [
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
];

#[cfg(test)]
pub(super) fn wait_for_release(flag: usize) {
    while !RELEASE[flag].load(SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

pub(super) enum Job {
    /// Sent by `go` to the main thread only; each thread passes it on to its
    /// children (see [`children`]) before it searches.
    Search {
        pos: Arc<Position>,
        tt: Arc<TranspositionTable>,
        shared: Arc<Shared>,
        setup: Arc<SearchSetup>,
        /// A test's injected fault, for the thread it names.
        #[cfg(test)]
        fault: Option<(usize, Fault)>,
    },
    ClearTables,
    Quit,
}

/// Fan-out of a search job: thread `id` passes it on to threads `2 id + 1`
/// and `2 id + 2`. One sender waking hundreds of parked threads, one after
/// another, is preempted after each few wake-ups when they outnumber the
/// cores (a quarter of a second or more for 512 threads on 2 cores), and
/// `go`'s caller, the protocol thread, could not read `stop` meanwhile. In a
/// tree no thread wakes more than two, and the job reaches every thread in
/// log2(threads) steps.
pub(super) fn children(id: usize, threads: usize) -> impl Iterator<Item = usize> {
    (2 * id + 1..=2 * id + 2).filter(move |&c| c < threads)
}

/// What the threads are doing: the running search (until its answer is
/// given) and how many threads are still inside a search job. Threads may
/// still be in an older search when the next starts (with hundreds of threads
/// on a few cores each needs a core once to notice a stop): they take up the
/// new job when they leave the old one.
///
/// Kept in atomics: with hundreds of search threads on a few cores, a thread
/// preempted while holding a lock that `stop`, the watchdog or `is_searching`
/// need keeps them waiting until it gets a core again (hundreds of
/// milliseconds or more). The lock is only there for `wait` and
/// `wait_for_answer` to sleep on: a leaving thread (or `stop`) takes it, to
/// wake them, only when one of them is asleep on it and the thread is the
/// last one out or ends the search, and only after its answer (if any) has
/// gone out. The engine's owner both waits and stops, so its `stop` never
/// takes it.
#[derive(Debug, Default)]
pub(super) struct Busy {
    /// The search whose answer is not given yet, by the address of its
    /// `Shared` (alive while the engine and every thread in it hold it); 0
    /// when there is none. Cleared only by a compare-exchange on that search:
    /// a main thread still in an older search leaves a newer one alone.
    current: AtomicUsize,
    /// Threads inside a search job, and those answering at a stop.
    threads: AtomicUsize,
    /// Threads asleep on `changed`, or about to be (counted under `lock`).
    waiters: AtomicUsize,
    /// Held only to check the state before sleeping on `changed`, and to
    /// notify it after a change.
    lock: Mutex<()>,
    changed: Condvar,
}

/// Whether a change to [`Busy`] must wake its waiters (see [`Busy::wake`]).
#[must_use]
pub(super) struct Wake(bool);

impl Busy {
    /// A search's answer is still to come.
    pub(super) fn searching(&self) -> bool {
        self.current.load(SeqCst) != 0
    }

    /// The search `id` (see [`search_id`]) is unanswered.
    pub(super) fn is_current(&self, id: usize) -> bool {
        self.current.load(SeqCst) == id
    }

    /// Threads inside a search job or answering one.
    pub(super) fn threads(&self) -> usize {
        self.threads.load(SeqCst)
    }

    /// A new search `id` with `threads` threads starts. Only once the last
    /// one's answer is given (`searching` is false).
    pub(super) fn begin(&self, id: usize, threads: usize) {
        self.threads.fetch_add(threads, SeqCst);
        let was = self.current.swap(id, SeqCst);
        debug_assert_eq!(was, 0, "a search began before the last one's answer");
    }

    /// A thread joins the search `id` to answer it; Err (nothing counted,
    /// and what to wake) when that search has been answered already.
    /// Counted, then checked again: a `wait` that sees no search and no
    /// thread cannot miss this one.
    pub(super) fn join_answer(&self, id: usize) -> Result<(), Wake> {
        if !self.is_current(id) {
            return Err(Wake(false));
        }
        self.threads.fetch_add(1, SeqCst);
        if self.is_current(id) {
            Ok(())
        } else {
            Err(self.leave(id, false))
        }
    }

    /// A thread leaves a job of the search `id`; with `ends`, it ends that
    /// search (the main thread, whoever answered; or `stop` or the watchdog
    /// with their answer), unless it has ended already or a newer search
    /// runs. The returned [`Wake`] goes to [`Busy::wake`] once the answer,
    /// if any, is sent.
    pub(super) fn leave(&self, id: usize, ends: bool) -> Wake {
        let ended = ends && self.current.compare_exchange(id, 0, SeqCst, SeqCst).is_ok();
        let last = self.threads.fetch_sub(1, SeqCst) == 1;
        Wake(ended || last)
    }

    /// Wakes the waiters after a change (made before this) that may let
    /// them go on; without a lock when nobody waits. A waiter counts itself
    /// under the lock and then checks the state: either this sees it counted
    /// and notifies under the lock, which the waiter holds until it is
    /// asleep, or the count came after the change and the waiter's check
    /// sees the change (all of it sequentially consistent).
    pub(super) fn wake(&self, wake: Wake) {
        if wake.0 && self.waiters.load(SeqCst) > 0 {
            let _held = self.lock.lock();
            self.changed.notify_all();
        }
    }

    /// Blocks until `done` holds; without a lock when it holds already.
    pub(super) fn wait_until(&self, done: impl Fn(&Busy) -> bool) {
        if done(self) {
            return;
        }
        let mut held = self.lock.lock();
        self.waiters.fetch_add(1, SeqCst);
        while !done(self) {
            self.changed.wait(&mut held);
        }
        self.waiters.fetch_sub(1, SeqCst);
    }

    /// Holds the lock, as a thread would that is waking the waiters (tests).
    #[cfg(test)]
    pub(super) fn hold(&self) -> parking_lot::MutexGuard<'_, ()> {
        self.lock.lock()
    }
}

/// A search's identity in [`Busy::current`].
pub(super) fn search_id(shared: &Arc<Shared>) -> usize {
    Arc::as_ptr(shared) as usize
}

pub(super) struct PoolThread {
    pub(super) jobs: Sender<Job>,
    pub(super) handle: Option<JoinHandle<()>>,
}

/// What a new thread builds its worker from before its first job.
pub(super) struct Birth {
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) shared: Arc<Shared>,
    pub(super) setup: Arc<SearchSetup>,
}

pub(super) fn thread_main(
    id: usize,
    jobs: Receiver<Job>,
    children: Vec<Sender<Job>>,
    birth: Birth,
    busy: Arc<Busy>,
    outlook: Arc<Mutex<Outlook>>,
) {
    // The worker's tables (megabytes) are allocated now, when the thread
    // starts, not at its first search: mapping memory takes the process's
    // memory-map lock for writing, and with hundreds of threads on a few
    // cores a thread preempted inside that lock holds up every other that
    // maps or faults memory, the protocol thread answering `stop` among them.
    let mut worker = guarded(id, "its worker is built at its first search", || {
        Worker::new(id, birth.tt, birth.shared, birth.setup)
    });
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
                // Passed on first, whatever this thread then does: every
                // thread of the search must get it (each leaves `busy`).
                for child in &children {
                    let _ = child.send(Job::Search {
                        pos: pos.clone(),
                        tt: tt.clone(),
                        shared: shared.clone(),
                        setup: setup.clone(),
                        #[cfg(test)]
                        fault,
                    });
                }
                #[cfg(test)]
                let fault = fault.filter(|f| f.0 == id).map(|f| f.1);
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
                    shared.ballots[id].store(&Ballot::NONE);
                }
                let result = if id == 0 {
                    guarded(id, "answering with no move", || {
                        let answer = main_thread_result(
                            own,
                            &pos,
                            &shared,
                            &setup,
                            &outlook,
                            #[cfg(test)]
                            match fault {
                                Some(Fault::HoldAfterVote(flag)) => Some(flag),
                                _ => None,
                            },
                        );
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
                // `Done` finds the search over (and only helpers still busy);
                // the waiters are woken after it, so that a lock held by a
                // preempted thread cannot hold up the answer.
                let wake = busy.leave(search_id(&shared), id == 0);
                if let (Some(result), Some(tx)) = (result, &setup.reports) {
                    let _ = tx.send(Report::Done(result));
                }
                busy.wake(wake);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::children;

    #[test]
    fn the_fan_out_reaches_every_thread_once_in_log2_steps() {
        for threads in [1, 2, 3, 7, 64, 512, 1024] {
            let mut parent = vec![None; threads];
            for id in 0..threads {
                let kids: Vec<usize> = children(id, threads).collect();
                assert!(kids.len() <= 2, "thread {id} wakes {} threads", kids.len());
                for c in kids {
                    assert!(
                        parent[c].replace(id).is_none(),
                        "thread {c} gets the job twice"
                    );
                }
            }
            assert!(parent[0].is_none(), "the main thread gets the job from go");
            let mut deepest = 0;
            for id in 1..threads {
                let (mut at, mut steps) = (id, 0);
                while let Some(p) = parent[at] {
                    at = p;
                    steps += 1;
                }
                assert_eq!(at, 0, "thread {id} is not reached from the main thread");
                deepest = deepest.max(steps);
            }
            assert!(
                deepest <= threads.ilog2(),
                "{threads} threads: {deepest} steps"
            );
        }
    }
}
