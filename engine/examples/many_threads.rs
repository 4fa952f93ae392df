//! Many threads on few cores: for each thread count, every kind of search
//! (depth, nodes, movetime, infinite then stop, mate) over and over from
//! random positions, with the thread count and the table size changed now and
//! then between searches. Every answer must be a legal move and come back
//! (a search with no answer in 60 s is a deadlock and ends the run with an
//! error naming the search; with MANY_THREADS_HOLD set, the process then
//! waits half an hour for a debugger). Prints the stop -> bestmove latency of the stopped searches and the
//! memory each thread costs (resident set before and after its first search),
//! and the bytes live on the heap after the first search, half-way and at the
//! end, each time back at the first thread count and table size: a leak would
//! show as growth there (the resident set is printed too).
//!   cargo run --release -p chariot --example many_threads -- [CYCLES] [THREADS...]

use chariot::limits::{Limits, Report, SearchResult};
use chariot::Engine;
use chariot_core::Position;
use crossbeam_channel::unbounded;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The system allocator, counting the bytes live on the heap: exact where
/// the resident set is not (the allocator keeps freed blocks for reuse).
struct Counting;
static LIVE_BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to the system allocator unchanged; only a counter
// is updated beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE_BYTES.fetch_add(layout.size(), Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LIVE_BYTES.fetch_add(layout.size(), Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size(), Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE_BYTES.fetch_add(new_size, Relaxed);
        LIVE_BYTES.fetch_sub(layout.size(), Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live_kib() -> usize {
    LIVE_BYTES.load(Relaxed) / 1024
}

/// The resident set of this process in KiB (Linux), 0 where unknown.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Runs one search; `stop_after` stops it (the time from stop to the answer
/// is returned with the result).
fn search(
    e: &mut Engine,
    pos: &Position,
    limits: Limits,
    stop_after: Option<Duration>,
) -> Result<(SearchResult, Option<Duration>), String> {
    let (tx, rx) = unbounded();
    e.go(pos, limits, tx);
    let mut stopped_at = None;
    if let Some(d) = stop_after {
        std::thread::sleep(d);
        stopped_at = Some(Instant::now());
        e.stop();
    }
    loop {
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(Report::Done(r)) => return Ok((r, stopped_at.map(|t| t.elapsed()))),
            Ok(_) => {}
            Err(_) => return Err("no answer within 60 s: deadlock".into()),
        }
    }
}

/// A position a few random legal moves from the start.
fn random_position(rng: &mut Rng) -> Position {
    let mut pos = Position::startpos();
    for _ in 0..rng.below(12) {
        let moves = pos.legal_moves();
        let list = moves.as_slice();
        if list.is_empty() {
            break;
        }
        pos.make_move(list[rng.below(list.len() as u64) as usize]);
    }
    pos
}

/// Back to `threads` threads and a fresh 48 MB table, one short search, and
/// the resident set then: the same half-way and at the end, or the changes
/// of threads and table leak. (Tables are 40 MB or more: glibc's allocator
/// keeps smaller blocks in the heap once freed, which shows as growth that
/// is not a leak; larger ones are mapped and unmapped.)
fn settle(e: &mut Engine, threads: usize) -> Result<(u64, usize), String> {
    e.set_hash_mb(40)?;
    e.set_hash_mb(48)?;
    e.set_threads(threads);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    search(e, &Position::startpos(), limits, None)?;
    // Helpers still leaving the search hold the old table and search state.
    e.wait();
    Ok((rss_kib(), live_kib()))
}

fn run(threads: usize, cycles: usize, rng: &mut Rng) -> Result<(), String> {
    let mut e = Engine::new();
    e.options_mut().placement = chariot::threads::Placement::None;
    e.set_hash_mb(48)?;
    let before = rss_kib();
    e.set_threads(threads);
    let start = Position::startpos();
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    search(&mut e, &start, depth(1), None)?;
    e.wait();
    let at_start = (rss_kib(), live_kib());
    let per_thread = (at_start.0.saturating_sub(before)) as f64 / threads as f64;
    let mut latencies = Vec::new();
    let mut at_half = (0, 0);
    let began = Instant::now();
    for cycle in 0..cycles {
        let pos = random_position(rng);
        let (limits, stop_after) = match cycle % 5 {
            0 => (depth(1 + rng.below(5) as u32), None),
            1 => (
                Limits {
                    nodes: Some(1000 + rng.below(20_000)),
                    ..Limits::default()
                },
                None,
            ),
            2 => (
                Limits {
                    movetime: Some(Duration::from_millis(5 + rng.below(20))),
                    ..Limits::default()
                },
                None,
            ),
            3 => (
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                Some(Duration::from_millis(rng.below(30))),
            ),
            _ => (
                Limits {
                    mate: Some(2),
                    depth: Some(4),
                    ..Limits::default()
                },
                None,
            ),
        };
        let what = format!(
            "cycle {cycle}: {limits:?}, stop after {stop_after:?}, from {}",
            pos.fen()
        );
        let (r, latency) = search(&mut e, &pos, limits, stop_after).map_err(|err| {
            if std::env::var_os("MANY_THREADS_HOLD").is_some() {
                // Time to attach a debugger to the process that hangs.
                eprintln!("{err} in {what}; process {} holds", std::process::id());
                std::thread::sleep(Duration::from_secs(1800));
            }
            format!("{err} in {what}")
        })?;
        match r.best {
            Some(m) if pos.is_legal(m) => {}
            Some(m) => return Err(format!("illegal bestmove {m} in {}", pos.fen())),
            None if pos.legal_moves().as_slice().is_empty() => {}
            None => return Err(format!("no bestmove in {}", pos.fen())),
        }
        latencies.extend(latency);
        if cycle == cycles / 2 {
            at_half = settle(&mut e, threads)?;
        }
        // Now and then change the table and the thread count between searches.
        if cycle % 97 == 96 {
            e.set_hash_mb(40 + 8 * rng.below(3) as usize)?;
        }
        if cycle % 131 == 130 {
            e.set_threads(threads - rng.below(2) as usize);
        }
    }
    let at_end = settle(&mut e, threads)?;
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let pick = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "threads {threads:4}: {cycles} searches in {:.1} s, all legal; stop -> bestmove over {} stops: \
         median {:.1} ms, 99% {:.1} ms, max {:.1} ms; memory {:.0} KiB per thread; \
         live heap {} / {} / {} KiB and resident {} / {} / {} KiB after the first search, \
         half-way and at the end (each back at {threads} threads and 48 MB)",
        began.elapsed().as_secs_f64(),
        latencies.len(),
        ms(pick(0.5)),
        ms(pick(0.99)),
        ms(pick(1.0)),
        per_thread,
        at_start.1,
        at_half.1,
        at_end.1,
        at_start.0,
        at_half.0,
        at_end.0
    );
    Ok(())
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("usage: many_threads [CYCLES] [THREADS...]: '{a}' is not a number");
                std::process::exit(2)
            })
        })
        .collect();
    let cycles = args.first().copied().unwrap_or(1000);
    let counts = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        vec![128, 512]
    };
    // This thread sends `stop` as the engine's protocol thread would, and
    // asks for the same short slice (MANY_THREADS_DEFAULT_SLICE measures
    // without it).
    let short = std::env::var_os("MANY_THREADS_DEFAULT_SLICE").is_none()
        && chariot::threads::prefer_short_slice();
    println!(
        "stopping thread: {} slice",
        if short { "short" } else { "default" }
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for threads in counts {
        if let Err(e) = run(threads.max(1), cycles.max(5), &mut rng) {
            eprintln!("many_threads: threads {threads}: {e}");
            std::process::exit(1);
        }
    }
}
