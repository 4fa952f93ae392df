//! Drives the real `chariot` binary through its stdin/stdout for the
//! transcript tests (every read has a timeout, so a hung engine fails the test
//! instead of hanging it), or runs it once with arguments.

#![allow(dead_code)]

pub mod transcript;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The `chariot` binary.
pub const CHARIOT: &str = env!("CARGO_BIN_EXE_chariot");

/// Runs `chariot` with `args` to its end: whether it succeeded, its standard
/// output and its standard error.
pub fn chariot(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(CHARIOT)
        .args(args)
        .output()
        .expect("the chariot binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Generous: the machines running the tests are shared and slow; a healthy
/// engine answers in milliseconds.
pub const TIMEOUT: Duration = Duration::from_secs(20);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(CHARIOT)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the chariot binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Starts the engine and greets it in the given protocol (`ucci` or `uci`).
    pub fn with(protocol: &str) -> Engine {
        let mut e = Engine::start();
        e.send(protocol);
        e.expect(&format!("{protocol}ok"));
        e
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().unwrap();
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or None after `timeout` (or when the output closed).
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `done`; returns every line read, that one last.
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let stop = done(&l);
                    seen.push(l);
                    if stop {
                        return seen;
                    }
                }
                None => panic!(
                    "waited in vain for {what}; the engine said:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads until a line equal to `line`.
    pub fn expect(&mut self, line: &str) -> Vec<String> {
        self.read_until(&format!("'{line}'"), |l| l == line)
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.read_until(&format!("a line starting '{prefix}'"), |l| {
            l.starts_with(prefix)
        })
        .pop()
        .unwrap()
    }

    /// Sends `isready` and returns the lines before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.expect("readyok");
        lines.pop();
        lines
    }

    /// Gives a premature answer time to come out (200 ms), then checks that
    /// none did: the running search still holds its `bestmove`/`nobestmove`.
    pub fn assert_no_answer_yet(&mut self) {
        std::thread::sleep(std::time::Duration::from_millis(200));
        let lines = self.sync();
        assert!(lines.iter().all(|l| !l.contains("bestmove")), "{lines:?}");
    }

    /// Reads to the end of the search: the `bestmove`/`nobestmove` line.
    pub fn bestmove(&mut self) -> String {
        self.read_until("bestmove or nobestmove", |l| {
            l.starts_with("bestmove") || l == "nobestmove"
        })
        .pop()
        .unwrap()
    }

    /// Waits for the process to end; panics if it does not within the timeout.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "the engine did not exit; it said:\n{}",
                    self.transcript.join("\n")
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The rest of the output until the engine closes it.
    pub fn drain(&mut self) -> Vec<String> {
        let mut rest = Vec::new();
        while let Some(l) = self.next_line(TIMEOUT) {
            rest.push(l);
        }
        rest
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends the engine SIGINT, as Ctrl-C at a terminal would (`kill -INT`).
    #[cfg(unix)]
    pub fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// The FEN the engine holds, as `d` prints it.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let line = self.expect_prefix("FEN: ");
        // The board ends with its hash key.
        self.expect_prefix("Key: ");
        line["FEN: ".len()..].to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line (None for `nobestmove` or `bestmove 0000`).
pub fn move_of(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    match (words.next(), words.next()) {
        (Some("bestmove"), Some(m)) if m != "0000" => Some(m.to_string()),
        _ => None,
    }
}

/// The ponder move of a `bestmove M ponder P ...` line, if any.
pub fn ponder_of(line: &str) -> Option<String> {
    let mut words = line.split_whitespace().skip_while(|w| *w != "ponder");
    words.next()?;
    words.next().map(str::to_string)
}

/// Legal moves of a position, from the library (the oracle for bestmove checks).
pub fn legal_moves(fen: &str, moves: &[&str]) -> Vec<String> {
    let mut pos = chariot_core::Position::from_fen(fen).unwrap();
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
    }
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

pub const START: &str = chariot_core::START_FEN;
/// Black to move and mated: rooks on d8 and d7, the kings on one file otherwise.
pub const MATED: &str = "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1";
