//! Screening many switches at once: one engine plays itself in game pairs,
//! and every pair draws a random sign per switch. The plus side plays each
//! switch on where its sign is +1 and off where it is -1, the minus side the
//! other way round. A switch's worth is read from every pair: the side that
//! had it on scored 1 + r d / 2 points of 2, with r the plus side's wins
//! minus losses and d the switch's sign. So N pairs measure each of K
//! switches about as well as N pairs of a test of that switch alone would,
//! the others' effects adding a little noise: K tests for the games of one.
//! This is SPSA's perturbation without its steps (a random balance design);
//! it reads main effects only, not how two switches interact.
//!
//! Given a second engine, the rival, the screened engine plays each pair
//! against it instead, with the plus side's values: a switch's worth is the
//! screened engine's Elo against the rival over the pairs that had it on,
//! less that over the pairs that had it off. What wins against itself need
//! not win against another engine; this reads the latter, at about four
//! times the variance a pair.

use crate::runner::TournamentConfig;
use crate::spsa::{append_line, field_lines, signs, Perturbation};
use crate::spsa_run::{check_options, play_pairs, read_to_resume, PairPlan};
use crate::stats::{elo_estimate_pairs, EloEstimate, Pentanomial};
use crate::stats::{elo_from_score, Z95};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// One option played at two values.
#[derive(Clone, Debug, PartialEq)]
pub struct Switch {
    pub name: String,
    pub off: i64,
    pub on: i64,
}

/// What `-screen` asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenConfig {
    /// Lines of `NAME off on`.
    pub file: PathBuf,
    /// Game pairs to play in all.
    pub pairs: u64,
    /// Each pair's result and signs, a line a pair (`-recover` resumes it).
    pub csv: PathBuf,
}

impl ScreenConfig {
    /// The defaults for a switch file: 200 pairs, FILE.pairs.csv.
    pub fn for_file(file: PathBuf) -> ScreenConfig {
        ScreenConfig {
            csv: file.with_extension("pairs.csv"),
            file,
            pairs: 200,
        }
    }
}

/// Reads `NAME off on` lines (commas or spaces; `#` starts a comment). Every
/// error names the file and line.
pub fn parse_switches(text: &str, source: &str) -> Result<Vec<Switch>, String> {
    let mut switches: Vec<Switch> = Vec::new();
    for (at, fields) in field_lines(text, source) {
        let [name, off, on] = fields.as_slice() else {
            return Err(format!(
                "{at}: expected NAME, off, on; got {} fields",
                fields.len()
            ));
        };
        let value = |t: &str| {
            t.parse::<i64>()
                .map_err(|_| format!("{at}: '{t}' is not a whole number"))
        };
        let (off, on) = (value(off)?, value(on)?);
        if off == on {
            return Err(format!("{at}: {name} is {off} both off and on"));
        }
        if switches.iter().any(|s| s.name.eq_ignore_ascii_case(name)) {
            return Err(format!("{at}: {name} is listed twice"));
        }
        switches.push(Switch {
            name: name.to_string(),
            off,
            on,
        });
    }
    if switches.is_empty() {
        return Err(format!("{source}: no switches"));
    }
    Ok(switches)
}

/// Whom the screened engine plays: itself (plus against minus values) or a
/// rival. The pairs file's header says which.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    Itself,
    Rival,
}

impl Opponent {
    /// The header's start: what a line's result counts.
    fn header(self) -> &'static str {
        match self {
            Opponent::Itself => "pair,result,",
            Opponent::Rival => "pair,vs_rival,",
        }
    }

    fn described(self) -> &'static str {
        match self {
            Opponent::Itself => "the engine itself",
            Opponent::Rival => "a rival",
        }
    }

    /// The kind of pairs file `text` is, if it is one.
    pub fn of_pairs_file(text: &str) -> Option<Opponent> {
        [Opponent::Itself, Opponent::Rival]
            .into_iter()
            .find(|o| text.starts_with(o.header()))
    }
}

/// A screening's state: the switches and the results of the pairs played.
#[derive(Clone, Debug)]
pub struct Screen {
    pub switches: Vec<Switch>,
    pub opponent: Opponent,
    seed: u64,
    /// Pair number -> the plus side's wins minus losses.
    pub results: BTreeMap<u64, f64>,
}

/// A line of a pairs file: the pair, the plus side's wins minus losses, and
/// each switch's sign (+1: on for the plus side).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedPair {
    pub k: u64,
    pub result: f64,
    pub signs: Vec<f64>,
}

/// Reads a pairs file (`pair,result,NAME...`, or `pair,vs_rival,NAME...`,
/// and a line a pair): whom the pairs were played against, the switches'
/// names and the pairs. A pair listed twice counts once.
pub fn parse_pairs_file(
    text: &str,
    source: &str,
) -> Result<(Opponent, Vec<String>, Vec<PlayedPair>), String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header = lines.next().ok_or(format!("{source}: empty"))?;
    let header = header.trim();
    let (opponent, rest) = Opponent::of_pairs_file(header)
        .map(|o| (o, &header[o.header().len()..]))
        .filter(|(_, rest)| !rest.is_empty())
        .ok_or_else(|| format!("{source}: not a pairs file (its first line is '{header}')"))?;
    let names: Vec<String> = rest.split(',').map(str::to_string).collect();
    let mut pairs: BTreeMap<u64, PlayedPair> = BTreeMap::new();
    for line in lines {
        let bad = |why: &str| format!("{source}: line '{line}': {why}");
        let fields: Vec<&str> = line.trim().split(',').collect();
        if fields.len() != 2 + names.len() {
            return Err(bad("wrong number of fields"));
        }
        let k: u64 = fields[0].parse().map_err(|_| bad("bad pair number"))?;
        let result: f64 = fields[1]
            .parse()
            .ok()
            .filter(|r: &f64| (-2.0..=2.0).contains(r) && r.fract() == 0.0)
            .ok_or_else(|| bad("bad result"))?;
        let signs = fields[2..]
            .iter()
            .map(|f| match *f {
                "1" => Ok(1.0),
                "-1" => Ok(-1.0),
                _ => Err(bad("a sign is 1 or -1")),
            })
            .collect::<Result<Vec<f64>, String>>()?;
        pairs.entry(k).or_insert(PlayedPair { k, result, signs });
    }
    Ok((opponent, names, pairs.into_values().collect()))
}

/// Each switch's worth (on against off) from the pairs, labelled as given.
pub fn effects(labels: &[String], pairs: &[PlayedPair]) -> Vec<Effect> {
    labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let mut on_side = Pentanomial::default();
            for p in pairs {
                on_side.add(1.0 + p.result * p.signs[i] / 2.0);
            }
            Effect {
                name: label.clone(),
                elo: elo_estimate_pairs(&on_side),
                pairs: on_side,
            }
        })
        .collect()
}

/// Each switch's worth against the rival (on against off), from the pairs
/// played with it on and those with it off, labelled as given.
pub fn effects_vs_rival(labels: &[String], pairs: &[PlayedPair]) -> Vec<RivalEffect> {
    labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let (mut on, mut off) = (Pentanomial::default(), Pentanomial::default());
            for p in pairs {
                let group = if p.signs[i] > 0.0 { &mut on } else { &mut off };
                group.add(1.0 + p.result / 2.0);
            }
            let (elo_on, se_on) = elo_and_error(&on);
            let (elo_off, se_off) = elo_and_error(&off);
            let diff = elo_on - elo_off;
            let margin = Z95 * (se_on * se_on + se_off * se_off).sqrt();
            RivalEffect {
                name: label.clone(),
                on,
                off,
                elo_on,
                elo_off,
                elo: EloEstimate {
                    elo: diff,
                    low: diff - margin,
                    high: diff + margin,
                },
            }
        })
        .collect()
}

/// Elo against the rival from a group of pairs, and its standard error
/// (the score's, carried through the Elo curve's slope there).
fn elo_and_error(pairs: &Pentanomial) -> (f64, f64) {
    let n = pairs.pairs();
    let p = pairs.score();
    if n == 0 {
        return (f64::NAN, f64::INFINITY);
    }
    let se = (pairs.variance() / n as f64).sqrt();
    let slope = 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
    (elo_from_score(p), se * slope)
}

/// One switch's worth against the rival.
#[derive(Clone, Debug, PartialEq)]
pub struct RivalEffect {
    pub name: String,
    /// The pairs played with it on, and with it off.
    pub on: Pentanomial,
    pub off: Pentanomial,
    /// Elo against the rival, on and off.
    pub elo_on: f64,
    pub elo_off: f64,
    /// On less off, with its 95% interval.
    pub elo: EloEstimate,
}

/// The table of effects against the rival from `pairs` pairs, best first.
pub fn effects_vs_rival_report(mut effects: Vec<RivalEffect>, pairs: usize) -> String {
    effects.sort_by(|a, b| b.elo.elo.total_cmp(&a.elo.elo));
    let width = effects.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut out = format!(
        "{pairs} pairs against the rival; each switch on less off, and the Elo against the rival of the pairs with it on and off (pairs):\n"
    );
    for e in effects {
        out += &format!(
            "  {:width$}  {:+6.1} ({:+.1} .. {:+.1})  on {:+.1} ({}), off {:+.1} ({})\n",
            e.name,
            e.elo.elo,
            e.elo.low,
            e.elo.high,
            e.elo_on,
            e.on.pairs(),
            e.elo_off,
            e.off.pairs()
        );
    }
    out
}

/// The table of effects from `pairs` pairs, best first.
pub fn effects_report(mut effects: Vec<Effect>, pairs: usize) -> String {
    effects.sort_by(|a, b| b.elo.elo.total_cmp(&a.elo.elo));
    let width = effects.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut out = format!(
        "{pairs} pairs; each switch on against off, from every pair (pairs scoring 0/0.5/1/1.5/2 for the side with it on):\n"
    );
    for e in effects {
        let [a, b, c, d, f] = e.pairs.counts;
        out += &format!(
            "  {:width$}  {:+6.1} ({:+.1} .. {:+.1})  {a} {b} {c} {d} {f}\n",
            e.name, e.elo.elo, e.elo.low, e.elo.high
        );
    }
    out
}

/// One switch's worth: on against off, from every pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub name: String,
    /// The pairs of the side that had it on.
    pub pairs: Pentanomial,
    pub elo: EloEstimate,
}

impl Screen {
    pub fn new(switches: Vec<Switch>, opponent: Opponent, seed: u64) -> Screen {
        Screen {
            switches,
            opponent,
            seed,
            results: BTreeMap::new(),
        }
    }

    /// The values of pair k: each switch on for the side its sign picks.
    pub fn pair(&self, k: u64) -> Perturbation {
        let signs = signs(self.seed, k, self.switches.len());
        let side = |plus: bool| -> Vec<i64> {
            self.switches
                .iter()
                .zip(&signs)
                .map(|(s, &d)| if (d > 0.0) == plus { s.on } else { s.off })
                .collect()
        };
        Perturbation {
            k,
            plus: side(true),
            minus: side(false),
            signs,
        }
    }

    pub fn csv_header(&self) -> String {
        let names: Vec<&str> = self.switches.iter().map(|s| s.name.as_str()).collect();
        format!("{}{}", self.opponent.header(), names.join(","))
    }

    /// A line of the pairs file: the pair, its result, and each switch's sign
    /// (+1: on for the plus side), so the file can be read without the seed.
    pub fn csv_row(&self, p: &Perturbation, result: f64) -> String {
        let signs: Vec<&str> = p
            .signs
            .iter()
            .map(|&d| if d > 0.0 { "1" } else { "-1" })
            .collect();
        format!("{},{result},{}", p.k, signs.join(","))
    }

    /// Takes up a screening from its pairs file. The file must list the same
    /// switches, drawn with the same seed (`-srand`).
    pub fn resume(&mut self, csv: &str, source: &str) -> Result<(), String> {
        let (opponent, names, pairs) = parse_pairs_file(csv, source)?;
        if opponent != self.opponent {
            return Err(format!(
                "{source}: its pairs were played against {}, this screening's against {}",
                opponent.described(),
                self.opponent.described()
            ));
        }
        if !names.iter().eq(self.switches.iter().map(|s| &s.name)) {
            return Err(format!(
                "{source}: its switches differ from the switch file's"
            ));
        }
        for p in pairs {
            if p.signs != signs(self.seed, p.k, self.switches.len()) {
                return Err(format!(
                    "{source}: the signs of pair {} are not this seed's (another -srand?)",
                    p.k
                ));
            }
            self.results.insert(p.k, p.result);
        }
        Ok(())
    }

    /// The pairs played so far, with their signs.
    pub fn played(&self) -> Vec<PlayedPair> {
        self.results
            .iter()
            .map(|(&k, &result)| PlayedPair {
                k,
                result,
                signs: signs(self.seed, k, self.switches.len()),
            })
            .collect()
    }

    fn labels(&self) -> Vec<String> {
        self.switches
            .iter()
            .map(|s| format!("{} {} -> {}", s.name, s.off, s.on))
            .collect()
    }

    /// Each switch's worth so far, in the file's order.
    pub fn effects(&self) -> Vec<Effect> {
        effects(&self.labels(), &self.played())
    }

    /// The table of effects, best first.
    pub fn report(&self) -> String {
        match self.opponent {
            Opponent::Itself => effects_report(self.effects(), self.results.len()),
            Opponent::Rival => effects_vs_rival_report(
                effects_vs_rival(&self.labels(), &self.played()),
                self.results.len(),
            ),
        }
    }
}

/// The screening's use of each pair: its result kept and written down.
struct ScreenPlan<'a> {
    screen: &'a mut Screen,
    csv: &'a std::path::Path,
}

impl PairPlan for ScreenPlan<'_> {
    fn pair(&self, k: u64) -> Perturbation {
        self.screen.pair(k)
    }
    fn done(&mut self, p: &Perturbation, result: f64) -> Result<(), String> {
        self.screen.results.insert(p.k, result);
        append_line(self.csv, &self.screen.csv_row(p, result))
    }
    fn message(&self) -> String {
        String::new()
    }
}

/// Runs the screening (resuming with `-recover`); prints the effects at the end.
pub fn run_screen(
    c: &TournamentConfig,
    s: &ScreenConfig,
    stop: Arc<AtomicBool>,
    out: &mut dyn Write,
) -> Result<Screen, String> {
    let (engine, rival) = match c.engines.as_slice() {
        [engine] => (engine, None),
        [engine, rival] => (engine, Some(rival)),
        _ => return Err(
            "-screen plays one engine against itself, or against a rival: give one or two -engine"
                .into(),
        ),
    };
    let opponent = if rival.is_some() {
        Opponent::Rival
    } else {
        Opponent::Itself
    };
    let text = std::fs::read_to_string(&s.file)
        .map_err(|e| format!("cannot read {}: {e}", s.file.display()))?;
    let mut screen = Screen::new(
        parse_switches(&text, &s.file.display().to_string())?,
        opponent,
        c.seed,
    );
    let names: Vec<String> = screen.switches.iter().map(|s| s.name.clone()).collect();
    check_options(engine, &names)?;
    let csv_name = s.csv.display().to_string();
    match c.recover.then(|| read_to_resume(&s.csv, out)).transpose()? {
        Some(Some(text)) => {
            screen.resume(&text, &csv_name)?;
            writeln!(
                out,
                "Resumed from {csv_name} after {} pairs",
                screen.results.len()
            )
            .ok();
        }
        _ => std::fs::write(&s.csv, format!("{}\n", screen.csv_header()))
            .map_err(|e| format!("cannot write {csv_name}: {e}"))?,
    }
    let ks: Vec<u64> = (1..=s.pairs)
        .filter(|k| !screen.results.contains_key(k))
        .collect();
    let mut plan = ScreenPlan {
        screen: &mut screen,
        csv: &s.csv,
    };
    play_pairs(c, engine, rival, names, &ks, s.pairs, &mut plan, stop)?;
    write!(out, "{}", screen.report()).ok();
    if (screen.results.len() as u64) < s.pairs {
        writeln!(out, "Interrupted; rerun with -recover to go on.").ok();
    }
    Ok(screen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switches() -> Vec<Switch> {
        parse_switches("A 0 1\nB, 60, 90 # time\nC 0 4000\n", "f").unwrap()
    }

    #[test]
    fn the_switch_file_is_read_and_its_errors_name_the_line() {
        let s = switches();
        assert_eq!(s.len(), 3);
        assert_eq!(
            s[1],
            Switch {
                name: "B".into(),
                off: 60,
                on: 90
            }
        );
        for (bad, why) in [
            ("A 0\n", "got 2 fields"),
            ("A 0 x\n", "'x' is not a whole number"),
            ("A 1 1\n", "both off and on"),
            ("A 0 1\na 0 2\n", "twice"),
            ("# none\n", "no switches"),
        ] {
            let e = parse_switches(bad, "s.txt").unwrap_err();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
        assert!(parse_switches("A 0\n", "s.txt")
            .unwrap_err()
            .contains("s.txt line 1"));
    }

    #[test]
    fn the_two_sides_of_a_pair_play_each_switch_the_other_way() {
        let screen = Screen::new(switches(), Opponent::Itself, 7);
        let mut on_for_plus = [0; 3];
        for k in 1..=200 {
            let p = screen.pair(k);
            assert_eq!(p, screen.pair(k), "the same pair draws the same");
            for (i, s) in screen.switches.iter().enumerate() {
                let (plus, minus) = (p.plus[i], p.minus[i]);
                assert!(plus != minus && [s.off, s.on].contains(&plus));
                assert_eq!(plus == s.on, p.signs[i] > 0.0);
                on_for_plus[i] += usize::from(plus == s.on);
            }
        }
        // Balanced: each switch on for the plus side in about half the pairs.
        for n in on_for_plus {
            assert!((70..=130).contains(&n), "{n} of 200");
        }
    }

    #[test]
    fn effects_are_read_from_every_pair_and_the_file_resumes() {
        // A synthetic match: switch A is worth a lot, B hurts, C does nothing.
        let mut screen = Screen::new(switches(), Opponent::Itself, 11);
        let mut csv = format!("{}\n", screen.csv_header());
        let mut noise = 12345u64;
        for k in 1..=400 {
            let p = screen.pair(k);
            noise = noise
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let luck = ((noise >> 33) % 3) as f64 - 1.0; // -1, 0 or +1
                                                         // B costs its side a point in one pair of three.
            let b_costs = (noise >> 40).is_multiple_of(3);
            let b = if b_costs { -p.signs[1] } else { 0.0 };
            let r = (p.signs[0] + b + luck).clamp(-2.0, 2.0);
            screen.results.insert(k, r);
            csv += &format!("{}\n", screen.csv_row(&p, r));
        }
        let e = screen.effects();
        assert!(e[0].elo.low > 100.0, "A: {:?}", e[0].elo);
        assert!(e[1].elo.high < 0.0, "B: {:?}", e[1].elo);
        assert!(
            e[2].elo.low < 0.0 && e[2].elo.high > 0.0,
            "C: {:?}",
            e[2].elo
        );
        assert_eq!(e[0].pairs.pairs(), 400);
        let report = screen.report();
        assert!(report.starts_with("400 pairs"), "{report}");
        assert!(
            report.find("A 0 -> 1") < report.find("B 60 -> 90"),
            "best first: {report}"
        );

        // The pairs file gives the same state back, and refuses another seed.
        let mut again = Screen::new(switches(), Opponent::Itself, 11);
        again.resume(&csv, "p.csv").unwrap();
        assert_eq!(again.results, screen.results);
        let mut other = Screen::new(switches(), Opponent::Itself, 12);
        assert!(other.resume(&csv, "p.csv").unwrap_err().contains("-srand"));
        let mut fewer = Screen::new(switches()[..2].to_vec(), Opponent::Itself, 11);
        assert!(fewer.resume(&csv, "p.csv").unwrap_err().contains("differ"));

        // The file alone, without the seed, gives the same effects.
        let (opponent, names, pairs) = parse_pairs_file(&csv, "p.csv").unwrap();
        assert_eq!(opponent, Opponent::Itself);
        assert_eq!(names, ["A", "B", "C"]);
        assert_eq!(pairs, screen.played());
        let from_file: Vec<EloEstimate> = effects(&names, &pairs).iter().map(|e| e.elo).collect();
        let from_state: Vec<EloEstimate> = screen.effects().iter().map(|e| e.elo).collect();
        assert_eq!(from_file, from_state);
        for (bad, why) in [
            ("", "empty"),
            ("0\t1\tA\tB\t1-0\tmate\n", "not a pairs file"),
            ("pair,result,A\n1,2\n", "wrong number of fields"),
            ("pair,result,A\nx,2,1\n", "bad pair number"),
            ("pair,result,A\n1,3,1\n", "bad result"),
            ("pair,result,A\n1,0.5,1\n", "bad result"),
            ("pair,result,A\n1,2,0\n", "1 or -1"),
        ] {
            let e = parse_pairs_file(bad, "p.csv").unwrap_err();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
    }

    #[test]
    fn against_a_rival_each_switch_is_its_pairs_on_less_its_pairs_off() {
        // A synthetic match against a rival: switch A wins a point a pair
        // when on and loses one when off, B does nothing.
        let mut screen = Screen::new(switches(), Opponent::Rival, 5);
        let mut csv = format!("{}\n", screen.csv_header());
        assert!(csv.starts_with("pair,vs_rival,A,B,C"), "{csv}");
        let mut noise = 99u64;
        for k in 1..=300 {
            let p = screen.pair(k);
            noise = noise
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let luck = ((noise >> 33) % 3) as f64 - 1.0;
            let r = (p.signs[0] + luck).clamp(-2.0, 2.0);
            screen.results.insert(k, r);
            csv += &format!("{}\n", screen.csv_row(&p, r));
        }
        let e = effects_vs_rival(&screen.labels(), &screen.played());
        assert!(e[0].elo.low > 100.0, "A: {:?}", e[0]);
        assert!(e[0].elo_on > 0.0 && e[0].elo_off < 0.0, "A: {:?}", e[0]);
        assert_eq!(e[0].on.pairs() + e[0].off.pairs(), 300);
        assert!(e[1].elo.low < 0.0 && e[1].elo.high > 0.0, "B: {:?}", e[1]);
        // Against itself the same results would read otherwise: the rival's
        // file is not a self-play file.
        let (opponent, names, pairs) = parse_pairs_file(&csv, "r.csv").unwrap();
        assert_eq!(opponent, Opponent::Rival);
        assert_eq!(effects_vs_rival(&names, &pairs)[0].elo, e[0].elo);
        let report = screen.report();
        assert!(
            report.starts_with("300 pairs against the rival"),
            "{report}"
        );
        assert!(
            report.find("A 0 -> 1") < report.find("C 0 -> 4000"),
            "{report}"
        );
        // A file of the other kind does not resume this screening.
        let mut itself = Screen::new(switches(), Opponent::Itself, 5);
        let e = itself.resume(&csv, "r.csv").unwrap_err();
        assert!(e.contains("against a rival"), "{e}");
        let mut again = Screen::new(switches(), Opponent::Rival, 5);
        again.resume(&csv, "r.csv").unwrap();
        assert_eq!(again.results, screen.results);
    }
}
