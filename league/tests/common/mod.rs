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
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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

/// The `chariot` engine binary, which lives in another package of the
/// workspace (so cargo gives no `CARGO_BIN_EXE_chariot` here). `cargo test
/// --workspace` has built it beside this test's own binaries; when only this
/// package is tested, it is built here with the same profile.
pub fn chariot_engine() -> PathBuf {
    static ENGINE: OnceLock<PathBuf> = OnceLock::new();
    ENGINE
        .get_or_init(|| {
            let exe = std::env::current_exe().expect("test executable path");
            // target/<profile>/deps/<test> -> target/<profile>/chariot
            let profile_dir = exe.parent().and_then(|d| d.parent()).expect("target dir");
            let engine = profile_dir.join(format!("chariot{}", std::env::consts::EXE_SUFFIX));
            if !engine.exists() {
                let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
                let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
                    Some("release") => "release",
                    _ => "test",
                };
                let status = Command::new(cargo)
                    .args([
                        "build",
                        "--profile",
                        profile,
                        "-p",
                        "chariot",
                        "--bin",
                        "chariot",
                    ])
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .status()
                    .expect("run cargo build for the chariot binary");
                assert!(status.success(), "building the chariot binary failed");
            }
            assert!(engine.exists(), "no chariot binary at {}", engine.display());
            engine
        })
        .clone()
}
