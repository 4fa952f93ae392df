//! Helpers of the engine's integration tests: the workspace's common test
//! helpers, and searches in this process. (The `chariot` binary is driven by
//! protocol_harness.)
#![allow(dead_code)]

#[path = "../../../core/tests/common/mod.rs"]
mod workspace;
#[allow(unused_imports)]
pub use workspace::*;

use chariot::limits::{Limits, Report, SearchResult};
use chariot::Engine;
use chariot_core::Position;

/// Limits of a search to depth `d`.
pub fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Default::default()
    }
}

/// Searches `pos` to the end and waits for the engine: the result, and every
/// report before it.
pub fn search(engine: &mut Engine, pos: &Position, limits: Limits) -> (SearchResult, Vec<Report>) {
    let (tx, rx) = crossbeam_channel::unbounded();
    engine.go(pos, limits, tx);
    let mut reports = Vec::new();
    for r in rx.iter() {
        if let Report::Done(d) = r {
            engine.wait();
            return (d, reports);
        }
        reports.push(r);
    }
    panic!("search ended without a result");
}

/// Waits for the search behind `reports` to finish and returns its result;
/// panics if the reports end without one.
pub fn result_of(reports: &crossbeam_channel::Receiver<Report>) -> SearchResult {
    reports
        .iter()
        .find_map(|r| match r {
            Report::Done(d) => Some(d),
            _ => None,
        })
        .expect("search ended without a result")
}
