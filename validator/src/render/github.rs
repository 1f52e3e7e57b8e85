//! `--format github`: workflow commands that GitHub Actions shows as annotations on the diff.

use super::display_path;
use super::escape::escape;
use crate::{Report, Severity};

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut props = vec![format!(
            "file={}",
            property(&escape(&display_path(&d.location.file)))
        )];
        if let (Some(s), Some(e)) = (d.location.start, d.location.end) {
            props.push(format!("line={}", s.line));
            props.push(format!("col={}", s.column));
            props.push(format!("endLine={}", e.line));
            if s.line == e.line {
                props.push(format!("endColumn={}", e.column));
            }
        }
        props.push(format!(
            "title={}",
            property(&format!("{} {}", d.code, super::rule_name(d.code)))
        ));
        // values from the checked files are escaped before the command's own encoding, so
        // none can end the command's line or reach the log as a control sequence; the one
        // line break kept is ours, encoded, between the message and its help
        let mut message = escape(&d.message).into_owned();
        if let Some(help) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(&escape(help));
        }
        out.push_str(&format!(
            "::{command} {}::{}\n",
            props.join(","),
            data(&message)
        ));
    }
    out
}

fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}
