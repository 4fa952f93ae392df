//! chariot-wdl: fits the win/draw/loss model of `UCI_ShowWDL` to self-play
//! data (FEN;score;result lines from chariot-datagen) and writes it as
//! engine/src/wdl_params.rs (see docs/tuning.md).

use chariot::wdl::material;
use chariot_core::Position;
use chariot_tune::record::Record;
use chariot_tune::wdl_fit::{calibration, fit_wdl, nll, render, WdlModel, WdlSample};
use std::process::ExitCode;

const USAGE: &str = "usage: chariot-wdl DATA... [--epochs N] [--out FILE]
  Fits win = 1/(1+exp((a-s)/b)), loss = 1/(1+exp((a+s)/b)) with a and b cubic
  in the material to the data files' scores and results, prints how well it
  fits, and writes the model to FILE (default: wdl_params.rs).";

fn run(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut epochs = 1500usize;
    let mut out = "wdl_params.rs".to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--epochs" => {
                let v = it.next().ok_or("--epochs needs a value")?;
                epochs = v
                    .parse()
                    .map_err(|_| format!("--epochs: '{v}' is not a number"))?;
            }
            "--out" | "-o" => out = it.next().ok_or("--out needs a file")?.clone(),
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option '{flag}'")),
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("no data file given".into());
    }
    let mut data = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read {f}: {e}"))?;
        for line in text.lines() {
            let Some(r) = Record::parse(line).map_err(|e| format!("{f}: {e}"))? else {
                continue;
            };
            // Decisive scores say nothing about the odds of a game still open.
            if r.score.abs() > 3000 {
                continue;
            }
            let pos = Position::from_fen(&r.fen).map_err(|e| format!("{f}: {}: {e}", r.fen))?;
            data.push(WdlSample {
                material: material(&pos),
                score: r.score as f32,
                result: r.result,
            });
        }
    }
    if data.is_empty() {
        return Err("no positions".into());
    }
    eprintln!(
        "{} positions; before the fit: mean negative log-likelihood {:.4}",
        data.len(),
        nll(&WdlModel::default(), &data)
    );
    let m = fit_wdl(&data, epochs, |e, l| eprintln!("epoch {e:5}  nll {l:.5}"));
    let fit = nll(&m, &data);
    eprintln!("a = {:?}\nb = {:?}", m.a, m.b);
    eprintln!("score range        positions   observed w/d/l %     model w/d/l %");
    let edges = [-3000, -600, -300, -150, -50, 50, 150, 300, 600, 3001];
    for c in calibration(&m, &data, &edges) {
        let (lo, hi, n, seen, said) = (c.from, c.to, c.count, c.observed, c.predicted);
        eprintln!(
            "{lo:6} .. {hi:6}  {n:10}   {:4.1} {:4.1} {:4.1}       {:4.1} {:4.1} {:4.1}",
            seen[0] * 100.0,
            seen[1] * 100.0,
            seen[2] * 100.0,
            said[0] * 100.0,
            said[1] * 100.0,
            said[2] * 100.0
        );
    }
    let note = format!(
        "Fitted to {} positions of {}; mean negative log-likelihood {fit:.4}.",
        data.len(),
        files
            .iter()
            .map(|f| std::path::Path::new(f)
                .file_name()
                .map_or(f.clone(), |n| n.to_string_lossy().into_owned()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    std::fs::write(&out, render(&m, &note)).map_err(|e| format!("cannot write {out}: {e}"))?;
    eprintln!("wrote {out}");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("chariot-wdl: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
