//! Playing weaker on request (UCI `UCI_LimitStrength` with `UCI_Elo`, UCCI
//! `skill`): a level from 0 to 20, 20 being the full engine. A lower level
//! searches fewer nodes and looks at several lines, and then plays the
//! weakest line it still judges within its margin of the best: the mistakes
//! are chosen, of a size the level allows, never random and never a blunder
//! larger than the margin (as far as its shallow search sees).

use chariot_core::moves::Move;

/// The full engine's level.
pub const FULL: u8 = 20;

/// What a level below [`FULL`] changes in a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// The most nodes a move may take (the clock may stop it sooner).
    pub nodes: u64,
    /// Root lines searched exactly, among which the move is chosen.
    pub lines: usize,
    /// How much worse than the best (centipawns) the chosen line may be.
    pub margin: i32,
}

/// The handicap of `level` (0..=20); None at [`FULL`] and above.
pub fn handicap(level: u8) -> Option<Handicap> {
    if level >= FULL {
        return None;
    }
    let below = (FULL - level) as i32;
    Some(Handicap {
        // 128 nodes at level 0, doubling every second level: about 130,000
        // at level 19.
        nodes: 128u64 << (level / 2),
        lines: 4,
        margin: 12 * below,
    })
}

/// The line to play: the weakest of `lines` (best first, by the search's
/// scores) that is within `margin` of the best. A line whose score is a
/// mate either way, or that turns a won game into a lost one, is never
/// chosen over the best.
pub fn choose(lines: &[(Move, i32)], margin: i32) -> usize {
    let Some(&(_, best)) = lines.first() else {
        return 0;
    };
    if best.abs() >= crate::limits::MATE_BOUND {
        return 0;
    }
    lines
        .iter()
        .enumerate()
        .filter(|(_, &(_, s))| {
            s.abs() < crate::limits::MATE_BOUND && best - s <= margin && (best <= 0 || s > 0)
        })
        .map(|(i, _)| i)
        .next_back()
        .unwrap_or(0)
}

/// Elo per level, as measured in games (docs/gui.md "Strength levels").
/// UCI_Elo picks the level whose Elo is nearest below the one asked for.
pub const ELO_OF_LEVEL: [u32; FULL as usize + 1] = [
    800, 890, 980, 1070, 1160, 1250, 1340, 1430, 1520, 1610, 1700, 1790, 1880, 1970, 2060, 2150,
    2240, 2330, 2420, 2510, 2600,
];

/// The lowest and highest UCI_Elo.
pub const MIN_ELO: u32 = ELO_OF_LEVEL[0];
pub const MAX_ELO: u32 = ELO_OF_LEVEL[FULL as usize];

/// The level that plays at about `elo`: the strongest not above it.
pub fn level_for_elo(elo: u32) -> u8 {
    ELO_OF_LEVEL
        .iter()
        .rposition(|&e| e <= elo)
        .map_or(0, |i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MATE;

    fn lines(scores: &[i32]) -> Vec<(Move, i32)> {
        scores.iter().map(|&s| (Move::NONE, s)).collect()
    }

    #[test]
    fn the_full_level_has_no_handicap_and_lower_levels_grow_weaker() {
        assert_eq!(handicap(FULL), None);
        let mut last = handicap(0).unwrap();
        for level in 1..FULL {
            let h = handicap(level).unwrap();
            assert!(
                h.nodes >= last.nodes && h.margin < last.margin,
                "level {level}"
            );
            last = h;
        }
    }

    #[test]
    fn the_weakest_line_within_the_margin_is_chosen() {
        assert_eq!(choose(&lines(&[100, 80, 40, -300]), 70), 2);
        assert_eq!(choose(&lines(&[100, 80, 40, -300]), 10), 0);
        assert_eq!(choose(&lines(&[100]), 500), 0);
        assert_eq!(choose(&[], 100), 0);
    }

    #[test]
    fn mates_and_won_games_are_not_given_away() {
        // A mate found is played; a mate against is never chosen.
        assert_eq!(choose(&lines(&[MATE - 5, 50]), 100_000), 0);
        assert_eq!(choose(&lines(&[30, 10, -(MATE - 9)]), 100_000), 1);
        // A winning side does not choose a line it judges lost.
        assert_eq!(choose(&lines(&[60, 20, -10]), 100), 1);
        // A losing side may choose among lines no better.
        assert_eq!(choose(&lines(&[-20, -60, -200]), 100), 1);
    }

    #[test]
    fn elo_maps_to_levels_monotonically() {
        assert_eq!(level_for_elo(0), 0);
        assert_eq!(level_for_elo(MIN_ELO), 0);
        assert_eq!(level_for_elo(MAX_ELO), FULL);
        assert_eq!(level_for_elo(u32::MAX), FULL);
        let mut last = 0;
        for elo in MIN_ELO..=MAX_ELO {
            let l = level_for_elo(elo);
            assert!(l >= last);
            assert!(ELO_OF_LEVEL[l as usize] <= elo);
            last = l;
        }
    }
}
