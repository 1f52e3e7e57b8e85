//! A day of editing a game's own checks must not grow the server's memory: checks.ron edited
//! 10,000 times through the built `orbat-lsp` over stdio, each edit a check text the server
//! has not seen, each one checked before the next is sent.

mod client;

use client::{Client, file_uri};

const EDITS: i32 = 10_000;

/// The server's resident memory in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .expect("VmRSS in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// checks.ron with one check whose description and message carry `n`: each `n` a new text.
fn checks(n: i32) -> String {
    format!(
        r#"(
    checks: [
        (
            id: "named-space",
            for_each: Space,
            assert: "space.id != ''",
            severity: Warning,
            message: "{{id}} has no id (edit {n})",
            description: "Every space has an id; this text is edit {n} of a long day.",
            fires: [(on: "paris", with: {{"id": "''"}})],
            silent: [(on: "paris")],
        ),
    ],
)
"#
    )
}

#[test]
fn editing_checks_ron_ten_thousand_times_keeps_memory_flat() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/valid/minimal");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("minimal");
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&fixture).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let path = dir.join("checks.ron");
    std::fs::write(&path, checks(0)).unwrap();
    let uri = file_uri(&path);
    let mut c = Client::start(tmp.path());
    c.open(&path, &checks(0));
    assert!(c.diagnostics(&uri, |d| d.is_empty()).is_empty());

    let mut warmed = 0;
    for version in 2..=EDITS + 1 {
        c.change(&path, version, &checks(version));
        // each edit is checked (and clean) before the next is sent: none is skipped
        let found = c.published(&uri, version);
        assert!(found.is_empty(), "edit {version}: {found:#?}");
        c.notifications.clear();
        if version == 1_000 {
            warmed = rss_kib(c.pid());
        }
    }
    let last = rss_kib(c.pid());
    // about 1 KB a check text kept would be 9 MB over these 9,000 edits
    assert!(
        last <= warmed + 2_048,
        "resident memory grew from {warmed} KiB after 1,000 edits to {last} KiB after {EDITS}"
    );
    assert!(c.shutdown().success());
}
