//! What the tools' command lines share: reading a flag's value, and turning
//! the outcome into an exit code (usage errors 2, failures 1, help 0).

use std::process::ExitCode;

/// The value after `flag`, parsed.
pub fn value<T: std::str::FromStr>(flag: &str, v: Option<&String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{flag}: '{v}' is not a valid value"))
}

/// Runs tool `name`: `parsed` is its arguments read (an empty error asks for
/// the usage text), `run` its work.
pub fn exit<A>(
    name: &str,
    usage: &str,
    parsed: Result<A, String>,
    run: impl FnOnce(A) -> Result<(), String>,
) -> ExitCode {
    match parsed {
        Err(e) if e.is_empty() => {
            println!("{usage}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e}\n{usage}");
            ExitCode::from(2)
        }
        Ok(args) => match run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{name}: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
