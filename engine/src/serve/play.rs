//! Playing against the engine: which side the person plays, and how the
//! engine plays the other: at a strength level (the engine's `skill`, 0 to
//! 20, with a second a move at most) or at full strength with a time a move.

use crate::limits::Limits;
use crate::strength::FULL;
use chariot_core::Color;
use serde::Serialize;
use std::time::Duration;

/// The time a move at a strength level (the lower levels stop sooner, at
/// their node limit).
pub const LEVEL_MOVETIME_MS: u64 = 1000;
/// The range of a time a move.
pub const MIN_MOVETIME_MS: u64 = 100;
pub const MAX_MOVETIME_MS: u64 = 600_000;

/// How the engine plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strength {
    /// `skill` 0..=20.
    Level(u8),
    /// Full strength, this long a move.
    MoveTime(u64),
}

/// A game against the engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlaySettings {
    pub human: Color,
    pub strength: Strength,
}

impl PlaySettings {
    /// Checks what a browser asked for: `side` is `red` or `black`; a level
    /// or a time, not both (neither: the full level).
    pub fn new(
        side: &str,
        level: Option<u32>,
        movetime_ms: Option<u64>,
    ) -> Result<PlaySettings, String> {
        let human = match side {
            "red" => Color::Red,
            "black" => Color::Black,
            other => return Err(format!("side '{other}': red or black")),
        };
        let strength = match (level, movetime_ms) {
            (Some(_), Some(_)) => return Err("a level or a time a move, not both".into()),
            (Some(l), None) if l <= FULL as u32 => Strength::Level(l as u8),
            (Some(l), None) => return Err(format!("level {l}: from 0 to {FULL}")),
            (None, Some(t)) if (MIN_MOVETIME_MS..=MAX_MOVETIME_MS).contains(&t) => {
                Strength::MoveTime(t)
            }
            (None, Some(t)) => {
                return Err(format!(
                    "{t} ms a move: from {MIN_MOVETIME_MS} to {MAX_MOVETIME_MS}"
                ))
            }
            (None, None) => Strength::Level(FULL),
        };
        Ok(PlaySettings { human, strength })
    }

    /// The engine's `skill` for its moves.
    pub fn skill(&self) -> u8 {
        match self.strength {
            Strength::Level(l) => l,
            Strength::MoveTime(_) => FULL,
        }
    }

    /// The limits of the engine's search for a move.
    pub fn limits(&self) -> Limits {
        let ms = match self.strength {
            Strength::Level(_) => LEVEL_MOVETIME_MS,
            Strength::MoveTime(t) => t,
        };
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
}

/// The engine's last move, as the page shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EngineMove {
    pub iccs: String,
    pub chinese: String,
    pub level: u8,
    pub nodes: u64,
    pub depth: u32,
    /// Its score, Red's side.
    pub text: String,
}

/// What the page is told of the game against the engine.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PlayState {
    pub human: &'static str,
    pub level: Option<u8>,
    pub movetime_ms: Option<u64>,
    /// The engine is searching its move.
    pub thinking: bool,
    pub last: Option<EngineMove>,
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

impl PlaySettings {
    pub fn state(&self, thinking: bool, last: Option<EngineMove>) -> PlayState {
        PlayState {
            human: color_name(self.human),
            level: match self.strength {
                Strength::Level(l) => Some(l),
                Strength::MoveTime(_) => None,
            },
            movetime_ms: match self.strength {
                Strength::MoveTime(t) => Some(t),
                Strength::Level(_) => None,
            },
            thinking,
            last,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked() {
        let s = PlaySettings::new("black", Some(5), None).unwrap();
        assert_eq!((s.human, s.skill()), (Color::Black, 5));
        assert_eq!(s.limits().movetime, Some(Duration::from_millis(1000)));
        let s = PlaySettings::new("red", None, Some(2500)).unwrap();
        assert_eq!(
            (s.skill(), s.limits().movetime),
            (FULL, Some(Duration::from_millis(2500)))
        );
        assert_eq!(PlaySettings::new("red", None, None).unwrap().skill(), FULL);
        assert!(PlaySettings::new("green", None, None).is_err());
        assert!(PlaySettings::new("red", Some(21), None).is_err());
        assert!(PlaySettings::new("red", None, Some(10)).is_err());
        assert!(PlaySettings::new("red", Some(3), Some(1000)).is_err());
    }
}
