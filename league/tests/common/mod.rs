//! Helpers of the match runner's integration tests: the workspace's common
//! test helpers, and the programs the tests run (the runner, its misbehaving
//! test engine and the `chariot` engine).
#![allow(dead_code)]

#[path = "../../../core/tests/common/mod.rs"]
mod workspace;
#[allow(unused_imports)]
pub use workspace::*;

use chariot_league::engine::EngineConfig;
use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

/// The `chariot-league` binary.
pub const LEAGUE: &str = env!("CARGO_BIN_EXE_chariot-league");
/// The misbehaving test engine (tests/fake_engine).
pub const FAKE: &str = env!("CARGO_BIN_EXE_chariot-fake-engine");

/// Runs `chariot-league` with `args` to its end: whether it succeeded, its
/// standard output and its standard error.
pub fn league<S: AsRef<OsStr>>(args: &[S]) -> (bool, String, String) {
    run(LEAGUE, args)
}

/// Runs `program` with `args` to its end: whether it succeeded, its standard
/// output and its standard error (as text).
pub fn run<S: AsRef<OsStr>>(program: impl AsRef<OsStr>, args: &[S]) -> (bool, String, String) {
    let program = program.as_ref();
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", Path::new(program).display()));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The test engine named `name`, started with `args`.
pub fn fake(name: &str, args: &[&str]) -> EngineConfig {
    EngineConfig {
        name: name.into(),
        cmd: FAKE.into(),
        args: args.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}
