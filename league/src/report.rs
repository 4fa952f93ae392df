//! The score table: per engine games, wins, draws, losses, score and Elo with
//! its 95% interval; for a match the Elo difference and the SPRT state; for a
//! league the rating update.

use super::adjudication::{GameOutcome, Termination};
use super::ratings::Ratings;
use super::stats::{elo_estimate, Sprt, SprtStatus, Wdl};

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
pub fn score_table(names: &[String], games: &[GameResult]) -> String {
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
        let e = elo_estimate(r);
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

/// The first engine's result against the second (for a two-engine match).
pub fn head_to_head(names: &[String], games: &[GameResult]) -> String {
    let r = tally(names.len(), games)[0];
    let e = elo_estimate(&r);
    format!(
        "{} vs {}: {} games, +{} ={} -{}, score {:.1}%, Elo difference {} (95% interval {} .. {})\n",
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

pub fn sprt_line(sprt: &Sprt, r: &Wdl) -> String {
    let status = match sprt.status(r) {
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
        sprt.llr(r),
        sprt.lower_bound(),
        sprt.upper_bound()
    )
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
