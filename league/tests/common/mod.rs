//! Helpers of the match runner's integration tests: the workspace's common test helpers.
#![allow(dead_code)]

#[path = "../../../core/tests/common/mod.rs"]
mod workspace;
#[allow(unused_imports)]
pub use workspace::*;

use std::path::PathBuf;
use std::sync::OnceLock;

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
                let status = std::process::Command::new(cargo)
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
