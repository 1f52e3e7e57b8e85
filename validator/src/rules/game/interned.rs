//! A declared check as a [`Rule`], so that its findings are findings like any other (a code,
//! a severity, `--explain`): made once for the life of the process, as diagnostics hold their
//! rule's code as a `&'static str`.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use crate::model::{CheckSeverity, GameCheck};
use crate::rule::{Allow, Family, Rule, Severity};

/// The prefix of every declared check's code: no built-in code has a `/`.
pub const PREFIX: &str = "game/";

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// A rule made so far, by its key.
type Made<K> = HashMap<K, &'static Rule>;

/// The rule standing for `check` while checking: its code and severity, made once per check
/// id and severity for the life of the process. Its documentation does not follow the check's
/// text, so a language server or an editor that sees checks.ron edited all day keeps one rule
/// per id, not one per edit ([`documented`] and [`markdown`] give the documentation).
pub fn rule(check: &GameCheck) -> &'static Rule {
    static RULES: LazyLock<Mutex<Made<(String, bool)>>> = LazyLock::new(Default::default);
    let error = check.severity == CheckSeverity::Error;
    let key = (check.id.to_string(), error);
    let mut rules = RULES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = rules.get(&key) {
        return r;
    }
    let doc = format!(
        "the game's own check `{0}`\n\nDeclared in the game folder's checks.ron: `orbat-validate --explain {PREFIX}{0} FOLDER` shows it.",
        check.id
    );
    let rule = made(check, error, doc);
    rules.insert(key, rule);
    rule
}

/// The rule standing for `check` with its whole documentation (`--explain`, `--list-rules`,
/// SARIF's rule list): one per distinct text of the check, for a process that ends (the
/// command line), never for one that lives through edits.
pub fn documented(check: &GameCheck) -> &'static Rule {
    static RULES: LazyLock<Mutex<Made<(String, String, bool)>>> = LazyLock::new(Default::default);
    let error = check.severity == CheckSeverity::Error;
    let key = (check.id.to_string(), doc(check), error);
    let mut rules = RULES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = rules.get(&key) {
        return r;
    }
    let rule = made(check, error, key.1.clone());
    rules.insert(key, rule);
    rule
}

/// Why the check matters and its examples, as Markdown (what [`Rule::markdown`] gives for a
/// built-in rule), made afresh each time: for a hover, which must not keep anything.
pub fn markdown(check: &GameCheck) -> String {
    crate::rule::markdown_of(&doc(check))
}

fn made(check: &GameCheck, error: bool, doc: String) -> &'static Rule {
    Box::leak(Box::new(Rule {
        code: leak(format!("{PREFIX}{}", check.id)),
        name: leak(check.id.to_string()),
        severity: if error {
            Severity::Error
        } else {
            Severity::Warning
        },
        family: Family::Game,
        allow: if error { Allow::Never } else { Allow::Yes },
        doc: leak(doc),
        source: "checks.ron",
        fires: &[],
        silent: &[],
        proven_by: &[],
    }))
}

/// The check's documentation, as a built-in rule's: a summary line, then its description,
/// its expressions and its examples.
fn doc(c: &GameCheck) -> String {
    let mut out = format!("{}\n\n", summary(c));
    if !c.description.is_empty() {
        out.push_str(&format!("{}\n\n", c.description));
    }
    out.push_str(&format!("For each {}", c.for_each.var()));
    if let Some(w) = &c.when {
        out.push_str(&format!(" where `{w}`"));
    }
    out.push_str(&format!(": `{}`.\n\n", c.assertion));
    for (word, list) in [("Bad", &c.fires), ("Good", &c.silent)] {
        for e in list {
            let with: Vec<String> = e.with.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            out.push_str(&format!(
                "{word}: `{}`{}.\n",
                e.on,
                if with.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", with.join(", "))
                }
            ));
        }
    }
    out
}

/// One line: the description's first sentence, else the message with its placeholders as `…`.
fn summary(c: &GameCheck) -> String {
    let line = match c
        .description
        .split(". ")
        .next()
        .filter(|s| !s.trim().is_empty())
    {
        Some(first) => first.trim().trim_end_matches('.').to_owned(),
        None => {
            let mut out = String::new();
            for (i, part) in c.message.split(['{', '}']).enumerate() {
                out.push_str(if i % 2 == 0 { part } else { "…" });
            }
            out
        }
    };
    let mut chars = line.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => c.id.to_string(),
    }
}
