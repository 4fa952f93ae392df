//! The command line, in the cutechess-cli / fastchess convention: options are
//! words starting with `-`, each followed by its values or `key=value` pairs.

use super::adjudication::{DrawRule, ResignRule};
use super::clock::{parse_time_control, Limit};
use super::engine::{EngineConfig, EngineProtocol};
use super::game::GameSettings;
use super::openings::Order;
use super::runner::TournamentConfig;
use super::schedule::Shard;
use super::screen::ScreenConfig;
use super::spsa_run::SpsaConfig;
use super::stats::Sprt;
use chariot_core::rules::{MoveLimit, RepetitionRule, Rules};
use std::path::PathBuf;

pub const HELP: &str = "\
chariot-league: matches and leagues between UCCI/UCI Xiangqi engines under the
computer-league rules, with PGN output, Elo, SPRT and the league rating list.

Usage: chariot-league -engine cmd=PATH [name=NAME] ... -engine ... [options]

Engines (two or more; keys may also be given once for all with -each):
  -engine cmd=PATH name=NAME proto=ucci|uci arg=ARG dir=DIR option.NAME=VALUE
        cmd     the engine binary (required)
        name    its name in tables and PGN (default: the file name)
        proto   protocol; default: send `ucci`, wait 3 s for `ucciok`, else `uci`
        arg     a command-line argument for the engine (repeatable)
        dir     working directory of the engine
        option.NAME=VALUE  sent after the handshake (UCCI `setoption NAME VALUE`,
                UCI `setoption name NAME value VALUE`); UCCI engines that
                advertise usemillisec first get `setoption usemillisec true`;
                an engine that answers `no such option` is refused before play
  -each KEY=VALUE ...  the engine keys above for every engine, and:
        tc=BASE+INC   clock in seconds, e.g. 10+0.1 or 600+3 or 10:00+3 (rule 4.1)
        depth=N       fixed depth instead of a clock
        nodes=N       fixed node count instead of a clock
                      (tc, depth and nodes given to one -engine are its own:
                      a reference at nodes=N may play an engine on a clock)
        timemargin=MS how late a bestmove may come after the clock ran out
                      (default 200, as the league simulator)
        movetimeout=MS under depth/nodes, wait this long for a move (default 60000)

Tournament:
  -rounds N            rounds (default 1); in a match, N encounters
  -games N             games per encounter, colours alternating (default 2)
  -concurrency N       games at once (default: cores / threads per engine)
  -openings file=F [format=epd] [order=sequential|random]
                       one FEN a line; each encounter takes the next opening
                       and plays it with colours swapped (default: start position)
  -srand N             seed of the random opening order
  -shard K/N           play only shard K of N of the match (0 <= K < N): the
                       encounters, openings and colours the whole match gives
                       it, every N-th encounter from the K-th; run the N shards
                       anywhere (a Slurm array job, docs/league.md) and merge
                       their results files with -report
  -league [FILE.ini]   the league's double round robin with the rating update
                       (rule 2.4: new engines 2000, K=20 first event, 10 after);
                       FILE.ini: a [league] section of these options without
                       the dash (tc=, rounds=, openings=, pgnout=, ...) and an
                       [engine NAME] section of -engine keys per engine
  -ratings FILE        rating list of -league (default league-ratings.txt)
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
                       stop as soon as the GSPRT crosses a bound (two engines)
  -resign movecount=N score=S
                       adjudicate a loss when both engines agree for N moves that
                       one side is S or more behind (off by default)
  -draw movenumber=N movecount=M score=S
                       adjudicate a draw from move N when both engines score
                       within +/-S for M moves (off by default)
  -rules [repetition=AsianRule|NoJudgement] [limit=League|Sixty|None]
                       the rules games are judged by (default: the league's
                       Asian rules and natural-move limit); NoJudgement draws
                       every repetition, Sixty draws 120 plies without a
                       capture; give the engines the same rules with
                       option.Repetition Rule=... / option.Natural Move Limit=...

Tuning:
  -spsa FILE [iterations=N] [csv=F] [png=F]
                       SPSA on the options FILE lists (NAME, start, min, max,
                       c_end, r_end a line) of the one -engine, which plays
                       itself a game pair per iteration (default 10000), with
                       fishtest's gains (docs/league.md); the trajectory goes
                       to F.csv (default FILE.trajectory.csv; -recover resumes
                       it) and its plot to F.png (default FILE.png)

  -screen FILE [pairs=N] [csv=F]
                       measures many switches of the one -engine at once:
                       FILE lists NAME off on a line; each game pair plays
                       every switch on for one side and off for the other,
                       by a random sign; at the end each switch's Elo, on
                       against off, read from every pair (default 200
                       pairs; results to F, default FILE.pairs.csv;
                       -recover resumes it); with a second -engine, the
                       first plays each pair against it, and each switch's
                       Elo against it on less off is read

Results of a match played before:
  -report FILE... [-sprt ...] [-games N]
                       read results files (-results) and print their table,
                       Elo interval and SPRT state without playing; several
                       files count as one match (engines matched by name);
                       -games odd counts games one by one, not in pairs; a
                       -screen pairs file gives its switches' effects

Output:
  -pgnout FILE         append every game as PGN (ICCS moves)
  -results FILE        results file for -recover (default league-results.tsv)
  -recover             resume from the results file, skipping finished games
  -ratinginterval N    print the table every N games
  -log DIR             write each game's protocol traffic to DIR/game-N.log
  -event NAME, -site NAME   PGN tags
  -noprogress          no progress bar
  -help                this text
";

/// What the command line asks for.
#[derive(Debug)]
pub enum Invocation {
    Help,
    Run(Box<TournamentConfig>),
    /// SPSA tuning of the one engine's parameters (`-spsa`).
    Spsa(Box<TournamentConfig>, SpsaConfig),
    /// Many switches of the one engine measured at once (`-screen`).
    Screen(Box<TournamentConfig>, ScreenConfig),
    /// The tables of a results file, nothing played (`-report`).
    Report(ReportConfig),
}

/// What `-report` reads and how it counts.
#[derive(Debug, PartialEq)]
pub struct ReportConfig {
    /// One or more results files, read as one match.
    pub results_files: Vec<PathBuf>,
    pub sprt: Option<Sprt>,
    /// Games in colour-swapped pairs (an even `-games`, the default).
    pub paired: bool,
}

/// The options that mean something to `-report`.
const REPORT_OPTIONS: [&str; 3] = ["report", "sprt", "games"];

fn is_flag(s: &str) -> bool {
    s.starts_with('-') && !s.contains('=') && s.parse::<f64>().is_err()
}

fn num<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag}: '{v}' is not a valid number"))
}

fn pairs<'a>(flag: &str, vals: &'a [String]) -> Result<Vec<(&'a str, &'a str)>, String> {
    vals.iter()
        .map(|v| {
            v.split_once('=')
                .ok_or_else(|| format!("{flag}: expected key=value, got '{v}'"))
        })
        .collect()
}

/// Engine keys shared by -engine and -each; the clock keys go to `limit`.
#[derive(Default)]
struct EachKeys {
    limit: Option<Limit>,
    grace_ms: Option<u64>,
    move_timeout_ms: Option<u64>,
}

impl EachKeys {
    /// Puts the clock and its margins into the settings; every engine needs
    /// a limit, the match's or its own.
    fn apply_to(
        &self,
        settings: &mut GameSettings,
        engines: &[EngineConfig],
    ) -> Result<(), String> {
        let own = engines.iter().find_map(|e| e.limit);
        let Some(l) = self
            .limit
            .or(own.filter(|_| engines.iter().all(|e| e.limit.is_some())))
        else {
            return Err("no time control: give -each tc=BASE+INC (or depth=N or nodes=N)".into());
        };
        settings.limit = l;
        if let Some(g) = self.grace_ms {
            settings.grace_ms = g;
        }
        if let Some(t) = self.move_timeout_ms {
            settings.move_timeout_ms = t;
        }
        Ok(())
    }
}

fn apply_engine_key(
    flag: &str,
    e: &mut EngineConfig,
    each: &mut EachKeys,
    k: &str,
    v: &str,
) -> Result<(), String> {
    // -each sets the match's limit, -engine that engine's own.
    let set_limit = |slot: &mut Option<Limit>, l: Limit| -> Result<(), String> {
        if slot.is_some_and(|o| o != l) {
            return Err(format!("{flag}: only one of tc, depth and nodes"));
        }
        *slot = Some(l);
        Ok(())
    };
    let slot = if flag == "-each" {
        &mut each.limit
    } else {
        &mut e.limit
    };
    match k {
        "cmd" => e.cmd = v.to_string(),
        "name" => e.name = v.to_string(),
        "proto" => e.proto = Some(EngineProtocol::parse(v)?),
        "arg" => e.args.push(v.to_string()),
        "dir" => e.dir = Some(v.to_string()),
        "tc" => set_limit(slot, parse_time_control(v)?)?,
        "depth" => {
            let d: u32 = num("depth", v)?;
            if d == 0 {
                return Err("depth must be at least 1".into());
            }
            set_limit(slot, Limit::Depth(d))?
        }
        "nodes" => {
            let n: u64 = num("nodes", v)?;
            if n == 0 {
                return Err("nodes must be at least 1".into());
            }
            set_limit(slot, Limit::Nodes(n))?
        }
        "timemargin" => each.grace_ms = Some(num("timemargin", v)?),
        "movetimeout" => each.move_timeout_ms = Some(num("movetimeout", v)?),
        _ => match k.strip_prefix("option.") {
            Some(name) if !name.is_empty() => {
                e.options.retain(|(o, _)| o != name);
                e.options.push((name.to_string(), v.to_string()));
            }
            _ => return Err(format!("{flag}: unknown key '{k}'")),
        },
    }
    Ok(())
}

/// Turns a league INI file into command-line words:
///
/// ```ini
/// [league]
/// tc = 600+3
/// rounds = 10
/// openings = openings.epd
/// pgnout = league.pgn
///
/// [engine Chariot]
/// cmd = target/release/chariot
/// option.hashsize = 64
/// ```
///
/// `[league]` keys are the command-line options without the dash (`tc`,
/// `depth`, `nodes`, `timemargin` go to `-each`; `openings` is the file;
/// `order` its order); each `[engine NAME]` section holds `-engine` keys.
pub fn ini_to_args(text: &str, source: &str) -> Result<Vec<String>, String> {
    let mut league: Vec<String> = vec!["-league".into()];
    let mut each: Vec<String> = Vec::new();
    let mut engines: Vec<Vec<String>> = Vec::new();
    let mut openings: Vec<String> = Vec::new();
    let mut section = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        let bad = |why: &str| format!("{source} line {}: {why}", i + 1);
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.trim().to_string();
            match section.split_once(char::is_whitespace) {
                Some(("engine", name)) => {
                    engines.push(vec!["-engine".into(), format!("name={}", name.trim())])
                }
                None if section == "league" => {}
                _ => return Err(bad("sections are [league] and [engine NAME]")),
            }
            continue;
        }
        let (k, v) = line
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| bad("expected key = value"))?;
        if section.starts_with("engine") {
            let e = engines.last_mut().expect("inside an engine section");
            e.push(format!("{k}={v}"));
            continue;
        }
        if section != "league" {
            return Err(bad("a key outside [league] and [engine NAME]"));
        }
        match k {
            "tc" | "depth" | "nodes" | "timemargin" | "movetimeout" => {
                each.push(format!("{k}={v}"))
            }
            "openings" => openings.push(format!("file={v}")),
            "order" => openings.push(format!("order={v}")),
            "recover" | "noprogress" => {
                if v == "true" || v == "1" {
                    league.push(format!("-{k}"));
                }
            }
            "resign" | "draw" | "sprt" | "rules" => {
                league.push(format!("-{k}"));
                league.extend(v.split_whitespace().map(str::to_string));
            }
            _ => {
                league.push(format!("-{k}"));
                league.push(v.to_string());
            }
        }
    }
    if !each.is_empty() {
        league.push("-each".into());
        league.extend(each);
    }
    if !openings.is_empty() {
        league.push("-openings".into());
        league.extend(openings);
    }
    league.extend(engines.into_iter().flatten());
    Ok(league)
}

/// Replaces `-league FILE` by the words of the INI file.
fn expand_league_file(args: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let is_league = args[i] == "-league" || args[i] == "--league";
        match args.get(i + 1) {
            Some(file) if is_league && !is_flag(file) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("cannot read league file {file}: {e}"))?;
                let mut words = ini_to_args(&text, file)?;
                words.append(&mut out);
                out = words;
                i += 2;
            }
            _ => {
                out.push(args[i].clone());
                i += 1;
            }
        }
    }
    Ok(out)
}

/// The `key=value` settings that follow a tuning option's file.
type Settings<'a> = Vec<(&'a str, &'a str)>;

/// The one file and the `key=value` settings of a tuning option (`-spsa`,
/// `-screen`); `what` names the file in the error.
fn file_and_keys<'a>(
    flag: &str,
    what: &str,
    vals: &'a [String],
) -> Result<(PathBuf, Settings<'a>), String> {
    let (files, keys): (Vec<&String>, Vec<&String>) = vals.iter().partition(|v| !v.contains('='));
    let [file] = files.as_slice() else {
        return Err(format!("-{flag} takes one {what} (and key=value settings)"));
    };
    let keys = keys
        .iter()
        .map(|v| v.split_once('=').expect("partitioned on '='"))
        .collect();
    Ok((PathBuf::from(file), keys))
}

/// A count of at least 1 (`-spsa iterations=`, `-screen pairs=`).
fn count(flag: &str, key: &str, v: &str) -> Result<u64, String> {
    match num(&format!("-{flag} {key}"), v)? {
        0 => Err(format!("-{flag}: {key} must be at least 1")),
        n => Ok(n),
    }
}

/// `-spsa FILE [iterations=N] [csv=F] [png=F]`.
fn parse_spsa(vals: &[String]) -> Result<SpsaConfig, String> {
    let (file, keys) = file_and_keys("spsa", "parameter file", vals)?;
    let mut s = SpsaConfig::for_file(file);
    for (k, v) in keys {
        match k {
            "iterations" => s.iterations = count("spsa", k, v)?,
            "csv" => s.csv = PathBuf::from(v),
            "png" => s.png = PathBuf::from(v),
            _ => return Err(format!("-spsa: unknown key '{k}'")),
        }
    }
    Ok(s)
}

/// `-screen FILE [pairs=N] [csv=F]`.
fn parse_screen(vals: &[String]) -> Result<ScreenConfig, String> {
    let (file, keys) = file_and_keys("screen", "switch file", vals)?;
    let mut s = ScreenConfig::for_file(file);
    for (k, v) in keys {
        match k {
            "pairs" => s.pairs = count("screen", k, v)?,
            "csv" => s.csv = PathBuf::from(v),
            _ => return Err(format!("-screen: unknown key '{k}'")),
        }
    }
    Ok(s)
}

/// `-openings file=F [format=epd] [order=sequential|random]`.
fn parse_openings(vals: &[String]) -> Result<(PathBuf, Order), String> {
    let mut file = None;
    let mut order = Order::Sequential;
    for (k, v) in pairs("-openings", vals)? {
        match k {
            "file" => file = Some(PathBuf::from(v)),
            "format" if v == "epd" || v == "fen" => {}
            "format" => return Err(format!("-openings: format '{v}' is not supported (epd)")),
            "order" => order = parse_order(v)?,
            "plies" | "start" | "policy" => {}
            _ => return Err(format!("-openings: unknown key '{k}'")),
        }
    }
    let file = file.ok_or("-openings needs file=F")?;
    Ok((file, order))
}

/// `-openings order=sequential|random`.
fn parse_order(v: &str) -> Result<Order, String> {
    match v {
        "sequential" => Ok(Order::Sequential),
        "random" => Ok(Order::Random),
        _ => Err(format!("-openings: order '{v}': sequential or random")),
    }
}

/// `-sprt elo0=E0 elo1=E1 alpha=A beta=B` (defaults 0, 5, 0.05, 0.05).
fn parse_sprt(vals: &[String]) -> Result<Sprt, String> {
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in pairs("-sprt", vals)? {
        let x: f64 = num("-sprt", v)?;
        match k {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(format!("-sprt: unknown key '{k}'")),
        }
    }
    s.validate()?;
    Ok(s)
}

/// `-resign movecount=N score=S` (defaults 3, 600).
fn parse_resign(vals: &[String]) -> Result<ResignRule, String> {
    let mut r = ResignRule {
        movecount: 3,
        score: 600,
    };
    for (k, v) in pairs("-resign", vals)? {
        match k {
            "movecount" => r.movecount = num("-resign", v)?,
            "score" => r.score = num::<i32>("-resign", v)?.abs(),
            "twosided" => {}
            _ => return Err(format!("-resign: unknown key '{k}'")),
        }
    }
    if r.movecount == 0 || r.score <= 0 {
        return Err("-resign: movecount and score must be positive".into());
    }
    Ok(r)
}

/// `-draw movenumber=N movecount=M score=S` (defaults 40, 8, 10).
fn parse_draw(vals: &[String]) -> Result<DrawRule, String> {
    let mut d = DrawRule {
        movenumber: 40,
        movecount: 8,
        score: 10,
    };
    for (k, v) in pairs("-draw", vals)? {
        match k {
            "movenumber" => d.movenumber = num("-draw", v)?,
            "movecount" => d.movecount = num("-draw", v)?,
            "score" => d.score = num("-draw", v)?,
            _ => return Err(format!("-draw: unknown key '{k}'")),
        }
    }
    if d.movecount == 0 || d.score < 0 {
        return Err("-draw: movecount must be positive and score not negative".into());
    }
    Ok(d)
}

/// `-rules [repetition=R] [limit=L]` (defaults: the league's).
fn parse_rules(vals: &[String]) -> Result<Rules, String> {
    let mut r = Rules::LEAGUE;
    for (k, v) in pairs("-rules", vals)? {
        match k {
            "repetition" => {
                r.repetition = RepetitionRule::parse(v).ok_or_else(|| {
                    format!(
                        "-rules: repetition '{v}': one of {}",
                        RepetitionRule::NAMES.join(", ")
                    )
                })?
            }
            "limit" => {
                r.move_limit = MoveLimit::parse(v).ok_or_else(|| {
                    format!(
                        "-rules: limit '{v}': one of {}",
                        MoveLimit::NAMES.join(", ")
                    )
                })?
            }
            _ => return Err(format!("-rules: unknown key '{k}'")),
        }
    }
    Ok(r)
}

/// `-report FILE...`.
fn parse_report(vals: &[String]) -> Result<Vec<PathBuf>, String> {
    if vals.is_empty() {
        return Err("-report needs a results file".into());
    }
    Ok(vals.iter().map(PathBuf::from).collect())
}

/// `-engine KEY=VALUE ...`: the keys, applied once every `-each` is read.
fn parse_engine(vals: &[String]) -> Result<Vec<(String, String)>, String> {
    Ok(pairs("-engine", vals)?
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect())
}

/// An engine's name by default: the file name of its binary.
pub fn default_name(cmd: &str) -> String {
    std::path::Path::new(cmd)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| cmd.to_string())
}

/// Games at once by default: the cores over the threads of the widest engine.
fn default_concurrency(engines: &[EngineConfig]) -> usize {
    let threads = engines.iter().map(|e| e.threads()).max().unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores / threads).max(1)
}

/// One option of the command line: its name without the dashes and the
/// words that follow it.
struct Flag {
    name: String,
    vals: Vec<String>,
}

impl Flag {
    fn is_help(&self) -> bool {
        self.name == "help" || self.name == "h"
    }

    fn one(&self) -> Result<&str, String> {
        match self.vals.as_slice() {
            [v] => Ok(v.as_str()),
            _ => Err(format!("-{} takes one value", self.name)),
        }
    }

    fn none(&self) -> Result<(), String> {
        if self.vals.is_empty() {
            Ok(())
        } else {
            Err(format!("-{} takes no value", self.name))
        }
    }
}

/// Groups the words into options, each with the words up to the next one.
fn group_flags(args: &[String]) -> Result<Vec<Flag>, String> {
    let mut flags: Vec<Flag> = Vec::new();
    for a in args {
        if is_flag(a) {
            flags.push(Flag {
                name: a.trim_start_matches('-').to_string(),
                vals: Vec::new(),
            });
        } else if let Some(f) = flags.last_mut() {
            f.vals.push(a.clone());
        } else {
            return Err(format!(
                "unexpected '{a}': options start with '-' (see -help)"
            ));
        }
    }
    Ok(flags)
}

/// The options read so far. The engines, the clock and the defaults are
/// settled only when every option is read, so `-each` may follow `-engine`.
#[derive(Default)]
struct Parsed {
    config: TournamentConfig,
    /// The clock keys of -each and -engine.
    each: EachKeys,
    /// The engine keys of -each.
    each_engine: EngineConfig,
    /// The keys of each -engine.
    engine_keys: Vec<Vec<(String, String)>>,
    concurrency: Option<usize>,
    games: Option<usize>,
    spsa: Option<SpsaConfig>,
    screen: Option<ScreenConfig>,
    report: Option<Vec<PathBuf>>,
}

impl Parsed {
    /// Reads one option (all but -help).
    fn read(&mut self, f: &Flag) -> Result<(), String> {
        let c = &mut self.config;
        match f.name.as_str() {
            "engine" => self.engine_keys.push(parse_engine(&f.vals)?),
            "each" => self.read_each(&f.vals)?,
            "rounds" => c.rounds = num("-rounds", f.one()?)?,
            "games" => self.games = Some(num("-games", f.one()?)?),
            "concurrency" => {
                self.concurrency = Some(num::<usize>("-concurrency", f.one()?)?.max(1))
            }
            "openings" => c.openings = Some(parse_openings(&f.vals)?),
            "srand" => c.seed = num("-srand", f.one()?)?,
            "shard" => c.shard = Some(Shard::parse(f.one()?)?),
            "spsa" => self.spsa = Some(parse_spsa(&f.vals)?),
            "screen" => self.screen = Some(parse_screen(&f.vals)?),
            "report" => self.report = Some(parse_report(&f.vals)?),
            "sprt" => c.sprt = Some(parse_sprt(&f.vals)?),
            "pgnout" => c.pgn_out = Some(PathBuf::from(f.one()?)),
            "results" => c.results_file = PathBuf::from(f.one()?),
            "recover" => {
                f.none()?;
                c.recover = true
            }
            "ratinginterval" => c.rating_interval = num("-ratinginterval", f.one()?)?,
            "resign" => c.settings.resign = Some(parse_resign(&f.vals)?),
            "draw" => c.settings.draw = Some(parse_draw(&f.vals)?),
            "rules" => c.settings.rules = parse_rules(&f.vals)?,
            "league" => {
                f.none()?;
                c.league = true
            }
            "ratings" => c.ratings_file = PathBuf::from(f.one()?),
            "log" => c.log_dir = Some(PathBuf::from(f.one()?)),
            "event" => c.event = f.vals.join(" "),
            "site" => c.site = f.vals.join(" "),
            "noprogress" => {
                f.none()?;
                c.progress = false
            }
            _ => return Err(format!("unknown option -{} (see -help)", f.name)),
        }
        Ok(())
    }

    /// `-each KEY=VALUE ...`: engine keys for every engine, and the clock.
    fn read_each(&mut self, vals: &[String]) -> Result<(), String> {
        for (k, v) in pairs("-each", vals)? {
            if k == "cmd" || k == "name" {
                return Err(format!("-each: '{k}' belongs to -engine"));
            }
            apply_engine_key("-each", &mut self.each_engine, &mut self.each, k, v)?;
        }
        Ok(())
    }

    /// What the options ask for, once all are read.
    fn finish(mut self, flags: &[Flag]) -> Result<Invocation, String> {
        if let Some(results_files) = self.report.take() {
            return self
                .into_report(flags, results_files)
                .map(Invocation::Report);
        }
        self.build_engines()?;
        self.each
            .apply_to(&mut self.config.settings, &self.config.engines)?;
        let c = &mut self.config;
        c.games_per_encounter = self.games.unwrap_or(2);
        if c.league && !c.games_per_encounter.is_multiple_of(2) {
            return Err("-league plays double round robins: -games must be even".into());
        }
        c.concurrency = self
            .concurrency
            .unwrap_or_else(|| default_concurrency(&c.engines));
        self.check_shard()?;
        self.invocation()
    }

    /// `-report` plays nothing: only -sprt and -games go with it.
    fn into_report(
        self,
        flags: &[Flag],
        results_files: Vec<PathBuf>,
    ) -> Result<ReportConfig, String> {
        if let Some(f) = flags
            .iter()
            .find(|f| !REPORT_OPTIONS.contains(&f.name.as_str()))
        {
            return Err(format!(
                "-report reads a results file and plays nothing: -{} does not go with it",
                f.name
            ));
        }
        Ok(ReportConfig {
            results_files,
            sprt: self.config.sprt,
            paired: self.games.unwrap_or(2).is_multiple_of(2),
        })
    }

    /// Each engine from its `-engine` keys over the `-each` ones.
    fn build_engines(&mut self) -> Result<(), String> {
        for keys in std::mem::take(&mut self.engine_keys) {
            let mut e = self.each_engine.clone();
            for (k, v) in &keys {
                apply_engine_key("-engine", &mut e, &mut self.each, k, v)?;
            }
            if e.cmd.is_empty() {
                return Err("-engine needs cmd=PATH".into());
            }
            if e.name.is_empty() {
                e.name = default_name(&e.cmd);
            }
            self.config.engines.push(e);
        }
        Ok(())
    }

    /// A shard sees part of the match: deciding or rating on it alone would
    /// decide on part of the evidence.
    fn check_shard(&self) -> Result<(), String> {
        let c = &self.config;
        if c.shard.is_none() {
            return Ok(());
        }
        for (given, what) in [
            (
                c.sprt.is_some(),
                "-sprt (give it to -report over the shards' results)",
            ),
            (c.league, "-league"),
            (self.spsa.is_some(), "-spsa"),
            (self.screen.is_some(), "-screen"),
        ] {
            if given {
                return Err(format!(
                    "-shard plays part of a match: {what} does not go with it"
                ));
            }
        }
        Ok(())
    }

    fn invocation(self) -> Result<Invocation, String> {
        let c = Box::new(self.config);
        match (self.spsa, self.screen) {
            (Some(_), Some(_)) => Err("-spsa and -screen do not go together".into()),
            (Some(s), None) => Ok(Invocation::Spsa(c, s)),
            (None, Some(s)) => Ok(Invocation::Screen(c, s)),
            (None, None) => Ok(Invocation::Run(c)),
        }
    }
}

pub fn parse_args(args: &[String]) -> Result<Invocation, String> {
    let flags = group_flags(&expand_league_file(args)?)?;
    if flags.is_empty() {
        return Ok(Invocation::Help);
    }
    let mut parsed = Parsed::default();
    for f in &flags {
        if f.is_help() {
            return Ok(Invocation::Help);
        }
        parsed.read(f)?;
    }
    parsed.finish(&flags)
}
