//! The one code table: every diagnostic code, its default severity, summary and explanation.
//! `--explain CODE`, `--list-rules` and `docs/rules.md` are all generated from it.

use crate::diagnostic::Severity;

/// A rule (or a loading check) with a stable code.
#[derive(Debug)]
pub struct Rule {
    pub code: &'static str,
    /// Short kebab-case name.
    pub name: &'static str,
    pub severity: Severity,
    /// Family: loading, schema, references, map, supply, stacking, order of battle, cards, text.
    pub family: &'static str,
    /// One line: what it finds.
    pub summary: &'static str,
    /// Why it matters, then a bad and a good example.
    pub explanation: &'static str,
}

use Severity::{Error, Warning};

macro_rules! rules {
    ($( $code:literal $name:literal $sev:ident $family:literal $summary:literal $expl:literal ;)*) => {
        /// Every rule, in code order.
        pub const RULES: &[Rule] = &[$(Rule {
            code: $code, name: $name, severity: $sev, family: $family, summary: $summary, explanation: $expl,
        },)*];
    };
}

rules! {
"L001" "unreadable-file" Error "loading" "a file or folder could not be read"
"The validator could not open a file or folder (permission denied, or an I/O error). Nothing in it was checked, and the run exits with status 2.\n\nBad: `map.ron` with mode 000 (no one may read it).\nGood: `chmod 644 map.ron`, or remove the path from the command line.";
"L002" "not-utf8" Error "loading" "a game file is not UTF-8 text"
"Game files are UTF-8 text. A file saved in another encoding (Latin-1, UTF-16) cannot be read reliably.\n\nBad: `text.it.ron` saved as Windows-1252, with `à` as the single byte 0xE0.\nGood: the same file saved as UTF-8 (any modern editor: \"Save with encoding: UTF-8\").";
"L003" "ron-syntax" Error "loading" "a file is not valid RON"
"Every game file is one RON value. A missing comma, an unclosed bracket or a stray character makes the file unreadable, and nothing in it can be checked.\n\nBad:\n    (id: \"paris\" kind: \"space\")\nGood:\n    (id: \"paris\", kind: \"space\")";
"L004" "unknown-file-kind" Warning "loading" "a .ron file whose name is not a game file kind"
"A game folder holds game.ron, map.ron, units.ron, cards.ron, text.<lang>.ron and <id>.scenario.ron. Any other .ron file is ignored, which is usually a misnamed file.\n\nBad: `scenarios/my-game/1914.ron`\nGood: `scenarios/my-game/1914.scenario.ron`";
"L005" "nothing-to-check" Error "loading" "the paths given hold no game file"
"The validator was given folders with no game files, so it checked nothing. In CI this usually means a wrong path.\n\nBad: `orbat-validate scenario/` (typo)\nGood: `orbat-validate scenarios/`";
"L006" "missing-game-file" Error "loading" "a folder has game files but no game.ron"
"Every game folder needs a game.ron: the other files refer to the sides, factions and kinds it declares.\n\nBad: a folder with map.ron and units.ron only.\nGood: the same folder with its game.ron.";
"L007" "name-mismatch" Error "loading" "a file's name disagrees with its content"
"A text file's language and a scenario's id are given twice, in the file name and inside the file; they must agree, or references go to the wrong place.\n\nBad: `text.it.ron` containing `language: \"fr\"`\nGood: `text.it.ron` containing `language: \"it\"`";
"L008" "missing-file" Error "loading" "a game folder lacks a file it needs"
"A game needs map.ron, units.ron, cards.ron and one text file per language it declares.\n\nBad: game.ron declares `languages: [\"en\", \"it\"]` and there is no text.it.ron.\nGood: add text.it.ron (it may start with no entries), or remove \"it\" from `languages`.";
"L009" "symlink-not-followed" Warning "loading" "a symbolic link was skipped"
"The validator never follows symbolic links, so it cannot be led out of the folders it was given (by a link to /etc, or a loop).\n\nBad: `scenarios/game/map.ron -> ../../other/map.ron`\nGood: a real file in the game folder.";
"S001" "schema-mismatch" Error "schema" "a value has the wrong type or is out of range"
"Each file kind has a JSON Schema (in `schemas/`). A value of the wrong type or outside the allowed range cannot be used.\n\nBad:\n    (id: \"verdun\", vp: \"one\")\nGood:\n    (id: \"verdun\", vp: 1)";
"S002" "unknown-field" Error "schema" "a field the file kind does not have"
"Unknown fields are errors because they are almost always typos, and a typo silently drops the value.\n\nBad:\n    (id: \"verdun\", terain: \"forest\")\nGood:\n    (id: \"verdun\", terrain: \"forest\")";
"S003" "missing-field" Error "schema" "a required field is missing"
"Some fields have no sensible default and must be given.\n\nBad:\n    (id: \"verdun\", x: 10, y: 20)\nGood:\n    (id: \"verdun\", x: 10, y: 20, kind: \"space\")";
"R001" "duplicate-id" Error "references" "two things of one kind share an id"
"Ids are how everything refers to everything; a repeated id makes every reference to it ambiguous.\n\nBad: two spaces with `id: \"sedan\"`.\nGood: `id: \"sedan\"` and `id: \"sedan-2\"` (display names may repeat; ids may not).";
"R002" "unresolved-reference" Error "references" "a reference names nothing of the kind it needs"
"A link end, a unit's faction, a placement's space, a card's reference... must name an existing id of the right kind.\n\nBad:\n    (a: \"erzerum\", b: \"kars\", kind: \"normal\")   // the space is `erzurum`\nGood:\n    (a: \"erzurum\", b: \"kars\", kind: \"normal\")";
"R003" "wrong-game" Error "references" "a scenario names a game other than its folder's"
"A scenario lives in the folder of the game it is for, and says so in `game`.\n\nBad: `game: \"paths-of-glory\"` in a scenario under `scenarios/fitna/`.\nGood: `game: \"fitna\"`.";
"R004" "bad-allowance" Error "references" "an `allow` entry names an error or an unknown code"
"A game folder may allow warnings it expects (with a reason), never errors: an error means the data cannot be used as it is.\n\nBad:\n    allow: [(rule: \"R002\", reason: \"later\")]\nGood:\n    allow: [(rule: \"M003\", reason: \"the map is an excerpt\")]";
}

/// The rule with this code.
pub fn rule(code: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.code.eq_ignore_ascii_case(code))
}

/// The registry as Markdown: the text of `docs/rules.md`.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Orbat rules reference\n\nGenerated from the rule registry (`validator/src/registry.rs`) by `orbat-validate --rules-markdown`; do not edit by hand.\n\n| code | name | severity | summary |\n|---|---|---|---|\n",
    );
    for r in RULES {
        out.push_str(&format!(
            "| [{c}](#{lc}) | {n} | {s} | {sum} |\n",
            c = r.code,
            lc = r.code.to_lowercase(),
            n = r.name,
            s = r.severity.as_str(),
            sum = r.summary
        ));
    }
    for r in RULES {
        out.push_str(&format!(
            "\n## {c}\n\n`{n}` · {s} · {f}\n\n{sum}.\n\n{e}\n",
            c = r.code,
            n = r.name,
            s = r.severity.as_str(),
            f = r.family,
            sum = r.summary,
            e = indent_examples(r.explanation)
        ));
    }
    out
}

/// Turns the explanation's 4-space-indented example lines into fenced code blocks.
fn indent_examples(text: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for line in text.lines() {
        let code = line.starts_with("    ");
        if code && !in_code {
            out.push_str("```ron\n");
            in_code = true;
        } else if !code && in_code {
            out.push_str("```\n");
            in_code = false;
        }
        out.push_str(line.strip_prefix("    ").unwrap_or(line));
        out.push('\n');
    }
    if in_code {
        out.push_str("```\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_sorted_within_families() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            assert!(seen.insert(r.code), "duplicate code {}", r.code);
            assert!(
                !r.summary.ends_with('.'),
                "{}: summary ends with a period",
                r.code
            );
            assert!(
                r.summary.chars().next().is_some_and(char::is_lowercase),
                "{}: summary starts uppercase",
                r.code
            );
            assert!(
                r.explanation.contains("Bad") && r.explanation.contains("Good"),
                "{}: explanation needs a bad and a good example",
                r.code
            );
        }
    }
}
