//! chariot-league: the match and league runner (see `chariot-league -help`).

use chariot_league::cli::{parse_args, Invocation, ReportConfig, HELP};
use chariot_league::report::summary;
use chariot_league::results::parse_standalone_many;
use chariot_league::runner::run;
use chariot_league::screen::{
    effects, effects_report, effects_vs_rival, effects_vs_rival_report, parse_pairs_file,
    run_screen, Opponent,
};
use chariot_league::spsa_run::run_spsa;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse_args(&args) {
        Ok(Invocation::Help) => {
            print!("{HELP}");
            return;
        }
        Ok(Invocation::Run(c)) => c,
        Ok(Invocation::Report(r)) => {
            match report(&r) {
                Ok(text) => print!("{text}"),
                Err(e) => {
                    eprintln!("chariot-league: {e}");
                    std::process::exit(1);
                }
            }
            return;
        }
        Ok(Invocation::Spsa(c, s)) => {
            run_tuning(|stop, out| run_spsa(&c, &s, stop, out).map(drop));
            return;
        }
        Ok(Invocation::Screen(c, s)) => {
            run_tuning(|stop, out| run_screen(&c, &s, stop, out).map(drop));
            return;
        }
        Err(e) => {
            eprintln!("chariot-league: {e}");
            std::process::exit(2);
        }
    };
    let stop = stop_on_ctrl_c();
    let mut stdout = std::io::stdout();
    match run(&config, stop, &mut stdout) {
        Ok(s) if s.interrupted => std::process::exit(130),
        Ok(_) => {}
        Err(e) => {
            eprintln!("chariot-league: {e}");
            std::process::exit(1);
        }
    }
}

/// Runs an SPSA tuning or a screening with Ctrl-C handled: exit status 130
/// when stopped (resumable), 1 on an error.
fn run_tuning(run: impl FnOnce(Arc<AtomicBool>, &mut dyn std::io::Write) -> Result<(), String>) {
    let stop = stop_on_ctrl_c();
    match run(stop.clone(), &mut std::io::stdout()) {
        Ok(()) if stop.load(Ordering::SeqCst) => std::process::exit(130),
        Ok(()) => {}
        Err(e) => {
            eprintln!("chariot-league: {e}");
            std::process::exit(1);
        }
    }
}

/// The tables of one or more results files (`-report`), read as one match.
fn report(r: &ReportConfig) -> Result<String, String> {
    let mut texts = Vec::with_capacity(r.results_files.len());
    for path in &r.results_files {
        texts.push(
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read results file {}: {e}", path.display()))?,
        );
    }
    // A screening's pairs file (`-screen`): its switches' effects.
    if let [text] = texts.as_slice() {
        if Opponent::of_pairs_file(text).is_some() {
            if r.sprt.is_some() {
                return Err("-report of a screening's pairs file takes no -sprt".into());
            }
            let source = r.results_files[0].display().to_string();
            let (opponent, names, pairs) = parse_pairs_file(text, &source)?;
            if pairs.is_empty() {
                return Err(format!("{source}: no pairs played"));
            }
            return Ok(match opponent {
                Opponent::Itself => effects_report(effects(&names, &pairs), pairs.len()),
                Opponent::Rival => {
                    effects_vs_rival_report(effects_vs_rival(&names, &pairs), pairs.len())
                }
            });
        }
    }
    let borrowed: Vec<&str> = texts.iter().map(String::as_str).collect();
    let (names, games) = parse_standalone_many(&borrowed)
        .map_err(|(file, e)| format!("{}: {e}", r.results_files[file].display()))?;
    let shown = r
        .results_files
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" + ");
    if games.is_empty() {
        return Err(format!("{shown}: no finished games"));
    }
    if r.sprt.is_some() && names.len() != 2 {
        return Err(format!(
            "{shown}: SPRT needs exactly two engines, the files have {}",
            names.len()
        ));
    }
    Ok(summary(&names, &games, r.paired, r.sprt.as_ref()))
}

/// The first Ctrl-C finishes cleanly (results saved, -recover resumes); a
/// second one quits at once.
fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("\nchariot-league: stopping; finished games are saved (resume with -recover)");
    });
    stop
}
