//! R002: a reference names nothing of the kind it needs.

use crate::analysis::ids::{IdTable, Ids};
use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Fix, Location};
use crate::load::GameFolder;
use crate::model::Deck;
use crate::model::compare::{less, same};
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::suggest::{did_you_mean, near_misses, short};

use crate::analysis::walk::{Resolved, Target, Visit, text_key, walk_all_but_text_keys};

declare_rule! {
    /// a reference names nothing of the kind it needs
    ///
    /// A link end, a unit's faction, a placement's space, a card's reference... must name an existing id of the right kind.
    ///
    /// Bad:
    /// ```ron
    /// (a: "erzerum", b: "kars", kind: "normal")   // the space is `erzurum`
    /// ```
    /// Good:
    /// ```ron
    /// (a: "erzurum", b: "kars", kind: "normal")
    /// ```
    pub static R002 = {
        name: "unresolved-reference",
        severity: Error,
        family: References,
        allow: Never,
        fires: &["invalid/R002_1", "invalid/R002_2", "invalid/R002_3", "invalid/R002_4", "invalid/R002_5", "invalid/R002_6", "invalid/R002_7", "invalid/R002_8", "invalid/R002_9"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&R002, check);

/// Every reference of every file (the walk in `walk/`), judged against the folder's ids.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    languages(cx.folder, out);
    let mut judge = Judge { ids: cx.ids, out };
    // the world looked every link end and area up: only those it did not find are looked up
    // again
    let resolved = cx.world.map_or(Resolved::default(), |w| Resolved {
        link_ends_but: Some(&w.links_with_unknown_ends),
        space_areas_but: Some(&w.spaces_with_unknown_areas),
    });
    walk_all_but_text_keys(cx.folder, cx.ids, resolved, &mut judge);
    text_keys(cx, &mut judge);
}

/// The keys of every text file. A key names the same thing in every language, so the first
/// file's keys are judged one by one, and another file's keys that the first also has (most
/// of a translation's) share its verdicts: only those it reported are judged again, for their
/// own location. Both lists are sorted, so they are walked side by side; looking each key up
/// again in every language was over a quarter of this rule's lookups into the large tables
/// on a large game (BENCHMARKS.md, session 21). The first file is the source language's when
/// it loaded: the context has looked its keys up already, for T001 too.
fn text_keys(cx: &Context<'_>, judge: &mut Judge<'_, '_>) {
    let (folder, ids) = (cx.folder, cx.ids);
    let looked_up = cx.source_keys();
    let Some(first) = looked_up
        .map(|l| l.doc)
        .or_else(|| folder.texts.first().map(|(_, doc)| doc))
    else {
        return;
    };
    let mut unresolved: Vec<&str> = Vec::new();
    for (i, key) in first.value.entries.keys().enumerate() {
        // a key the context found resolved is one the judge would pass
        let resolved = looked_up.is_some_and(|l| l.resolved[i]);
        if !resolved && !text_key(ids, first, key, judge) {
            unresolved.push(key);
        }
    }
    for (_, doc) in folder.texts.iter().filter(|(_, d)| !std::ptr::eq(d, first)) {
        let mut shared = first.value.entries.keys().peekable();
        for key in doc.value.entries.keys() {
            // the first file's keys before this one are not in this file; where both files
            // have the same keys (most translations), one comparison in line a key
            let in_first = loop {
                match shared.peek() {
                    Some(k) if same(k, key) => {
                        shared.next();
                        break true;
                    }
                    Some(k) if less(k, key) => {
                        shared.next();
                    }
                    _ => break false,
                }
            };
            // `unresolved` is in key order: the first file's keys were judged in order
            if !in_first || unresolved.binary_search(&key.as_str()).is_ok() {
                text_key(ids, doc, key, judge);
            }
        }
    }
}

/// Reports each reference that names nothing of the kind it needs.
struct Judge<'a, 'o> {
    ids: &'a Ids<'a>,
    out: &'o mut Vec<Diagnostic>,
}

impl Visit for Judge<'_, '_> {
    /// Inlined into the walk for the common cases, an id or a unit value that resolves: a
    /// call for each reference cost more than most lookups.
    #[inline(always)]
    fn visit(&mut self, target: Target<'_>, value: &str, at: &dyn Fn() -> Location) -> bool {
        match target {
            Target::Id(table) if table.contains(value) => true,
            // each unit's values (a few a unit, one of a handful of names)
            Target::UnitValue(names) if names.iter().any(|n| same(n, value)) => true,
            _ => self.judge(target, value, at),
        }
    }
}

impl Judge<'_, '_> {
    /// Every other reference: one of two kinds, a unit value, a deck group, a text key, or
    /// an id that does not resolve.
    #[inline(never)]
    fn judge(&mut self, target: Target<'_>, value: &str, at: &dyn Fn() -> Location) -> bool {
        match target {
            Target::Id(table) => reference(table, value, at, self.out),
            Target::SideOrFaction => side_or_faction(self.ids, value, at, self.out),
            Target::AreaOrSpace => either(
                (&self.ids.areas, &self.ids.spaces),
                "area or space",
                value,
                at,
                self.out,
            ),
            Target::UnitOrFlag => either(
                (&self.ids.units, &self.ids.unit_flags),
                "unit or unit flag",
                value,
                at,
                self.out,
            ),
            Target::UnitValue(names) => unit_value(names, value, at, self.out),
            Target::DeckGroup(deck) => deck_group(deck, value, at, self.out),
            Target::TextKey => {
                self.out.push(
                    Diagnostic::new(&R002, format!("`{value}` is not a text key"), at())
                        .with_help(text_key_help(value)),
                );
                false
            }
        }
    }
}

/// Checks one reference; pushes R002 (with a suggestion) when it names nothing.
pub fn reference(
    table: &IdTable<'_>,
    value: &str,
    at: &dyn Fn() -> Location,
    out: &mut Vec<Diagnostic>,
) -> bool {
    if table.contains(value) {
        return true;
    }
    let near = near_misses(value, table.order.iter().copied());
    let help = match near.closest {
        Some(s) => format!("did you mean `{s}`?"),
        None if table.order.is_empty() => format!(
            "no {} is defined yet: add one to {}",
            table.kind, table.defined_in
        ),
        None => format!(
            "use the id of a {} defined in {}",
            table.kind, table.defined_in
        ),
    };
    let mut d = Diagnostic::new(
        &R002,
        format!("no {} has the id `{}`", table.kind, short(value)),
        at(),
    )
    .with_label(format!("unknown {}", table.kind))
    .with_help(help);
    if let Some(only) = near.only {
        d = d.with_fix(Fix::Replace {
            from: value.to_owned(),
            to: only.to_owned(),
        });
    }
    out.push(d);
    false
}

/// A side or a faction (deck owners and hand holders may be either).
fn side_or_faction(
    ids: &Ids<'_>,
    value: &str,
    at: &dyn Fn() -> Location,
    out: &mut Vec<Diagnostic>,
) -> bool {
    if ids.sides.contains(value) || ids.factions.contains(value) {
        return true;
    }
    let candidates = ids.sides.order.iter().chain(&ids.factions.order).copied();
    let help = did_you_mean(value, candidates).map_or_else(
        || "use the id of a side or a faction from game.ron".to_owned(),
        |s| format!("did you mean `{s}`?"),
    );
    out.push(
        Diagnostic::new(
            &R002,
            format!("no side or faction has the id `{value}`"),
            at(),
        )
        .with_label("unknown side or faction")
        .with_help(help),
    );
    false
}

/// An id of either of two kinds (when the second kind's file did not load, only the first is
/// judged, and nothing when neither loaded).
fn either(
    (first, second): (&IdTable<'_>, &IdTable<'_>),
    what: &str,
    value: &str,
    at: &dyn Fn() -> Location,
    out: &mut Vec<Diagnostic>,
) -> bool {
    if first.contains(value) || second.contains(value) || !(first.loaded && second.loaded) {
        return true;
    }
    let candidates = first.order.iter().chain(&second.order).copied();
    let help = did_you_mean(value, candidates).map_or_else(
        || format!("use the id of a {} or a {}", first.kind, second.kind),
        |s| format!("did you mean `{s}`?"),
    );
    out.push(
        Diagnostic::new(
            &R002,
            format!("no {what} has the id `{}`", short(value)),
            at(),
        )
        .with_label(format!("unknown {what}"))
        .with_help(help),
    );
    false
}

/// A key of a unit's values is one of the game's `unit_values`.
fn unit_value(
    names: &[String],
    name: &str,
    at: &dyn Fn() -> Location,
    out: &mut Vec<Diagnostic>,
) -> bool {
    if names.iter().any(|n| n == name) {
        return true;
    }
    let help = did_you_mean(name, names.iter().map(String::as_str)).map_or_else(
        || format!("the game's unit values are: {}", names.join(", ")),
        |s| format!("did you mean `{s}`?"),
    );
    out.push(
        Diagnostic::new(
            &R002,
            format!("`{name}` is not one of the game's unit values"),
            at(),
        )
        .with_help(help),
    );
    false
}

/// A card's group is one of its deck's groups.
fn deck_group(
    deck: &Deck,
    group: &str,
    at: &dyn Fn() -> Location,
    out: &mut Vec<Diagnostic>,
) -> bool {
    if deck.groups.iter().any(|g| g.id == group) {
        return true;
    }
    let names: Vec<&str> = deck.groups.iter().map(|g| g.id.as_str()).collect();
    let help = did_you_mean(group, names.iter().copied()).map_or_else(
        || format!("deck `{}` has the groups: {}", deck.id, names.join(", ")),
        |s| format!("did you mean `{s}`?"),
    );
    out.push(
        Diagnostic::new(
            &R002,
            format!("deck `{}` has no group `{group}`", deck.id),
            at(),
        )
        .with_label("unknown deck group")
        .with_help(help),
    );
    false
}

/// The source language is among the game's languages, and each text file's language too.
fn languages(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let Some(game) = &folder.game else { return };
    if !game.value.languages.contains(&game.value.source_language) {
        out.push(
            Diagnostic::new(
                &R002,
                format!(
                    "the source language `{}` is not among `languages`",
                    game.value.source_language
                ),
                game.at("/source_language"),
            )
            .with_help("add it to `languages`"),
        );
    }
    for (lang, doc) in &folder.texts {
        if !game.value.languages.contains(lang) {
            out.push(
                Diagnostic::new(
                    &R002,
                    format!("text.{lang}.ron is for a language the game does not declare"),
                    doc.at("/language"),
                )
                .with_help(format!(
                    "add `{lang}` to `languages` in game.ron, or remove the file"
                )),
            );
        }
    }
}

/// What a text key may be, every kind listed (from the kinds themselves, so none is left
/// out), after the kind `key`'s prefix may have meant.
fn text_key_help(key: &str) -> String {
    use crate::analysis::text_keys::KeyKind;
    let prefix = key.split(':').next().unwrap_or(key);
    let prefixes = KeyKind::ALL
        .iter()
        .map(|k| k.prefix())
        .chain(["value", "game"]);
    let kinds: Vec<String> = KeyKind::ALL
        .iter()
        .map(|k| format!("`{}:<id>`", k.prefix()))
        .collect();
    let all = format!(
        "keys are {}, `value:<attribute>.<value>` (a named value of a `OneOf` attribute) or `game`",
        kinds.join(", ")
    );
    match crate::suggest::did_you_mean(prefix, prefixes) {
        Some(p) if p != prefix => format!("did you mean `{p}:`? {all}"),
        _ => all,
    }
}

#[cfg(test)]
mod tests {
    /// The R002 findings on the minimal game with the given keys added to its English and
    /// Italian text files, and `source` its source language: (file, message), sorted.
    fn text_findings(en: &[&str], it: &[&str], source: &str) -> Vec<(String, String)> {
        let mut found: Vec<(String, String)> = findings(|name, body| {
            let added = match name {
                "text.en.ron" => en,
                "text.it.ron" => it,
                "game.ron" => {
                    *body = body.replace(
                        "source_language: \"en\"",
                        &format!("source_language: \"{source}\""),
                    );
                    &[]
                }
                _ => &[],
            };
            for key in added {
                let entry = format!("    entries: {{\n        \"{key}\": (name: \"x\"),\n");
                *body = body.replacen("    entries: {\n", &entry, 1);
            }
        })
        .into_iter()
        .map(|(file, _, message)| (file, message))
        .collect();
        found.sort();
        found
    }

    /// The R002 findings on the minimal game with its files changed by `edit` (given each
    /// file's name and text): (file, line, message), sorted.
    fn findings(edit: impl Fn(&str, &mut String)) -> Vec<(String, usize, String)> {
        let mut out: Vec<(String, usize, String)> =
            crate::rules::on_minimal::findings("R002", edit)
                .into_iter()
                .map(|d| {
                    let file = d.location.file.file_name().unwrap_or_default();
                    let line = d.location.start.map_or(0, |p| p.line);
                    (file.to_string_lossy().into_owned(), line, d.message)
                })
                .collect();
        out.sort();
        out
    }

    #[test]
    fn every_link_end_and_area_naming_nothing_is_reported_wherever_it_is() {
        // the world resolves the link ends and areas first, and R002 looks again only at the
        // links and spaces it could not resolve: first, middle and last, one or both
        let found = findings(|name, body| {
            if name == "map.ron" {
                *body = body
                    .replace(
                        "(a: \"paris\", b: \"calais\"",
                        "(a: \"pariss\", b: \"calais\"",
                    )
                    .replace(
                        "(a: \"paris\", b: \"verdun\", kind: \"rail\"",
                        "(a: \"x1\", b: \"x2\", kind: \"rail\"",
                    )
                    .replace(
                        "(a: \"metz\", b: \"koblenz\"",
                        "(a: \"metz\", b: \"kobelnz\"",
                    )
                    .replacen("areas: [\"france\"]", "areas: [\"frnace\", \"picardy\"]", 1)
                    .replace(
                        "areas: [\"germany\"], control: \"ge\", supply",
                        "areas: [\"germany\", \"prussia\"], control: \"ge\", supply",
                    );
            }
        });
        let at = |line: usize, kind: &str, id: &str| {
            let message = format!("no {kind} has the id `{id}`");
            ("map.ron".to_owned(), line, message)
        };
        let expected = vec![
            at(3, "area", "frnace"),
            at(3, "area", "picardy"),
            at(7, "area", "prussia"),
            at(11, "space", "pariss"),
            at(13, "space", "x1"),
            at(13, "space", "x2"),
            at(15, "space", "kobelnz"),
        ];
        assert_eq!(found, expected);
        assert!(findings(|_, _| {}).is_empty());
    }

    #[test]
    fn a_set_attr_of_the_scenario_itself_names_nothing_to_look_up() {
        // `of: "scenario"` is the state's scenario; `scenario:<id>` is a key naming one
        let found = findings(|name, body| {
            if name == "cards.ron" {
                *body = body.replacen(
                    "spaces: [\"metz\"]),",
                    "spaces: [\"metz\"], effects: [SetAttr(of: \"scenario\", attr: \"morale\", value: 2), SetAttr(of: \"scenario:1915\", attr: \"morale\", value: 1)]),",
                    1,
                );
            }
        });
        let message = "no scenario has the id `1915`".to_owned();
        assert_eq!(found, vec![("cards.ron".to_owned(), 3, message)]);
    }

    #[test]
    fn each_language_reports_its_own_unresolved_keys_shared_or_not() {
        // the source language's file is judged first (its keys looked up by the context),
        // whichever it is
        for source in ["en", "it"] {
            each_language_reports_its_own_keys(source);
        }
    }

    fn each_language_reports_its_own_keys(source: &str) {
        assert!(text_findings(&[], &[], source).is_empty());
        // one bad key in both languages, one in each alone, keys before, between and after
        // the other file's
        let both = ["space:lille", "aaa:x"];
        let en = [both[0], both[1], "card:ghost"];
        let it = [both[0], both[1], "unit:ghost", "zone:q"];
        let found = text_findings(&en, &it, source);
        let expected: Vec<(String, String)> = [
            ("text.en.ron", "`aaa:x` is not a text key"),
            ("text.en.ron", "no card has the id `ghost`"),
            ("text.en.ron", "no space has the id `lille`"),
            ("text.it.ron", "`aaa:x` is not a text key"),
            ("text.it.ron", "`zone:q` is not a text key"),
            ("text.it.ron", "no space has the id `lille`"),
            ("text.it.ron", "no unit has the id `ghost`"),
        ]
        .iter()
        .map(|(f, m)| (f.to_string(), m.to_string()))
        .collect();
        assert_eq!(found, expected, "source language {source}");
    }
}
