//! Every option of both protocols, declared once: its UCCI and UCI names, its
//! kind and range, how its current value reads, and the setting a value makes.
//! The `option` lines of `ucci` and `uci`, both `setoption` parsers and what a
//! setting does all come from this table: adding an option is one entry.

use super::command::{parse_check, parse_in_range, Protocol, MAX_THREADS};
use crate::limits::{Level, Style};
use crate::search::Feature;
use crate::strength;
use crate::threads::{Engine, Placement};
use chariot_core::rules::{MoveLimit, RepetitionRule};
use std::path::Path;
use std::time::{Duration, Instant};

/// Most principal variations UCI's MultiPV may ask for.
pub const MAX_MULTIPV: u64 = 128;
/// Largest UCI Move Overhead, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

const LEVELS: &[&str] = &["none", "small", "medium", "large"];
const STYLES: &[&str] = &["solid", "normal", "risky"];

/// Settings the protocol layer keeps (the search's own options live in the engine).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Settings {
    /// UCCI `usemillisec`: `go` times in milliseconds instead of seconds.
    pub millisec: bool,
    /// UCCI `batch`: no input is acted on while thinking.
    pub batch: bool,
    pub debug: bool,
    /// Pondering is allowed (a hint to the time strategy; the GUI starts it).
    pub ponder: bool,
    /// Play from the opening book when the position is in it (UCCI's default
    /// is on, UCI's `OwnBook` off; the controller sets it per protocol).
    pub usebook: bool,
    /// The book files, `;` between several.
    pub bookfiles: String,
    /// The promotion variant for positions set from now on.
    pub promotion: bool,
    /// Where `savehash`/`loadhash` write and read the table (empty: the default).
    pub hash_file: String,
    /// Win/draw/loss per mille on each iteration's score line.
    pub show_wdl: bool,
}

/// The hash file's name when none is set.
pub const DEFAULT_HASH_FILE: &str = "chariot.hash";

impl Settings {
    /// The file `savehash` and `loadhash` use.
    pub fn hash_path(&self) -> &str {
        if self.hash_file.is_empty() {
            DEFAULT_HASH_FILE
        } else {
            &self.hash_file
        }
    }
}

/// An option's type, as both protocols name them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Check,
    /// Integer in `min..=max`; the minimum may differ by protocol (UCCI's 0
    /// means "automatic" where UCI has no such value).
    Spin {
        ucci_min: u64,
        uci_min: u64,
        max: u64,
    },
    Combo(&'static [&'static str]),
    String,
    Button,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Check => "check",
            Kind::Spin { .. } => "spin",
            Kind::Combo(_) => "combo",
            Kind::String => "string",
            Kind::Button => "button",
        }
    }
}

/// A checked option value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Bool(bool),
    Number(u64),
    /// One of the combo's `var`s, as the table spells it.
    Choice(&'static str),
    Text(String),
    Press,
}

/// What a setting acts on: the protocol layer's settings, the engine, the
/// opening books, and the GUI (for messages).
pub trait Target {
    fn settings(&mut self) -> &mut Settings;
    fn engine(&mut self) -> &mut Engine;
    fn load_books(&mut self, files: String);
    fn message(&mut self, text: &str);
}

/// A `setoption` as parsed, its value already checked.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionSet {
    /// An option of [`OPTIONS`] and its value.
    Known(&'static OptionSpec, Value),
    /// A search parameter's value (the `tune` build only).
    #[cfg(feature = "tune")]
    SearchParam(&'static str, i32),
    /// An option this engine does not have (UCCI accepts it silently).
    Unknown(String),
}

impl OptionSet {
    /// Applies the setting; a refusal is told to the GUI and changes nothing.
    pub fn apply(self, target: &mut dyn Target) {
        match self {
            OptionSet::Known(spec, value) => (spec.apply)(target, value),
            #[cfg(feature = "tune")]
            OptionSet::SearchParam(name, value) => {
                if let Err(e) = crate::search::params::set(name, value) {
                    target.message(&e);
                }
            }
            // The controller decides how its dialect answers an unknown name.
            OptionSet::Unknown(_) => {}
        }
    }
}

/// Checks a string option's text when it is parsed.
pub type TextCheck = fn(&str) -> Result<(), String>;

/// One option.
pub struct OptionSpec {
    /// Its name under UCCI and under UCI (None: that protocol has no such option).
    pub ucci: Option<&'static str>,
    pub uci: Option<&'static str>,
    pub kind: Kind,
    /// Listed after `ucci`/`uci`; unlisted options are still accepted.
    pub listed: bool,
    /// The current value as an option line's `default` shows it.
    pub current: fn(&Settings, &Engine) -> String,
    /// A further check of a string value when it is parsed (None: any text).
    pub check: Option<TextCheck>,
    /// What a checked value does.
    pub apply: fn(&mut dyn Target, Value),
}

impl PartialEq for OptionSpec {
    fn eq(&self, other: &Self) -> bool {
        (self.ucci, self.uci) == (other.ucci, other.uci)
    }
}

impl std::fmt::Debug for OptionSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OptionSpec({})", self.uci.or(self.ucci).unwrap_or("?"))
    }
}

impl OptionSpec {
    pub fn name(&self, p: Protocol) -> Option<&'static str> {
        match p {
            Protocol::Ucci => self.ucci,
            Protocol::Uci => self.uci,
        }
    }

    /// The range of a spin option under `p`.
    pub fn range(&self, p: Protocol) -> Option<(u64, u64)> {
        match self.kind {
            Kind::Spin {
                ucci_min,
                uci_min,
                max,
            } => Some((
                match p {
                    Protocol::Ucci => ucci_min,
                    Protocol::Uci => uci_min,
                },
                max,
            )),
            _ => None,
        }
    }
}

fn check(b: bool) -> String {
    if b { "true" } else { "false" }.to_string()
}

fn level(v: Value) -> Level {
    match v {
        Value::Choice(name) => Level::parse(name).expect("a level the table lists"),
        _ => unreachable!("a combo gives a choice"),
    }
}

fn boolean(v: Value) -> bool {
    matches!(v, Value::Bool(true))
}

fn number(v: Value) -> u64 {
    match v {
        Value::Number(n) => n,
        _ => unreachable!("a spin gives a number"),
    }
}

fn text(v: Value) -> String {
    match v {
        Value::Text(t) => t,
        _ => unreachable!("a string option gives text"),
    }
}

fn choice(v: Value) -> &'static str {
    match v {
        Value::Choice(name) => name,
        _ => unreachable!("a combo gives a choice"),
    }
}

/// `savehash` and `loadhash`: the table to or from the hash file, with how
/// long it took, or why not.
fn hash_file(t: &mut dyn Target, save: bool) {
    let path = t.settings().hash_path().to_string();
    let began = Instant::now();
    let done = if save {
        t.engine().save_hash(Path::new(&path))
    } else {
        t.engine().load_hash(Path::new(&path))
    };
    let text = match done {
        Ok(()) => format!(
            "hash {} {path} ({} MB in {:.1} s)",
            if save { "saved to" } else { "loaded from" },
            t.engine().hash_mb(),
            began.elapsed().as_secs_f64()
        ),
        Err(e) => format!("hash {}: {e}", if save { "not saved" } else { "unchanged" }),
    };
    t.message(&text);
}

/// The options, in the order UCCI lists them; [`UCI_ORDER`] gives UCI's order.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        ucci: Some("usemillisec"),
        uci: None,
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.millisec),
        check: None,
        apply: |t, v| t.settings().millisec = boolean(v),
    },
    OptionSpec {
        ucci: Some("batch"),
        uci: None,
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.batch),
        check: None,
        apply: |t, v| t.settings().batch = boolean(v),
    },
    OptionSpec {
        ucci: Some("debug"),
        uci: None,
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.debug),
        check: None,
        apply: |t, v| t.settings().debug = boolean(v),
    },
    OptionSpec {
        ucci: Some("ponder"),
        uci: Some("Ponder"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.ponder),
        check: None,
        apply: |t, v| t.settings().ponder = boolean(v),
    },
    OptionSpec {
        ucci: Some("usebook"),
        uci: Some("OwnBook"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.usebook),
        check: None,
        apply: |t, v| t.settings().usebook = boolean(v),
    },
    OptionSpec {
        ucci: Some("bookfiles"),
        uci: Some("Book File"),
        kind: Kind::String,
        listed: true,
        current: |s, _| s.bookfiles.clone(),
        check: None,
        apply: |t, v| t.load_books(text(v)),
    },
    OptionSpec {
        ucci: Some("hashsize"),
        uci: Some("Hash"),
        kind: Kind::Spin {
            ucci_min: 0,
            uci_min: 1,
            max: Engine::MAX_HASH_MB as u64,
        },
        listed: true,
        current: |_, e| e.hash_mb().to_string(),
        check: None,
        apply: |t, v| {
            if let Err(e) = t.engine().set_hash_mb(number(v) as usize) {
                t.message(&format!("hash size unchanged: {e}"));
            }
        },
    },
    OptionSpec {
        ucci: Some("threads"),
        uci: Some("Threads"),
        kind: Kind::Spin {
            ucci_min: 0,
            uci_min: 1,
            max: MAX_THREADS,
        },
        listed: true,
        current: |_, e| e.threads().to_string(),
        check: None,
        apply: |t, v| t.engine().set_threads(number(v) as usize),
    },
    // Pinning to cores is for a machine given over to one engine: two engines
    // pinned alike would share core 0 (see `threads::placement`).
    OptionSpec {
        ucci: Some("threadbinding"),
        uci: Some("Thread Binding"),
        kind: Kind::Combo(Placement::NAMES),
        listed: true,
        current: |_, e| e.options().placement.name().to_string(),
        check: None,
        apply: |t, v| {
            let p = Placement::parse(choice(v)).expect("a placement the table lists");
            t.engine().set_placement(p)
        },
    },
    // The rules the search plays to; the league's by default (see `rules`).
    OptionSpec {
        ucci: Some("repetitionrule"),
        uci: Some("Repetition Rule"),
        kind: Kind::Combo(RepetitionRule::NAMES),
        listed: true,
        current: |_, e| e.options().rules.repetition.name().to_string(),
        check: None,
        apply: |t, v| {
            t.engine().options_mut().rules.repetition =
                RepetitionRule::parse(choice(v)).expect("a rule the table lists")
        },
    },
    OptionSpec {
        ucci: Some("movelimit"),
        uci: Some("Natural Move Limit"),
        kind: Kind::Combo(MoveLimit::NAMES),
        listed: true,
        current: |_, e| e.options().rules.move_limit.name().to_string(),
        check: None,
        apply: |t, v| {
            t.engine().options_mut().rules.move_limit =
                MoveLimit::parse(choice(v)).expect("a limit the table lists")
        },
    },
    // Weaker play on request (see `strength`): UCCI by level, UCI by Elo.
    OptionSpec {
        ucci: Some("skill"),
        uci: None,
        kind: Kind::Spin {
            ucci_min: 0,
            uci_min: 0,
            max: strength::FULL as u64,
        },
        listed: true,
        current: |_, e| e.options().skill.to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().skill = number(v) as u8,
    },
    OptionSpec {
        ucci: None,
        uci: Some("UCI_LimitStrength"),
        kind: Kind::Check,
        listed: true,
        current: |_, e| check(e.options().limit_strength),
        check: None,
        apply: |t, v| t.engine().options_mut().limit_strength = boolean(v),
    },
    OptionSpec {
        ucci: None,
        uci: Some("UCI_Elo"),
        kind: Kind::Spin {
            ucci_min: strength::MIN_ELO as u64,
            uci_min: strength::MIN_ELO as u64,
            max: strength::MAX_ELO as u64,
        },
        listed: true,
        current: |_, e| e.options().elo.to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().elo = number(v) as u32,
    },
    OptionSpec {
        ucci: Some("idle"),
        uci: Some("Idle"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().idle.name().to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().idle = level(v),
    },
    OptionSpec {
        ucci: Some("promotion"),
        uci: Some("Promotion"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.promotion),
        check: None,
        apply: |t, v| t.settings().promotion = boolean(v),
    },
    OptionSpec {
        ucci: Some("pruning"),
        uci: Some("Pruning"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().pruning.name().to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().pruning = level(v),
    },
    OptionSpec {
        ucci: Some("knowledge"),
        uci: Some("Knowledge"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().knowledge.name().to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().knowledge = level(v),
    },
    OptionSpec {
        ucci: Some("randomness"),
        uci: Some("Randomness"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().randomness.name().to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().randomness = level(v),
    },
    OptionSpec {
        ucci: Some("style"),
        uci: Some("Style"),
        kind: Kind::Combo(STYLES),
        listed: true,
        current: |_, e| e.options().style.name().to_string(),
        check: None,
        apply: |t, v| {
            t.engine().options_mut().style =
                Style::parse(choice(v)).expect("a style the table lists")
        },
    },
    OptionSpec {
        ucci: Some("newgame"),
        uci: None,
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        check: None,
        apply: |t, _| t.engine().new_game(),
    },
    OptionSpec {
        ucci: None,
        uci: Some("Clear Hash"),
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        check: None,
        apply: |t, _| t.engine().clear_hash(),
    },
    // Win/draw/loss chances beside the score (UCCI GUIs do not expect them,
    // so they are off unless asked for).
    OptionSpec {
        ucci: Some("showwdl"),
        uci: Some("UCI_ShowWDL"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.show_wdl),
        check: None,
        apply: |t, v| t.settings().show_wdl = boolean(v),
    },
    // The table across sessions: a file name and two buttons.
    OptionSpec {
        ucci: Some("hashfile"),
        uci: Some("Hash File"),
        kind: Kind::String,
        listed: true,
        current: |s, _| s.hash_path().to_string(),
        check: None,
        apply: |t, v| t.settings().hash_file = text(v).trim().to_string(),
    },
    OptionSpec {
        ucci: Some("savehash"),
        uci: Some("Save Hash"),
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        check: None,
        apply: |t, _| hash_file(t, true),
    },
    OptionSpec {
        ucci: Some("loadhash"),
        uci: Some("Load Hash"),
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        check: None,
        apply: |t, _| hash_file(t, false),
    },
    OptionSpec {
        ucci: None,
        uci: Some("MultiPV"),
        kind: Kind::Spin {
            ucci_min: 1,
            uci_min: 1,
            max: MAX_MULTIPV,
        },
        listed: true,
        current: |_, e| e.options().multipv.to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().multipv = number(v) as usize,
    },
    OptionSpec {
        ucci: None,
        uci: Some("Move Overhead"),
        kind: Kind::Spin {
            ucci_min: 0,
            uci_min: 0,
            max: MAX_MOVE_OVERHEAD_MS,
        },
        listed: true,
        current: |_, e| e.options().move_overhead.as_millis().to_string(),
        check: None,
        apply: |t, v| t.engine().options_mut().move_overhead = Duration::from_millis(number(v)),
    },
    // Hidden, for self-play tests: search features to switch off, a
    // comma-separated list of the names in docs/search.md (empty: none).
    OptionSpec {
        ucci: Some("ablate"),
        uci: Some("Ablate"),
        kind: Kind::String,
        listed: false,
        current: |_, e| Feature::list_of(e.options().ablate),
        check: Some(|t| Feature::parse_list(t).map(|_| ())),
        apply: |t, v| {
            let mask = Feature::parse_list(&text(v)).expect("checked when parsed");
            t.engine().options_mut().ablate = mask
        },
    },
];

/// UCI lists its options in this order (indices into [`OPTIONS`]).
pub const UCI_ORDER: &[&str] = &[
    "Threads",
    "Thread Binding",
    "Hash",
    "Clear Hash",
    "Hash File",
    "Save Hash",
    "Load Hash",
    "Ponder",
    "OwnBook",
    "Book File",
    "MultiPV",
    "Move Overhead",
    "UCI_ShowWDL",
    "Pruning",
    "Knowledge",
    "Randomness",
    "Style",
    "Idle",
    "Promotion",
    "Repetition Rule",
    "Natural Move Limit",
    "UCI_LimitStrength",
    "UCI_Elo",
];

/// A combo's `var`s with the current value first. Neither protocol gives the
/// order of the `var`s a meaning, but some adapters (uci2wb, for xboard) take
/// the first `var` for the value and send it back when they restart the
/// engine: listed first, the real default survives them.
pub fn default_first<'a>(vars: &'a [&'a str], current: &'a str) -> impl Iterator<Item = &'a str> {
    let first = vars
        .iter()
        .copied()
        .filter(move |v| v.eq_ignore_ascii_case(current));
    first.chain(
        vars.iter()
            .copied()
            .filter(move |v| !v.eq_ignore_ascii_case(current)),
    )
}

/// The options `p` lists, in its order.
pub fn listed(p: Protocol) -> Vec<&'static OptionSpec> {
    match p {
        Protocol::Ucci => OPTIONS
            .iter()
            .filter(|o| o.listed && o.ucci.is_some())
            .collect(),
        Protocol::Uci => UCI_ORDER
            .iter()
            .filter_map(|name| OPTIONS.iter().find(|o| o.uci == Some(name)))
            .filter(|o| o.listed)
            .collect(),
    }
}

/// The option `p` calls `name` (any case).
pub fn find(p: Protocol, name: &str) -> Option<&'static OptionSpec> {
    OPTIONS
        .iter()
        .find(|o| o.name(p).is_some_and(|n| n.eq_ignore_ascii_case(name)))
}

/// The setting `setoption` asks for: `name` as the protocol gave it, `value`
/// the one word it allows (UCCI) or the whole value text (UCI), `what` the
/// command for messages. An option the engine does not have is `Unknown`.
pub fn parse(p: Protocol, name: &str, value: ValueText, what: &str) -> Result<OptionSet, String> {
    #[cfg(feature = "tune")]
    if let Some(param) = crate::search::params::find(name) {
        let word = value.single.map_err(|e| format!("{what}: {e}"))?;
        // Signed: a parameter's range may go below zero.
        let n = parse_in_range(word, what, param.min, param.max)?;
        return Ok(OptionSet::SearchParam(param.name, n));
    }
    let Some(spec) = find(p, name) else {
        return Ok(OptionSet::Unknown(name.to_string()));
    };
    let value = match spec.kind {
        Kind::Button => Value::Press,
        Kind::String => Value::Text(value.all.to_string()),
        kind => {
            let word = value.single.map_err(|e| format!("{what}: {e}"))?;
            match kind {
                Kind::Check => Value::Bool(parse_check(word, what)?),
                Kind::Spin { .. } => {
                    let (min, max) = spec.range(p).expect("a spin has a range");
                    Value::Number(parse_in_range(word, what, min, max)?)
                }
                Kind::Combo(vars) => Value::Choice(
                    vars.iter()
                        .find(|v| v.eq_ignore_ascii_case(word))
                        .ok_or_else(|| {
                            format!(
                                "{what}: '{}' is not one of {}",
                                word.escape_debug(),
                                vars.join(", ")
                            )
                        })?,
                ),
                Kind::Button | Kind::String => unreachable!(),
            }
        }
    };
    if let (Some(check), Value::Text(t)) = (spec.check, &value) {
        check(t).map_err(|e| format!("{what}: {e}"))?;
    }
    Ok(OptionSet::Known(spec, value))
}

/// The tune build's search parameters as spin options: (name, current, min, max).
#[cfg(feature = "tune")]
pub fn search_params() -> impl Iterator<Item = (&'static str, i32, i32, i32)> {
    use crate::search::params;
    params::PARAMS.iter().map(|p| {
        let current = params::get(p.name).unwrap_or(p.default);
        (p.name, current, p.min, p.max)
    })
}

/// An option's value as `setoption` gave it: all of it, and the single word a
/// check, spin or combo needs (or why there is none).
pub struct ValueText<'a> {
    pub all: &'a str,
    pub single: Result<&'a str, String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::Command;
    use crate::protocol::{ucci, uci};

    fn setoption(p: Protocol, name: &str, value: &str) -> Command {
        match p {
            Protocol::Ucci => ucci::parse(&format!("setoption {name} {value}")),
            Protocol::Uci => uci::parse(&format!("setoption name {name} value {value}")),
        }
    }

    /// A value of the option's kind other than its default, and a bad one.
    fn values(o: &OptionSpec, p: Protocol) -> (String, Option<&'static str>) {
        match o.kind {
            Kind::Check => ("true".into(), Some("maybe")),
            Kind::Spin { max, .. } => (
                o.range(p).unwrap().0.max(2).min(max).to_string(),
                Some("-3"),
            ),
            Kind::Combo(vars) => (vars[vars.len() - 1].to_uppercase(), Some("huge")),
            Kind::String if o.ucci == Some("ablate") => ("lmr,iir".into(), Some("nonsense")),
            Kind::String => ("a b.book".into(), None),
            Kind::Button => (String::new(), None),
        }
    }

    #[test]
    fn every_option_is_accepted_by_its_protocols_and_bad_values_are_refused() {
        let engine = Engine::new();
        let settings = Settings::default();
        for o in OPTIONS {
            for p in [Protocol::Ucci, Protocol::Uci] {
                let Some(name) = o.name(p) else { continue };
                let (good, bad) = values(o, p);
                let default = (o.current)(&settings, &engine);
                for v in [good.as_str(), default.as_str()] {
                    if v.is_empty() && o.kind != Kind::Button && o.kind != Kind::String {
                        continue;
                    }
                    match setoption(p, name, v) {
                        Command::SetOption(OptionSet::Unknown(n)) => {
                            panic!("{p:?} does not know {n}")
                        }
                        Command::SetOption(_) => {}
                        other => panic!("{p:?} setoption {name} {v}: {other:?}"),
                    }
                }
                if let Some(bad) = bad {
                    assert!(
                        matches!(setoption(p, name, bad), Command::Malformed(m) if m.contains("setoption")),
                        "{p:?} {name} accepted {bad}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_option_lines_come_from_the_table() {
        let engine = Engine::new();
        let settings = Settings::default();
        for p in [Protocol::Ucci, Protocol::Uci] {
            let lines = match p {
                Protocol::Ucci => ucci::hello(&settings, &engine),
                Protocol::Uci => uci::hello(&settings, &engine),
            };
            // The tune build also lists every search parameter.
            #[cfg(feature = "tune")]
            let tuned = crate::search::params::PARAMS.len();
            #[cfg(not(feature = "tune"))]
            let tuned = 0;
            let listed = tuned
                + OPTIONS
                    .iter()
                    .filter(|o| o.listed && o.name(p).is_some())
                    .count();
            assert_eq!(
                lines.iter().filter(|l| l.starts_with("option ")).count(),
                listed,
                "{p:?}: {lines:?}"
            );
            // Hidden options are accepted but not listed.
            assert!(!lines.iter().any(|l| l.to_lowercase().contains("ablate")));
        }
        assert_eq!(listed(Protocol::Uci).len(), UCI_ORDER.len());
    }

    /// What options act on, without a controller.
    #[derive(Default)]
    struct Fake {
        settings: Settings,
        engine: Engine,
        messages: Vec<String>,
        books: Vec<String>,
    }

    impl Target for Fake {
        fn settings(&mut self) -> &mut Settings {
            &mut self.settings
        }
        fn engine(&mut self) -> &mut Engine {
            &mut self.engine
        }
        fn load_books(&mut self, files: String) {
            self.books.push(files);
        }
        fn message(&mut self, text: &str) {
            self.messages.push(text.to_string());
        }
    }

    fn apply(t: &mut Fake, line: &str) {
        match ucci::parse(line) {
            Command::SetOption(o) => o.apply(t),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn ablate_takes_a_feature_list_and_reads_back_the_same() {
        let mut t = Fake::default();
        apply(&mut t, "setoption ablate nullmove,delta");
        assert_eq!(
            Feature::list_of(t.engine.options().ablate),
            "nullmove,delta"
        );
        assert!(matches!(
            ucci::parse("setoption ablate nonsense"),
            Command::Malformed(_)
        ));
        match uci::parse("setoption name Ablate value") {
            Command::SetOption(o) => o.apply(&mut t),
            other => panic!("{other:?}"),
        }
        assert_eq!(t.engine.options().ablate, 0);
    }

    #[test]
    fn every_value_set_reads_back_as_the_current_value() {
        // One declaration per option: what `apply` sets is what `current` reads.
        for o in OPTIONS {
            let Some(name) = o.ucci else { continue };
            let (good, _) = values(o, Protocol::Ucci);
            if matches!(o.kind, Kind::Button) || name == "ablate" {
                continue;
            }
            let mut t = Fake::default();
            apply(&mut t, &format!("setoption {name} {good}"));
            let shown = (o.current)(&t.settings, &t.engine);
            if name == "bookfiles" {
                assert_eq!(t.books, vec![good.clone()]);
                continue;
            }
            assert!(
                shown.eq_ignore_ascii_case(&good),
                "{name}: set {good}, reads {shown}"
            );
        }
    }

    #[test]
    fn saving_and_loading_the_hash_share_their_messages() {
        let mut t = Fake::default();
        let dir = std::env::temp_dir().join(format!("chariot-opt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("t.hash");
        t.settings.hash_file = file.display().to_string();
        apply(&mut t, "setoption hashsize 1");
        apply(&mut t, "setoption savehash");
        apply(&mut t, "setoption loadhash");
        t.settings.hash_file = dir.join("missing.hash").display().to_string();
        apply(&mut t, "setoption loadhash");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            t.messages[0].starts_with("hash saved to "),
            "{:?}",
            t.messages
        );
        assert!(
            t.messages[1].starts_with("hash loaded from "),
            "{:?}",
            t.messages
        );
        assert!(
            t.messages[2].starts_with("hash unchanged: "),
            "{:?}",
            t.messages
        );
    }

    #[cfg(feature = "tune")]
    fn listed_spins(p: Protocol) -> usize {
        listed(p)
            .iter()
            .filter(|o| matches!(o.kind, Kind::Spin { .. }))
            .count()
    }

    #[cfg(feature = "tune")]
    #[test]
    fn the_tune_build_offers_every_search_parameter_as_a_spin() {
        use crate::search::params::PARAMS;
        for p in [Protocol::Ucci, Protocol::Uci] {
            for param in PARAMS {
                let ok = setoption(p, param.name, &param.max.to_string());
                assert_eq!(
                    ok,
                    Command::SetOption(OptionSet::SearchParam(param.name, param.max)),
                    "{p:?}"
                );
                let over = setoption(p, param.name, &(param.max + 1).to_string());
                assert!(matches!(over, Command::Malformed(_)), "{p:?} {over:?}");
                // Below the range, negative included: the message names the
                // range as signed numbers (not a wrapped unsigned one).
                let under = setoption(p, param.name, &(param.min - 1).to_string());
                let range = format!("out of range {}..{}", param.min, param.max);
                assert!(
                    matches!(&under, Command::Malformed(m) if m.contains(&range)),
                    "{p:?} {under:?}"
                );
            }
        }
        let engine = Engine::new();
        let lines = uci::hello(&Settings::default(), &engine);
        let listed = lines.iter().filter(|l| l.contains(" type spin ")).count();
        let spins = listed_spins(Protocol::Uci);
        assert_eq!(listed, PARAMS.len() + spins, "{lines:#?}");
    }
}
