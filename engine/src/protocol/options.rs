//! Every option of both protocols, declared once: its UCCI and UCI names, its
//! kind and range, how its current value reads, and the setting a value makes.
//! The `option` lines of `ucci` and `uci` and both `setoption` parsers come
//! from this table; the controller applies the resulting [`OptionSet`].

use super::command::{parse_check, parse_in_range, OptionSet, Protocol, MAX_THREADS};
use crate::limits::{Level, Style};
use crate::search::Feature;
use crate::threads::{Engine, Placement};

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
    /// The setting a checked value makes (it may still refuse the value).
    pub make: fn(Value) -> Result<OptionSet, String>,
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

/// The options, in the order UCCI lists them; [`UCI_ORDER`] gives UCI's order.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        ucci: Some("usemillisec"),
        uci: None,
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.millisec),
        make: |v| Ok(OptionSet::UseMillisec(boolean(v))),
    },
    OptionSpec {
        ucci: Some("batch"),
        uci: None,
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.batch),
        make: |v| Ok(OptionSet::Batch(boolean(v))),
    },
    OptionSpec {
        ucci: Some("debug"),
        uci: None,
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.debug),
        make: |v| Ok(OptionSet::Debug(boolean(v))),
    },
    OptionSpec {
        ucci: Some("ponder"),
        uci: Some("Ponder"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.ponder),
        make: |v| Ok(OptionSet::Ponder(boolean(v))),
    },
    OptionSpec {
        ucci: Some("usebook"),
        uci: Some("OwnBook"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.usebook),
        make: |v| Ok(OptionSet::UseBook(boolean(v))),
    },
    OptionSpec {
        ucci: Some("bookfiles"),
        uci: Some("Book File"),
        kind: Kind::String,
        listed: true,
        current: |s, _| s.bookfiles.clone(),
        make: |v| match v {
            Value::Text(t) => Ok(OptionSet::BookFiles(t)),
            _ => unreachable!("a string option gives text"),
        },
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
        make: |v| Ok(OptionSet::Hash(number(v) as usize)),
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
        make: |v| Ok(OptionSet::Threads(number(v) as usize)),
    },
    // Pinning to cores is for a machine given over to one engine: two engines
    // pinned alike would share core 0 (see `threads::placement`).
    OptionSpec {
        ucci: Some("threadbinding"),
        uci: Some("Thread Binding"),
        kind: Kind::Combo(Placement::NAMES),
        listed: true,
        current: |_, e| e.options().placement.name().to_string(),
        make: |v| match v {
            Value::Choice(name) => Ok(OptionSet::Placement(
                Placement::parse(name).expect("a placement the table lists"),
            )),
            _ => unreachable!("a combo gives a choice"),
        },
    },
    OptionSpec {
        ucci: Some("idle"),
        uci: Some("Idle"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().idle.name().to_string(),
        make: |v| Ok(OptionSet::Idle(level(v))),
    },
    OptionSpec {
        ucci: Some("promotion"),
        uci: Some("Promotion"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.promotion),
        make: |v| Ok(OptionSet::Promotion(boolean(v))),
    },
    OptionSpec {
        ucci: Some("pruning"),
        uci: Some("Pruning"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().pruning.name().to_string(),
        make: |v| Ok(OptionSet::Pruning(level(v))),
    },
    OptionSpec {
        ucci: Some("knowledge"),
        uci: Some("Knowledge"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().knowledge.name().to_string(),
        make: |v| Ok(OptionSet::Knowledge(level(v))),
    },
    OptionSpec {
        ucci: Some("randomness"),
        uci: Some("Randomness"),
        kind: Kind::Combo(LEVELS),
        listed: true,
        current: |_, e| e.options().randomness.name().to_string(),
        make: |v| Ok(OptionSet::Randomness(level(v))),
    },
    OptionSpec {
        ucci: Some("style"),
        uci: Some("Style"),
        kind: Kind::Combo(STYLES),
        listed: true,
        current: |_, e| e.options().style.name().to_string(),
        make: |v| match v {
            Value::Choice(name) => Ok(OptionSet::Style(
                Style::parse(name).expect("a style the table lists"),
            )),
            _ => unreachable!("a combo gives a choice"),
        },
    },
    OptionSpec {
        ucci: Some("newgame"),
        uci: None,
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        make: |_| Ok(OptionSet::NewGame),
    },
    OptionSpec {
        ucci: None,
        uci: Some("Clear Hash"),
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        make: |_| Ok(OptionSet::ClearHash),
    },
    // Win/draw/loss chances beside the score (UCCI GUIs do not expect them,
    // so they are off unless asked for).
    OptionSpec {
        ucci: Some("showwdl"),
        uci: Some("UCI_ShowWDL"),
        kind: Kind::Check,
        listed: true,
        current: |s, _| check(s.show_wdl),
        make: |v| Ok(OptionSet::ShowWdl(boolean(v))),
    },
    // The table across sessions: a file name and two buttons.
    OptionSpec {
        ucci: Some("hashfile"),
        uci: Some("Hash File"),
        kind: Kind::String,
        listed: true,
        current: |s, _| s.hash_path().to_string(),
        make: |v| match v {
            Value::Text(t) => Ok(OptionSet::HashFile(t)),
            _ => unreachable!("a string option gives text"),
        },
    },
    OptionSpec {
        ucci: Some("savehash"),
        uci: Some("Save Hash"),
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        make: |_| Ok(OptionSet::SaveHash),
    },
    OptionSpec {
        ucci: Some("loadhash"),
        uci: Some("Load Hash"),
        kind: Kind::Button,
        listed: true,
        current: |_, _| String::new(),
        make: |_| Ok(OptionSet::LoadHash),
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
        make: |v| Ok(OptionSet::MultiPv(number(v) as usize)),
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
        make: |v| Ok(OptionSet::MoveOverhead(number(v))),
    },
    // Hidden, for self-play tests: search features to switch off, a
    // comma-separated list of the names in docs/search.md (empty: none).
    OptionSpec {
        ucci: Some("ablate"),
        uci: Some("Ablate"),
        kind: Kind::String,
        listed: false,
        current: |_, e| Feature::list_of(e.options().ablate),
        make: |v| match v {
            Value::Text(t) => Feature::parse_list(&t).map(OptionSet::Ablate),
            _ => unreachable!("a string option gives text"),
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
        let n = parse_in_range(word, what, param.min as u64, param.max as u64)?;
        return Ok(OptionSet::SearchParam(param.name, n as i32));
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
    (spec.make)(value).map_err(|e| format!("{what}: {e}"))
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

    #[test]
    fn ablate_takes_a_feature_list_and_reads_back_the_same() {
        let Command::SetOption(OptionSet::Ablate(mask)) =
            ucci::parse("setoption ablate nullmove,delta")
        else {
            panic!("ablate not parsed");
        };
        assert_eq!(Feature::list_of(mask), "nullmove,delta");
        assert!(matches!(
            uci::parse("setoption name Ablate value"),
            Command::SetOption(OptionSet::Ablate(0))
        ));
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
            }
        }
        let engine = Engine::new();
        let lines = uci::hello(&Settings::default(), &engine);
        let listed = lines.iter().filter(|l| l.contains(" type spin ")).count();
        let spins = listed_spins(Protocol::Uci);
        assert_eq!(listed, PARAMS.len() + spins, "{lines:#?}");
    }
}
