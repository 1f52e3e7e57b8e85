//! The one list of every code: the loading and schema codes (`load/codes/`) and the rules of
//! every family (`rules/<family>/`), each declared in its own file. `--explain`,
//! `--list-rules` and `docs/rules.md` are generated from their doc comments, here.

use std::sync::LazyLock;

use crate::rule::{Allowability, Rule};

/// Every rule, by family then code.
pub fn rules() -> &'static [&'static Rule] {
    static ALL: LazyLock<Vec<&'static Rule>> = LazyLock::new(|| {
        let mut all: Vec<&'static Rule> = crate::load::codes::RULES.to_vec();
        all.extend(crate::rules::checks().map(|c| c.rule));
        all.sort_by_key(|r| (r.family, r.code));
        all
    });
    &ALL
}

/// The rule with this code (case-insensitive).
pub fn rule(code: &str) -> Option<&'static Rule> {
    rules()
        .iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(code))
}

/// The checks the game folders under `paths` declare in their checks.ron, as rules (for
/// `--list-rules` and `--explain` with paths); folders whose checks.ron does not load add none.
pub fn declared(paths: &[std::path::PathBuf]) -> Vec<&'static Rule> {
    let Ok(found) = crate::load::discover::discover(paths) else {
        return Vec::new();
    };
    let mut out: Vec<&'static Rule> = Vec::new();
    for (dir, files) in &found.folders {
        let checks: Vec<_> = files
            .iter()
            .filter(|f| f.file_name().is_some_and(|n| n == "checks.ron"))
            .cloned()
            .collect();
        let folder = crate::load::load_folder(dir, &checks, &mut Vec::new());
        for c in folder.checks.iter().flat_map(|d| &d.value.checks) {
            let r = crate::rules::game::interned::documented(c);
            if !out.iter().any(|o| o.code == r.code) {
                out.push(r);
            }
        }
    }
    out
}

/// What game.ron's `allow` may do with `code` (case-insensitive).
pub fn allowability(code: &str) -> Allowability {
    crate::rules::references::r004_bad_allowance::allowability(code, rules())
}

/// The registry as Markdown: the text of `docs/rules.md`.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Orbat rules reference\n\nGenerated from the rules' doc comments (one file per rule: `validator/src/rules/<family>/`, and `validator/src/load/codes/` for loading and schema codes) by `orbat-validate --rules-markdown`; do not edit by hand.\n\n| code | name | severity | summary |\n|---|---|---|---|\n",
    );
    for r in rules() {
        out.push_str(&format!(
            "| [{c}](#{lc}) | {n} | {s} | {sum} |\n",
            c = r.code,
            lc = r.code.to_lowercase(),
            n = r.name,
            s = r.severity.as_str(),
            sum = r.summary()
        ));
    }
    for r in rules() {
        out.push_str(&format!(
            "\n## {c}\n\n`{n}` · {s} · {f}\n\n{sum}.\n\n{e}\n\nDeclared in [`{src}`](../{src}).\n",
            c = r.code,
            n = r.name,
            s = r.severity.as_str(),
            f = r.family.as_str(),
            sum = r.summary(),
            e = r.markdown(),
            src = r.source,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::{Allow, Severity};

    #[test]
    fn codes_are_unique_and_documented() {
        let mut seen = std::collections::HashSet::new();
        for r in rules() {
            assert!(seen.insert(r.code), "duplicate code {}", r.code);
            let summary = r.summary();
            assert!(
                !summary.ends_with('.'),
                "{}: summary ends with a period",
                r.code
            );
            assert!(
                summary.chars().next().is_some_and(char::is_lowercase),
                "{}: summary starts uppercase",
                r.code
            );
            let text = r.markdown();
            assert!(
                text.contains("Bad") && text.contains("Good"),
                "{}: the doc comment needs a bad and a good example",
                r.code
            );
            assert!(
                r.source.ends_with(&format!(
                    "{}_{}.rs",
                    r.code.to_lowercase(),
                    r.name.replace('-', "_")
                )),
                "{}: declared in {}, not in a file named after it",
                r.code,
                r.source
            );
        }
    }

    #[test]
    fn errors_are_never_allowed_and_warnings_say_whether() {
        for r in rules() {
            match r.severity {
                Severity::Error => assert_eq!(r.allow, Allow::Never, "{} is an error", r.code),
                Severity::Warning => assert_ne!(
                    r.allow,
                    Allow::Never,
                    "{} is a warning: say whether game.ron may allow it (Yes or No {{ why, instead }})",
                    r.code
                ),
            }
        }
    }

    #[test]
    fn allowability_is_case_insensitive_and_names_the_registry_code() {
        assert_eq!(allowability("m003"), Allowability::Allowable("M003"));
        assert_eq!(allowability("r002"), Allowability::Error("R002"));
        assert!(matches!(
            allowability("l004"),
            Allowability::NotAllowable("L004", ..)
        ));
        assert_eq!(allowability("Z999"), Allowability::Unknown);
    }

    #[test]
    fn the_explanation_keeps_the_examples_indented() {
        let r = rule("m001").expect("M001");
        let text = r.explanation();
        assert!(
            text.contains("Bad:\n    (a: \"verdun\", b: \"verdun\""),
            "{text}"
        );
        assert!(!text.contains("```"), "{text}");
    }
}
