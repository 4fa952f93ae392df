//! Stand-in for `crate::rules` until the rules module lands: the same signature,
//! but only the verdicts that need no repetition analysis (mate, stalemate,
//! no attackers, the natural limit). Deleted once `crate::rules` exists.

use crate::Position;
use tablegen::Color;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
// The repetition verdicts come only from the real rules module.
#[allow(dead_code)]
pub enum Reason {
    Mate,
    Stalemate,
    PerpetualCheck,
    PerpetualChase,
    RepetitionDraw,
    NaturalLimit,
    NoAttackers,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub outcome: Outcome,
    pub reason: Reason,
}

pub fn adjudicate(pos: &Position) -> Option<Verdict> {
    let winner = pos.side_to_move().other();
    if pos.legal_moves().is_empty() {
        let reason = if pos.in_check() {
            Reason::Mate
        } else {
            Reason::Stalemate
        };
        return Some(Verdict {
            outcome: Outcome::Win(winner),
            reason,
        });
    }
    if pos.no_attackers_left() {
        return Some(Verdict {
            outcome: Outcome::Draw,
            reason: Reason::NoAttackers,
        });
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Verdict {
            outcome: Outcome::Draw,
            reason: Reason::NaturalLimit,
        });
    }
    None
}
