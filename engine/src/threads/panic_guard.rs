//! A panic inside a search is caught on its thread and told once on stderr
//! (stdout is the protocol's), so the engine always answers.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// True while this thread runs a guarded part of a search job.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    /// Where the last panic of a guarded part happened, and its backtrace when
    /// RUST_BACKTRACE asks for one: the hook keeps them for `report_panic`.
    static PANIC_SITE: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

/// A panic hook that stays quiet for the guarded parts of search jobs
/// (`guarded` reports those itself, once, with the engine's prefix) and hands
/// every other panic to the hook that was there before.
pub(super) fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) {
                let place = info
                    .location()
                    .map_or_else(|| "an unknown place".to_string(), |l| l.to_string());
                let trace = std::backtrace::Backtrace::capture();
                let trace = (trace.status() == std::backtrace::BacktraceStatus::Captured)
                    .then(|| trace.to_string());
                PANIC_SITE.with(|s| *s.borrow_mut() = Some((place, trace)));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs part of a search job on thread `id`; a panic in it is reported on
/// stderr, saying what happens next (`then`), and gives None instead of
/// ending the thread.
pub(super) fn guarded<T>(id: usize, then: &str, job: impl FnOnce() -> T) -> Option<T> {
    GUARDED.with(|g| g.set(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(job));
    GUARDED.with(|g| g.set(false));
    outcome
        .map_err(|payload| report_panic(id, &*payload, then))
        .ok()
}

fn report_panic(id: usize, payload: &(dyn Any + Send), then: &str) {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    let (place, trace) = PANIC_SITE
        .with(|s| s.borrow_mut().take())
        .unwrap_or_else(|| ("an unknown place".to_string(), None));
    // Not eprintln!, which panics when stderr is gone.
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "chariot: error: search thread {id} panicked at {place}: {message}; {then}"
    );
    if let Some(trace) = trace {
        let _ = writeln!(err, "{trace}");
    }
}
