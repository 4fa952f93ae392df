//! Every tuned number of the search in one place, so that a tuner sees them
//! all: each read through a function of its name (`RFP_MARGIN()`), and a row
//! of [`PARAMS`] with its default, the range a tuner may try and a step
//! (SPSA's c). Margins are in the evaluation's units (a horse or cannon about
//! 100); fractions are in hundredths.
//!
//! A normal build compiles each function to its constant. A build with the
//! `tune` feature reads each from an atomic instead, which [`set`] changes and
//! the protocols offer as a spin option of the same name, so that an outside
//! tuner (`chariot-league -spsa`) can play with other values.
#![allow(non_snake_case)]

/// One tunable number.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub step: f64,
}

macro_rules! params {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal, $min:literal ..= $max:literal, $step:literal;)*) => {
        /// Each parameter's place in [`PARAMS`].
        #[cfg(feature = "tune")]
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Copy, Clone)]
        enum Index { $($name,)* }

        $(
            $(#[doc = $doc])*
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub fn $name() -> i32 {
                $default
            }
            #[cfg(feature = "tune")]
            #[inline(always)]
            pub fn $name() -> i32 {
                tuned::VALUES[Index::$name as usize].load(std::sync::atomic::Ordering::Relaxed)
            }
        )*

        /// Every parameter, in the order above.
        pub const PARAMS: &[Param] = &[
            $(Param { name: stringify!($name), default: $default, min: $min, max: $max, step: $step },)*
        ];

        #[cfg(feature = "tune")]
        mod tuned {
            use std::sync::atomic::AtomicI32;
            /// The current values, the defaults until [`super::set`] changes them.
            pub static VALUES: [AtomicI32; super::PARAMS.len()] = [$(AtomicI32::new($default),)*];
        }
    };
}

/// The parameters as an SPSA parameter file for `chariot-league -spsa`: a
/// line of name, start, min, max, c_end (the step) and r_end each.
pub fn spsa_file(r_end: f64) -> String {
    let mut text =
        String::from("# name, start, min, max, c_end, r_end (from `chariot spsa-params`)\n");
    for p in PARAMS {
        text.push_str(&format!(
            "{}, {}, {}, {}, {}, {r_end}\n",
            p.name, p.default, p.min, p.max, p.step
        ));
    }
    text
}

/// The parameter called `name` (any case).
pub fn find(name: &str) -> Option<&'static Param> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// Sets the parameter `name` for every search from now on (the `tune`
/// build only); a value outside its range is refused.
#[cfg(feature = "tune")]
pub fn set(name: &str, value: i32) -> Result<(), String> {
    let i = PARAMS
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("no search parameter {name}"))?;
    let p = &PARAMS[i];
    if !(p.min..=p.max).contains(&value) {
        return Err(format!("{} must lie in {}..{}", p.name, p.min, p.max));
    }
    tuned::VALUES[i].store(value, std::sync::atomic::Ordering::Relaxed);
    Ok(())
}

/// The current value of the parameter `name`.
#[cfg(feature = "tune")]
pub fn get(name: &str) -> Option<i32> {
    let i = PARAMS
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name))?;
    Some(tuned::VALUES[i].load(std::sync::atomic::Ordering::Relaxed))
}

/// Runs `f` with the parameters `settings` set, then puts them back to their
/// defaults (also if `f` panics). Tests that set parameters, or read one
/// that another test sets, go through here one at a time, so that none sees
/// another's settings. Without the `tune` build the parameters are
/// constants: `settings` must be empty.
#[cfg(test)]
pub fn with<T>(settings: &[(&str, i32)], f: impl FnOnce() -> T) -> T {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    #[cfg(feature = "tune")]
    let _restore = {
        struct Restore<'a>(&'a [(&'a str, i32)]);
        impl Drop for Restore<'_> {
            fn drop(&mut self) {
                for (name, _) in self.0 {
                    set(name, find(name).unwrap().default).unwrap();
                }
            }
        }
        for &(name, value) in settings {
            set(name, value).unwrap();
        }
        Restore(settings)
    };
    #[cfg(not(feature = "tune"))]
    assert!(
        settings.is_empty(),
        "parameters are set in the tune build only"
    );
    f()
}

params! {
    /// Reverse futility: at most this depth, prune when eval - margin x depth >= beta.
    RFP_MAX_DEPTH = 3, 0..=10, 1.0;
    RFP_MARGIN = 27, 10..=80, 4.0;
    /// ... less this much per depth when the evaluation is improving.
    RFP_IMPROVING = 10, 0..=40, 3.0;
    /// Razoring: at most this depth, quiescence when eval + margin x depth < alpha.
    RAZOR_MAX_DEPTH = 1, 0..=4, 1.0;
    RAZOR_MARGIN = 127, 40..=300, 12.0;
    /// Null move from this depth; R = base + depth / divisor + min((eval - beta) / eval_divisor, eval_max).
    NULL_MIN_DEPTH = 3, 1..=4, 1.0;
    NULL_BASE_R = 3, 2..=5, 1.0;
    NULL_DEPTH_DIVISOR = 4, 2..=8, 1.0;
    NULL_EVAL_DIVISOR = 79, 40..=250, 10.0;
    NULL_EVAL_MAX = 3, 1..=6, 1.0;
    /// A null-move cut this deep is verified by a reduced search.
    NULL_VERIFY_DEPTH = 10, 6..=16, 1.0;
    /// Internal iterative reduction: without a table move, from this depth.
    IIR_MIN_DEPTH = 6, 3..=10, 1.0;
    /// 1 = a table cut-off teaches the history: a quiet table move at or
    /// above beta is rewarded as a searched cut-off would be, one below
    /// alpha punished, as Pikafish-HCE's search does (0: the table cuts and
    /// the histories learn nothing).
    TT_CUT_HISTORY = 0, 0..=1, 1.0;
    /// Late move pruning: at most this depth, after (base + depth²) / divisor
    /// + extra moves, the divisor 1 where the evaluation is improving.
    /// (Pikafish-HCE's tuned search prunes at every depth, after
    /// (2 + depth²) / 5 moves, 4 + depth² when improving.)
    LMP_MAX_DEPTH = 4, 2..=20, 1.0;
    LMP_BASE = 3, 0..=8, 1.0;
    LMP_EXTRA = 2, 0..=6, 1.0;
    LMP_DIVISOR = 2, 1..=6, 0.5;
    /// Futility of quiet moves: at most this depth, when eval + base + per_depth x depth <= alpha.
    FUTILITY_MAX_DEPTH = 6, 3..=10, 1.0;
    FUTILITY_BASE = 62, 0..=200, 10.0;
    FUTILITY_PER_DEPTH = 47, 20..=150, 6.0;
    /// Captures losing more than margin x depth by SEE are pruned at most this deep.
    SEE_PRUNE_MAX_DEPTH = 4, 2..=8, 1.0;
    SEE_PRUNE_MARGIN = 67, 20..=150, 8.0;
    /// Singular extension from this depth, with a table entry at most this
    /// much shallower, against a margin of this many hundredths per ply of
    /// depth (fine-grained: Pikafish-HCE's margin is about a fifth of ours
    /// against the material's scale).
    SINGULAR_MIN_DEPTH = 8, 5..=12, 1.0;
    SINGULAR_TT_DEPTH = 3, 1..=5, 1.0;
    SINGULAR_DEPTH_MARGIN = 200, 20..=600, 40.0;
    /// A move that gives check is extended by a ply from this depth on
    /// (1: at every depth).
    CHECK_EXT_MIN_DEPTH = 1, 1..=14, 1.0;
    /// Late move reductions from this depth: base + ln(depth) ln(moves) / divisor,
    /// both in hundredths (0.84 + ln(depth) ln(moves) / 2.45).
    LMR_MIN_DEPTH = 2, 2..=5, 1.0;
    LMR_BASE = 84, 0..=150, 10.0;
    LMR_DIVISOR = 245, 150..=400, 15.0;
    /// Plies more reduction at an expected cut node.
    LMR_CUT_NODE = 1, 0..=4, 0.5;
    /// One ply less reduction per this much history.
    LMR_HISTORY_DIVISOR = 5921, 2000..=16000, 600.0;
    /// Plies a good-history move's negative reduction may extend it, as
    /// Pikafish-HCE's 1 (0: a reduction is never below 0).
    LMR_EXTEND = 0, 0..=1, 1.0;
    /// A cut-off rewards a quiet move by min(mul x depth - sub, max).
    HISTORY_BONUS_MUL = 208, 50..=400, 20.0;
    HISTORY_BONUS_SUB = 100, 0..=300, 20.0;
    HISTORY_BONUS_MAX = 2152, 800..=4000, 150.0;
    /// Quiescence skips a capture that cannot reach alpha by this margin.
    DELTA_MARGIN = 75, 0..=200, 10.0;
    /// Quiescence: 1 = its first ply also tries the quiet moves that give
    /// check and lose nothing by SEE, as Pikafish-HCE's does (0: captures only).
    QS_CHECKS = 1, 0..=1, 1.0;
    /// Quiescence in check: at most this many quiet evasions once a line that
    /// is not lost is found (Pikafish-HCE's two; 0: every one).
    QS_QUIET_EVASIONS = 2, 0..=8, 1.0;
    /// First half-width of the aspiration window.
    ASPIRATION_DELTA = 14, 8..=60, 4.0;
    /// What a draw costs the engine under `style normal`, in centipawns of
    /// its own view (`solid`: 0, `risky`: twice this); see `Style::contempt`.
    CONTEMPT = 15, 0..=50, 5.0;
    /// Time: the share of the clock that may be used at all, in hundredths ...
    TIME_USABLE = 85, 60..=95, 3.0;
    /// ... of the increment spent each move ...
    TIME_INCREMENT = 85, 40..=100, 5.0;
    /// ... the moves the remaining time is spread over when the GUI does not say ...
    TIME_MOVES_TO_GO = 40, 20..=60, 3.0;
    /// ... the target as a share of that, the soft and hard limits as shares of the usable time.
    TIME_BASE = 90, 30..=150, 5.0;
    TIME_SOFT = 35, 15..=60, 3.0;
    TIME_HARD = 60, 30..=90, 4.0;
    /// More time when the best move changes (per change), or the score drops (per this much).
    TIME_INSTABILITY = 40, 0..=100, 5.0;
    TIME_SCORE_DROP = 100, 40..=300, 15.0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for p in PARAMS {
            assert!(p.min <= p.default && p.default <= p.max, "{p:?}");
            assert!(p.step > 0.0, "{p:?}");
            assert!(names.insert(p.name), "{} twice", p.name);
        }
        assert_eq!(PARAMS.len(), 48);
        assert_eq!(RFP_MARGIN(), find("rfp_margin").unwrap().default);
    }

    #[cfg(feature = "tune")]
    #[test]
    fn the_tune_build_sets_a_parameter_within_its_range_only() {
        let p = find("DELTA_MARGIN").unwrap();
        assert!(set("delta_margin", p.max + 1).is_err());
        assert!(set("no_such_thing", 1).is_err());
        assert_eq!(DELTA_MARGIN(), p.default);
        set("delta_margin", p.max).unwrap();
        assert_eq!((DELTA_MARGIN(), get("DELTA_MARGIN")), (p.max, Some(p.max)));
        set("delta_margin", p.default).unwrap();
    }
}
