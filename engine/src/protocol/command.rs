//! The commands both protocols parse into, and the limit builder that turns a
//! parsed `go` into the search's `Limits`. No protocol text is read or written here.

pub use super::options::OptionSet;
use crate::limits::{Clock, Level, Limits, Style};
use crate::threads::Engine;
use chariot_core::moves::Move;
use std::time::Duration;
use tablegen::Color;

/// Most search threads an option or `bench` accepts (0 = one per core).
pub const MAX_THREADS: u64 = 1024;

/// Which protocol the first command chose.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    Ucci,
    Uci,
}

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `ucci` / `uci`: identify, list the options, say ok.
    Hello,
    IsReady,
    /// UCI `debug on|off` (UCCI sets it with `setoption debug`).
    Debug(bool),
    SetOption(OptionSet),
    /// UCI `ucinewgame`, or a bare `newgame` (UCCI `setoption newgame`
    /// arrives as an option).
    NewGame,
    Position(PositionSpec),
    /// `banmoves` (UCCI; UCI too): root moves the next search must not play.
    BanMoves(Vec<Move>),
    Go(Box<GoSpec>),
    PonderHit {
        draw: bool,
    },
    Stop,
    /// UCCI `probe`: what the hash table holds for this position.
    Probe(PositionSpec),
    Quit,
    /// Extras: `bench` (see `BenchArgs`), `perft N`, `d`, `eval`.
    Bench(BenchArgs),
    Perft(u32),
    Display,
    Eval,
    /// Empty line: nothing to do.
    Nothing,
    /// A first word neither protocol knows (ignored; reported in debug mode).
    Unknown(String),
    /// A known command that cannot be obeyed as written; the text says why.
    Malformed(String),
}

/// `bench` arguments (None: the default):
/// `bench [hashMB] [threads] [limit] [positions] [limitType] [--json]`, in
/// the order of Stockfish's and Pikafish-HCE's bench: positions `default`
/// (the built-in set) or a file of FENs, the limit's kind `depth` (default),
/// `nodes` or `movetime` (milliseconds a position).
#[derive(Clone, Debug, PartialEq)]
pub struct BenchArgs {
    pub hash_mb: Option<usize>,
    pub threads: Option<usize>,
    pub limit: Option<u64>,
    /// A file of positions (None: the built-in set).
    pub positions: Option<String>,
    pub kind: BenchKind,
    /// `--json`: one line of JSON instead of the text report.
    pub json: bool,
}

/// The kind of a bench limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum BenchKind {
    #[default]
    Depth,
    Nodes,
    Movetime,
}

impl BenchArgs {
    pub const DEFAULT_HASH_MB: usize = 16;
    pub const DEFAULT_THREADS: usize = 1;
    pub const DEFAULT_DEPTH: u32 = crate::bench::DEFAULT_DEPTH;
    /// Deeper than any search goes.
    const MAX_DEPTH: u64 = 200;

    /// Reads up to five words: hash MB, threads, limit, positions, the
    /// limit's kind, and `--json` anywhere among them.
    pub fn parse<'a>(words: impl Iterator<Item = &'a str>) -> Result<BenchArgs, String> {
        let mut json = false;
        let mut words = words.filter(|w| {
            let flag = w.eq_ignore_ascii_case("--json");
            json |= flag;
            !flag
        });
        let hash_mb = words
            .next()
            .map(|w| parse_in_range(w, "bench hash size", 0, Engine::MAX_HASH_MB as u64))
            .transpose()?
            .map(|n| n as usize);
        let threads = words
            .next()
            .map(|w| parse_in_range(w, "bench threads", 0, MAX_THREADS))
            .transpose()?
            .map(|n| n as usize);
        let limit = words
            .next()
            .map(|w| parse_number::<u64>(w, "bench limit"))
            .transpose()?;
        let positions = words
            .next()
            .filter(|w| !w.eq_ignore_ascii_case("default"))
            .map(str::to_string);
        let kind = match words.next().map(str::to_ascii_lowercase).as_deref() {
            None | Some("depth") => BenchKind::Depth,
            Some("nodes") => BenchKind::Nodes,
            Some("movetime") => BenchKind::Movetime,
            Some(other) => {
                return Err(format!(
                    "bench: limit kind '{}' is not depth, nodes or movetime",
                    other.escape_debug()
                ))
            }
        };
        if let Some(extra) = words.next() {
            return Err(format!(
                "bench takes at most hash, threads, limit, positions and limit kind (and --json); '{}' is one too many",
                extra.escape_debug()
            ));
        }
        drop(words);
        if let Some(l) = limit {
            let ok = match kind {
                BenchKind::Depth => (1..=Self::MAX_DEPTH).contains(&l),
                BenchKind::Nodes | BenchKind::Movetime => l >= 1,
            };
            if !ok {
                return Err(format!("bench: limit {l} is out of range for its kind"));
            }
        }
        Ok(BenchArgs {
            hash_mb,
            threads,
            limit,
            positions,
            kind,
            json,
        })
    }
    pub fn hash_mb(&self) -> usize {
        self.hash_mb.unwrap_or(Self::DEFAULT_HASH_MB)
    }
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or(Self::DEFAULT_THREADS)
    }

    /// The run these words ask for; a positions file is read (and checked) here.
    pub fn setup(&self) -> Result<crate::bench::BenchSetup, String> {
        use crate::bench::{read_positions, BenchLimit, BenchSetup};
        let limit = match (self.kind, self.limit) {
            (BenchKind::Depth, l) => BenchLimit::Depth(l.map_or(Self::DEFAULT_DEPTH, |l| l as u32)),
            (BenchKind::Nodes, l) => BenchLimit::Nodes(l.unwrap_or(1_000_000)),
            (BenchKind::Movetime, l) => BenchLimit::Movetime(l.unwrap_or(1000)),
        };
        let mut setup = BenchSetup::standard(self.hash_mb(), self.threads(), 0);
        setup.limit = limit;
        if let Some(path) = &self.positions {
            setup.fens = read_positions(std::path::Path::new(path))?;
        }
        Ok(setup)
    }
}

/// The position of a `position` or `probe` command, not yet played out.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PositionSpec {
    /// None = the start position.
    pub fen: Option<String>,
    pub moves: Vec<Move>,
}

/// One player's clock as written in a `go` command, in the protocol's time unit.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ClockSpec {
    pub time: f64,
    pub increment: f64,
    pub moves_to_go: Option<u32>,
}

/// A parsed `go`, times still in the protocol's unit (UCCI: seconds unless
/// `usemillisec`; UCI: milliseconds).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GoSpec {
    pub ponder: bool,
    pub draw: bool,
    pub infinite: bool,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<f64>,
    /// UCCI `time ... opptime ...`: the side to move's clock and the other's.
    pub own: Option<ClockSpec>,
    pub opp: Option<ClockSpec>,
    /// UCI `wtime/btime`: Red's clock and Black's.
    pub red: Option<ClockSpec>,
    pub black: Option<ClockSpec>,
    pub search_moves: Vec<Move>,
    /// `go perft N`: count moves instead of searching.
    pub perft: Option<u32>,
    /// Words of other engines' `go` that this one does not use (with their
    /// values): told to the GUI, and the search goes on without them.
    pub ignored: Vec<String>,
}

/// The unit of the times in a `go` command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds,
    Milliseconds,
}

/// Times beyond this (about 31 years) are treated as "no limit worth counting".
const MAX_SECONDS: f64 = 1.0e9;

impl TimeUnit {
    /// UCI counts milliseconds; UCCI seconds unless `usemillisec` is on.
    pub fn for_protocol(protocol: Protocol, usemillisec: bool) -> TimeUnit {
        if protocol == Protocol::Uci || usemillisec {
            TimeUnit::Milliseconds
        } else {
            TimeUnit::Seconds
        }
    }

    /// A time as a Duration; negative times (a GUI that lets the flag fall) count as zero.
    pub fn duration(self, amount: f64) -> Duration {
        let seconds = match self {
            TimeUnit::Seconds => amount,
            TimeUnit::Milliseconds => amount / 1000.0,
        };
        Duration::from_secs_f64(seconds.clamp(0.0, MAX_SECONDS))
    }
}

impl GoSpec {
    /// The limits a search gets, given the time unit in force and the side to move.
    /// Root-move bans are the controller's to add.
    pub fn limits(&self, unit: TimeUnit, side: Color) -> Limits {
        let clock = |c: &ClockSpec| Clock {
            time: unit.duration(c.time),
            increment: unit.duration(c.increment),
            moves_to_go: c.moves_to_go,
        };
        let (own, opp) = match side {
            Color::Red => (&self.red, &self.black),
            Color::Black => (&self.black, &self.red),
        };
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(|t| unit.duration(t)),
            mate: self.mate,
            infinite: self.infinite,
            ponder: self.ponder,
            clock: self.own.as_ref().or(own.as_ref()).map(clock),
            opponent_clock: self.opp.as_ref().or(opp.as_ref()).map(clock),
            search_moves: self.search_moves.clone(),
            ban_moves: Vec::new(),
            draw_offered: self.draw,
        }
    }
}

/// Parses a number, saying what was expected when it is not one.
pub fn parse_number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, String> {
    word.parse::<T>().map_err(|_| {
        format!(
            "{what}: '{}' is not a whole number in range",
            word.escape_debug()
        )
    })
}

/// The value of `go depth`: a number, or `infinite` (no depth limit, an
/// infinite search, as `go depth infinite` asks).
pub fn parse_go_depth(word: &str, go: &mut GoSpec) -> Result<(), String> {
    if word.eq_ignore_ascii_case("infinite") {
        go.infinite = true;
    } else {
        go.depth = Some(parse_number(word, "go depth")?);
    }
    Ok(())
}

/// Parses a time amount: a finite decimal number (fractions allowed).
pub fn parse_time(word: &str, what: &str) -> Result<f64, String> {
    match word.parse::<f64>() {
        Ok(t) if t.is_finite() => Ok(t),
        _ => Err(format!("{what}: '{}' is not a time", word.escape_debug())),
    }
}

/// Parses a number and checks it lies in `min..=max` (signed or not, as
/// the range is).
pub fn parse_in_range<T>(word: &str, what: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    let n: T = parse_number(word, what)?;
    if n < min || n > max {
        return Err(format!("{what}: {n} is out of range {min}..{max}"));
    }
    Ok(n)
}

/// Parses a check option's value.
pub fn parse_check(word: &str, what: &str) -> Result<bool, String> {
    match word.to_ascii_lowercase().as_str() {
        "true" | "on" => Ok(true),
        "false" | "off" => Ok(false),
        _ => Err(format!(
            "{what}: '{}' is not true or false",
            word.escape_debug()
        )),
    }
}

pub fn parse_level(word: &str, what: &str) -> Result<Level, String> {
    Level::parse(word).ok_or_else(|| {
        format!(
            "{what}: '{}' is not one of none, small, medium, large",
            word.escape_debug()
        )
    })
}

pub fn parse_style(word: &str, what: &str) -> Result<Style, String> {
    Style::parse(word).ok_or_else(|| {
        format!(
            "{what}: '{}' is not one of solid, normal, risky",
            word.escape_debug()
        )
    })
}

/// `{fen F | startpos} [moves ...]`, the body of `position` and `probe`.
pub fn parse_position_spec(words: &[&str], command: &str) -> Result<PositionSpec, String> {
    let mut spec = PositionSpec::default();
    let rest = match words.first().map(|w| w.to_ascii_lowercase()) {
        Some(w) if w == "startpos" => &words[1..],
        Some(w) if w == "fen" => {
            let end = words
                .iter()
                .position(|w| w.eq_ignore_ascii_case("moves"))
                .unwrap_or(words.len());
            if end == 1 {
                return Err(format!("{command}: 'fen' is not followed by a FEN"));
            }
            spec.fen = Some(words[1..end].join(" "));
            &words[end..]
        }
        Some(_) => {
            return Err(format!(
                "{command}: expected 'fen <FEN>' or 'startpos', got '{}'",
                words[0].escape_debug()
            ))
        }
        None => return Err(format!("{command}: expected 'fen <FEN>' or 'startpos'")),
    };
    match rest.first() {
        None => {}
        Some(w) if w.eq_ignore_ascii_case("moves") => {
            for (i, text) in rest[1..].iter().enumerate() {
                let m = Move::parse_text(text)
                    .map_err(|e| format!("{command}: move {} of the list: {e}", i + 1))?;
                spec.moves.push(m);
            }
        }
        Some(w) => {
            return Err(format!(
                "{command}: expected 'moves' after the position, got '{}'",
                w.escape_debug()
            ))
        }
    }
    Ok(spec)
}

/// A list of moves in ICCS text (`banmoves`, `searchmoves`).
pub fn parse_move_list(words: &[&str], command: &str) -> Result<Vec<Move>, String> {
    words
        .iter()
        .map(|w| Move::parse_text(w).map_err(|e| format!("{command}: {e}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_and_milliseconds_give_the_same_duration() {
        assert_eq!(
            TimeUnit::Seconds.duration(1.5),
            TimeUnit::Milliseconds.duration(1500.0)
        );
        assert_eq!(TimeUnit::Milliseconds.duration(-20.0), Duration::ZERO);
        assert_eq!(
            TimeUnit::Seconds.duration(1e300),
            Duration::from_secs_f64(MAX_SECONDS)
        );
    }

    #[test]
    fn time_unit_follows_protocol_and_usemillisec() {
        assert_eq!(
            TimeUnit::for_protocol(Protocol::Ucci, false),
            TimeUnit::Seconds
        );
        assert_eq!(
            TimeUnit::for_protocol(Protocol::Ucci, true),
            TimeUnit::Milliseconds
        );
        assert_eq!(
            TimeUnit::for_protocol(Protocol::Uci, false),
            TimeUnit::Milliseconds
        );
    }

    #[test]
    fn uci_clocks_follow_the_side_to_move() {
        let spec = GoSpec {
            red: Some(ClockSpec {
                time: 1000.0,
                increment: 10.0,
                moves_to_go: None,
            }),
            black: Some(ClockSpec {
                time: 2000.0,
                increment: 20.0,
                moves_to_go: None,
            }),
            ..Default::default()
        };
        let red = spec.limits(TimeUnit::Milliseconds, Color::Red);
        let black = spec.limits(TimeUnit::Milliseconds, Color::Black);
        assert_eq!(red.clock.unwrap().time, Duration::from_millis(1000));
        assert_eq!(
            red.opponent_clock.unwrap().time,
            Duration::from_millis(2000)
        );
        assert_eq!(black.clock.unwrap().time, Duration::from_millis(2000));
        assert_eq!(
            black.opponent_clock.unwrap().increment,
            Duration::from_millis(10)
        );
    }

    #[test]
    fn position_spec_reads_fen_and_moves() {
        let spec = parse_position_spec(
            &[
                "fen",
                "9/9/9/9/9/9/9/9/9/4K4",
                "w",
                "-",
                "-",
                "0",
                "1",
                "moves",
                "e0e1",
            ],
            "position",
        )
        .unwrap();
        assert_eq!(spec.fen.as_deref(), Some("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
        assert_eq!(spec.moves.len(), 1);
        assert!(parse_position_spec(&["fen"], "position").is_err());
        assert!(parse_position_spec(&["startpos", "h2e2"], "position").is_err());
        assert!(parse_position_spec(&["startpos", "moves", "z9z9"], "position").is_err());
        assert!(parse_position_spec(&[], "position").is_err());
    }

    #[test]
    fn numbers_are_checked() {
        assert!(parse_number::<u32>("-1", "depth").is_err());
        assert!(parse_time("nan", "time").is_err());
        assert!(parse_time("inf", "time").is_err());
        assert_eq!(parse_time("0.25", "time"), Ok(0.25));
        assert!(parse_in_range("9", "x", 1, 8).is_err());
        assert_eq!(parse_in_range("8", "x", 1, 8), Ok(8));
    }
}
