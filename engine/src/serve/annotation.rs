//! Annotating the game on the board, as `chariot analyse` does (its
//! functions: the positions, their order, the limits, following each
//! search), one position after another on the session's engine, so that the
//! session stays free to publish the progress and to take a `cancel`.

use crate::analyse::{position_limits, positions, search_order, PositionReport, PositionSearch};
use crate::limits::{Limits, Report};
use chariot_core::moves::Move;
use chariot_core::Position;
use serde::Serialize;

/// The range of the time a position.
pub const MIN_MOVETIME_MS: u64 = 50;
pub const MAX_MOVETIME_MS: u64 = 60_000;
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Checks the time a position a browser asked for.
pub fn movetime(ms: Option<u64>) -> Result<u64, String> {
    let ms = ms.unwrap_or(DEFAULT_MOVETIME_MS);
    if (MIN_MOVETIME_MS..=MAX_MOVETIME_MS).contains(&ms) {
        Ok(ms)
    } else {
        Err(format!(
            "{ms} ms a position: from {MIN_MOVETIME_MS} to {MAX_MOVETIME_MS}"
        ))
    }
}

/// The annotation under way.
pub struct Annotation {
    pub positions: Vec<Position>,
    order: Vec<usize>,
    /// Positions done.
    done: usize,
    limits: Limits,
    movetime_ms: u64,
    search: PositionSearch,
}

/// What the page is told of it.
#[derive(Serialize)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    pub movetime_ms: u64,
}

impl Annotation {
    pub fn new(start: &Position, moves: &[Move], movetime_ms: u64) -> Annotation {
        let positions = positions(start, moves);
        Annotation {
            order: search_order(positions.len()).collect(),
            positions,
            done: 0,
            limits: position_limits(None, Some(movetime_ms)),
            movetime_ms,
            search: PositionSearch::default(),
        }
    }

    /// The next position to search and its limits; None when all are done.
    pub fn next_search(&mut self) -> Option<(usize, &Position, Limits)> {
        let &i = self.order.get(self.done)?;
        self.search = PositionSearch::default();
        Some((i, &self.positions[i], self.limits.clone()))
    }

    /// A report of the running search; the position's index and report
    /// when its search is done.
    pub fn take(&mut self, report: Report) -> Option<(usize, PositionReport)> {
        let done = self.search.take(report)?;
        let i = self.order[self.done];
        self.done += 1;
        Some((i, done))
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.done,
            total: self.positions.len(),
            movetime_ms: self.movetime_ms,
        }
    }
}
