//! Draw offers and resigning, from the score and how it has gone this game.

use crate::limits::{SearchOptions, SearchResult};
use crate::score::MATE;
use chariot_core::position::Position;

/// Tracks the score over the game's searches, for draw offers and resigning.
#[derive(Default)]
pub(super) struct Outlook {
    dead_even_streak: u32,
    lost_streak: u32,
}

/// Draw offers and resignation, from the score and how it has gone in this game.
pub(super) fn judge_outcome(
    mut r: SearchResult,
    pos: &Position,
    draw_offered: bool,
    options: &SearchOptions,
    outlook: &mut Outlook,
) -> SearchResult {
    if r.best.is_none() {
        return r;
    }
    let dead_even = r.score.abs() <= 5;
    outlook.dead_even_streak = if dead_even {
        outlook.dead_even_streak + 1
    } else {
        0
    };
    outlook.lost_streak = if r.score <= -500 {
        outlook.lost_streak + 1
    } else {
        0
    };
    if options.allow_draw {
        // Only a draw worth at least the position (the contempt) is taken.
        let accept = draw_offered && r.score <= -options.style.contempt();
        let offer = pos.no_attackers_left()
            || (outlook.dead_even_streak >= 20 && pos.halfmove_clock() >= 60);
        r.draw = accept || offer;
    }
    if options.allow_resign {
        let mated_soon = r.score <= -(MATE - 10);
        r.resign = mated_soon || outlook.lost_streak >= 5;
    }
    r
}
