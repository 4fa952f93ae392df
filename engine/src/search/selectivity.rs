//! What the `pruning` and `style` options switch on and how far, and the
//! features the hidden option `ablate` can switch off one by one.

use super::*;

/// What a search prunes and reduces, decided once per search from the
/// `pruning` and `style` options and the features `ablate` switches off:
/// one set of switches, read with `on`.
#[derive(Copy, Clone)]
pub(super) struct Selectivity {
    /// The features on (a mask of `Feature`).
    enabled: u32,
    /// Late move reductions, per 4 of the full reduction.
    pub(super) lmr_scale: i32,
    /// The pruning margins, per 4 of the tuned margins.
    pub(super) margin_scale: i32,
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

/// A mask of the features listed.
const fn mask(features: &[Feature]) -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < features.len() {
        m |= 1 << features[i] as u32;
        i += 1;
    }
    m
}

const ALL: u32 = mask(&Feature::ALL);
/// What `pruning none` leaves out besides the futility family and LMP:
/// every cut and reduction that trusts a guess.
const NULL_MOVE_FAMILY: u32 = mask(&[Feature::NullMove, Feature::NullVerify, Feature::Singular]);
const FUTILITY_FAMILY: u32 = mask(&[
    Feature::ReverseFutility,
    Feature::Razoring,
    Feature::Futility,
    Feature::SeePruning,
]);
const REDUCTIONS: u32 = mask(&[Feature::Lmr, Feature::LmrContinuation, Feature::Iir]);
const LMP: u32 = mask(&[Feature::Lmp]);

impl Selectivity {
    #[inline(always)]
    pub(super) fn on(&self, f: Feature) -> bool {
        self.enabled & (1 << f as u32) != 0
    }

    /// The switches of a `pruning` level and `style`, less the features in
    /// the mask `off`.
    pub(super) fn new(pruning: Level, style: Style, off: u32) -> Self {
        let style_scale = match style {
            Style::Solid => 5,
            Style::Normal => 4,
            Style::Risky => 3,
        };
        let (left_out, lmr_scale, margin_scale) = match pruning {
            Level::None => (NULL_MOVE_FAMILY | FUTILITY_FAMILY | REDUCTIONS | LMP, 0, 4),
            Level::Small => (FUTILITY_FAMILY | LMP, 2, style_scale),
            Level::Medium => (LMP, 3, style_scale + 2),
            Level::Large => (0, 4, style_scale),
        };
        Selectivity {
            enabled: ALL & !left_out & !off,
            lmr_scale,
            margin_scale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(pruning: Level) -> Vec<&'static str> {
        let s = Selectivity::new(pruning, Style::Normal, 0);
        Feature::ALL
            .into_iter()
            .filter(|f| s.on(*f))
            .map(Feature::name)
            .collect()
    }

    #[test]
    fn each_pruning_level_switches_its_families() {
        let all: Vec<&str> = Feature::ALL.into_iter().map(Feature::name).collect();
        assert_eq!(on(Level::Large), all);
        assert!(!on(Level::Medium).contains(&"lmp"));
        assert_eq!(on(Level::Medium).len(), all.len() - 1);
        let small = on(Level::Small);
        assert!(small.contains(&"nullmove") && small.contains(&"lmr") && small.contains(&"iir"));
        assert!(!small
            .iter()
            .any(|f| ["rfp", "razoring", "futility", "seepruning", "lmp"].contains(f)));
        // None searches every move to its full depth: only the exact parts stay.
        assert_eq!(
            on(Level::None),
            [
                "checkext",
                "counter",
                "conthist",
                "aspiration",
                "delta",
                "correction"
            ]
        );
        // The margins follow the style; the reductions the level.
        let risky = Selectivity::new(Level::Large, Style::Risky, 0);
        assert_eq!((risky.lmr_scale, risky.margin_scale), (4, 3));
        assert_eq!(Selectivity::new(Level::None, Style::Solid, 0).lmr_scale, 0);
    }
}
