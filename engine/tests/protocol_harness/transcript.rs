//! Replays what a GUI sends (a transcript under tests/transcripts/) into the
//! real binary the way that GUI does: each line is written as it stands,
//! and the replay waits only where the GUI waits (for the move of a search,
//! `readyok`, `nobestmove`, `bye`). Transcript lines:
//!
//! - a command: sent as written, trailing spaces included;
//! - `# ...` and blank lines: notes, not sent;
//! - `@crlf` / `@lf`: the line end of the commands after it (GUIs on
//!   Windows end lines with CR LF);
//! - `= FEN`: the test's own probe, not the GUI's: the position the engine
//!   now holds, read with `d`; the searches after it are checked against it
//!   (and every `go` must have one after its position line);
//! - `? PATTERN`: the test's own probe: the option listing (the session's
//!   `uci`/`ucci` sent again) has a line matching PATTERN, where `*` stands
//!   for any text; consecutive `?` lines share one listing.
//!
//! Probes run when the engine is idle, behind an `isready`; what they make
//! the engine say is kept out of `Replay::said`.

use super::{legal_moves, move_of, ponder_of, Engine};
use std::process::ExitStatus;

/// A transcript's lines, from `engine/tests/transcripts/NAME`.
pub fn load(name: &str) -> Vec<String> {
    let path = format!("{}/tests/transcripts/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().map(str::to_string).collect()
}

/// One search the GUI waited for.
#[derive(Debug)]
pub struct Answer {
    /// The `go` line.
    pub go: String,
    /// The position it searched (the last `= FEN` probe before it).
    pub fen: String,
    /// The root moves banned for it (`banmoves`).
    pub bans: Vec<String>,
    /// What the engine said while the GUI waited, the `bestmove` or
    /// `nobestmove` last.
    pub lines: Vec<String>,
}

impl Answer {
    pub fn bestmove(&self) -> &str {
        self.lines.last().expect("an answer ends with its move")
    }
    pub fn info(&self) -> impl Iterator<Item = &String> {
        self.lines.iter().filter(|l| l.starts_with("info "))
    }
}

/// What came of a replay.
pub struct Replay {
    /// `uci` or `ucci`: the first protocol word of the transcript.
    pub protocol: String,
    /// Every line the engine wrote for the GUI, in order (probes left out).
    pub said: Vec<String>,
    /// Every search the GUI waited for, in order.
    pub answers: Vec<Answer>,
    pub exit: ExitStatus,
}

impl Replay {
    /// The lines of feedback (`info string` / `info message`): refusals and notes.
    pub fn messages(&self) -> Vec<&String> {
        self.said
            .iter()
            .filter(|l| l.starts_with("info string") || l.starts_with("info message"))
            .collect()
    }

    /// How often the engine said exactly `line`.
    pub fn count(&self, line: &str) -> usize {
        self.said.iter().filter(|l| *l == line).count()
    }

    /// Every answer is a legal move of its position, none of its banned
    /// moves, with a legal ponder move after it; `nobestmove` or
    /// `bestmove 0000` only where there is no move.
    pub fn check_moves(&self) {
        for a in &self.answers {
            let legal = legal_moves(&a.fen, &[]);
            let Some(best) = move_of(a.bestmove()) else {
                assert!(legal.is_empty(), "{}: no move in {}", a.go, a.fen);
                continue;
            };
            assert!(legal.contains(&best), "{}: {best} in {}", a.go, a.fen);
            assert!(!a.bans.contains(&best), "{}: banned {best}", a.go);
            if let Some(p) = ponder_of(a.bestmove()) {
                let after = legal_moves(&a.fen, &[best.as_str()]);
                assert!(after.contains(&p), "{}: ponder {p} after {best}", a.go);
            }
        }
    }
}

/// `*` matches any run of characters, everything else itself.
pub fn matches(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

fn first_word(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn has_word(line: &str, word: &str) -> bool {
    line.split_whitespace()
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// A search the GUI has started and not yet waited for (ponder, infinite).
struct Running {
    go: String,
    fen: String,
    bans: Vec<String>,
}

/// Replays `lines` into a fresh engine to its end: `quit` if the
/// transcript has one, else the end of input (a GUI that kills the engine).
pub fn replay(lines: &[String]) -> Replay {
    let mut e = Engine::start();
    let mut said: Vec<String> = Vec::new();
    let mut answers = Vec::new();
    let mut protocol: Option<String> = None;
    let mut end = "\n";
    let mut fen = chariot_core::START_FEN.to_string();
    let mut fen_known = true;
    let mut bans: Vec<String> = Vec::new();
    let mut running: Option<Running> = None;
    let mut quit = false;
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        let at = format!("transcript line {}: {line}", i + 1);
        i += 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match trimmed {
            "@crlf" => {
                end = "\r\n";
                continue;
            }
            "@lf" => {
                end = "\n";
                continue;
            }
            _ if trimmed.starts_with('@') => panic!("{at}: unknown directive"),
            _ => {}
        }
        if let Some(want) = trimmed.strip_prefix('=') {
            assert!(running.is_none(), "{at}: a probe while a search runs");
            said.extend(e.sync());
            let got = e.fen();
            let want = want.trim();
            assert_eq!(got, want, "{at}: the engine holds another position");
            fen = want.to_string();
            fen_known = true;
            continue;
        }
        if let Some(first) = trimmed.strip_prefix('?') {
            assert!(running.is_none(), "{at}: a probe while a search runs");
            let mut patterns = vec![first.trim().to_string()];
            while let Some(next) = lines.get(i).and_then(|l| l.trim().strip_prefix('?')) {
                patterns.push(next.trim().to_string());
                i += 1;
            }
            said.extend(e.sync());
            let word = protocol.clone().expect("a protocol before a listing probe");
            e.send(&word);
            let listing = e.expect(&format!("{word}ok"));
            for p in &patterns {
                assert!(
                    listing.iter().any(|l| matches(p, l)),
                    "{at}: no option line matches '{p}':\n{}",
                    listing.join("\n")
                );
            }
            continue;
        }
        // A command of the GUI's.
        e.send_bytes(format!("{line}{end}").as_bytes());
        let word = first_word(line);
        if protocol.is_none() && (word == "uci" || word == "ucci") {
            protocol = Some(word.clone());
        }
        let ucci = protocol.as_deref() == Some("ucci");
        match word.as_str() {
            "position" | "fen" | "startpos" => {
                fen_known = false;
                bans.clear();
            }
            "banmoves" => {
                bans = line
                    .split_whitespace()
                    .skip(1)
                    .map(str::to_string)
                    .collect()
            }
            "isready" => said.extend(e.expect("readyok")),
            "go" => {
                assert!(fen_known, "{at}: put '= FEN' after the position line");
                assert!(running.is_none(), "{at}: go while a search runs");
                let search = Running {
                    go: line.trim().to_string(),
                    fen: fen.clone(),
                    bans: bans.clone(),
                };
                if has_word(line, "ponder") || has_word(line, "infinite") {
                    running = Some(search);
                } else {
                    answers.push(wait_for_move(&mut e, &mut said, search));
                }
            }
            "stop" | "ponderhit" => {
                if let Some(search) = running.take() {
                    answers.push(wait_for_move(&mut e, &mut said, search));
                } else if word == "stop" && ucci {
                    said.extend(e.expect("nobestmove"));
                }
            }
            "quit" => {
                assert!(running.is_none(), "{at}: quit while a search runs");
                quit = true;
                break;
            }
            _ => {}
        }
    }
    assert!(running.is_none(), "the transcript ends while a search runs");
    if !quit {
        e.close_input();
    }
    said.extend(e.drain());
    let exit = e.wait_exit();
    Replay {
        protocol: protocol.expect("the transcript names its protocol"),
        said,
        answers,
        exit,
    }
}

fn wait_for_move(e: &mut Engine, said: &mut Vec<String>, search: Running) -> Answer {
    let lines = e.read_until(&format!("the answer to '{}'", search.go), |l| {
        l.starts_with("bestmove") || l == "nobestmove"
    });
    said.extend(lines.iter().cloned());
    Answer {
        go: search.go,
        fen: search.fen,
        bans: search.bans,
        lines,
    }
}
