//! Labels from another engine: each position of a data file searched by a
//! UCI or UCCI engine at a fixed node count, its score (turned to Red's view
//! and scaled to our evaluation's units) in place of the file's, the game's
//! result kept. A stronger engine's judgement is data our own search cannot
//! give (docs/tuning.md, "Labels from another engine").

use crate::record::Record;
use chariot_core::{Color, Position};
use chariot_league::engine::{EngineConfig, EngineProcess, Reply, TrafficLog};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How the positions are searched.
#[derive(Clone, Debug)]
pub struct Config {
    pub engine: EngineConfig,
    /// Nodes a position.
    pub nodes: u64,
    /// Engine processes searching side by side.
    pub workers: usize,
    /// The engine's score times this is the label (its units to ours).
    pub scale: f64,
    /// A score this large (in the engine's units) or larger is a mate or a
    /// won game, not an evaluation: the position is skipped. UCCI engines
    /// give a mate as 10000 less its distance (a perpetual near 9900), UCI
    /// ones `mate N`, read as 30000 less N.
    pub decisive: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            engine: EngineConfig::default(),
            nodes: 20_000,
            workers: 1,
            scale: 1.0,
            decisive: 9_000,
        }
    }
}

/// What the engine made of one position.
#[derive(Clone, Debug, PartialEq)]
pub enum Label {
    /// The record with the engine's score.
    Scored(Record),
    /// No evaluation to learn from (a mate score, or none at all): the
    /// reason, kept as a comment line so that the output has a line for
    /// every input record.
    Skipped(String),
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Label::Scored(r) => write!(f, "{r}"),
            Label::Skipped(why) => write!(f, "# skipped: {why}"),
        }
    }
}

/// The engine processes of a labelling run, started once.
pub struct Labeller {
    config: Config,
    engines: Vec<EngineProcess>,
}

impl Labeller {
    /// Starts `config.workers` engines (any failure names the engine).
    pub fn start(config: &Config) -> Result<Labeller, String> {
        let mut log = TrafficLog::new(false);
        let engines = (0..config.workers.max(1))
            .map(|_| EngineProcess::start(&config.engine, &mut log))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Labeller {
            config: config.clone(),
            engines,
        })
    }

    /// The labels of `records`, in their order. The engines take the next
    /// record as each finishes one; an engine that crashes or does not
    /// answer ends the run with an error.
    pub fn label(&mut self, records: &[Record]) -> Result<Vec<Label>, String> {
        let next = AtomicUsize::new(0);
        let config = &self.config;
        let per_engine: Vec<Result<Vec<(usize, Label)>, String>> = std::thread::scope(|s| {
            let handles: Vec<_> = self
                .engines
                .iter_mut()
                .map(|engine| {
                    let next = &next;
                    s.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(record) = records.get(i) else {
                                return Ok(done);
                            };
                            done.push((i, label_one(engine, config, record)?));
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a labelling thread panicked"))
                .collect()
        });
        let mut labels: Vec<Option<Label>> = vec![None; records.len()];
        for done in per_engine {
            for (i, label) in done? {
                labels[i] = Some(label);
            }
        }
        Ok(labels
            .into_iter()
            .map(|l| l.expect("every record labelled"))
            .collect())
    }

    /// Ends the engines.
    pub fn quit(self) {
        for e in self.engines {
            e.quit();
        }
    }
}

/// One record searched by one engine.
fn label_one(
    engine: &mut EngineProcess,
    config: &Config,
    record: &Record,
) -> Result<Label, String> {
    let pos =
        Position::from_fen(&record.fen).map_err(|e| format!("bad FEN '{}': {e}", record.fen))?;
    let mut log = TrafficLog::new(false);
    let setup = [format!("position fen {}", record.fen)];
    let go = format!("go nodes {}", config.nodes);
    let thought = engine.think(&setup, &go, 60_000, 5_000, &mut log);
    let name = &config.engine.name;
    let score = match thought.reply {
        Reply::BestMove { .. } => thought.score,
        Reply::NoMove => return Ok(Label::Skipped(format!("no move: {}", record.fen))),
        Reply::Crashed => return Err(format!("engine {name} ended on {}", record.fen)),
        Reply::NoAnswer => return Err(format!("engine {name} did not answer on {}", record.fen)),
    };
    let Some(score) = score else {
        return Ok(Label::Skipped(format!("no score: {}", record.fen)));
    };
    if score.abs() >= config.decisive {
        return Ok(Label::Skipped(format!(
            "decisive score {score}: {}",
            record.fen
        )));
    }
    let red = if pos.side_to_move() == Color::Red {
        score
    } else {
        -score
    };
    Ok(Label::Scored(Record {
        fen: record.fen.clone(),
        score: (f64::from(red) * config.scale).round() as i32,
        result: record.result,
    }))
}
