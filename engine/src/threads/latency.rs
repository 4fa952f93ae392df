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

#[cfg(target_os = "linux")]
mod imp {
    /// The kernel's `struct sched_attr` (its first version, 56 bytes), which
    /// the libc crate does not define.
    #[repr(C)]
    #[derive(Default)]
    struct SchedAttr {
        size: u32,
        policy: u32,
        flags: u64,
        nice: i32,
        priority: u32,
        runtime: u64,
        deadline: u64,
        period: u64,
        util_min: u32,
        util_max: u32,
    }

    pub(super) fn set_slice(ns: u64) -> bool {
        let size = std::mem::size_of::<SchedAttr>() as u32;
        let mut now = SchedAttr::default();
        // SAFETY: sched_getattr writes at most `size` bytes into `now`, a live
        // struct of that size laid out as the kernel's; pid 0 is this thread.
        let got = unsafe {
            libc::syscall(
                libc::SYS_sched_getattr,
                0,
                &mut now as *mut SchedAttr,
                size,
                0,
            )
        };
        // Only the normal policy takes a slice; a real-time thread stays as it is.
        if got != 0 || now.policy != libc::SCHED_OTHER as u32 {
            return false;
        }
        let ask = SchedAttr {
            size,
            policy: libc::SCHED_OTHER as u32,
            // The nice level stays as it is (the flag that would keep it
            // would keep the old slice too).
            nice: now.nice,
            runtime: ns,
            ..SchedAttr::default()
        };
        // SAFETY: sched_setattr only reads `ask`, a live struct of `size` bytes.
        let set = unsafe { libc::syscall(libc::SYS_sched_setattr, 0, &ask as *const SchedAttr, 0) };
        let mut after = SchedAttr::default();
        // SAFETY: as above.
        let read = unsafe {
            libc::syscall(
                libc::SYS_sched_getattr,
                0,
                &mut after as *mut SchedAttr,
                size,
                0,
            )
        };
        // Asked for 0 (the default), the kernel reports its default slice.
        set == 0 && read == 0 && (ns == 0 || after.runtime == ns)
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub(super) fn set_slice(_ns: u64) -> bool {
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
        }
        assert_eq!(reset, before, "back to the default");
    }
}
