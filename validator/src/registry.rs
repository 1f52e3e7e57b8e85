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
"R004" "bad-allowance" Error "references" "an `allow` entry names an error, an unknown code or a warning that cannot be allowed"
"A game folder may allow the warnings its own checks raise (with a reason), never errors: an error means the data cannot be used as it is. Warnings raised before any game.ron is read (L004, L009: while the folders are searched) cannot be allowed by one, nor can R006; `orbat-validate --list-rules --format json` says of each code whether it is `allowable`.\n\nBad:\n    allow: [(rule: \"R002\", reason: \"later\"), (rule: \"L004\", reason: \"notes file\")]\nGood:\n    allow: [(rule: \"M003\", reason: \"the map is an excerpt\")]";
"R005" "bad-backdrop" Error "references" "the backdrop image is missing, not an image, or outside the game folder"
"The map's backdrop is a PNG or JPEG inside the game folder, named by a relative path. The validator never reads outside the folders it is given, so absolute paths and `..` are refused.\n\nBad:\n    backdrop: Some((image: \"../../shared/europe.png\", width: 1600, height: 1200)),\nGood:\n    backdrop: Some((image: \"backdrop.png\", width: 1600, height: 1200)),";
"R006" "unused-allowance" Warning "references" "an `allow` entry allows a warning the game folder does not raise"
"An allowance is a promise that a known warning is expected; once the data no longer raises it (the map was completed, the cards added), the entry only hides the next such warning, which may be a real mistake. It is reported only when every file of the folder loaded, since otherwise the checks that raise the warning may not have run. An entry repeating an earlier one's code is reported too.\n\nBad: every space is linked, and game.ron still says\n    allow: [(rule: \"M004\", reason: \"the map is an excerpt\")]\nGood: the entry removed\n    allow: []";
"L010" "file-too-large" Error "loading" "a game file is larger than the 64 MiB limit"
"Files are read whole; the limit keeps memory bounded when a stray huge file sits in a game folder. Real game files are far smaller (a 10,000-space map is under 2 MiB).\n\nBad: a 100 MB `map.ron` written by a runaway script.\nGood: the real map, a few hundred KiB.";
"L011" "file-name-not-utf8" Error "loading" "a .ron file's name is not valid UTF-8"
"Ids come from file names (a scenario's id, a text file's language), and findings name files; a name that is not UTF-8 can be neither read nor shown faithfully, so the file is not checked. It is reported rather than skipped, so a CI never passes a file it did not read.\n\nBad: `1914\\xff.scenario.ron` (a Latin-1 byte in the name)\nGood: `1914.scenario.ron`";
"M001" "self-link" Error "map" "a link joins a space to itself"
"A link is a line between two spaces; one from a space to itself means a typo in one end.\n\nBad:\n    (a: \"verdun\", b: \"verdun\", kind: \"normal\")\nGood:\n    (a: \"verdun\", b: \"metz\", kind: \"normal\")";
"M002" "duplicate-link" Error "map" "two links with the same ends, kind and restriction"
"Parallel links are real (a rail line beside a road, a link only some factions may use), but two links with the same ends, kind and restriction are one link typed twice.\n\nBad:\n    (a: \"paris\", b: \"verdun\", kind: \"normal\"),\n    (a: \"verdun\", b: \"paris\", kind: \"normal\"),\nGood:\n    (a: \"paris\", b: \"verdun\", kind: \"normal\"),\n    (a: \"paris\", b: \"verdun\", kind: \"rail\"),";
"M003" "disconnected-map" Warning "map" "the on-map graph falls apart into pieces"
"Every space on the map should be reachable from every other along links; a piece cut off is usually a forgotten link. Boxes (location kinds with `on_map: false`) are exempt. A map that is knowingly an excerpt may allow this warning in game.ron.\n\nBad: spaces `a`-`b` linked, `c`-`d` linked, and no link between the two pairs.\nGood: add the link `b`-`c`, or `allow: [(rule: \"M003\", reason: \"excerpt of the map\")]`.";
"M004" "unlinked-space" Warning "map" "an on-map space that no link reaches"
"A space with no link can never be entered or left. Boxes off the map are exempt.\n\nBad:\n    (id: \"lemberg\", x: 10, y: 10, kind: \"space\")   // and no link names it\nGood:\n    (a: \"lemberg\", b: \"przemysl\", kind: \"normal\")";
"M005" "empty-area" Warning "map" "an area that no space belongs to"
"Areas (countries, regions) are sets of spaces; an area with no space is either unfinished or misspelled in the spaces that should list it.\n\nBad: game.ron declares area `serbia`; no space lists `serbia` in its `areas`.\nGood:\n    (id: \"belgrade\", ..., areas: [\"serbia\"])";
"P001" "no-supply-source" Error "supply" "a faction with units has no supply source"
"Every unit needs supply; a faction with no source (its own, one it may use, a limited source, or an always-supplied area) is out of supply everywhere.\n\nBad: units of `tu` exist and no space has `supply_source_for: [\"tu\"]`.\nGood:\n    (id: \"constantinople\", ..., supply_source_for: [\"tu\"])";
"P002" "source-off-map" Error "supply" "a supply source lies in a box off the map"
"Supply is traced along links on the map, so a source must be on the map, unless its location kind says it may be a source (e.g. off-map boxes at a map edge).\n\nBad:\n    (id: \"reserve\", kind: \"reserve-box\", supply_source_for: [\"fr\"])\nGood:\n    (id: \"to-kharkov\", kind: \"offmap-box\", supply_source_for: [\"ru\"])   // with may_be_supply_source: true on offmap-box";
"P003" "source-held-by-enemy" Warning "supply" "a supply source is controlled by the enemy at start"
"A source in enemy hands supplies nobody; at the start of a scenario it is usually a control typo.\n\nBad:\n    (id: \"koblenz\", control: \"fr\", supply_source_for: [\"ge\"])\nGood:\n    (id: \"koblenz\", control: \"ge\", supply_source_for: [\"ge\"])";
"P004" "out-of-supply-at-start" Warning "supply" "a unit cannot trace supply at the start of a scenario"
"From each unit on the map, supply is traced along links its faction may use (link kinds that carry supply, restrictions that include it), through spaces controlled at start by friendly factions (or as the faction's supply rule says), to a source valid for its faction. The unit's own space need not be friendly (a unit stands where it stands; the path begins at its neighbours). Boxes, always-supplied areas and unit kinds that need no supply are exempt. The message names the unit, its space and where the trace broke.\n\nBad: a French army in `verdun` whose only way to `paris` runs through German-held `metz`.\nGood: place it where a chain of French-controlled spaces leads to `paris`, or fix the control at start.";
"K001" "over-stacked" Error "stacking" "more units in a location than its limit"
"Each location kind has a stacking limit (e.g. 3 units per side in a space); units of kinds that do not count (HQs, leaders) are not counted, and a faction may have its own limit.\n\nBad: four German corps in `metz` (a space holds 3).\nGood: three corps in `metz`, the fourth in `koblenz`.";
"K002" "kind-cap" Error "stacking" "more units of one kind in a location than its cap"
"Some games cap unit kinds per location: at most two armies in a space, one HQ anywhere.\n\nBad: three armies in a space whose kind has `kind_caps: [(unit_kind: \"army\", max: 2)]`.\nGood: two armies and a corps.";
"K003" "never-together" Error "stacking" "factions that may never stack together share a location"
"Some factions may not stack together although they are allies (Pursuit of Glory: Russians with British).\n\nBad: `ru` and `br` units in one space, with `never_together: [(\"ru\", \"br\")]`.\nGood: the British unit in the next space.";
"K004" "enemies-together" Error "stacking" "enemy units share a location at start"
"Opposing units cannot share a location, except in location kinds that allow it (Pursuit of Glory regions).\n\nBad: a French and a German army both in `metz`.\nGood: the French army in `verdun`, or `opposing_may_share: true` on the location kind.";
"O001" "placed-too-often" Error "order of battle" "a unit is placed more often than the counter mix holds"
"Each unit id in units.ron stands for `count` counters (1 by default); a scenario cannot place more.\n\nBad: `fr-5a` placed in `verdun` and again in `paris`.\nGood: one placement, or two different units.";
"O002" "faction-not-fielded" Error "order of battle" "a unit of a faction the scenario does not field"
"A scenario that lists its `factions` places only units of those factions.\n\nBad: `factions: [\"fr\", \"ge\"]` and a British unit placed.\nGood: add `br` to `factions`, or remove the placement.";
"O003" "forbidden-terrain" Error "order of battle" "a unit placed in terrain its kind may not enter"
"Unit kinds may forbid terrains (e.g. no Turkish corps in swamps).\n\nBad: a `cavalry` unit in a `mountain` space, with `forbidden_terrains: [\"mountain\"]`.\nGood: place it in clear terrain.";
"O004" "reduced-one-step" Error "order of battle" "a one-step unit is placed on its reduced side"
"Only units with a `reduced` side can start reduced.\n\nBad:\n    (unit: \"br-bef\", at: \"calais\", reduced: true)   // br-bef has no reduced values\nGood:\n    (unit: \"br-bef\", at: \"calais\")";
"O005" "closed-area" Error "order of battle" "a unit placed in an area closed to its faction"
"Areas may be closed to some factions (neutral countries, restricted zones).\n\nBad: a German unit in a space of area `switzerland`, with `closed_to: [\"ge\"]`.\nGood: place it outside the area.";
"C001" "duplicate-card-number" Error "cards" "two cards of one deck share a number"
"Card numbers identify cards at the table; within a deck each number is unique.\n\nBad: `guns-of-august` and `race-to-the-sea` both number 1 in `cp-deck`.\nGood: numbers 1 and 2.";
"C002" "deck-composition" Warning "cards" "a deck group holds a different number of cards than declared"
"game.ron declares how many cards each deck group holds (e.g. 14 Mobilization cards); cards.ron must hold exactly that many. An excerpt of a card list may allow this warning.\n\nBad: `(id: \"mobilization\", count: 14)` and 13 cards in that group.\nGood: the 14th card added.";
"C003" "self-reference" Error "cards" "a card requires, cancels or prevents itself"
"A card that requires itself can never be played; one that cancels or prevents itself is a typo.\n\nBad:\n    (id: \"race-to-the-sea\", ..., requires: [\"race-to-the-sea\"])\nGood:\n    (id: \"race-to-the-sea\", ..., requires: [\"guns-of-august\"])";
"C004" "requires-cycle" Error "cards" "cards require each other in a cycle"
"If A requires B and B requires A (directly or through others), none of them can ever be played. The message lists the whole cycle.\n\nBad: `a` requires `b`, `b` requires `c`, `c` requires `a`.\nGood: remove one of the three `requires`.";
"C005" "card-twice-in-scenario" Error "cards" "a card appears twice in a scenario's decks, hands, in play or removed"
"At the start each card is in exactly one place.\n\nBad: `bef` in the Allied hand and in the Allied deck.\nGood: in one of them.";
"C006" "card-in-wrong-deck" Error "cards" "a scenario's deck pile holds a card of another deck"
"A scenario's pile for a deck holds that deck's cards.\n\nBad: `(deck: \"ap-deck\", cards: [\"guns-of-august\"])` where guns-of-august is a `cp-deck` card.\nGood: move it to the `cp-deck` pile.";
"T001" "missing-source-text" Error "text" "a card, space or unit has no name in the source language"
"Everything is referred to by id; what players read comes from text.<source>.ron. Without it the editor and the cards show bare ids.\n\nBad: space `metz` with no `\"space:metz\"` entry in text.en.ron.\nGood:\n    \"space:metz\": (name: \"Metz\"),";
"T002" "missing-translation" Warning "text" "a language lacks translations of source entries"
"Reports a language's coverage and the entries still missing.\n\nBad: text.it.ron without `\"card:bef\"`, which text.en.ron has.\nGood:\n    \"card:bef\": (name: \"BEF\", text: \"...\", source: (name: \"BEF\", text: \"...\")),";
"T003" "stale-translation" Warning "text" "a translation was made from an older source text"
"Each translation records the source text it was made from; when the source changes, the translation is stale until it is reviewed. The message shows what changed.\n\nBad: text.en.ron says \"Cancels {card:x} at once.\"; text.it.ron's `source` still says \"Cancels {card:x}.\"\nGood: update the Italian text and its `source`.";
"T004" "unresolved-placeholder" Error "text" "a placeholder names nothing"
"Card text may refer to things with placeholders (`{card:<id>}`, `{space:<id>}`, `{unit:<id>}`...), which the editor renders with the name in each language. One that names nothing renders as garbage.\n\nBad: \"Cancels {card:kaiserschlact}.\"\nGood: \"Cancels {card:kaiserschlacht}.\"";
"T005" "placeholder-mismatch" Error "text" "a translation's placeholders differ from its source's"
"A translation must keep every placeholder of its source, no more and no fewer, or it says something else.\n\nBad: en \"Cancels {card:greece}.\" / it \"Annulla la carta.\"\nGood: it \"Annulla {card:greece}.\"";
"T006" "unrecorded-source" Warning "text" "a translation does not record the source text it was made from"
"Without the recorded source, a later change of the source cannot be detected as stale.\n\nBad:\n    \"space:paris\": (name: \"Parigi\"),\nGood:\n    \"space:paris\": (name: \"Parigi\", source: (name: \"Paris\")),";
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
