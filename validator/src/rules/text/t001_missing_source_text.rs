//! T001: a card, space, unit, faction, side, area, deck, track or marker kind has no name in the
//! source language.

use crate::analysis::text_keys::KeyKind;
use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Fix};
use crate::load::{GameFolder, SourceFile};
use crate::model::Id;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a card, space, unit, faction, side, area, deck, track or marker kind has no name in the source language
    ///
    /// Everything is referred to by id; what players read comes from text.<source>.ron. Without it the editor and the cards show bare ids.
    ///
    /// Bad: space `metz` with no `"space:metz"` entry in text.en.ron.
    /// Good:
    /// ```ron
    /// "space:metz": (name: "Metz"),
    /// ```
    pub static T001 = {
        name: "missing-source-text",
        severity: Error,
        family: Text,
        allow: Never,
        fires: &["invalid/T001_1", "invalid/T001_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T001, check);

/// Everything players see by name has an entry in the source language's text file: cards,
/// spaces, units, and the game's factions, sides, areas, decks, tracks and marker kinds.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(keys) = cx.source_keys() else {
        return;
    };
    let (folder, source, source_lang) = (cx.folder, keys.doc, keys.lang);
    // (key, file, pointer of the id): the location is built only for a missing entry
    let mut needed: Vec<(String, &SourceFile, String)> = Vec::new();
    for kind in KeyKind::ALL.into_iter().filter(|k| k.name_required()) {
        // the usual case: the source names as many things of this kind as there are
        if keys.names_every(cx.ids, kind) {
            continue;
        }
        for (id, src, list, i) in things(folder, kind) {
            let key = format!("{}:{id}", kind.prefix());
            if !source.value.entries.contains_key(&key) {
                needed.push((key, src, format!("/{list}/{i}/id")));
            }
        }
    }
    for (key, src, pointer) in needed {
        out.push(
            Diagnostic::new(
                &T001,
                format!("`{key}` has no text in the source language `{source_lang}`"),
                src.at(&pointer),
            )
            .with_label("no name in text.".to_owned() + source_lang + ".ron")
            .with_help(format!(
                "add `\"{key}\": (name: \"...\")` to text.{source_lang}.ron"
            ))
            .with_fix(Fix::AddText {
                file: source.src.path.clone(),
                name: stub_name(&key),
                key,
            }),
        );
    }
}

/// Every thing of a kind, repeats included, with its file, list and index there (nothing when
/// its file did not load).
fn things(folder: &GameFolder, kind: KeyKind) -> Vec<(&Id, &SourceFile, &'static str, usize)> {
    fn of<'a, T>(
        doc: Option<(&'a [T], &'a SourceFile)>,
        list: &'static str,
        id: impl Fn(&'a T) -> &'a Id,
    ) -> Vec<(&'a Id, &'a SourceFile, &'static str, usize)> {
        let Some((items, src)) = doc else {
            return Vec::new();
        };
        items
            .iter()
            .enumerate()
            .map(|(i, x)| (id(x), src, list, i))
            .collect()
    }
    let game = folder.game.as_ref().map(|g| (&g.value, &*g.src));
    match kind {
        KeyKind::Space => of(
            folder.map.as_ref().map(|m| (&m.value.spaces[..], &*m.src)),
            "spaces",
            |x| &x.id,
        ),
        KeyKind::Unit => of(
            folder.units.as_ref().map(|u| (&u.value.units[..], &*u.src)),
            "units",
            |x| &x.id,
        ),
        KeyKind::Card => of(
            folder.cards.as_ref().map(|c| (&c.value.cards[..], &*c.src)),
            "cards",
            |x| &x.id,
        ),
        KeyKind::Faction => of(game.map(|(g, s)| (&g.factions[..], s)), "factions", |x| {
            &x.id
        }),
        KeyKind::Side => of(game.map(|(g, s)| (&g.sides[..], s)), "sides", |x| &x.id),
        KeyKind::Area => of(game.map(|(g, s)| (&g.areas[..], s)), "areas", |x| &x.id),
        KeyKind::Deck => of(game.map(|(g, s)| (&g.decks[..], s)), "decks", |x| &x.id),
        KeyKind::Track => of(game.map(|(g, s)| (&g.tracks[..], s)), "tracks", |x| &x.id),
        KeyKind::Marker => of(
            game.map(|(g, s)| (&g.marker_kinds[..], s)),
            "marker_kinds",
            |x| &x.id,
        ),
        // names that may be left out (`KeyKind::name_required`)
        KeyKind::Terrain
        | KeyKind::LocationKind
        | KeyKind::LinkKind
        | KeyKind::UnitKind
        | KeyKind::Scenario
        | KeyKind::Group
        | KeyKind::Ruleset
        | KeyKind::Label
        | KeyKind::Attr => Vec::new(),
    }
}

/// A name to start from, made from the id (`space:bar-le-duc` → `Bar le duc`): `--fix` adds it
/// so the game has a name to show, for the designer to correct.
fn stub_name(key: &str) -> String {
    let id = key.split_once(':').map_or(key, |(_, id)| id);
    let words = id.replace(['-', '_'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => key.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    /// T001's messages on the minimal game with these keys left out of its English (source)
    /// file, these added, and map.ron changed by `map`, sorted.
    fn missing(left_out: &[&str], added: &[&str], map: impl Fn(&mut String)) -> Vec<String> {
        let found = crate::rules::on_minimal::findings("T001", |name, body| match name {
            "text.en.ron" => {
                for key in left_out {
                    let at = body
                        .find(&format!("\"{key}\":"))
                        .expect("key in text.en.ron");
                    let end = at + body[at..].find('\n').expect("line end");
                    body.replace_range(at..=end, "");
                }
                for key in added {
                    let entry = format!("    entries: {{\n        \"{key}\": (name: \"x\"),\n");
                    *body = body.replacen("    entries: {\n", &entry, 1);
                }
            }
            "map.ron" => map(body),
            _ => {}
        });
        let mut messages: Vec<String> = found.into_iter().map(|d| d.message).collect();
        messages.sort();
        messages
    }

    fn message(key: &str) -> String {
        format!("`{key}` has no text in the source language `en`")
    }

    #[test]
    fn a_thing_of_each_kind_with_no_key_is_reported() {
        assert!(missing(&[], &[], |_| {}).is_empty());
        let left_out = [
            "space:metz",
            "unit:ge-hq",
            "card:bef",
            "faction:br",
            "side:cp",
            "area:germany",
            "deck:ap-deck",
            "track:vp",
            "marker:trench",
        ];
        let mut expected: Vec<String> = left_out.iter().map(|k| message(k)).collect();
        expected.sort();
        assert_eq!(missing(&left_out, &[], |_| {}), expected);
    }

    #[test]
    fn keys_naming_nothing_do_not_stand_in_for_things_with_no_key() {
        // as many space keys as spaces, but one names no space
        let found = missing(&["space:metz"], &["space:nowhere"], |_| {});
        assert_eq!(found, [message("space:metz")]);
    }

    #[test]
    fn a_repeated_id_with_no_key_is_reported_at_each_definition() {
        let twice = |map: &mut String| {
            let line = map
                .lines()
                .find(|l| l.contains("id: \"metz\""))
                .expect("metz");
            *map = map.replacen(line, &format!("{line}\n{line}"), 1);
        };
        assert!(missing(&[], &[], twice).is_empty());
        assert_eq!(
            missing(&["space:metz"], &[], twice),
            [message("space:metz"), message("space:metz")]
        );
    }
    #[test]
    fn stub_names_read_as_words() {
        assert_eq!(super::stub_name("space:bar-le-duc"), "Bar le duc");
        assert_eq!(super::stub_name("unit:fr_5a"), "Fr 5a");
        assert_eq!(super::stub_name("space:-"), "space:-");
    }
}
