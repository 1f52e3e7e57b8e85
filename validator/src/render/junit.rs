//! `--format junit`: JUnit XML, the test report every CI shows (GitLab's test report, Jenkins,
//! Azure Pipelines, CircleCI).
//!
//! One `<testsuite>` per checked file, named by its path; in it one `<testcase>` per finding,
//! failed with the finding's severity as the failure's `type` (as ESLint's JUnit formatter
//! does: a CI shows warnings too), and one passing `<testcase>` for a file with no finding, so
//! clean files count as passed tests. Warnings the game allows are `<skipped>` cases with the
//! allowance's reason. Text from the checked files has its control characters escaped (as in
//! the human output) before XML escaping: XML 1.0 cannot carry most of them at all.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use super::display_path;
use super::escape::push_escaped;
use crate::{Diagnostic, Report, Severity};

/// One checked file's cases.
#[derive(Default)]
struct Suite<'a> {
    findings: Vec<&'a Diagnostic>,
    allowed: Vec<(&'a Diagnostic, &'a str)>,
}

pub fn render(report: &Report) -> String {
    let mut suites: BTreeMap<String, Suite> = BTreeMap::new();
    for path in &report.checked {
        suites.entry(display_path(path)).or_default();
    }
    for d in &report.diagnostics {
        suites
            .entry(display_path(&d.location.file))
            .or_default()
            .findings
            .push(d);
    }
    for a in &report.allowed {
        suites
            .entry(display_path(&a.diagnostic.location.file))
            .or_default()
            .allowed
            .push((&a.diagnostic, &a.reason));
    }
    let tests: usize = suites.values().map(Suite::tests).sum();
    let failures = report.diagnostics.len();
    let skipped = report.allowed.len();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"orbat-validate\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">"
    );
    for (path, suite) in &suites {
        let path = xml(path);
        let _ = writeln!(
            out,
            "  <testsuite name=\"{path}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">",
            suite.tests(),
            suite.findings.len(),
            suite.allowed.len()
        );
        if suite.findings.is_empty() && suite.allowed.is_empty() {
            let _ = writeln!(
                out,
                "    <testcase name=\"no findings\" classname=\"{path}\" file=\"{path}\"/>"
            );
        }
        for d in &suite.findings {
            let _ = writeln!(out, "    {}", open_case(d, &path));
            let kind = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let _ = writeln!(
                out,
                "      <failure type=\"{kind}\" message=\"{}\">{}</failure>",
                xml(&d.message),
                body(d)
            );
            out.push_str("    </testcase>\n");
        }
        for (d, reason) in &suite.allowed {
            let _ = writeln!(out, "    {}", open_case(d, &path));
            let _ = writeln!(
                out,
                "      <skipped message=\"{}\"/>",
                xml(&format!("allowed by the game: {reason}"))
            );
            out.push_str("    </testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

impl Suite<'_> {
    fn tests(&self) -> usize {
        (self.findings.len() + self.allowed.len()).max(1)
    }
}

/// `<testcase ...>` of a finding: named by code, rule name and position, so that two findings
/// of one rule in one file are two distinct tests.
fn open_case(d: &Diagnostic, path: &str) -> String {
    let rule = super::rule_name(d.code);
    let (name, line) = match d.location.start {
        Some(s) => (
            format!("{} {rule} at {}:{}", d.code, s.line, s.column),
            format!(" line=\"{}\"", s.line),
        ),
        None => (format!("{} {rule}", d.code), String::new()),
    };
    format!(
        "<testcase name=\"{}\" classname=\"{path}\" file=\"{path}\"{line}>",
        xml(&name)
    )
}

/// The failure's text, XML-escaped: where, what, and what to do, a line each (the only line
/// breaks are these: one inside a checked file's value is escaped, so that printing the
/// report into a CI log cannot start a line of the file's making).
fn body(d: &Diagnostic) -> String {
    let mut lines = vec![
        xml(&format!("{}: {}", d.code, d.message)),
        format!("  at {}", xml(&place(&d.location.file, d.location.start))),
    ];
    if let Some(help) = &d.help {
        lines.push(format!("help: {}", xml(help)));
    }
    for r in &d.related {
        lines.push(format!(
            "note: {} ({})",
            xml(&r.message),
            xml(&place(&r.location.file, r.location.start))
        ));
    }
    lines.join("\n")
}

fn place(file: &Path, start: Option<crate::diagnostic::LineCol>) -> String {
    match start {
        Some(s) => format!("{}:{}:{}", display_path(file), s.line, s.column),
        None => display_path(file),
    }
}

/// Text as XML character data or an attribute value: control characters (line breaks too) and
/// the two noncharacters XML refuses written as `\u{..}` escapes, then XML's five special
/// characters escaped.
fn xml(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{FFFE}' | '\u{FFFF}' => {
                let _ = write!(safe, "\\u{{{:x}}}", u32::from(c));
            }
            c => push_escaped(&mut safe, c),
        }
    }
    quick_xml::escape::escape(safe.as_str()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_never_reach_the_xml_raw() {
        assert_eq!(
            xml("a\u{1b}]0;x\u{7}<b>&\"'"),
            "a\\u{1b}]0;x\\u{7}&lt;b&gt;&amp;&quot;&apos;"
        );
        assert_eq!(
            xml("x\u{0}\u{FFFF}\n::warning::"),
            "x\\u{0}\\u{ffff}\\n::warning::"
        );
    }
}
