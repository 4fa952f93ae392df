//! What differs between UCCI and UCI once a line is parsed: how feedback is
//! written and the few rules where the two specifications disagree. The
//! controller speaks through a `Dialect` and never asks which protocol it is.

use super::command::{Command, Protocol};
use super::options::Settings;
use super::{ucci, uci};
use crate::limits::{IterationInfo, SearchResult};
use crate::threads::Engine;
use chariot_core::Move;

pub trait Dialect: Sync {
    fn protocol(&self) -> Protocol;
    /// One line of input as a command.
    fn parse(&self, line: &str) -> Command;
    /// The reply to `ucci` / `uci`: identity, the option lines, the ok.
    fn hello(&self, settings: &Settings, engine: &Engine) -> Vec<String>;
    /// A message to the user (`info message`, `info string`).
    fn message(&self, text: &str) -> String;
    fn iteration(&self, info: &IterationInfo) -> Vec<String>;
    fn currmove(&self, depth: u32, mv: Move, number: usize) -> String;
    fn stats(&self, time_ms: u64, nodes: u64, nps: u64, hashfull: u32) -> String;
    fn bestmove(&self, result: &SearchResult) -> String;
    /// The answer to a depth-0 search: the static score.
    fn static_score(&self, score: i32) -> String;
    /// Whether `setoption` of an option the engine lacks deserves a message
    /// (UCCI 3.0 section 5.7 says such options are no error).
    fn unknown_option_is_an_error(&self) -> bool;
    /// The answer to `stop` when nothing runs (UCCI 3.0 section 3 (6): `nobestmove`).
    fn idle_stop_reply(&self) -> Option<&'static str>;
    /// Whether commands that come while the engine is busy wait for the end
    /// (UCI) or are refused with a message (UCCI, section 3 (3)).
    fn defers_while_busy(&self) -> bool;
    /// The last line before leaving (UCCI's `bye`).
    fn farewell(&self) -> Option<&'static str>;
}

pub struct Ucci;
pub struct Uci;

impl Dialect for Ucci {
    fn protocol(&self) -> Protocol {
        Protocol::Ucci
    }
    fn parse(&self, line: &str) -> Command {
        ucci::parse(line)
    }
    fn hello(&self, settings: &Settings, engine: &Engine) -> Vec<String> {
        ucci::hello(settings, engine)
    }
    fn message(&self, text: &str) -> String {
        ucci::message(text)
    }
    fn iteration(&self, info: &IterationInfo) -> Vec<String> {
        let mut lines = Vec::new();
        ucci::iteration(info, &mut lines);
        lines
    }
    fn currmove(&self, _depth: u32, mv: Move, _number: usize) -> String {
        ucci::currmove(mv)
    }
    fn stats(&self, time_ms: u64, nodes: u64, nps: u64, _hashfull: u32) -> String {
        ucci::stats(time_ms, nodes, nps)
    }
    fn bestmove(&self, result: &SearchResult) -> String {
        ucci::bestmove(result)
    }
    fn static_score(&self, score: i32) -> String {
        ucci::static_score(score)
    }
    fn unknown_option_is_an_error(&self) -> bool {
        false
    }
    fn idle_stop_reply(&self) -> Option<&'static str> {
        Some("nobestmove")
    }
    fn defers_while_busy(&self) -> bool {
        false
    }
    fn farewell(&self) -> Option<&'static str> {
        Some("bye")
    }
}

impl Dialect for Uci {
    fn protocol(&self) -> Protocol {
        Protocol::Uci
    }
    fn parse(&self, line: &str) -> Command {
        uci::parse(line)
    }
    fn hello(&self, settings: &Settings, engine: &Engine) -> Vec<String> {
        uci::hello(settings, engine)
    }
    fn message(&self, text: &str) -> String {
        uci::message(text)
    }
    fn iteration(&self, info: &IterationInfo) -> Vec<String> {
        vec![uci::iteration(info)]
    }
    fn currmove(&self, depth: u32, mv: Move, number: usize) -> String {
        uci::currmove(depth, mv, number)
    }
    fn stats(&self, time_ms: u64, nodes: u64, nps: u64, hashfull: u32) -> String {
        uci::stats(time_ms, nodes, nps, hashfull)
    }
    fn bestmove(&self, result: &SearchResult) -> String {
        uci::bestmove(result)
    }
    fn static_score(&self, score: i32) -> String {
        uci::static_score(score)
    }
    fn unknown_option_is_an_error(&self) -> bool {
        true
    }
    fn idle_stop_reply(&self) -> Option<&'static str> {
        None
    }
    fn defers_while_busy(&self) -> bool {
        true
    }
    fn farewell(&self) -> Option<&'static str> {
        None
    }
}

/// The dialect of a protocol.
pub fn dialect(p: Protocol) -> &'static dyn Dialect {
    match p {
        Protocol::Ucci => &Ucci,
        Protocol::Uci => &Uci,
    }
}
