//! What the protocols hand to the search (limits, options) and what the search
//! reports back (iterations, current move, the final result). No protocol text here.

use chariot_core::moves::Move;
use nnue_free_eval::Knowledge;
use std::time::Duration;

/// A player's clock as a `go` command gives it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
    /// Moves until the next time control; None = sudden death.
    pub moves_to_go: Option<u32>,
}

/// How long and how deep to search, and which root moves to consider.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// UCI `mate N`: stop once a mate in N moves is found.
    pub mate: Option<u32>,
    pub infinite: bool,
    /// Pondering: search until `ponderhit` (then the clock applies) or `stop`.
    pub ponder: bool,
    pub clock: Option<Clock>,
    pub opponent_clock: Option<Clock>,
    /// UCI `searchmoves`: only these root moves (empty = all).
    pub search_moves: Vec<Move>,
    /// UCCI `banmoves`: never these root moves.
    pub ban_moves: Vec<Move>,
    /// UCCI `go draw`: the opponent offers a draw.
    pub draw_offered: bool,
}

/// The four-step scale of the UCCI options pruning, randomness, idle, style-like knobs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Level {
    None,
    Small,
    Medium,
    #[default]
    Large,
}

impl Level {
    pub fn parse(text: &str) -> Option<Level> {
        match text.to_ascii_lowercase().as_str() {
            "none" => Some(Level::None),
            "small" => Some(Level::Small),
            "medium" => Some(Level::Medium),
            "large" => Some(Level::Large),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Level::None => "none",
            Level::Small => "small",
            Level::Medium => "medium",
            Level::Large => "large",
        }
    }
    pub fn to_knowledge(self) -> Knowledge {
        match self {
            Level::None => Knowledge::None,
            Level::Small => Knowledge::Small,
            Level::Medium => Knowledge::Medium,
            Level::Large => Knowledge::Large,
        }
    }
}

/// UCCI `style`: how much risk the engine takes (contempt and pruning).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Style {
    Solid,
    #[default]
    Normal,
    Risky,
}

impl Style {
    pub fn parse(text: &str) -> Option<Style> {
        match text.to_ascii_lowercase().as_str() {
            "solid" => Some(Style::Solid),
            "normal" => Some(Style::Normal),
            "risky" => Some(Style::Risky),
            _ => None,
        }
    }
    /// What a draw costs the engine, in centipawns of its own view: a draw
    /// is scored at minus this in the search and accepted only at or below it.
    /// A stronger engine gives up winning chances by drawing even positions.
    pub fn contempt(self) -> i32 {
        let normal = crate::search::params::CONTEMPT();
        match self {
            Style::Solid => 0,
            Style::Normal => normal,
            Style::Risky => 2 * normal,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Style::Solid => "solid",
            Style::Normal => "normal",
            Style::Risky => "risky",
        }
    }
}

/// Options that shape every search (set between searches).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOptions {
    pub pruning: Level,
    pub knowledge: Level,
    pub randomness: Level,
    pub style: Style,
    /// UCCI `idle`: leave this share of the CPU free by sleeping.
    pub idle: Level,
    pub multipv: usize,
    /// Safety margin subtracted from every time allotment.
    pub move_overhead: Duration,
    /// Seed of the randomness option (fixed for repeatable tests).
    pub seed: u64,
    /// Resign when lost beyond doubt; offer/accept draws in dead positions.
    pub allow_resign: bool,
    pub allow_draw: bool,
    /// Where the search threads run (see `threads::placement`).
    pub placement: crate::threads::Placement,
    /// The repetition rule and natural-move limit the search plays to.
    pub rules: chariot_core::rules::Rules,
    /// UCCI `skill`: the playing level, 0..=20 (20: full strength).
    pub skill: u8,
    /// UCI `UCI_LimitStrength` and `UCI_Elo`: play at about this Elo.
    pub limit_strength: bool,
    pub elo: u32,
    /// Search features switched off for self-play tests (a mask of
    /// `search::Feature`; the hidden option `ablate`). 0: none.
    pub ablate: u32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            pruning: Level::Large,
            knowledge: Level::Large,
            randomness: Level::None,
            style: Style::Normal,
            idle: Level::None,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
            seed: 0x5EED,
            allow_resign: true,
            allow_draw: true,
            placement: crate::threads::Placement::Auto,
            rules: chariot_core::rules::Rules::LEAGUE,
            skill: crate::strength::FULL,
            limit_strength: false,
            elo: crate::strength::MAX_ELO,
            ablate: 0,
        }
    }
}

impl SearchOptions {
    /// The playing level the options ask for: the lower of `skill` and,
    /// when strength is limited, the level of `elo`.
    pub fn level(&self) -> u8 {
        let by_elo = if self.limit_strength {
            crate::strength::level_for_elo(self.elo)
        } else {
            crate::strength::FULL
        };
        self.skill.min(by_elo)
    }

    /// What the level takes away from a search (None at full strength).
    pub fn handicap(&self) -> Option<crate::strength::Handicap> {
        crate::strength::handicap(self.level())
    }
}

/// ScoreBound type of a reported score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    Exact,
    Lower,
    Upper,
}

/// One finished iteration (or one line of it, with MultiPV).
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number (MultiPV).
    pub multipv: usize,
    pub score: i32,
    pub bound: ScoreBound,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
    /// Win, draw and loss per mille, when the protocol asks for them.
    pub wdl: Option<[u32; 3]>,
}

/// What the search tells the protocol while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    Iteration(IterationInfo),
    /// The root move being searched now (1-based number), sent sparingly.
    CurrMove {
        depth: u32,
        mv: Move,
        number: usize,
    },
    /// Periodic counters during long searches.
    Stats {
        nodes: u64,
        nps: u64,
        time_ms: u64,
        hashfull: u32,
    },
    /// The search finished; `bestmove` (or `nobestmove`) is due.
    Done(SearchResult),
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SearchResult {
    /// None when there is no legal move (or `go depth 0`).
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Offer a draw (or accept the opponent's offer).
    pub draw: bool,
    pub resign: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn style_contempt_is_the_contempt_parameter_scaled() {
        let normal = crate::search::params::CONTEMPT();
        assert_eq!(
            normal, 15,
            "the default the README's matches were played with"
        );
        assert_eq!(Style::Solid.contempt(), 0);
        assert_eq!(Style::Normal.contempt(), normal);
        assert_eq!(Style::Risky.contempt(), 2 * normal);
    }
}
