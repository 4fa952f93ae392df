//! One engine process and the protocol spoken with it (UCCI or UCI): start-up
//! handshake, options, the position and go commands of each move, and reading
//! the answer under a deadline. Lines are read on their own thread so a silent
//! or dead engine never blocks the runner.

use super::clock::{GameClock, Limit};
use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineProtocol {
    Ucci,
    Uci,
}

impl EngineProtocol {
    pub fn parse(s: &str) -> Result<EngineProtocol, String> {
        match s.to_ascii_lowercase().as_str() {
            "ucci" => Ok(EngineProtocol::Ucci),
            "uci" => Ok(EngineProtocol::Uci),
            _ => Err(format!("unknown protocol '{s}': expected ucci or uci")),
        }
    }
}

/// How to start an engine and set it up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineConfig {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    /// None: detect by sending `ucci`, then `uci`.
    pub proto: Option<EngineProtocol>,
    pub options: Vec<(String, String)>,
    /// How long to wait for the handshake and `readyok` (default 15 s).
    pub startup_ms: Option<u64>,
    /// Its own limit a move (`-engine ... nodes=N`), in place of the
    /// match's: a reference at fixed nodes against an engine on a clock.
    pub limit: Option<Limit>,
}

impl EngineConfig {
    /// The limit it plays under: its own, else the match's `default`.
    pub fn limit_or(&self, default: Limit) -> Limit {
        self.limit.unwrap_or(default)
    }

    /// Threads the engine will use (its Threads/threads option, else 1).
    pub fn threads(&self) -> usize {
        self.options
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("threads"))
            .and_then(|(_, v)| v.parse::<usize>().ok())
            .filter(|&t| t > 0)
            .unwrap_or(1)
    }
}

/// EngineProtocol traffic of one game, when asked for.
#[derive(Debug, Default)]
pub struct TrafficLog {
    pub enabled: bool,
    pub lines: Vec<String>,
    start: Option<Instant>,
}

impl TrafficLog {
    pub fn new(enabled: bool) -> TrafficLog {
        TrafficLog {
            enabled,
            lines: Vec::new(),
            start: Some(Instant::now()),
        }
    }
    fn note(&mut self, who: &str, dir: &str, line: &str) {
        if self.enabled {
            let ms = self.start.map_or(0, |s| s.elapsed().as_millis());
            self.lines.push(format!("{ms:>8} {who} {dir} {line}"));
        }
    }
}

/// What an engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    BestMove {
        mv: String,
        draw: bool,
        resign: bool,
    },
    /// `nobestmove`, or a `bestmove` with nothing after it.
    NoMove,
    /// The process closed its output (crashed or exited).
    Crashed,
    /// Nothing within the deadline, even after `stop`.
    NoAnswer,
}

#[derive(Clone, Debug)]
pub struct Thought {
    pub reply: Reply,
    pub elapsed_ms: u64,
    /// The last score the engine reported, in its own units, from its side's view.
    pub score: Option<i32>,
    /// The depth of the last `info` line that gave one.
    pub depth: Option<u32>,
}

pub struct EngineProcess {
    pub config: EngineConfig,
    pub proto: EngineProtocol,
    /// The name the engine gave in `id name`, if any.
    pub id_name: Option<String>,
    options_advertised: Vec<String>,
    usemillisec: bool,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

const DETECT_MS: u64 = 3000;
const STARTUP_MS: u64 = 15000;

impl EngineProcess {
    /// Starts the engine, agrees on a protocol, sends the options and waits
    /// until it is ready. Any failure is an error naming the engine.
    pub fn start(config: &EngineConfig, log: &mut TrafficLog) -> Result<EngineProcess, String> {
        let name = &config.name;
        let mut cmd = Command::new(&config.cmd);
        cmd.args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &config.dir {
            cmd.current_dir(d);
        }
        // Ctrl-C at the terminal is for the runner, which then ends the games
        // cleanly; in their own process group the engines do not receive it
        // (else they would die first and lose their games by crash).
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("engine {name}: cannot start '{}': {e}", config.cmd))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = unbounded();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        let mut e = EngineProcess {
            config: config.clone(),
            proto: config.proto.unwrap_or(EngineProtocol::Ucci),
            id_name: None,
            options_advertised: Vec::new(),
            usemillisec: false,
            child,
            stdin,
            lines: rx,
        };
        e.handshake(log)?;
        e.send_options(log)?;
        e.wait_ready(log, e.startup_ms(), true)?;
        Ok(e)
    }

    fn startup_ms(&self) -> u64 {
        self.config.startup_ms.unwrap_or(STARTUP_MS)
    }

    fn handshake(&mut self, log: &mut TrafficLog) -> Result<(), String> {
        let startup = self.startup_ms();
        let deadline = |ms| Instant::now() + Duration::from_millis(ms);
        let found = match self.config.proto {
            Some(EngineProtocol::Ucci) => {
                self.send("ucci", log)?;
                self.read_handshake(deadline(startup), log)?
            }
            Some(EngineProtocol::Uci) => {
                self.send("uci", log)?;
                self.read_handshake(deadline(startup), log)?
            }
            None => {
                self.send("ucci", log)?;
                match self.read_handshake(deadline(DETECT_MS.min(startup)), log)? {
                    Some(p) => Some(p),
                    None => {
                        self.send("uci", log)?;
                        self.read_handshake(deadline(startup), log)?
                    }
                }
            }
        };
        match found {
            Some(p) => {
                self.proto = p;
                Ok(())
            }
            None => Err(format!(
                "engine {}: no answer to {} (expected {})",
                self.config.name,
                match self.config.proto {
                    Some(EngineProtocol::Ucci) => "ucci",
                    Some(EngineProtocol::Uci) => "uci",
                    None => "ucci or uci",
                },
                match self.config.proto {
                    Some(EngineProtocol::Ucci) => "ucciok",
                    Some(EngineProtocol::Uci) => "uciok",
                    None => "ucciok or uciok",
                }
            )),
        }
    }

    /// Reads `id`/`option` lines until `ucciok` or `uciok`; None at the deadline.
    fn read_handshake(
        &mut self,
        until: Instant,
        log: &mut TrafficLog,
    ) -> Result<Option<EngineProtocol>, String> {
        loop {
            let Some(line) = self.recv_until(until, log)? else {
                return Ok(None);
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("ucciok") => return Ok(Some(EngineProtocol::Ucci)),
                Some("uciok") => return Ok(Some(EngineProtocol::Uci)),
                Some("id") if words.next() == Some("name") => {
                    let rest: Vec<&str> = words.collect();
                    self.id_name = Some(rest.join(" "));
                }
                Some("option") => {
                    // UCCI: `option NAME type ...`; UCI: `option name NAME type ...`.
                    let rest: Vec<&str> = words.collect();
                    let name = if rest.first() == Some(&"name") {
                        let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
                        rest[1..end].join(" ")
                    } else {
                        rest.first().map(|s| s.to_string()).unwrap_or_default()
                    };
                    self.options_advertised.push(name.to_ascii_lowercase());
                }
                _ => {}
            }
        }
    }

    pub fn advertises(&self, option: &str) -> bool {
        self.options_advertised
            .iter()
            .any(|o| o.eq_ignore_ascii_case(option))
    }

    fn send_options(&mut self, log: &mut TrafficLog) -> Result<(), String> {
        if self.proto == EngineProtocol::Ucci && self.advertises("usemillisec") {
            self.send("setoption usemillisec true", log)?;
            self.usemillisec = true;
        }
        let options = self.config.options.clone();
        for (k, v) in &options {
            self.set_option(k, v, log)?;
        }
        Ok(())
    }

    /// `setoption` in the engine's protocol.
    pub fn set_option(
        &mut self,
        name: &str,
        value: &str,
        log: &mut TrafficLog,
    ) -> Result<(), String> {
        let line = match self.proto {
            EngineProtocol::Ucci => format!("setoption {name} {value}"),
            EngineProtocol::Uci => format!("setoption name {name} value {value}"),
        };
        self.send(&line, log)
    }

    /// `isready` / `readyok` within `ms`.
    pub fn sync(&mut self, log: &mut TrafficLog, ms: u64) -> Result<(), String> {
        self.wait_ready(log, ms, false)
    }

    /// `isready` / `readyok` within `ms`. With `options_sent`, an answer that
    /// an option does not exist ("no such option", as Chariot, Stockfish and
    /// Pikafish word it) is an error: a misspelt or retired option would
    /// otherwise be ignored, and a test of it would measure nothing.
    fn wait_ready(
        &mut self,
        log: &mut TrafficLog,
        ms: u64,
        options_sent: bool,
    ) -> Result<(), String> {
        self.send("isready", log)?;
        let until = Instant::now() + Duration::from_millis(ms);
        loop {
            match self.recv_until(until, log)? {
                Some(l) if l.trim() == "readyok" => return Ok(()),
                Some(l) if options_sent && l.to_ascii_lowercase().contains("no such option") => {
                    return Err(format!(
                        "engine {}: an option it was given does not exist: '{}'",
                        self.config.name,
                        l.trim()
                    ))
                }
                Some(_) => {}
                None => {
                    return Err(format!(
                        "engine {}: no readyok within {ms} ms",
                        self.config.name
                    ))
                }
            }
        }
    }

    /// Tells the engine a new game starts and waits until it is ready.
    pub fn new_game(&mut self, log: &mut TrafficLog) -> Result<(), String> {
        match self.proto {
            EngineProtocol::Uci => self.send("ucinewgame", log)?,
            EngineProtocol::Ucci if self.advertises("newgame") => {
                self.send("setoption newgame", log)?
            }
            EngineProtocol::Ucci => {}
        }
        self.sync(log, self.startup_ms())
    }

    /// Sends one line; an engine whose input is closed has crashed.
    pub fn send(&mut self, line: &str, log: &mut TrafficLog) -> Result<(), String> {
        log.note(&self.config.name, ">", line);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("engine {}: cannot write to it: {e}", self.config.name))
    }

    /// The next line before `until`: Ok(None) at the deadline, Err when the
    /// engine has closed its output.
    fn recv_until(
        &mut self,
        until: Instant,
        log: &mut TrafficLog,
    ) -> Result<Option<String>, String> {
        let wait = until.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => {
                log.note(&self.config.name, "<", &l);
                Ok(Some(l))
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("engine {}: its process ended", self.config.name))
            }
        }
    }

    /// Drops lines left over from an earlier search (a late bestmove).
    fn drain(&mut self, log: &mut TrafficLog) {
        while let Ok(l) = self.lines.try_recv() {
            log.note(&self.config.name, "<", &l);
        }
    }

    /// The `position` command: UCCI as the league simulator sends it (the FEN
    /// after the last capture and the moves since), UCI from the game's start.
    pub fn position_command(
        &self,
        capture_fen: &str,
        since_capture: &[String],
        start_fen: &str,
        all: &[String],
    ) -> String {
        let (fen, moves) = match self.proto {
            EngineProtocol::Ucci => (capture_fen, since_capture),
            EngineProtocol::Uci => (start_fen, all),
        };
        let mut s = format!("position fen {fen}");
        if !moves.is_empty() {
            s.push_str(" moves");
            for m in moves {
                s.push(' ');
                s.push_str(m);
            }
        }
        s
    }

    /// UCCI `banmoves`, as the league simulator sends it for moves that would
    /// lose by a perpetual; None for UCI or when nothing is banned.
    pub fn banmoves_command(&self, banned: &[String]) -> Option<String> {
        (self.proto == EngineProtocol::Ucci && !banned.is_empty())
            .then(|| format!("banmoves {}", banned.join(" ")))
    }

    /// The `go` command for the side to move.
    pub fn go_command(
        &self,
        limit: &Limit,
        own: &GameClock,
        opp: &GameClock,
        red_to_move: bool,
        draw_offered: bool,
    ) -> String {
        match (self.proto, limit) {
            (EngineProtocol::Ucci, Limit::Clock { .. }) => {
                let unit = |ms: u64| if self.usemillisec { ms } else { ms / 1000 };
                format!(
                    "go {}time {} increment {} opptime {} oppincrement {}",
                    if draw_offered { "draw " } else { "" },
                    unit(own.remaining_ms()),
                    unit(own.inc_ms()),
                    unit(opp.remaining_ms()),
                    unit(opp.inc_ms())
                )
            }
            (EngineProtocol::Ucci, Limit::Depth(d)) => {
                format!("go {}depth {d}", if draw_offered { "draw " } else { "" })
            }
            (EngineProtocol::Ucci, Limit::Nodes(n)) => {
                format!("go {}nodes {n}", if draw_offered { "draw " } else { "" })
            }
            (EngineProtocol::Uci, Limit::Clock { .. }) => {
                let (red, black) = if red_to_move { (own, opp) } else { (opp, own) };
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    red.remaining_ms(),
                    black.remaining_ms(),
                    red.inc_ms(),
                    black.inc_ms()
                )
            }
            (EngineProtocol::Uci, Limit::Depth(d)) => format!("go depth {d}"),
            (EngineProtocol::Uci, Limit::Nodes(n)) => format!("go nodes {n}"),
        }
    }

    /// Sends the `setup` lines (`position`, `banmoves`) and `go`, then waits
    /// for `bestmove`. After `budget_ms`
    /// it sends `stop` and waits `grace_ms` more before giving up.
    pub fn think(
        &mut self,
        setup: &[String],
        go: &str,
        budget_ms: u64,
        grace_ms: u64,
        log: &mut TrafficLog,
    ) -> Thought {
        self.drain(log);
        let start = Instant::now();
        let mut depth = None;
        let thought = |reply, score, depth| Thought {
            reply,
            elapsed_ms: start.elapsed().as_millis() as u64,
            score,
            depth,
        };
        for line in setup.iter().map(String::as_str).chain([go]) {
            if self.send(line, log).is_err() {
                return thought(Reply::Crashed, None, None);
            }
        }
        let mut score = None;
        let mut stop_sent = false;
        let mut until = start + Duration::from_millis(budget_ms);
        loop {
            let line = match self.recv_until(until, log) {
                Err(_) => return thought(Reply::Crashed, score, depth),
                Ok(Some(l)) => l,
                Ok(None) if stop_sent => return thought(Reply::NoAnswer, score, depth),
                Ok(None) => {
                    if self.send("stop", log).is_err() {
                        return thought(Reply::Crashed, score, depth);
                    }
                    stop_sent = true;
                    until = Instant::now() + Duration::from_millis(grace_ms);
                    continue;
                }
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"info") => {
                    // Score and depth from the same line (a `currmove` line
                    // has a depth but no score).
                    if let Some(s) = parse_score(&words) {
                        score = Some(s);
                        depth = parse_depth(&words);
                    }
                }
                Some(&"nobestmove") => return thought(Reply::NoMove, score, depth),
                Some(&"bestmove") => {
                    let rest = &words[1..];
                    let resign = rest.contains(&"resign");
                    let draw = rest.contains(&"draw");
                    let reply = match rest.first() {
                        Some(m) if *m != "resign" && *m != "draw" && *m != "(none)" => {
                            Reply::BestMove {
                                mv: m.to_string(),
                                draw,
                                resign,
                            }
                        }
                        _ if resign => Reply::BestMove {
                            mv: String::new(),
                            draw: false,
                            resign: true,
                        },
                        _ => Reply::NoMove,
                    };
                    return thought(reply, score, depth);
                }
                _ => {}
            }
        }
    }

    /// Asks the engine to quit, then makes sure the process is gone.
    pub fn quit(mut self) {
        let mut log = TrafficLog::new(false);
        let _ = self.send("quit", &mut log);
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The depth of an `info` line (`depth N`), if it has one.
pub fn parse_depth(words: &[&str]) -> Option<u32> {
    let i = words.iter().position(|w| *w == "depth")?;
    words.get(i + 1)?.parse().ok()
}

/// The score of an `info` line: UCCI `score N`, UCI `score cp N` or
/// `score mate M` (mapped to ±(30000 - M)).
pub fn parse_score(words: &[&str]) -> Option<i32> {
    let i = words.iter().position(|w| *w == "score")?;
    match words.get(i + 1)? {
        &"cp" => words.get(i + 2)?.parse().ok(),
        &"mate" => {
            let m: i32 = words.get(i + 2)?.parse().ok()?;
            Some(if m >= 0 { 30000 - m } else { -30000 - m })
        }
        s => s.parse().ok(),
    }
}
