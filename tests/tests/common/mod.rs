#![allow(dead_code)]
//! Shared by the CLI tests: the freshly built `orbat-validate` (and `orbat-po`) binaries.

use std::path::PathBuf;
use std::sync::OnceLock;

/// Builds the validator's binaries once per test process (cargo does not build a dependency's binaries
/// for another package's tests) and returns its path.
pub fn validator_binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let profile_release = cfg!(not(debug_assertions));
        let mut cmd = std::process::Command::new(cargo);
        cmd.args(["build", "-q", "-p", "orbat", "--bin", "orbat-validate"]);
        if profile_release {
            cmd.arg("--release");
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "building orbat-validate failed");
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
        target
            .join(if profile_release { "release" } else { "debug" })
            .join("orbat-validate")
    })
    .clone()
}
