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

/// The handicap of each level below [`FULL`]. Up to level 16 a level
/// searches four lines and plays the weakest within its margin: the nodes
/// decide how deep it sees, the margin how large a mistake it may choose.
/// The games (docs/gui.md "Strength levels") showed a margin step weighing
/// little while the search is shallow and more and more as it deepens, so
/// the nodes grow fastest at the bottom and the margin shrinks fastest
/// higher up. They also showed that even a small margin costs more than
/// the nodes can buy back: the full engine at 32,768 nodes beat a level of
/// 65,536 nodes and a 24-centipawn margin by some 600 Elo. So levels 17-19
/// make no chosen mistakes: they are the full engine at fewer nodes.
const LEVELS: [Handicap; FULL as usize] = [
    chosen(128, 240),
    chosen(227, 218),
    chosen(486, 193),
    chosen(1258, 152),
    chosen(2048, 136),
    chosen(3460, 115),
    chosen(6431, 100),
    chosen(7870, 88),
    chosen(11_691, 78),
    chosen(15_851, 73),
    chosen(16_384, 63),
    chosen(20_921, 56),
    chosen(28_946, 50),
    chosen(32_768, 43),
    chosen(33_321, 36),
    chosen(38_147, 33),
    chosen(43_674, 31),
    limited(6_300),
    limited(16_000),
    limited(40_000),
];

/// A level that searches four lines and plays the weakest within `margin`.
const fn chosen(nodes: u64, margin: i32) -> Handicap {
    Handicap {
        nodes,
        lines: 4,
        margin,
    }
}

/// A level that plays its best line, at no more than `nodes`.
const fn limited(nodes: u64) -> Handicap {
    Handicap {
        nodes,
        lines: 1,
        margin: 0,
    }
}

/// The handicap of `level` (0..=20); None at [`FULL`] and above.
pub fn handicap(level: u8) -> Option<Handicap> {
    LEVELS.get(level as usize).copied()
}

/// The line to play: the weakest of `lines` (best first, by the search's
/// scores) that is within `margin` of the best. A line whose score is a
/// mate either way, or that turns a won game into a lost one, is never
/// chosen over the best.
pub fn choose(lines: &[(Move, i32)], margin: i32) -> usize {
    let Some(&(_, best)) = lines.first() else {
        return 0;
    };
    if best.abs() >= crate::score::MATE_BOUND {
        return 0;
    }
    lines
        .iter()
        .enumerate()
        .filter(|(_, &(_, s))| {
            s.abs() < crate::score::MATE_BOUND && best - s <= margin && (best <= 0 || s > 0)
        })
        .map(|(i, _)| i)
        .next_back()
        .unwrap_or(0)
}

/// Elo per level, as measured in games (docs/gui.md "Strength levels",
/// `scripts/fit-levels.py --anchor level-0=600 --table tune/levels/*.tsv`):
/// level 0 is put at 600, the rest follow from the games; level 20 is the
/// full engine at 10 s + 0.1 s. UCI_Elo picks the strongest level not above
/// the Elo asked for.
pub const ELO_OF_LEVEL: [u32; FULL as usize + 1] = [
    600, 764, 912, 1008, 1101, 1256, 1397, 1534, 1672, 1830, 1985, 2092, 2296, 2430, 2572, 2654,
    2765, 2965, 3304, 3583, 4182,
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
    use crate::score::MATE;

    fn lines(scores: &[i32]) -> Vec<(Move, i32)> {
        scores.iter().map(|&s| (Move::NONE, s)).collect()
    }

    #[test]
    fn the_full_level_has_no_handicap_and_lower_levels_grow_weaker() {
        assert_eq!(handicap(FULL), None);
        let mut last = handicap(0).unwrap();
        for level in 1..FULL {
            let h = handicap(level).unwrap();
            // Smaller mistakes, or as small and deeper.
            assert!(
                h.margin < last.margin || (h.margin == last.margin && h.nodes > last.nodes),
                "level {level}"
            );
            assert!(h.lines <= last.lines && h.lines >= 1, "level {level}");
            assert_eq!(h.margin == 0, h.lines == 1, "level {level}");
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
