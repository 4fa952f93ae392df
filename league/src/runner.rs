//! Runs a tournament: checks every input before the first game, plays the
//! schedule on several games at once (each worker owns its engine processes
//! and restarts one that misbehaved), writes PGN and the results file as
//! games end, shows the progress, stops early on an SPRT decision or Ctrl-C,
//! and prints the tables (and, for a league, the rating update).

use super::engine::{EngineConfig, EngineProcess, TrafficLog};
use super::game::{play_game, GameRecord, GameSettings};
use super::openings::{load_openings, shuffle, Order};
use super::pgn::{to_pgn, today, PgnHeader};
use super::ratings::{RatedGame, Ratings};
use super::report::{rating_table, score_table, sprt_line, sprt_state, summary, tally, GameResult};
use super::results;
use super::schedule::{round_robin, Pairing, Shard};
use super::stats::{Sprt, SprtStatus};
use chariot_core::Color;
use chariot_core::START_FEN;
use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    pub engines: Vec<EngineConfig>,
    pub settings: GameSettings,
    pub rounds: usize,
    pub games_per_encounter: usize,
    pub concurrency: usize,
    pub openings: Option<(PathBuf, Order)>,
    pub seed: u64,
    /// Play only this part of the schedule (a match split over machines).
    pub shard: Option<Shard>,
    pub sprt: Option<Sprt>,
    pub pgn_out: Option<PathBuf>,
    pub results_file: PathBuf,
    pub recover: bool,
    pub rating_interval: usize,
    /// League mode: update the rating list at the end.
    pub league: bool,
    pub ratings_file: PathBuf,
    pub event: String,
    pub site: String,
    /// Directory for one protocol log per game.
    pub log_dir: Option<PathBuf>,
    pub progress: bool,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        TournamentConfig {
            engines: Vec::new(),
            settings: GameSettings::default(),
            rounds: 1,
            games_per_encounter: 2,
            concurrency: 1,
            openings: None,
            seed: 1,
            shard: None,
            sprt: None,
            pgn_out: None,
            results_file: PathBuf::from("league-results.tsv"),
            recover: false,
            rating_interval: 0,
            league: false,
            ratings_file: PathBuf::from("league-ratings.txt"),
            event: "Chariot league".into(),
            site: "local".into(),
            log_dir: None,
            progress: true,
        }
    }
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Summary {
    pub names: Vec<String>,
    pub games: Vec<GameResult>,
    pub scheduled: usize,
    pub interrupted: bool,
    pub sprt_status: Option<SprtStatus>,
    pub ratings: Option<(Ratings, Ratings)>,
}

/// Starts each engine once and asks it to quit: a missing binary or an engine
/// that does not speak the protocol is an error before any game.
pub fn check_engines(engines: &[EngineConfig]) -> Result<(), String> {
    for e in engines {
        let p = EngineProcess::start(e, &mut TrafficLog::new(false))?;
        p.quit();
    }
    Ok(())
}

fn validate(c: &TournamentConfig) -> Result<(), String> {
    if c.engines.len() < 2 {
        return Err("at least two engines are needed (-engine cmd=... twice)".into());
    }
    for (i, e) in c.engines.iter().enumerate() {
        if c.engines[..i].iter().any(|o| o.name == e.name) {
            return Err(format!(
                "two engines are named '{}': give each a name=",
                e.name
            ));
        }
        if e.name.contains('\t') || e.name.contains('"') {
            return Err(format!(
                "engine name '{}' may not hold tabs or quotes",
                e.name
            ));
        }
    }
    if let Some(s) = &c.sprt {
        s.validate()?;
        if c.engines.len() != 2 {
            return Err("SPRT needs exactly two engines".into());
        }
    }
    if c.rounds == 0 || c.games_per_encounter == 0 {
        return Err("rounds and games must be at least 1".into());
    }
    Ok(())
}

struct Job {
    pairing: Pairing,
}

struct Done {
    pairing: Pairing,
    record: GameRecord,
    log: Vec<String>,
}

/// One worker: its own processes of every engine, started when first needed.
fn worker(
    engines: Vec<EngineConfig>,
    settings: GameSettings,
    log_games: bool,
    jobs: crossbeam_channel::Receiver<Job>,
    done: crossbeam_channel::Sender<Result<Done, String>>,
    stop: Arc<AtomicBool>,
) {
    let mut procs: Vec<Option<EngineProcess>> = engines.iter().map(|_| None).collect();
    while let Ok(Job { pairing }) = jobs.recv() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let mut log = TrafficLog::new(log_games);
        let seats = [(pairing.red, Color::Red), (pairing.black, Color::Black)];
        let mut forfeit = None;
        for (e, color) in seats {
            if procs[e].is_none() {
                match EngineProcess::start(&engines[e], &mut log) {
                    Ok(p) => procs[e] = Some(p),
                    Err(msg) => {
                        forfeit = Some(super::adjudication::fault(
                            color,
                            super::adjudication::Termination::Crash,
                            &format!("could not be (re)started: {msg}"),
                        ));
                        break;
                    }
                }
            }
        }
        let record = match forfeit {
            Some(ending) => GameRecord {
                start_fen: pairing.fen.clone(),
                moves: Vec::new(),
                notes: Vec::new(),
                ending,
            },
            None => {
                let mut red = procs[pairing.red].take().expect("started above");
                let mut black = procs[pairing.black].take().expect("started above");
                let r = play_game(
                    [&mut red, &mut black],
                    &pairing.fen,
                    &settings,
                    &mut log,
                    &stop,
                );
                procs[pairing.red] = Some(red);
                procs[pairing.black] = Some(black);
                match r {
                    Err(e) => {
                        let _ = done.send(Err(e));
                        break;
                    }
                    Ok(None) => break,
                    Ok(Some(rec)) => rec,
                }
            }
        };
        if let Some(side) = record.faulty_side() {
            let e = if side == Color::Red {
                pairing.red
            } else {
                pairing.black
            };
            procs[e] = None; // dropped: killed, restarted for its next game
        }
        if done
            .send(Ok(Done {
                pairing,
                record,
                log: log.lines,
            }))
            .is_err()
        {
            break;
        }
    }
    for p in procs.into_iter().flatten() {
        p.quit();
    }
}

fn progress_message(names: &[String], games: &[GameResult]) -> String {
    let t = tally(names.len(), games);
    if names.len() == 2 {
        let r = t[0];
        format!(
            "{} {:.1} - {:.1} {}  (+{} ={} -{})",
            names[0],
            r.wins as f64 + 0.5 * r.draws as f64,
            r.losses as f64 + 0.5 * r.draws as f64,
            names[1],
            r.wins,
            r.draws,
            r.losses
        )
    } else {
        let best = (0..names.len())
            .max_by(|&a, &b| t[a].score().total_cmp(&t[b].score()))
            .unwrap_or(0);
        format!(
            "leader {} {:.1}/{}",
            names[best],
            t[best].wins as f64 + 0.5 * t[best].draws as f64,
            t[best].games()
        )
    }
}

/// The openings in the order the encounters take them (the start position
/// without `-openings`).
fn openings(c: &TournamentConfig) -> Result<Vec<String>, String> {
    let mut openings = match &c.openings {
        Some((path, _)) => load_openings(path)?,
        None => vec![START_FEN.to_string()],
    };
    if let Some((_, Order::Random)) = &c.openings {
        shuffle(&mut openings, c.seed);
    }
    Ok(openings)
}

/// The games of the whole match and the part of them this run plays (all,
/// or one shard's).
struct Schedule {
    whole: Vec<Pairing>,
    ours: Vec<Pairing>,
}

impl Schedule {
    fn new(c: &TournamentConfig, openings: &[String]) -> Schedule {
        let whole = round_robin(c.engines.len(), c.rounds, c.games_per_encounter, openings);
        let ours = match c.shard {
            Some(shard) => shard.of(&whole, c.games_per_encounter),
            None => whole.clone(),
        };
        Schedule { whole, ours }
    }

    /// Under `-recover`, the games the results file holds; a shard refuses
    /// another shard's file.
    fn recovered(&self, c: &TournamentConfig, names: &[String]) -> Result<Vec<GameResult>, String> {
        if !c.recover {
            return Ok(Vec::new());
        }
        let games = results::load(&c.results_file, names, &self.whole)?;
        if let Some(shard) = c.shard {
            if let Some(g) = games
                .iter()
                .find(|g| !shard.holds(g.index, c.games_per_encounter))
            {
                return Err(format!(
                    "{}: game {} is not in shard {}/{}: this results file is another shard's",
                    c.results_file.display(),
                    g.index,
                    shard.k,
                    shard.n
                ));
            }
        }
        Ok(games)
    }

    /// Our games not yet played.
    fn pending(&self, played: &[GameResult]) -> Vec<Pairing> {
        self.ours
            .iter()
            .filter(|p| !played.iter().any(|g| g.index == p.index))
            .cloned()
            .collect()
    }
}

/// The files every finished game is written to.
struct Outputs {
    results: File,
    /// The `-pgnout` file and its path.
    pgn: Option<(File, PathBuf)>,
}

impl Outputs {
    /// Opens the results file (emptied unless `-recover`) and the PGN file,
    /// and creates the log directory.
    fn open(c: &TournamentConfig) -> Result<Outputs, String> {
        let results = results::open_append(&c.results_file, !c.recover)?;
        // PGN is always appended (as cutechess does): never lose earlier games.
        let pgn = match &c.pgn_out {
            Some(p) => Some((results::open_append(p, false)?, p.clone())),
            None => None,
        };
        if let Some(dir) = &c.log_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create log directory {}: {e}", dir.display()))?;
        }
        Ok(Outputs { results, pgn })
    }
}

/// The progress bar over `games` games (hidden under `-noprogress`).
fn progress_bar(shown: bool, games: usize) -> ProgressBar {
    let pb = if shown {
        ProgressBar::new(games as u64)
    } else {
        ProgressBar::hidden()
    };
    pb.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed_precise}]",
        )
        .expect("valid template"),
    );
    pb
}

/// The worker threads and the channel their finished games come back on.
struct Workers {
    threads: Vec<JoinHandle<()>>,
    done: Receiver<Result<Done, String>>,
}

impl Workers {
    /// Queues the pending games and starts `c.concurrency` workers on them;
    /// `halt` stops them.
    fn start(c: &TournamentConfig, pending: Vec<Pairing>, halt: &Arc<AtomicBool>) -> Workers {
        let (job_tx, job_rx) = unbounded();
        for p in pending {
            job_tx.send(Job { pairing: p }).expect("receiver alive");
        }
        drop(job_tx);
        let (done_tx, done_rx) = unbounded();
        let threads = (0..c.concurrency.max(1))
            .map(|_| {
                let (engines, settings) = (c.engines.clone(), c.settings.clone());
                let (jobs, done, st) = (job_rx.clone(), done_tx.clone(), halt.clone());
                let log_games = c.log_dir.is_some();
                std::thread::spawn(move || worker(engines, settings, log_games, jobs, done, st))
            })
            .collect();
        Workers {
            threads,
            done: done_rx,
        }
    }

    fn join(self) {
        for t in self.threads {
            let _ = t.join();
        }
    }
}

/// A match under way: the games finished so far and where each new one goes.
struct Match<'a> {
    c: &'a TournamentConfig,
    names: Vec<String>,
    /// Each opening played an even number of times, colours alternating:
    /// the statistics count game pairs.
    paired: bool,
    games: Vec<GameResult>,
    /// The games this run plays, finished or not.
    scheduled: usize,
    outputs: Outputs,
    progress: ProgressBar,
    /// Raised by Ctrl-C.
    stop: Arc<AtomicBool>,
    /// Stops the workers: on Ctrl-C, an SPRT decision or an error.
    halt: Arc<AtomicBool>,
    /// The error a worker met.
    error: Option<String>,
}

impl Match<'_> {
    /// The SPRT's decision, once it has one.
    fn sprt_decided(&self) -> Option<SprtStatus> {
        self.c
            .sprt
            .map(|s| sprt_state(&s, &self.games, self.paired).1)
            .filter(|s| *s != SprtStatus::Continue)
    }

    /// Takes the finished games until every worker has ended.
    fn collect(
        &mut self,
        done: &Receiver<Result<Done, String>>,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                self.halt.store(true, Ordering::Relaxed);
            }
            match done.recv_timeout(Duration::from_millis(100)) {
                Ok(Ok(d)) => self.finished(d, out)?,
                Ok(Err(e)) => {
                    self.error = Some(e);
                    self.halt.store(true, Ordering::Relaxed);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
        }
    }

    /// One finished game: its PGN, log and results line are written, the
    /// progress shown, and an SPRT decision stops the match.
    fn finished(&mut self, d: Done, out: &mut dyn Write) -> Result<(), String> {
        let p = &d.pairing;
        let result = GameResult {
            index: p.index,
            round: p.round,
            red: p.red,
            black: p.black,
            outcome: d.record.ending.outcome,
            termination: d.record.ending.termination,
        };
        self.write_pgn(&d)?;
        self.write_log(&d)?;
        results::append(
            &mut self.outputs.results,
            &results::format_line(&result, &self.names),
            &self.c.results_file,
        )?;
        self.games.push(result);
        self.progress.inc(1);
        self.progress
            .set_message(progress_message(&self.names, &self.games));
        let every = self.c.rating_interval;
        if every > 0 && self.games.len().is_multiple_of(every) {
            self.show_table(out);
        }
        if self.sprt_decided().is_some() {
            self.halt.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    fn write_pgn(&mut self, d: &Done) -> Result<(), String> {
        let time_control = self.time_control(d.pairing.red, d.pairing.black);
        let Some((file, path)) = &mut self.outputs.pgn else {
            return Ok(());
        };
        let p = &d.pairing;
        let header = PgnHeader {
            event: self.c.event.clone(),
            site: self.c.site.clone(),
            date: today(),
            round: format!("{}.{}", p.round, p.index + 1),
            red: self.names[p.red].clone(),
            black: self.names[p.black].clone(),
            time_control,
        };
        results::append(file, &to_pgn(&header, &d.record), path)
    }

    /// The TimeControl tag: the limit, or each side's when they differ.
    fn time_control(&self, red: usize, black: usize) -> String {
        let of = |e: usize| self.c.engines[e].limit_or(self.c.settings.limit);
        let (r, b) = (of(red), of(black));
        if r == b {
            r.describe()
        } else {
            format!("Red {}, Black {}", r.describe(), b.describe())
        }
    }

    /// The game's protocol traffic to `-log DIR`/game-N.log.
    fn write_log(&self, d: &Done) -> Result<(), String> {
        let Some(dir) = &self.c.log_dir else {
            return Ok(());
        };
        let path = dir.join(format!("game-{}.log", d.pairing.index + 1));
        let text = d.log.join("\n") + "\n";
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// The table of `-ratinginterval`.
    fn show_table(&self, out: &mut dyn Write) {
        let mut text = format!(
            "After {} games:\n{}",
            self.games.len(),
            score_table(&self.names, &self.games, self.paired)
        );
        if let Some(s) = &self.c.sprt {
            text.push_str(&sprt_line(s, &self.games, self.paired));
        }
        // A hidden bar prints nothing, so then write straight out.
        if self.progress.is_hidden() {
            out.write_all(text.as_bytes()).ok();
        } else {
            self.progress.println(text.trim_end());
        }
    }

    /// Stopped by Ctrl-C before the end (an SPRT decision is an end).
    fn interrupted(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            && self.games.len() < self.scheduled
            && self.sprt_decided().is_none()
    }

    /// The league's new ratings (rule 2.4), saved to the ratings file.
    fn update_ratings(&self, before: &Ratings) -> Result<Ratings, String> {
        let rated: Vec<RatedGame> = self
            .games
            .iter()
            .map(|g| RatedGame {
                red: self.names[g.red].clone(),
                black: self.names[g.black].clone(),
                red_score: g.outcome.red_score(),
            })
            .collect();
        let after = before.updated(&rated);
        after.save(&self.c.ratings_file)?;
        Ok(after)
    }

    /// Prints the tables, and for a finished league updates the ratings.
    fn report(
        mut self,
        ratings_before: Option<Ratings>,
        out: &mut dyn Write,
    ) -> Result<Summary, String> {
        self.games.sort_by_key(|g| g.index);
        let interrupted = self.interrupted();
        let mut report = summary(&self.names, &self.games, self.paired, self.c.sprt.as_ref());
        let mut ratings = None;
        if let Some(before) = ratings_before {
            if interrupted {
                report.push_str(
                    "The league is unfinished: ratings are updated when every game is played.\n",
                );
            } else {
                let after = self.update_ratings(&before)?;
                report.push_str(&format!(
                    "Rating update (rule 2.4), saved in {}:\n",
                    self.c.ratings_file.display()
                ));
                report.push_str(&rating_table(&self.names, &before, &after));
                ratings = Some((before, after));
            }
        }
        if interrupted {
            report.push_str(&format!(
                "Interrupted after {} of {} games; rerun with -recover to play the rest.\n",
                self.games.len(),
                self.scheduled
            ));
        }
        out.write_all(report.as_bytes()).ok();
        Ok(Summary {
            sprt_status: self.sprt_decided(),
            names: self.names,
            scheduled: self.scheduled,
            games: self.games,
            interrupted,
            ratings,
        })
    }
}

/// Runs the tournament; the tables go to `out`. `stop` is raised by Ctrl-C.
pub fn run(
    c: &TournamentConfig,
    stop: Arc<AtomicBool>,
    out: &mut dyn Write,
) -> Result<Summary, String> {
    validate(c)?;
    let names: Vec<String> = c.engines.iter().map(|e| e.name.clone()).collect();
    let openings = openings(c)?;
    check_engines(&c.engines)?;
    let ratings_before = if c.league {
        Some(Ratings::load(&c.ratings_file)?)
    } else {
        None
    };
    let schedule = Schedule::new(c, &openings);
    let games = schedule.recovered(c, &names)?;
    let outputs = Outputs::open(c)?;
    let pending = schedule.pending(&games);
    if !games.is_empty() {
        writeln!(
            out,
            "Recovered {} finished games from {}",
            games.len(),
            c.results_file.display()
        )
        .ok();
    }

    let mut m = Match {
        c,
        names,
        paired: c.games_per_encounter.is_multiple_of(2),
        games,
        scheduled: schedule.ours.len(),
        outputs,
        progress: progress_bar(c.progress, schedule.ours.len()),
        stop,
        halt: Arc::new(AtomicBool::new(false)),
        error: None,
    };
    m.progress.set_position(m.games.len() as u64);
    m.progress.set_message(progress_message(&m.names, &m.games));
    if m.sprt_decided().is_none() && !pending.is_empty() {
        let workers = Workers::start(c, pending, &m.halt);
        m.collect(&workers.done, out)?;
        workers.join();
    }
    m.progress.finish_and_clear();
    if let Some(e) = m.error.take() {
        return Err(e);
    }
    m.report(ratings_before, out)
}
