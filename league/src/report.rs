//! The score table: per engine games, wins, draws, losses, score and Elo with
//! its 95% interval; for a match the Elo difference and the SPRT state; for a
//! league the rating update. Where every opening is played twice with colours
//! swapped (`paired`), the interval and the SPRT count game pairs
//! (pentanomial), not single games.

use super::adjudication::{GameOutcome, Termination};
use super::ratings::Ratings;
use super::stats::{
    elo_estimate, elo_estimate_pairs, EloEstimate, Pentanomial, Sprt, SprtStatus, Wdl,
};

/// A finished game as the tables need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub index: usize,
    pub round: usize,
    pub red: usize,
    pub black: usize,
    pub outcome: GameOutcome,
    pub termination: Termination,
}

/// Each engine's wins, draws and losses.
pub fn tally(engines: usize, games: &[GameResult]) -> Vec<Wdl> {
    let mut t = vec![Wdl::default(); engines];
    let add = |w: &mut Wdl, score: f64| {
        if score == 1.0 {
            w.wins += 1;
        } else if score == 0.0 {
            w.losses += 1;
        } else {
            w.draws += 1;
        }
    };
    for g in games {
        let red = g.outcome.red_score();
        add(&mut t[g.red], red);
        add(&mut t[g.black], 1.0 - red);
    }
    t
}

/// Each engine's finished game pairs: games 2k and 2k+1 of one round between
/// the same two engines with colours swapped (an encounter of an even number
/// of games holds such pairs only). A game whose partner is not finished yet
/// is left out.
pub fn pair_tally(engines: usize, games: &[GameResult]) -> Vec<Pentanomial> {
    let mut t = vec![Pentanomial::default(); engines];
    let mut by_index: Vec<&GameResult> = games.iter().collect();
    by_index.sort_by_key(|g| g.index);
    for w in by_index.windows(2) {
        let (a, b) = (w[0], w[1]);
        let pair = a.index % 2 == 0
            && b.index == a.index + 1
            && a.round == b.round
            && a.red == b.black
            && a.black == b.red;
        if pair {
            let red_points = a.outcome.red_score() + 1.0 - b.outcome.red_score();
            t[a.red].add(red_points);
            t[a.black].add(2.0 - red_points);
        }
    }
    t
}

/// Engine `i`'s Elo with its interval: from its game pairs when `paired`.
fn estimate(i: usize, games: &[GameResult], engines: usize, paired: bool) -> EloEstimate {
    if paired {
        elo_estimate_pairs(&pair_tally(engines, games)[i])
    } else {
        elo_estimate(&tally(engines, games)[i])
    }
}

fn fmt_elo(x: f64) -> String {
    if x.is_finite() {
        // Avoid printing "-0.0" for an even score.
        let x = if x.abs() < 0.05 { 0.0 } else { x };
        format!("{x:+.1}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// The main table, best score first.
pub fn score_table(names: &[String], games: &[GameResult], paired: bool) -> String {
    let t = tally(names.len(), games);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(6);
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| t[b].score().total_cmp(&t[a].score()));
    let mut s = format!(
        "{:>4} {:<width$} {:>6} {:>5} {:>5} {:>5} {:>7} {:>8} {:>7}\n",
        "Rank", "Engine", "Games", "W", "D", "L", "Score", "Elo", "+/-"
    );
    for (rank, &i) in order.iter().enumerate() {
        let r = &t[i];
        let e = estimate(i, games, names.len(), paired);
        let margin = if e.margin().is_finite() {
            format!("{:.1}", e.margin())
        } else {
            "-".into()
        };
        s.push_str(&format!(
            "{:>4} {:<width$} {:>6} {:>5} {:>5} {:>5} {:>6.1}% {:>8} {:>7}\n",
            rank + 1,
            names[i],
            r.games(),
            r.wins,
            r.draws,
            r.losses,
            100.0 * r.score(),
            fmt_elo(e.elo),
            margin
        ));
    }
    s
}

/// The first engine's result against the second (for a two-engine match),
/// with its pairs' pentanomial when `paired`.
pub fn head_to_head(names: &[String], games: &[GameResult], paired: bool) -> String {
    let r = tally(names.len(), games)[0];
    let e = estimate(0, games, names.len(), paired);
    let pairs = if paired {
        let p = pair_tally(names.len(), games)[0];
        let c = p.counts;
        format!(
            "{} pairs scoring 0/0.5/1/1.5/2: {} {} {} {} {}\n",
            p.pairs(),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4]
        )
    } else {
        String::new()
    };
    format!(
        "{} vs {}: {} games, +{} ={} -{}, score {:.1}%, Elo difference {} (95% interval {} .. {})\n{pairs}",
        names[0],
        names[1],
        r.games(),
        r.wins,
        r.draws,
        r.losses,
        100.0 * r.score(),
        fmt_elo(e.elo),
        fmt_elo(e.low),
        fmt_elo(e.high)
    )
}

/// The SPRT's state for the first of two engines: from its game pairs when
/// `paired`.
pub fn sprt_line(sprt: &Sprt, games: &[GameResult], paired: bool) -> String {
    let (llr, status) = sprt_state(sprt, games, paired);
    let status = match status {
        SprtStatus::Continue => "continue",
        SprtStatus::AcceptH0 => "H0 accepted",
        SprtStatus::AcceptH1 => "H1 accepted",
    };
    format!(
        "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} (bounds {:.3} .. {:.3}) {status}\n",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        llr,
        sprt.lower_bound(),
        sprt.upper_bound()
    )
}

/// The LLR and the verdict for the first of two engines.
pub fn sprt_state(sprt: &Sprt, games: &[GameResult], paired: bool) -> (f64, SprtStatus) {
    if paired {
        let p = pair_tally(2, games)[0];
        (sprt.llr_pairs(&p), sprt.status_pairs(&p))
    } else {
        let r = tally(2, games)[0];
        (sprt.llr(&r), sprt.status(&r))
    }
}

/// The report at the end of a match: the table, the head-to-head line (two
/// engines), the SPRT's state and the endings.
pub fn summary(
    names: &[String],
    games: &[GameResult],
    paired: bool,
    sprt: Option<&Sprt>,
) -> String {
    let mut report = score_table(names, games, paired);
    if names.len() == 2 {
        report.push_str(&head_to_head(names, games, paired));
    }
    if let Some(s) = sprt {
        report.push_str(&sprt_line(s, games, paired));
    }
    report.push_str(&terminations(games));
    report
}

/// How many games ended each way.
pub fn terminations(games: &[GameResult]) -> String {
    let mut s = String::from("Endings:");
    for t in Termination::ALL {
        let n = games.iter().filter(|g| g.termination == t).count();
        if n > 0 {
            s.push_str(&format!(" {} {n},", t.key()));
        }
    }
    s.pop_if_comma();
    s.push('\n');
    s
}

trait PopComma {
    fn pop_if_comma(&mut self);
}
impl PopComma for String {
    fn pop_if_comma(&mut self) {
        if self.ends_with(',') {
            self.pop();
        }
    }
}

/// Ratings before and after the event.
pub fn rating_table(names: &[String], before: &Ratings, after: &Ratings) -> String {
    let width = names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
    let mut s = format!(
        "{:<width$} {:>8} {:>8} {:>7} {:>6}\n",
        "Engine", "Before", "After", "Change", "Events"
    );
    let mut order: Vec<&String> = names.iter().collect();
    order.sort_by(|a, b| after.get(b).rating.total_cmp(&after.get(a).rating));
    for n in order {
        let (b, a) = (before.get(n), after.get(n));
        s.push_str(&format!(
            "{:<width$} {:>8.1} {:>8.1} {:>+7.1} {:>6}\n",
            n,
            b.rating,
            a.rating,
            a.rating - b.rating,
            a.events
        ));
    }
    s
}
