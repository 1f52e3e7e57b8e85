//! `--max-findings` and `--max-findings-per-code`: a bound on what is printed, so a generated
//! folder with hundreds of thousands of findings cannot flood a terminal or a CI log. The
//! counts in the summary and the exit status are those of every finding, printed or not.

use std::collections::BTreeMap;

use crate::{Diagnostic, Severity};

/// The most findings to print; `None` for no bound.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    pub total: Option<usize>,
    pub per_code: Option<usize>,
}

/// What a bound left out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Omitted {
    pub total: usize,
    /// Of those, errors and warnings: added back to the counts a summary reports.
    pub errors: usize,
    pub warnings: usize,
    pub by_code: BTreeMap<&'static str, usize>,
}

/// Keeps, in order, the first findings of each code up to the per-code bound, then the first
/// up to the total bound; returns what was left out.
pub fn apply(diagnostics: &mut Vec<Diagnostic>, limits: Limits) -> Omitted {
    let mut omitted = Omitted::default();
    let mut kept_of: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut kept = 0;
    diagnostics.retain(|d| {
        let of_code = kept_of.entry(d.code).or_default();
        let keep =
            limits.per_code.is_none_or(|n| *of_code < n) && limits.total.is_none_or(|n| kept < n);
        if keep {
            *of_code += 1;
            kept += 1;
        } else {
            omitted.total += 1;
            match d.severity {
                Severity::Error => omitted.errors += 1,
                Severity::Warning => omitted.warnings += 1,
            }
            *omitted.by_code.entry(d.code).or_default() += 1;
        }
        keep
    });
    omitted
}

impl Omitted {
    /// The closing line for people, e.g. `note: 1200 more findings not shown (R002: 1000,
    /// M003: 200); raise or drop --max-findings to see them`; `None` when nothing was left out.
    pub fn note(&self) -> Option<String> {
        if self.total == 0 {
            return None;
        }
        let codes: Vec<String> = self
            .by_code
            .iter()
            .map(|(code, n)| format!("{code}: {n}"))
            .collect();
        Some(format!(
            "note: {} more {} not shown ({}); raise or drop --max-findings and --max-findings-per-code to see {}",
            self.total,
            if self.total == 1 {
                "finding"
            } else {
                "findings"
            },
            codes.join(", "),
            if self.total == 1 { "it" } else { "them" },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Location;

    fn findings(codes: &[&'static str]) -> Vec<Diagnostic> {
        codes
            .iter()
            .map(|c| {
                let rule = crate::registry::rule(c).expect("a code");
                Diagnostic::new(rule, "x", Location::file("f.ron"))
            })
            .collect()
    }

    #[test]
    fn bounds_each_code_then_the_total_and_counts_what_it_left_out() {
        let mut d = findings(&["R002", "R002", "R002", "M003", "R002", "M003", "K001"]);
        let omitted = apply(
            &mut d,
            Limits {
                total: Some(3),
                per_code: Some(2),
            },
        );
        let kept: Vec<_> = d.iter().map(|d| d.code).collect();
        assert_eq!(kept, ["R002", "R002", "M003"]);
        assert_eq!(omitted.total, 4);
        assert_eq!(
            omitted.by_code,
            BTreeMap::from([("R002", 2), ("M003", 1), ("K001", 1)])
        );
        assert!(
            omitted
                .note()
                .unwrap()
                .starts_with("note: 4 more findings not shown (K001: 1, M003: 1, R002: 2)")
        );
    }

    #[test]
    fn no_bound_keeps_everything() {
        let mut d = findings(&["R002"; 10]);
        assert_eq!(apply(&mut d, Limits::default()), Omitted::default());
        assert_eq!(d.len(), 10);
        assert_eq!(Omitted::default().note(), None);
    }
}
