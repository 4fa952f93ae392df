//! Short time slices for the threads that answer the GUI.
//!
//! With more search threads than cores (hundreds on a few), a thread that
//! wakes up to read `stop` and send `bestmove` queues behind every busy
//! search thread: the scheduler (Linux's EEVDF) serves the task with the
//! earliest virtual deadline, and a default slice puts a woken thread's
//! deadline among theirs. Asking for a short slice puts it first, and since
//! Linux 6.12 lets it preempt a running thread at once. Its share of the CPU
//! is unchanged (that is the nice level's business, left alone), and no
//! privilege is needed. Elsewhere this does nothing.

/// The slice asked for, in nanoseconds: the kernel's smallest (0.1 ms).
pub const SHORT_SLICE_NS: u64 = 100_000;

/// Asks for a short time slice for the calling thread. True when the kernel
/// took it (it reads back as asked); false where slices cannot be chosen
/// (other systems, or Linux before 6.12, which ignores the request).
pub fn prefer_short_slice() -> bool {
    imp::set_slice(SHORT_SLICE_NS)
}

/// Back to the kernel's default slice: a new thread inherits its creator's,
/// and search threads (created by the protocol thread) are to keep theirs, so
/// that the few that answer the GUI come first when they wake.
pub fn default_slice() -> bool {
    imp::set_slice(0)
}

/// The nice level of search threads when they outnumber the cores.
pub const CROWD_NICE: i32 = 19;

/// Lowers the calling thread's share of the CPU to the least (nice 19), as
/// the search threads do when there are more of them than cores: the
/// scheduler lets a woken thread run only once its share is paid back, and
/// among hundreds of busy threads of equal weight the protocol threads'
/// share is so small that any work they did before (polling, printing)
/// held their next wake-up back by tens of milliseconds. Nobody's share but
/// this thread's changes, and no privilege is needed. True when it took.
pub fn lowest_priority() -> bool {
    imp::set_nice(CROWD_NICE)
}

#[cfg(target_os = "linux")]
mod imp {
    use libc::sched_attr;

    fn attr() -> sched_attr {
        sched_attr {
            size: std::mem::size_of::<sched_attr>() as u32,
            sched_policy: 0,
            sched_flags: 0,
            sched_nice: 0,
            sched_priority: 0,
            sched_runtime: 0,
            sched_deadline: 0,
            sched_period: 0,
        }
    }

    fn get() -> Option<sched_attr> {
        let mut now = attr();
        // SAFETY: sched_getattr writes at most `size` bytes into `now`, a live
        // `sched_attr` of that size (the kernel's first version, 48 bytes);
        // pid 0 is this thread.
        let got = unsafe {
            libc::syscall(
                libc::SYS_sched_getattr,
                0,
                &mut now as *mut sched_attr,
                now.size,
                0,
            )
        };
        (got == 0).then_some(now)
    }

    /// Sets this thread's slice (0: the kernel's default); true when it
    /// reads back as asked.
    pub(super) fn set_slice(ns: u64) -> bool {
        // Only the normal policy takes a slice; a real-time thread stays as it is.
        let Some(now) = get().filter(|a| a.sched_policy == libc::SCHED_OTHER as u32) else {
            return false;
        };
        let ask = sched_attr {
            sched_policy: libc::SCHED_OTHER as u32,
            // The nice level and reset-on-fork stay as they are (the flag
            // that would keep the parameters would keep the old slice too).
            sched_flags: now.sched_flags & libc::SCHED_FLAG_RESET_ON_FORK as u64,
            sched_nice: now.sched_nice,
            sched_runtime: ns,
            ..attr()
        };
        // SAFETY: sched_setattr only reads `ask`, a live struct of `size` bytes.
        let set =
            unsafe { libc::syscall(libc::SYS_sched_setattr, 0, &ask as *const sched_attr, 0) };
        // Asked for 0 (the default), the kernel reports its default slice.
        set == 0 && get().is_some_and(|after| ns == 0 || after.sched_runtime == ns)
    }

    /// Sets the calling thread's nice level (on Linux a thread id names one
    /// thread, not the process); true when it reads back as asked.
    pub(super) fn set_nice(nice: i32) -> bool {
        // SAFETY: gettid has no arguments and cannot fail; setpriority and
        // getpriority take plain integers.
        unsafe {
            let tid = libc::gettid() as libc::id_t;
            libc::setpriority(libc::PRIO_PROCESS, tid, nice) == 0
                && libc::getpriority(libc::PRIO_PROCESS, tid) == nice
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub(super) fn set_slice(_ns: u64) -> bool {
        false
    }
    pub(super) fn set_nice(_nice: i32) -> bool {
        false
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// This thread's slice as the scheduler reports it, where it does.
    fn slice_of_this_thread() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/thread-self/sched").ok()?;
        let line = text.lines().find(|l| l.starts_with("se.slice"))?;
        line.split(':').nth(1)?.trim().parse().ok()
    }

    fn nice_of_this_thread() -> i32 {
        // SAFETY: as in `set_nice`.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) }
    }

    #[test]
    fn the_lowest_priority_is_the_calling_threads_alone() {
        let before = nice_of_this_thread();
        let (taken, nice) = std::thread::spawn(|| (lowest_priority(), nice_of_this_thread()))
            .join()
            .unwrap();
        assert!(taken, "raising the nice level needs no privilege");
        assert_eq!(nice, CROWD_NICE);
        assert_eq!(nice_of_this_thread(), before, "the caller keeps its level");
        let other = std::thread::spawn(nice_of_this_thread).join().unwrap();
        assert_eq!(other, before, "a thread that did not ask keeps its level");
    }

    #[test]
    fn the_short_slice_is_the_calling_threads_alone() {
        let before = std::thread::spawn(slice_of_this_thread).join().unwrap();
        let (taken, slice) = std::thread::spawn(|| (prefer_short_slice(), slice_of_this_thread()))
            .join()
            .unwrap();
        if !taken {
            // A kernel without chosen slices: nothing may have changed.
            assert_eq!(slice, before);
            return;
        }
        if let Some(slice) = slice {
            assert_eq!(slice, SHORT_SLICE_NS, "the scheduler's own account");
        }
        let other = std::thread::spawn(slice_of_this_thread).join().unwrap();
        assert_eq!(other, before, "a thread that did not ask keeps the default");
    }

    #[test]
    fn a_thread_created_by_a_short_slice_thread_can_go_back_to_the_default() {
        let before = std::thread::spawn(slice_of_this_thread).join().unwrap();
        let (taken, inherited, reset) = std::thread::spawn(|| {
            let taken = prefer_short_slice();
            std::thread::spawn(move || {
                let inherited = slice_of_this_thread();
                default_slice();
                (taken, inherited, slice_of_this_thread())
            })
            .join()
            .unwrap()
        })
        .join()
        .unwrap();
        if taken && inherited.is_some() {
            assert_eq!(inherited, Some(SHORT_SLICE_NS), "a new thread inherits");
            assert_ne!(reset, inherited, "back to the default");
        } else {
            assert_eq!(reset, before, "nothing changed");
        }
    }
}
