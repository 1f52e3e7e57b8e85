//! The editor's binary where no window can open: one clear sentence and exit status 2, not
//! the windowing library's error (issue 19); `--help` needs no display.

use std::process::Command;

fn editor() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_orbat-editor"));
    cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    cmd
}

#[test]
#[cfg(all(unix, not(target_os = "macos")))]
fn without_a_display_it_says_so_in_one_sentence() {
    let out = editor().output().expect("the editor runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("orbat-editor: no display"), "{err}");
    assert!(err.contains("xvfb-run"), "{err}");
}

#[test]
fn help_needs_no_display() {
    let out = editor().arg("--help").output().expect("the editor runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: orbat-editor"));
}
