//! Time management: how long to think on the clock this move.
//!
//! A soft limit decides whether to start another iteration (stretched when the
//! best move keeps changing or the score falls, shrunk when one move is forced);
//! a hard limit stops the search mid-iteration. Both keep a margin for the
//! move overhead so the engine never runs out of time.

use crate::limits::Limits;
use crate::search::params::{
    TIME_BASE, TIME_HARD, TIME_INCREMENT, TIME_INSTABILITY, TIME_MOVES_TO_GO, TIME_SCORE_DROP,
    TIME_SOFT, TIME_USABLE,
};
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub struct TimeBudget {
    /// Stop starting new iterations after this (scaled by instability).
    pub soft: Duration,
    /// Stop at once after this.
    pub hard: Duration,
}

/// The budget for this move, or None when only depth/nodes/infinite limit the search.
/// A parameter in hundredths as a fraction (85 -> 0.85, the same double).
fn hundredths(p: i32) -> f64 {
    p as f64 / 100.0
}

pub fn budget(limits: &Limits, overhead: Duration) -> Option<TimeBudget> {
    // An infinite search ends only by stop, whatever times came with it.
    if limits.infinite {
        return None;
    }
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        return Some(TimeBudget { soft: t, hard: t });
    }
    let clock = limits.clock.as_ref()?;
    let left = clock.time.saturating_sub(overhead);
    // Never plan to use more than what is left minus a reserve for the next moves.
    let usable = left.mul_f64(hundredths(TIME_USABLE()));
    // Sudden death: plan for 40 more moves (Xiangqi games between engines often
    // run past move 60, and a clock spent early leaves only the increment).
    let moves_to_go = clock
        .moves_to_go
        .map_or(TIME_MOVES_TO_GO() as u32, |m| m.clamp(1, 60)) as f64;
    let inc = clock.increment;
    // Most of the increment is spent: with half of it, a long 1 min + 1 s game
    // settled near 30 s left on the clock (see the test), time never used.
    let share = left.div_f64(moves_to_go) + inc.mul_f64(hundredths(TIME_INCREMENT()));
    // No new iteration after the soft limit; one started just before it runs on
    // for about as long again, so the limit is set below the share.
    let base = share.mul_f64(if clock.moves_to_go == Some(1) {
        1.0
    } else {
        hundredths(TIME_BASE())
    });
    let soft = base.min(usable.mul_f64(if clock.moves_to_go == Some(1) {
        0.9
    } else {
        hundredths(TIME_SOFT())
    }));
    let hard = (soft * 4).min(usable.mul_f64(if clock.moves_to_go == Some(1) {
        0.95
    } else {
        hundredths(TIME_HARD())
    }));
    let floor = Duration::from_millis(1);
    Some(TimeBudget {
        soft: soft.max(floor),
        hard: hard.max(soft).max(floor),
    })
}

/// How far past the soft limit the search may go, from how unsettled it is.
pub fn stretch(best_move_changes: f64, score_drop: i32) -> f64 {
    let instability = 1.0 + best_move_changes.min(4.0) * hundredths(TIME_INSTABILITY());
    let falling = if score_drop > 0 {
        1.0 + (score_drop as f64 / TIME_SCORE_DROP() as f64).min(1.0)
    } else {
        1.0
    };
    (instability * falling).clamp(0.5, 2.5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            }),
            ..Default::default()
        }
    }

    #[test]
    fn an_infinite_search_has_no_time_limit_even_with_times_given() {
        let clock = Some(crate::limits::Clock {
            time: Duration::from_secs(10),
            increment: Duration::ZERO,
            moves_to_go: None,
        });
        for (movetime, clock) in [(Some(Duration::from_millis(50)), None), (None, clock)] {
            let timed = Limits {
                movetime,
                clock,
                ..Limits::default()
            };
            assert!(budget(&timed, Duration::from_millis(30)).is_some());
            let infinite = Limits {
                infinite: true,
                ..timed
            };
            assert_eq!(budget(&infinite, Duration::from_millis(30)), None);
        }
    }

    #[test]
    fn the_hard_limit_stays_inside_the_clock_even_when_short() {
        for (ms, inc) in [(1000, 100), (300, 100), (50, 0), (10, 0), (600_000, 3000)] {
            let b = budget(&clock(ms, inc, None), Duration::from_millis(30)).unwrap();
            assert!(b.soft <= b.hard);
            let left = Duration::from_millis(ms).saturating_sub(Duration::from_millis(30));
            assert!(
                b.hard <= left.max(Duration::from_millis(1)),
                "{ms}+{inc}: {b:?}"
            );
        }
    }

    #[test]
    fn more_time_and_increment_mean_a_longer_think() {
        let a = budget(&clock(10_000, 0, None), Duration::ZERO).unwrap();
        let b = budget(&clock(60_000, 0, None), Duration::ZERO).unwrap();
        let c = budget(&clock(60_000, 2_000, None), Duration::ZERO).unwrap();
        assert!(a.soft < b.soft && b.soft < c.soft);
    }

    #[test]
    fn movetime_is_taken_whole_less_overhead() {
        let l = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Default::default()
        };
        let b = budget(&l, Duration::from_millis(20)).unwrap();
        assert_eq!(b.hard, Duration::from_millis(480));
    }

    #[test]
    fn a_long_sudden_death_game_keeps_a_reserve_on_the_clock() {
        // 15 s + 0.2 s, 100 moves; each move overruns its soft limit by 70%
        // (an iteration started just before the limit), never past the hard one.
        let inc = Duration::from_millis(200);
        let mut left = Duration::from_secs(15);
        for _ in 0..100 {
            let b = budget(
                &clock(left.as_millis() as u64, 200, None),
                Duration::from_millis(30),
            )
            .unwrap();
            let spent = b.soft.mul_f64(1.7).min(b.hard);
            left = left.saturating_sub(spent) + inc;
        }
        // At least two increments are left for the endgame (with a soft
        // limit of 90% of the share: 0.43 s; 2.2 s at 60%, which left time
        // unused in games and lost 45 Elo at 10 s + 0.1 s, docs/search.md).
        assert!(left >= inc * 2, "{left:?}");
    }

    #[test]
    fn a_long_game_with_increment_spends_the_bank_but_keeps_a_reserve() {
        // 1 min + 1 s, 150 moves, each overrunning its soft limit by 30%:
        // about 2.6 s are left, more than two increments (20 s with a soft
        // limit of 60% of the share, 33 s with only half the increment spent).
        let inc = Duration::from_secs(1);
        let mut left = Duration::from_secs(60);
        for _ in 0..150 {
            let b = budget(
                &clock(left.as_millis() as u64, inc.as_millis() as u64, None),
                Duration::from_millis(30),
            )
            .unwrap();
            let spent = b.soft.mul_f64(1.3).min(b.hard);
            left = left.saturating_sub(spent) + inc;
        }
        assert!(
            left >= inc * 2 && left <= Duration::from_secs(22),
            "{left:?}"
        );
    }

    #[test]
    fn instability_stretches_the_budget() {
        assert!(stretch(3.0, 0) > stretch(0.0, 0));
        assert!(stretch(0.0, 80) > stretch(0.0, 0));
    }
}
