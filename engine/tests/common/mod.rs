//! Helpers of the engine's integration tests: the workspace's common test
//! helpers, and waiting for a search's result.
#![allow(dead_code)]

#[path = "../../../core/tests/common/mod.rs"]
mod workspace;
#[allow(unused_imports)]
pub use workspace::*;

/// Waits for the search behind `reports` to finish and returns its result;
/// panics if the reports end without one.
pub fn result_of(
    reports: &crossbeam_channel::Receiver<chariot::limits::Report>,
) -> chariot::limits::SearchResult {
    reports
        .iter()
        .find_map(|r| match r {
            chariot::limits::Report::Done(d) => Some(d),
            _ => None,
        })
        .expect("search ended without a result")
}
