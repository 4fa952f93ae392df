//! The king danger: pressure on the palace, shared by the evaluation and the
//! tuner.
//!
//! The pressure is non-linear: attack units (palace squares hit, weighted by
//! the attacking kind) squared, times a multiplier by the number of
//! attackers, capped. [`DangerInputs`] are what it is computed from, so that
//! the tuner can compute it again with other weights ([`danger`]).

use crate::masks::{count_narrow, pawn_attack_span, PALACE, PAWN_PALACE_REACH};
use crate::params::G;
use crate::score::Score;
use crate::weights::{
    ATTACKER_WEIGHT, CANNON_PALACE_UNITS, HORSE_PALACE_UNITS, MAX_DANGER, PAWN_PALACE_UNITS,
    ROOK_PALACE_UNITS,
};
use tablegen::{Bitboard, Color};

/// What the king danger of one side is computed from: the palace squares
/// the enemy rooks, horses, cannons and pawns hit (summed over the pieces of
/// each kind), and how many enemy pieces take part.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DangerInputs {
    pub hits: [i32; 4],
    pub attackers: i32,
}

/// The king-danger weights, in the order of [`DangerInputs::hits`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DangerWeights {
    pub units: [i32; 4],
    pub attacker_weight: [i32; 5],
    pub max: i32,
}

/// The compiled king-danger weights.
pub const DANGER_WEIGHTS: DangerWeights = DangerWeights {
    units: [
        ROOK_PALACE_UNITS,
        HORSE_PALACE_UNITS,
        CANNON_PALACE_UNITS,
        PAWN_PALACE_UNITS,
    ],
    attacker_weight: ATTACKER_WEIGHT,
    max: MAX_DANGER,
};

/// Where the king-danger weights lie in the flat weight vector (see
/// `params`), in the order of [`DangerWeights`]; the tuner reads the same.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DangerLayout {
    /// Units per palace square hit by a rook, horse, cannon, pawn.
    pub units: [usize; 4],
    /// Multiplier (/64) of units squared, by the number of attackers (0-4).
    pub attacker_weight: [usize; 5],
    /// Cap of the danger.
    pub max: usize,
}

impl DangerLayout {
    /// The layout of the evaluation's own weight vector.
    pub fn of_weights() -> DangerLayout {
        DangerLayout {
            units: [
                G::RookPalaceUnits.at(0),
                G::HorsePalaceUnits.at(0),
                G::CannonPalaceUnits.at(0),
                G::PawnPalaceUnits.at(0),
            ],
            attacker_weight: std::array::from_fn(|i| G::AttackerWeight.at(i)),
            max: G::MaxDanger.at(0),
        }
    }
}

impl DangerWeights {
    /// The king-danger weights in a flat weight vector (see `params`).
    pub fn from_flat(w: &[i32]) -> DangerWeights {
        let lay = DangerLayout::of_weights();
        DangerWeights {
            units: lay.units.map(|i| w[i]),
            attacker_weight: lay.attacker_weight.map(|i| w[i]),
            max: w[lay.max],
        }
    }
}

impl DangerInputs {
    /// The danger to the king of `attacker.other()` from `attacker`'s
    /// pieces, which hit `palace_hits` palace squares (rooks, horses,
    /// cannons) with `palace_attackers` pieces, and from its pawns.
    #[inline(always)]
    pub(crate) fn of(
        palace_hits: [i32; 3],
        palace_attackers: i32,
        pawns: Bitboard,
        attacker: Color,
    ) -> DangerInputs {
        let pawn_hits =
            count_narrow(pawn_attack_span(attacker, pawns) & PALACE[attacker.other().index()]);
        let pawns_near = count_narrow(pawns & PAWN_PALACE_REACH[attacker.index()]);
        let [rook, horse, cannon] = palace_hits;
        DangerInputs {
            hits: [rook, horse, cannon, pawn_hits],
            attackers: palace_attackers + pawns_near,
        }
    }
}

/// The king danger (middlegame; the endgame takes a quarter) of `inputs`
/// under the weights `w`: units squared times the attackers' multiplier / 64,
/// capped.
#[inline(always)]
pub fn danger(inputs: &DangerInputs, w: &DangerWeights) -> i32 {
    let units: i32 = (0..4).map(|k| w.units[k] * inputs.hits[k]).sum();
    let weight = w.attacker_weight[inputs.attackers.clamp(0, 4) as usize];
    (units * units * weight / 64).min(w.max)
}

/// The danger as a score: a quarter of it in the endgame.
#[inline(always)]
pub fn danger_score(danger: i32) -> Score {
    Score::new(danger, danger / 4)
}
