//! R002: a reference names nothing of the kind it needs.

use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Location};
use crate::load::GameFolder;
use crate::load::spans::child;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::rules::ids::{IdTable, Ids};
use crate::suggest::{did_you_mean, short};

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
        fires: &["invalid/R002_1", "invalid/R002_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&R002, check);

/// Every reference of every file, judged against the id tables of the folder. References
/// into a file that is missing or failed to load are not judged (no cascades).
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let (folder, ids) = (cx.folder, cx.ids);
    languages(folder, out);
    game_refs(folder, ids, out);
    map_refs(folder, ids, out);
    unit_refs(folder, ids, out);
    card_refs(folder, ids, out);
    text_refs(folder, ids, out);
    scenario_refs(folder, ids, out);
}

/// Checks one reference; pushes R002 (with a suggestion) when it names nothing. The location
/// is built only when the reference fails: most resolve, and building one (pointer, span
/// lookup, line and column) costs more than the lookup itself.
pub fn reference(
    table: &IdTable<'_>,
    value: &str,
    at: impl FnOnce() -> Location,
    out: &mut Vec<Diagnostic>,
) -> bool {
    if table.contains(value) {
        return true;
    }
    let help = match did_you_mean(value, table.order.iter().copied()) {
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
    out.push(
        Diagnostic::new(
            &R002,
            format!("no {} has the id `{}`", table.kind, short(value)),
            at(),
        )
        .with_label(format!("unknown {}", table.kind))
        .with_help(help),
    );
    false
}

/// A side or a faction (deck owners and hand holders may be either).
fn side_or_faction(
    ids: &Ids<'_>,
    value: &str,
    at: impl FnOnce() -> Location,
    out: &mut Vec<Diagnostic>,
) {
    if ids.sides.contains(value) || ids.factions.contains(value) {
        return;
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

fn game_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let Some(g) = &folder.game else { return };
    let v = &g.value;
    for (i, f) in v.factions.iter().enumerate() {
        if let Some(side) = &f.side {
            reference(
                &ids.sides,
                side,
                || g.at(&format!("/factions/{i}/side")),
                out,
            );
        }
    }
    for (i, r) in v.relations.iter().enumerate() {
        reference(
            &ids.factions,
            &r.factions.0,
            || g.at(&format!("/relations/{i}/factions/0")),
            out,
        );
        reference(
            &ids.factions,
            &r.factions.1,
            || g.at(&format!("/relations/{i}/factions/1")),
            out,
        );
    }
    for (i, k) in v.location_kinds.iter().enumerate() {
        for (j, cap) in k.kind_caps.iter().enumerate() {
            reference(
                &ids.unit_kinds,
                &cap.unit_kind,
                || g.at(&format!("/location_kinds/{i}/kind_caps/{j}/unit_kind")),
                out,
            );
        }
    }
    for (i, k) in v.unit_kinds.iter().enumerate() {
        for (j, t) in k.forbidden_terrains.iter().enumerate() {
            reference(
                &ids.terrains,
                t,
                || g.at(&format!("/unit_kinds/{i}/forbidden_terrains/{j}")),
                out,
            );
        }
    }
    for (i, a) in v.areas.iter().enumerate() {
        for (j, f) in a.closed_to.iter().enumerate() {
            reference(
                &ids.factions,
                f,
                || g.at(&format!("/areas/{i}/closed_to/{j}")),
                out,
            );
        }
    }
    for (i, (a, b)) in v.stacking.never_together.iter().enumerate() {
        reference(
            &ids.factions,
            a,
            || g.at(&format!("/stacking/never_together/{i}/0")),
            out,
        );
        reference(
            &ids.factions,
            b,
            || g.at(&format!("/stacking/never_together/{i}/1")),
            out,
        );
    }
    for (i, l) in v.stacking.faction_limits.iter().enumerate() {
        reference(
            &ids.factions,
            &l.faction,
            || g.at(&format!("/stacking/faction_limits/{i}/faction")),
            out,
        );
    }
    for (i, s) in v.supply.iter().enumerate() {
        for (j, f) in s.factions.iter().enumerate() {
            reference(
                &ids.factions,
                f,
                || g.at(&format!("/supply/{i}/factions/{j}")),
                out,
            );
        }
        for (j, f) in s.uses_sources_of.iter().enumerate() {
            reference(
                &ids.factions,
                f,
                || g.at(&format!("/supply/{i}/uses_sources_of/{j}")),
                out,
            );
        }
        if folder.map.is_some() {
            for (j, sp) in s.limited_sources.iter().enumerate() {
                reference(
                    &ids.spaces,
                    sp,
                    || g.at(&format!("/supply/{i}/limited_sources/{j}")),
                    out,
                );
            }
        }
        for (j, a) in s.always_supplied_in.iter().enumerate() {
            reference(
                &ids.areas,
                a,
                || g.at(&format!("/supply/{i}/always_supplied_in/{j}")),
                out,
            );
        }
    }
    for (i, d) in v.decks.iter().enumerate() {
        if let Some(owner) = &d.owner {
            side_or_faction(ids, owner, || g.at(&format!("/decks/{i}/owner")), out);
        }
    }
}

fn map_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(m), Some(_)) = (&folder.map, &folder.game) else {
        return;
    };
    for (i, s) in m.value.spaces.iter().enumerate() {
        let p = |f: &str| format!("/spaces/{i}/{f}");
        reference(&ids.location_kinds, &s.kind, || m.at(&p("kind")), out);
        if let Some(t) = &s.terrain {
            reference(&ids.terrains, t, || m.at(&p("terrain")), out);
        }
        for (j, a) in s.areas.iter().enumerate() {
            reference(
                &ids.areas,
                a,
                || m.at(&format!("/spaces/{i}/areas/{j}")),
                out,
            );
        }
        if let Some(c) = &s.control {
            reference(&ids.factions, c, || m.at(&p("control")), out);
        }
        if let Some(c) = &s.capital_of {
            reference(&ids.factions, c, || m.at(&p("capital_of")), out);
        }
        for (j, f) in s.supply_source_for.iter().enumerate() {
            reference(
                &ids.factions,
                f,
                || m.at(&format!("/spaces/{i}/supply_source_for/{j}")),
                out,
            );
        }
    }
    for (i, l) in m.value.links.iter().enumerate() {
        reference(&ids.spaces, &l.a, || m.at(&format!("/links/{i}/a")), out);
        reference(&ids.spaces, &l.b, || m.at(&format!("/links/{i}/b")), out);
        reference(
            &ids.link_kinds,
            &l.kind,
            || m.at(&format!("/links/{i}/kind")),
            out,
        );
        for (j, f) in l.only_for.iter().enumerate() {
            reference(
                &ids.factions,
                f,
                || m.at(&format!("/links/{i}/only_for/{j}")),
                out,
            );
        }
    }
}

fn unit_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(u), Some(g)) = (&folder.units, &folder.game) else {
        return;
    };
    let value_names: Vec<&str> = g.value.unit_values.iter().map(String::as_str).collect();
    for (i, unit) in u.value.units.iter().enumerate() {
        reference(
            &ids.factions,
            &unit.faction,
            || u.at(&format!("/units/{i}/faction")),
            out,
        );
        reference(
            &ids.unit_kinds,
            &unit.kind,
            || u.at(&format!("/units/{i}/kind")),
            out,
        );
        let sides = [
            ("full", Some(&unit.full)),
            ("reduced", unit.reduced.as_ref()),
        ];
        for (side, values) in sides {
            for name in values.into_iter().flat_map(|v| v.keys()) {
                if !value_names.contains(&name.as_str()) {
                    let help = did_you_mean(name, value_names.iter().copied()).map_or_else(
                        || format!("the game's unit values are: {}", value_names.join(", ")),
                        |s| format!("did you mean `{s}`?"),
                    );
                    out.push(
                        Diagnostic::new(
                            &R002,
                            format!("`{name}` is not one of the game's unit values"),
                            u.at_key(&format!("/units/{i}/{side}/{name}")),
                        )
                        .with_help(help),
                    );
                }
            }
        }
    }
}

fn card_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(c), Some(g)) = (&folder.cards, &folder.game) else {
        return;
    };
    for (i, card) in c.value.cards.iter().enumerate() {
        let p = |f: &str| format!("/cards/{i}/{f}");
        if reference(&ids.decks, &card.deck, || c.at(&p("deck")), out) {
            let deck = &g.value.decks[ids.decks.index(&card.deck).unwrap_or_default()];
            if !deck.groups.iter().any(|grp| grp.id == card.group) {
                let names: Vec<&str> = deck.groups.iter().map(|grp| grp.id.as_str()).collect();
                let help = did_you_mean(&card.group, names.iter().copied()).map_or_else(
                    || format!("deck `{}` has the groups: {}", deck.id, names.join(", ")),
                    |s| format!("did you mean `{s}`?"),
                );
                out.push(
                    Diagnostic::new(
                        &R002,
                        format!("deck `{}` has no group `{}`", deck.id, card.group),
                        c.at(&p("group")),
                    )
                    .with_label("unknown deck group")
                    .with_help(help),
                );
            }
        }
        for (field, list) in [
            ("requires", &card.requires),
            ("cancels", &card.cancels),
            ("prevents", &card.prevents),
        ] {
            for (j, r) in list.iter().enumerate() {
                reference(
                    &ids.cards,
                    r,
                    || c.at(&format!("/cards/{i}/{field}/{j}")),
                    out,
                );
            }
        }
        for (j, r) in card.reinforcements.iter().enumerate() {
            if folder.units.is_some() {
                reference(
                    &ids.units,
                    &r.unit,
                    || c.at(&format!("/cards/{i}/reinforcements/{j}/unit")),
                    out,
                );
            }
            if folder.map.is_some() {
                reference(
                    &ids.spaces,
                    &r.to,
                    || c.at(&format!("/cards/{i}/reinforcements/{j}/to")),
                    out,
                );
            }
        }
        if folder.map.is_some() {
            for (j, s) in card.spaces.iter().enumerate() {
                reference(
                    &ids.spaces,
                    s,
                    || c.at(&format!("/cards/{i}/spaces/{j}")),
                    out,
                );
            }
        }
    }
}

fn text_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    for (_, doc) in &folder.texts {
        for key in doc.value.entries.keys() {
            let at = || doc.at_key(&child("/entries", key));
            let (kind, id) = key.split_once(':').unwrap_or((key.as_str(), ""));
            let (table, needs) = match kind {
                "card" => (&ids.cards, folder.cards.is_some()),
                "space" => (&ids.spaces, folder.map.is_some()),
                "unit" => (&ids.units, folder.units.is_some()),
                "faction" => (&ids.factions, folder.game.is_some()),
                "side" => (&ids.sides, folder.game.is_some()),
                "area" => (&ids.areas, folder.game.is_some()),
                "game" if id.is_empty() => continue,
                _ => {
                    out.push(
                        Diagnostic::new(&R002, format!("`{key}` is not a text key"), at())
                            .with_help("keys are `card:<id>`, `space:<id>`, `unit:<id>`, `faction:<id>`, `side:<id>`, `area:<id>` or `game`"),
                    );
                    continue;
                }
            };
            if needs {
                reference(table, id, at, out);
            }
        }
    }
}

fn scenario_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    for doc in &folder.scenarios {
        let s = &doc.value;
        if folder.game.is_none() {
            continue;
        }
        if let Some(r) = &s.ruleset {
            reference(&ids.rulesets, r, || doc.at("/ruleset"), out);
        }
        for (i, f) in s.factions.iter().enumerate() {
            reference(&ids.factions, f, || doc.at(&format!("/factions/{i}")), out);
        }
        for (i, seat) in s.seats.iter().enumerate() {
            for (j, f) in seat.factions.iter().enumerate() {
                reference(
                    &ids.factions,
                    f,
                    || doc.at(&format!("/seats/{i}/factions/{j}")),
                    out,
                );
            }
        }
        for (i, r) in s.relations.iter().enumerate() {
            reference(
                &ids.factions,
                &r.factions.0,
                || doc.at(&format!("/relations/{i}/factions/0")),
                out,
            );
            reference(
                &ids.factions,
                &r.factions.1,
                || doc.at(&format!("/relations/{i}/factions/1")),
                out,
            );
        }
        let map = folder.map.is_some();
        for (i, c) in s.control.iter().enumerate() {
            if map {
                reference(
                    &ids.spaces,
                    &c.space,
                    || doc.at(&format!("/control/{i}/space")),
                    out,
                );
            }
            if let Some(f) = &c.faction {
                reference(
                    &ids.factions,
                    f,
                    || doc.at(&format!("/control/{i}/faction")),
                    out,
                );
            }
        }
        for (i, p) in s.placements.iter().enumerate() {
            if folder.units.is_some() {
                reference(
                    &ids.units,
                    &p.unit,
                    || doc.at(&format!("/placements/{i}/unit")),
                    out,
                );
            }
            if map {
                reference(
                    &ids.spaces,
                    &p.at,
                    || doc.at(&format!("/placements/{i}/at")),
                    out,
                );
            }
        }
        let cards = folder.cards.is_some();
        for (i, d) in s.decks.iter().enumerate() {
            reference(
                &ids.decks,
                &d.deck,
                || doc.at(&format!("/decks/{i}/deck")),
                out,
            );
            if cards {
                for (j, c) in d.cards.iter().enumerate() {
                    reference(
                        &ids.cards,
                        c,
                        || doc.at(&format!("/decks/{i}/cards/{j}")),
                        out,
                    );
                }
            }
        }
        for (i, h) in s.hands.iter().enumerate() {
            side_or_faction(
                ids,
                &h.holder,
                || doc.at(&format!("/hands/{i}/holder")),
                out,
            );
            if cards {
                for (j, c) in h.cards.iter().enumerate() {
                    reference(
                        &ids.cards,
                        c,
                        || doc.at(&format!("/hands/{i}/cards/{j}")),
                        out,
                    );
                }
            }
        }
        if cards {
            for (field, list) in [("in_play", &s.in_play), ("removed", &s.removed)] {
                for (j, c) in list.iter().enumerate() {
                    reference(&ids.cards, c, || doc.at(&format!("/{field}/{j}")), out);
                }
            }
        }
        for (i, t) in s.tracks.iter().enumerate() {
            reference(
                &ids.tracks,
                &t.track,
                || doc.at(&format!("/tracks/{i}/track")),
                out,
            );
        }
        for (i, m) in s.markers.iter().enumerate() {
            reference(
                &ids.marker_kinds,
                &m.kind,
                || doc.at(&format!("/markers/{i}/kind")),
                out,
            );
            if map {
                reference(
                    &ids.spaces,
                    &m.at,
                    || doc.at(&format!("/markers/{i}/at")),
                    out,
                );
            }
        }
    }
}
