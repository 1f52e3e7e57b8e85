//! `--check-format` and `--format-write`: which game files are not in the canonical form, as
//! a diff, or rewritten into it.

use std::path::PathBuf;
use std::process::ExitCode;

use orbat_validator::render;

use super::emit;

/// `--check-format` (`write` false) or `--format-write`: exit 0 when every file is (now) in
/// the canonical form (comments kept), 1 when one is not (or does not load), 2 when a path is
/// missing or a file cannot be written.
pub fn format_files(paths: &[PathBuf], write: bool) -> ExitCode {
    let report = match orbat_validator::format::check(paths) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut status = 0u8;
    for path in &report.not_loaded {
        eprintln!(
            "error: {}: does not load, so has no canonical form; `orbat-validate {}` says why",
            render::display_path(path),
            render::display_path(path)
        );
        status = 1;
    }
    if !write {
        for u in &report.unformatted {
            if let Some(line) = u.comment_line {
                eprintln!(
                    "note: {}: its comments (the first on line {line}) could not be kept in the canonical form, so --format-write will not rewrite it; please report this as a bug",
                    render::display_path(&u.path)
                );
            }
        }
        if !report.unformatted.is_empty() {
            status = 1;
        }
        let commented = report
            .unformatted
            .iter()
            .filter(|u| u.comment_line.is_some())
            .count();
        let rewritable = report.unformatted.len() - commented;
        eprintln!(
            "{} of {} game files not in the canonical form{}{}",
            report.unformatted.len(),
            report.files,
            if rewritable > 0 {
                format!("; `--format-write` rewrites {rewritable}")
            } else {
                String::new()
            },
            if commented > 0 {
                format!("; {commented} whose comments it cannot keep, which it leaves as they are")
            } else {
                String::new()
            },
        );
        return emit(&report.diff(), ExitCode::from(status));
    }
    let mut written = 0;
    for u in &report.unformatted {
        let name = render::display_path(&u.path);
        if let Some(line) = u.comment_line {
            eprintln!(
                "error: {name}: not rewritten: its comments (the first on line {line}) could not be kept in the canonical form; please report this as a bug, with the file"
            );
            status = status.max(1);
            continue;
        }
        match orbat_validator::atomic::write(&u.path, u.after.as_bytes()) {
            Ok(()) => written += 1,
            Err(e) => {
                eprintln!("error: cannot write {name}: {e}");
                status = 2;
            }
        }
    }
    eprintln!(
        "rewrote {written} of {} game files in the canonical form",
        report.files
    );
    ExitCode::from(status)
}
