//! The drivers a GUI talks to: UCCI 3.0 and UCI.
//!
//! A reader thread turns input lines into `Command`s (the first `ucci` or `uci`
//! picks the parser) and sends them over a channel to the controller, which
//! selects over that channel, the search's reports and Ctrl-C, so `isready`,
//! `stop`, `ponderhit` and `quit` are answered while the search runs. Each
//! protocol module only parses text and formats replies; the controller acts.

pub mod command;
pub mod controller;
pub mod dialect;
pub mod input;
pub mod options;
pub mod ucci;
pub mod uci;

use command::{BenchArgs, Command};
use crossbeam_channel::Receiver;
use input::Input;
use std::io::{Read, Write};

pub use command::Protocol;
pub use controller::Controller;

/// Runs the engine on stdin/stdout until `quit`, end of input or Ctrl-C.
pub fn run_stdio() {
    let (interrupt_tx, interrupts) = crossbeam_channel::bounded(1);
    // Without a handler Ctrl-C simply ends the process, which is acceptable.
    let _ = ctrlc::set_handler(move || {
        let _ = interrupt_tx.try_send(());
    });
    // Grown now, not during a search: growing the main thread's stack takes
    // the process's memory-map lock for writing, which with hundreds of
    // search threads faulting memory on a few cores waited hundreds of
    // milliseconds between `stop` and its answer.
    touch_stack();
    own_arenas();
    run(std::io::stdin(), std::io::stdout(), interrupts);
}

/// Lets every thread allocate from a heap ("arena") of its own. glibc makes
/// at most eight a core and then shares them out, so with more threads than
/// that the protocol thread's allocations (each `go`'s) waited on the lock
/// of a heap that a search thread held when preempted, tens of milliseconds
/// or more among hundreds of threads. An arena is address space reserved
/// (64 MiB), not memory used.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn own_arenas() {
    const ARENAS: libc::c_int = 4096;
    // SAFETY: mallopt sets one of glibc's allocator parameters; it takes
    // plain integers and is called before any thread but this one allocates.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn own_arenas() {}

/// Faults in the first megabyte of the calling (main) thread's stack, where
/// its stack limit leaves room for that four times over.
#[cfg(unix)]
fn touch_stack() {
    const DEPTH: usize = 1 << 20;
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one `rlimit` into the live struct given.
    let known = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } == 0;
    if known && limit.rlim_cur >= 4 * DEPTH as libc::rlim_t {
        touch();
    }

    #[inline(never)]
    fn touch() {
        let mut page = [0u8; DEPTH];
        std::hint::black_box(&mut page);
    }
}

#[cfg(not(unix))]
fn touch_stack() {}

/// Runs the engine over any input and output (the binary passes stdin/stdout).
pub fn run(input: impl Read + Send + 'static, mut out: impl Write, interrupts: Receiver<()>) {
    let commands = input::spawn_reader(input);
    let mut interrupts = interrupts;
    // Boot state: only the protocol choice, `isready` or `quit` means anything.
    let protocol = loop {
        crossbeam_channel::select! {
            recv(commands) -> msg => match msg {
                Ok(Input::Start(p)) => break p,
                Ok(Input::Command(Command::IsReady)) => {
                    let _ = out.write_all(b"readyok\n").and_then(|_| out.flush());
                }
                Ok(Input::Command(Command::Quit)) | Ok(Input::Eof) | Err(_) => return,
                Ok(Input::Command(_)) => {}
            },
            recv(interrupts) -> signal => match signal {
                Ok(()) => return,
                // No Ctrl-C handler could be installed: nothing will come.
                Err(_) => interrupts = crossbeam_channel::never(),
            },
        }
    };
    let mut controller = Controller::new(protocol, out);
    // This thread answers `stop`: it must get a core at once even with every
    // core searching (see threads/latency.rs). Asked for only now, so that
    // the threads the engine has started (the table's clearing pool) do not
    // inherit it.
    crate::threads::prefer_short_slice();
    controller.run(&commands, &interrupts);
}

/// Commands both protocols share beyond their own: `bench`, `perft N`, `d`,
/// `eval`, a bare `newgame`, other protocols' new-game words (ignored);
/// anything else is unknown.
pub(crate) fn parse_extra(words: &[&str]) -> Command {
    let Some(first) = words.first() else {
        return Command::Nothing;
    };
    match first.to_ascii_lowercase().as_str() {
        // Some xiangqi GUIs send it bare (Fairy-Stockfish issue #133).
        "newgame" => Command::NewGame,
        // uci2wb -x writes `uxinewgame` after `setoption newgame`, which
        // has already begun the game; a UCCI session's `ucinewgame` alike.
        "uxinewgame" | "uccinewgame" | "ucinewgame" => Command::Nothing,
        "bench" => BenchArgs::parse(words[1..].iter().copied())
            .map(Command::Bench)
            .unwrap_or_else(Command::Malformed),
        "perft" => match words.get(1..) {
            Some([n]) => command::parse_number(n, "perft depth")
                .map(Command::Perft)
                .unwrap_or_else(Command::Malformed),
            _ => Command::Malformed("perft: expected one depth, as in 'perft 4'".to_string()),
        },
        "d" => Command::Display,
        "eval" => Command::Eval,
        _ => Command::Unknown(first.chars().take(64).collect()),
    }
}

/// Runs the `bench` command (also `chariot bench` on the command line).
pub fn bench(args: &BenchArgs, out: &mut dyn FnMut(String)) -> Result<(), String> {
    let setup = args.setup()?;
    if args.json {
        let report = crate::bench::measure(&setup, &mut |_, _| {}, out);
        out(report.to_json());
    } else {
        crate::bench::run(&setup, out);
    }
    Ok(())
}

/// Longest message the engine prints (a refused megabyte line is not echoed whole).
const MAX_MESSAGE_CHARS: usize = 300;

/// Feedback is line based: a message must not break into several lines, nor
/// run on for pages.
pub(crate) fn one_line(text: &str) -> String {
    let mut line: String = text
        .chars()
        .take(MAX_MESSAGE_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().nth(MAX_MESSAGE_CHARS).is_some() {
        line.push_str(" ...");
    }
    line
}
