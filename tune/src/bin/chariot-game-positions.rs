//! chariot-game-positions: training positions from games already played
//! (PGN, as chariot-league writes them), scored by our own search or by an
//! engine's own move notes, and labelled with each game's result. See
//! docs/tuning.md.

use chariot_core::pgn::{read_games, PgnGame};
use chariot_tune::cli::{exit, value};
use chariot_tune::game_positions::{all_records, Config, NotesOf};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: chariot-game-positions -o FILE [--nodes N] [--skip-plies N]
                              [--threads T] [--hash MB] GAMES.pgn ...
       chariot-game-positions -o FILE --notes-of NAME [--min-depth D] [--scale S]
                              [--decisive C] [--skip-plies N] [--threads T] GAMES.pgn ...
  Replays every game of the PGN files and writes its quiet positions as
  FEN;score;result: the score from a search of N nodes (5000), the result
  the game's. Games without a result are skipped; FILE must not exist.
  With --notes-of, only the positions where the engine NAME (as the games'
  Red or Black tag gives it) was to move, scored by its own move note
  ({+0.22/17 0.336s}) times S (1), when its search reached depth D (10)
  and the score is below C centipawns (9000): nothing is searched.";

struct Args {
    cfg: Config,
    out: PathBuf,
    inputs: Vec<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut cfg = Config::default();
    let mut out = None;
    let mut inputs = Vec::new();
    let mut notes = NotesOf {
        engine: String::new(),
        min_depth: 10,
        scale: 1.0,
        decisive: 9_000,
    };
    let mut given: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        given.push(arg);
        match arg.as_str() {
            "-o" | "--out" => out = Some(PathBuf::from(value::<String>(arg, it.next())?)),
            "--nodes" => cfg.nodes = value(arg, it.next())?,
            "--hash" => cfg.hash_mb = value(arg, it.next())?,
            "--notes-of" => notes.engine = value(arg, it.next())?,
            "--min-depth" => notes.min_depth = value(arg, it.next())?,
            "--scale" => notes.scale = value(arg, it.next())?,
            "--decisive" => notes.decisive = value(arg, it.next())?,
            "--skip-plies" => cfg.skip_plies = value(arg, it.next())?,
            "--threads" => cfg.threads = value(arg, it.next())?,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown argument '{flag}'")),
            path => inputs.push(PathBuf::from(path)),
        }
    }
    let any_of = |flags: &[&str]| given.iter().any(|g| flags.contains(g));
    if cfg.nodes == 0 || cfg.threads == 0 || cfg.hash_mb == 0 {
        return Err("--nodes, --threads and --hash must be at least 1".into());
    }
    if any_of(&["--notes-of"]) {
        if any_of(&["--nodes", "--hash"]) {
            return Err("--nodes and --hash set the search, which --notes-of replaces".into());
        }
        if notes.engine.is_empty() {
            return Err("--notes-of needs an engine's name".into());
        }
        if !(notes.scale.is_finite() && notes.scale > 0.0) || notes.decisive < 1 {
            return Err("--scale must be a positive number and --decisive at least 1".into());
        }
        cfg.notes_of = Some(notes);
    } else if any_of(&["--min-depth", "--scale", "--decisive"]) {
        return Err("--min-depth, --scale and --decisive need --notes-of NAME".into());
    }
    if inputs.is_empty() {
        return Err("no PGN file given".into());
    }
    let out = out.ok_or("-o FILE is required")?;
    Ok(Args { cfg, out, inputs })
}

fn read_all(inputs: &[PathBuf]) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    for path in inputs {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        games.extend(read_games(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    Ok(games)
}

fn main_inner(args: Args) -> Result<(), String> {
    let Args { cfg, out, inputs } = args;
    if out.exists() {
        return Err(format!("{} exists: remove it first", out.display()));
    }
    // Every file is read and checked before anything is searched or written.
    let games = read_all(&inputs)?;
    if let Some(of) = &cfg.notes_of {
        let played =
            |g: &PgnGame| [g.tag("Red"), g.tag("Black")].contains(&Some(of.engine.as_str()));
        if !games.iter().any(played) {
            let mut names: Vec<&str> = games
                .iter()
                .flat_map(|g| [g.tag("Red"), g.tag("Black")])
                .flatten()
                .collect();
            names.sort_unstable();
            names.dedup();
            return Err(format!(
                "no game has '{}' as Red or Black (the games' players: {})",
                of.engine,
                names.join(", ")
            ));
        }
    }
    let records = all_records(&cfg, &games)?;
    let file =
        std::fs::File::create(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let mut tally = [0u32; 3]; // Red wins, draws, Black wins
    let mut positions = 0usize;
    for (game, kept) in games.iter().zip(&records) {
        match game.red_half_points() {
            Some(points) => tally[2 - points as usize] += 1,
            None => continue,
        }
        for r in kept {
            writeln!(writer, "{r}").map_err(|e| format!("{}: {e}", out.display()))?;
        }
        positions += kept.len();
    }
    writer
        .flush()
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let scored: u32 = tally.iter().sum();
    eprintln!(
        "{} games read, {scored} with a result (+{} ={} -{} for Red), {positions} positions written to {}",
        games.len(),
        tally[0],
        tally[1],
        tally[2],
        out.display()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    exit(
        "chariot-game-positions",
        USAGE,
        parse_args(&args),
        main_inner,
    )
}
