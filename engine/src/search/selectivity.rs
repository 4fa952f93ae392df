//! What the `pruning` and `style` options switch on and how far, and the
//! features the hidden option `ablate` can switch off one by one.

use super::*;

/// Reductions and margins, from the `pruning` and `style` options.
#[derive(Copy, Clone)]
pub(super) struct Selectivity {
    pub(super) null_move: bool,
    pub(super) lmr_scale: i32, // per 4: 0 = off
    pub(super) futility: bool,
    pub(super) margin_scale: i32, // per 4
    pub(super) lmp: bool,
    pub(super) iir: bool,
    /// Features switched off one by one for self-play A/B tests (see `Feature`).
    pub(super) off: u32,
}

/// Search features that the hidden option `ablate` can switch off (a
/// comma-separated list of the names below), so that self-play matches can
/// measure what each one is worth. Empty, everything the pruning level enables
/// is on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Feature {
    NullMove,
    NullVerify,
    Lmr,
    ReverseFutility,
    Razoring,
    Futility,
    SeePruning,
    Lmp,
    Iir,
    CheckExtension,
    CounterMove,
    ContinuationHistory,
    LmrContinuation,
    Aspiration,
    DeltaPruning,
    Singular,
    Correction,
}

impl Feature {
    pub const ALL: [Feature; 17] = [
        Feature::NullMove,
        Feature::NullVerify,
        Feature::Lmr,
        Feature::ReverseFutility,
        Feature::Razoring,
        Feature::Futility,
        Feature::SeePruning,
        Feature::Lmp,
        Feature::Iir,
        Feature::CheckExtension,
        Feature::CounterMove,
        Feature::ContinuationHistory,
        Feature::LmrContinuation,
        Feature::Aspiration,
        Feature::DeltaPruning,
        Feature::Singular,
        Feature::Correction,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Feature::NullMove => "nullmove",
            Feature::NullVerify => "nullverify",
            Feature::Lmr => "lmr",
            Feature::ReverseFutility => "rfp",
            Feature::Razoring => "razoring",
            Feature::Futility => "futility",
            Feature::SeePruning => "seepruning",
            Feature::Lmp => "lmp",
            Feature::Iir => "iir",
            Feature::CheckExtension => "checkext",
            Feature::CounterMove => "counter",
            Feature::ContinuationHistory => "conthist",
            Feature::LmrContinuation => "lmrcont",
            Feature::Aspiration => "aspiration",
            Feature::DeltaPruning => "delta",
            Feature::Singular => "singular",
            Feature::Correction => "correction",
        }
    }

    /// The list of the features in a mask, as `parse_list` reads it.
    pub fn list_of(mask: u32) -> String {
        let names: Vec<&str> = Feature::ALL
            .iter()
            .filter(|f| mask & (1 << **f as u32) != 0)
            .map(|f| f.name())
            .collect();
        names.join(",")
    }

    /// The mask of the features named in a list like "lmr,iir".
    pub fn parse_list(text: &str) -> Result<u32, String> {
        let mut mask = 0;
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let f = Feature::ALL
                .iter()
                .find(|f| f.name() == name)
                .ok_or_else(|| {
                    let known: Vec<&str> = Feature::ALL.iter().map(|f| f.name()).collect();
                    format!(
                        "unknown search feature '{name}' (known: {})",
                        known.join(", ")
                    )
                })?;
            mask |= 1 << *f as u32;
        }
        Ok(mask)
    }
}

impl Selectivity {
    #[inline(always)]
    pub(super) fn on(&self, f: Feature) -> bool {
        self.off & (1 << f as u32) == 0
    }

    pub(super) fn new(pruning: Level, style: Style, off: u32) -> Self {
        Selectivity {
            off,
            ..Self::for_level(pruning, style)
        }
    }

    pub(super) fn for_level(pruning: Level, style: Style) -> Self {
        let style_scale = match style {
            Style::Solid => 5,
            Style::Normal => 4,
            Style::Risky => 3,
        };
        match pruning {
            Level::None => Selectivity {
                null_move: false,
                lmr_scale: 0,
                futility: false,
                margin_scale: 4,
                lmp: false,
                iir: false,
                off: 0,
            },
            Level::Small => Selectivity {
                null_move: true,
                lmr_scale: 2,
                futility: false,
                margin_scale: style_scale,
                lmp: false,
                iir: true,
                off: 0,
            },
            Level::Medium => Selectivity {
                null_move: true,
                lmr_scale: 3,
                futility: true,
                margin_scale: style_scale + 2,
                lmp: false,
                iir: true,
                off: 0,
            },
            Level::Large => Selectivity {
                null_move: true,
                lmr_scale: 4,
                futility: true,
                margin_scale: style_scale,
                lmp: true,
                iir: true,
                off: 0,
            },
        }
    }
}
