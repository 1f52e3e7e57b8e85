//! Reference checks (R002, R003, L007, L008, R004): every id a file names must exist, with the
//! right kind; file names agree with contents; the files a game needs are there.

use rustc_hash::{FxHashMap, FxHashSet as HashSet};

use crate::diagnostic::{Diagnostic, Location};
use crate::load::{FileKind, GameFolder};
use crate::registry;

use super::ids::Ids;

pub fn check(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    required_files(folder, out);
    game_refs(folder, ids, out);
    map_refs(folder, ids, out);
    unit_refs(folder, ids, out);
    card_refs(folder, ids, out);
    text_refs(folder, ids, out);
    scenario_refs(folder, ids, out);
}

fn required_files(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let Some(game) = &folder.game else { return };
    let present = |kind: FileKind, got: bool| got || folder.has_failed(kind);
    for (kind, name, got) in [
        (FileKind::Map, "map.ron", folder.map.is_some()),
        (FileKind::Units, "units.ron", folder.units.is_some()),
        (FileKind::Cards, "cards.ron", folder.cards.is_some()),
    ] {
        if !present(kind, got) {
            out.push(
                Diagnostic::new(
                    "L008",
                    format!("the game has no {name}"),
                    Location::file(folder.dir.join(name)),
                )
                .with_help(format!("create {name} in {}", folder.dir.display())),
            );
        }
    }
    let text_langs: HashSet<&str> = folder.texts.iter().map(|(l, _)| l.as_str()).collect();
    let failed_texts = folder.has_failed(FileKind::Text);
    for (i, lang) in game.value.languages.iter().enumerate() {
        if !text_langs.contains(lang.as_str()) && !failed_texts {
            out.push(
                Diagnostic::new(
                    "L008",
                    format!("the game declares language `{lang}` but has no text.{lang}.ron"),
                    game.at(&format!("/languages/{i}")),
                )
                .with_label("declared here")
                .with_help(format!(
                    "create text.{lang}.ron, or remove `{lang}` from `languages`"
                )),
            );
        }
    }
    if !game.value.languages.contains(&game.value.source_language) {
        out.push(
            Diagnostic::new(
                "R002",
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
                    "R002",
                    format!("text.{lang}.ron is for a language the game does not declare"),
                    doc.at("/language"),
                )
                .with_help(format!(
                    "add `{lang}` to `languages` in game.ron, or remove the file"
                )),
            );
        }
    }
    for (i, allow) in game.value.allow.iter().enumerate() {
        let at = game.at(&format!("/allow/{i}/rule"));
        let code = crate::suggest::short(&allow.rule);
        let d = match crate::allowability(&allow.rule) {
            crate::Allowability::Allowable(_) => continue,
            crate::Allowability::Unknown => {
                let near = crate::suggest::did_you_mean(
                    &allow.rule,
                    registry::RULES.iter().map(|r| r.code),
                );
                Diagnostic::new("R004", format!("`{code}` is not a rule code"), at)
                    .with_label("no such code")
                    .with_help(match near {
                        Some(c) => format!(
                            "did you mean `{c}`? `orbat-validate --list-rules` lists the codes"
                        ),
                        None => "`orbat-validate --list-rules` lists the codes".to_owned(),
                    })
            }
            crate::Allowability::Error(c) => Diagnostic::new(
                "R004",
                format!("`{c}` is an error and cannot be allowed"),
                at,
            )
            .with_help("fix the data instead; only warnings may be allowed"),
            crate::Allowability::NotAllowable(c, why, help) => {
                Diagnostic::new("R004", format!("`{c}` cannot be allowed: {why}"), at)
                    .with_label("allows nothing")
                    .with_help(help)
            }
        };
        out.push(d);
    }
}

fn game_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let Some(g) = &folder.game else { return };
    let v = &g.value;
    for (i, f) in v.factions.iter().enumerate() {
        if let Some(side) = &f.side {
            ids.sides
                .check(side, || g.at(&format!("/factions/{i}/side")), out);
        }
    }
    for (i, r) in v.relations.iter().enumerate() {
        ids.factions.check(
            &r.factions.0,
            || g.at(&format!("/relations/{i}/factions/0")),
            out,
        );
        ids.factions.check(
            &r.factions.1,
            || g.at(&format!("/relations/{i}/factions/1")),
            out,
        );
    }
    for (i, k) in v.location_kinds.iter().enumerate() {
        for (j, cap) in k.kind_caps.iter().enumerate() {
            ids.unit_kinds.check(
                &cap.unit_kind,
                || g.at(&format!("/location_kinds/{i}/kind_caps/{j}/unit_kind")),
                out,
            );
        }
    }
    for (i, k) in v.unit_kinds.iter().enumerate() {
        for (j, t) in k.forbidden_terrains.iter().enumerate() {
            ids.terrains.check(
                t,
                || g.at(&format!("/unit_kinds/{i}/forbidden_terrains/{j}")),
                out,
            );
        }
    }
    for (i, a) in v.areas.iter().enumerate() {
        for (j, f) in a.closed_to.iter().enumerate() {
            ids.factions
                .check(f, || g.at(&format!("/areas/{i}/closed_to/{j}")), out);
        }
    }
    for (i, (a, b)) in v.stacking.never_together.iter().enumerate() {
        ids.factions
            .check(a, || g.at(&format!("/stacking/never_together/{i}/0")), out);
        ids.factions
            .check(b, || g.at(&format!("/stacking/never_together/{i}/1")), out);
    }
    for (i, l) in v.stacking.faction_limits.iter().enumerate() {
        ids.factions.check(
            &l.faction,
            || g.at(&format!("/stacking/faction_limits/{i}/faction")),
            out,
        );
    }
    for (i, s) in v.supply.iter().enumerate() {
        for (j, f) in s.factions.iter().enumerate() {
            ids.factions
                .check(f, || g.at(&format!("/supply/{i}/factions/{j}")), out);
        }
        for (j, f) in s.uses_sources_of.iter().enumerate() {
            ids.factions
                .check(f, || g.at(&format!("/supply/{i}/uses_sources_of/{j}")), out);
        }
        if folder.map.is_some() {
            for (j, sp) in s.limited_sources.iter().enumerate() {
                ids.spaces.check(
                    sp,
                    || g.at(&format!("/supply/{i}/limited_sources/{j}")),
                    out,
                );
            }
        }
        for (j, a) in s.always_supplied_in.iter().enumerate() {
            ids.areas.check(
                a,
                || g.at(&format!("/supply/{i}/always_supplied_in/{j}")),
                out,
            );
        }
    }
    for (i, d) in v.decks.iter().enumerate() {
        if let Some(owner) = &d.owner {
            ids.check_side_or_faction(owner, || g.at(&format!("/decks/{i}/owner")), out);
        }
        let mut seen = HashSet::default();
        for (j, grp) in d.groups.iter().enumerate() {
            if !seen.insert(grp.id.as_str()) {
                out.push(
                    Diagnostic::new(
                        "R001",
                        format!(
                            "the deck group id `{}` is used twice in deck `{}`",
                            grp.id, d.id
                        ),
                        g.at(&format!("/decks/{i}/groups/{j}/id")),
                    )
                    .with_help("give each group of a deck its own id"),
                );
            }
        }
    }
}

fn map_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    if let Some(m) = &folder.map
        && let Some(b) = &m.value.backdrop
    {
        backdrop(folder, &b.image, b.width, b.height, m, out);
    }
    let (Some(m), Some(_)) = (&folder.map, &folder.game) else {
        return;
    };
    for (i, s) in m.value.spaces.iter().enumerate() {
        let p = |f: &str| format!("/spaces/{i}/{f}");
        ids.location_kinds.check(&s.kind, || m.at(&p("kind")), out);
        if let Some(t) = &s.terrain {
            ids.terrains.check(t, || m.at(&p("terrain")), out);
        }
        for (j, a) in s.areas.iter().enumerate() {
            ids.areas
                .check(a, || m.at(&format!("/spaces/{i}/areas/{j}")), out);
        }
        if let Some(c) = &s.control {
            ids.factions.check(c, || m.at(&p("control")), out);
        }
        if let Some(c) = &s.capital_of {
            ids.factions.check(c, || m.at(&p("capital_of")), out);
        }
        for (j, f) in s.supply_source_for.iter().enumerate() {
            ids.factions.check(
                f,
                || m.at(&format!("/spaces/{i}/supply_source_for/{j}")),
                out,
            );
        }
    }
    for (i, l) in m.value.links.iter().enumerate() {
        ids.spaces
            .check(&l.a, || m.at(&format!("/links/{i}/a")), out);
        ids.spaces
            .check(&l.b, || m.at(&format!("/links/{i}/b")), out);
        ids.link_kinds
            .check(&l.kind, || m.at(&format!("/links/{i}/kind")), out);
        for (j, f) in l.only_for.iter().enumerate() {
            ids.factions
                .check(f, || m.at(&format!("/links/{i}/only_for/{j}")), out);
        }
    }
}

fn unit_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(u), Some(g)) = (&folder.units, &folder.game) else {
        return;
    };
    let value_names: Vec<&str> = g.value.unit_values.iter().map(String::as_str).collect();
    for (i, unit) in u.value.units.iter().enumerate() {
        ids.factions
            .check(&unit.faction, || u.at(&format!("/units/{i}/faction")), out);
        ids.unit_kinds
            .check(&unit.kind, || u.at(&format!("/units/{i}/kind")), out);
        let sides = [
            ("full", Some(&unit.full)),
            ("reduced", unit.reduced.as_ref()),
        ];
        for (side, values) in sides {
            for name in values.into_iter().flat_map(|v| v.keys()) {
                if !value_names.contains(&name.as_str()) {
                    let help = crate::suggest::did_you_mean(name, value_names.iter().copied())
                        .map_or_else(
                            || format!("the game's unit values are: {}", value_names.join(", ")),
                            |s| format!("did you mean `{s}`?"),
                        );
                    out.push(
                        Diagnostic::new(
                            "R002",
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
        if ids.decks.check(&card.deck, || c.at(&p("deck")), out) {
            let deck = &g.value.decks[ids.decks.index(&card.deck).unwrap_or_default()];
            if !deck.groups.iter().any(|grp| grp.id == card.group) {
                let names: Vec<&str> = deck.groups.iter().map(|grp| grp.id.as_str()).collect();
                let help = crate::suggest::did_you_mean(&card.group, names.iter().copied())
                    .map_or_else(
                        || format!("deck `{}` has the groups: {}", deck.id, names.join(", ")),
                        |s| format!("did you mean `{s}`?"),
                    );
                out.push(
                    Diagnostic::new(
                        "R002",
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
                ids.cards
                    .check(r, || c.at(&format!("/cards/{i}/{field}/{j}")), out);
            }
        }
        for (j, r) in card.reinforcements.iter().enumerate() {
            if folder.units.is_some() {
                ids.units.check(
                    &r.unit,
                    || c.at(&format!("/cards/{i}/reinforcements/{j}/unit")),
                    out,
                );
            }
            if folder.map.is_some() {
                ids.spaces.check(
                    &r.to,
                    || c.at(&format!("/cards/{i}/reinforcements/{j}/to")),
                    out,
                );
            }
        }
        if folder.map.is_some() {
            for (j, s) in card.spaces.iter().enumerate() {
                ids.spaces
                    .check(s, || c.at(&format!("/cards/{i}/spaces/{j}")), out);
            }
        }
    }
}

fn text_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    for (lang, doc) in &folder.texts {
        if &doc.value.language != lang {
            out.push(
                Diagnostic::new(
                    "L007",
                    format!(
                        "text.{lang}.ron says its language is `{}`",
                        doc.value.language
                    ),
                    doc.at("/language"),
                )
                .with_help(format!(
                    "write `language: \"{lang}\"`, or rename the file to text.{}.ron",
                    doc.value.language
                )),
            );
        }
        for key in doc.value.entries.keys() {
            let at = || doc.at_key(&crate::load::spans::child("/entries", key));
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
                        Diagnostic::new("R002", format!("`{key}` is not a text key"), at())
                            .with_help("keys are `card:<id>`, `space:<id>`, `unit:<id>`, `faction:<id>`, `side:<id>`, `area:<id>` or `game`"),
                    );
                    continue;
                }
            };
            if needs {
                table.check(id, at, out);
            }
        }
    }
}

fn scenario_refs(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let mut seen = FxHashMap::default();
    for doc in &folder.scenarios {
        let s = &doc.value;
        let file_id = doc
            .src
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(crate::load::scenario_id)
            .unwrap_or_default();
        if s.id != file_id {
            out.push(
                Diagnostic::new(
                    "L007",
                    format!("the scenario's id `{}` differs from its file name", s.id),
                    doc.at("/id"),
                )
                .with_help(format!(
                    "write `id: \"{file_id}\"`, or rename the file to {}.scenario.ron",
                    s.id
                )),
            );
        }
        // the first file's location is built only for a duplicate (building it means
        // indexing that file's spans)
        if let Some(first) = seen.insert(s.id.as_str(), doc) {
            out.push(
                Diagnostic::new(
                    "R001",
                    format!("the scenario id `{}` is used twice", s.id),
                    doc.at("/id"),
                )
                .with_related(first.at("/id"), "first used here"),
            );
        }
        let Some(g) = &folder.game else { continue };
        if s.game != g.value.id {
            out.push(
                Diagnostic::new(
                    "R003",
                    format!(
                        "the scenario is for game `{}`, but its folder holds game `{}`",
                        s.game, g.value.id
                    ),
                    doc.at("/game"),
                )
                .with_help(format!(
                    "write `game: \"{}\"`, or move the scenario to its game's folder",
                    g.value.id
                )),
            );
        }
        if let Some(r) = &s.ruleset {
            ids.rulesets.check(r, || doc.at("/ruleset"), out);
        }
        for (i, f) in s.factions.iter().enumerate() {
            ids.factions
                .check(f, || doc.at(&format!("/factions/{i}")), out);
        }
        for (i, seat) in s.seats.iter().enumerate() {
            for (j, f) in seat.factions.iter().enumerate() {
                ids.factions
                    .check(f, || doc.at(&format!("/seats/{i}/factions/{j}")), out);
            }
        }
        for (i, r) in s.relations.iter().enumerate() {
            ids.factions.check(
                &r.factions.0,
                || doc.at(&format!("/relations/{i}/factions/0")),
                out,
            );
            ids.factions.check(
                &r.factions.1,
                || doc.at(&format!("/relations/{i}/factions/1")),
                out,
            );
        }
        let map = folder.map.is_some();
        for (i, c) in s.control.iter().enumerate() {
            if map {
                ids.spaces
                    .check(&c.space, || doc.at(&format!("/control/{i}/space")), out);
            }
            if let Some(f) = &c.faction {
                ids.factions
                    .check(f, || doc.at(&format!("/control/{i}/faction")), out);
            }
        }
        for (i, p) in s.placements.iter().enumerate() {
            if folder.units.is_some() {
                ids.units
                    .check(&p.unit, || doc.at(&format!("/placements/{i}/unit")), out);
            }
            if map {
                ids.spaces
                    .check(&p.at, || doc.at(&format!("/placements/{i}/at")), out);
            }
        }
        let cards = folder.cards.is_some();
        for (i, d) in s.decks.iter().enumerate() {
            ids.decks
                .check(&d.deck, || doc.at(&format!("/decks/{i}/deck")), out);
            if cards {
                for (j, c) in d.cards.iter().enumerate() {
                    ids.cards
                        .check(c, || doc.at(&format!("/decks/{i}/cards/{j}")), out);
                }
            }
        }
        for (i, h) in s.hands.iter().enumerate() {
            ids.check_side_or_faction(&h.holder, || doc.at(&format!("/hands/{i}/holder")), out);
            if cards {
                for (j, c) in h.cards.iter().enumerate() {
                    ids.cards
                        .check(c, || doc.at(&format!("/hands/{i}/cards/{j}")), out);
                }
            }
        }
        if cards {
            for (field, list) in [("in_play", &s.in_play), ("removed", &s.removed)] {
                for (j, c) in list.iter().enumerate() {
                    ids.cards.check(c, || doc.at(&format!("/{field}/{j}")), out);
                }
            }
        }
        for (i, t) in s.tracks.iter().enumerate() {
            ids.tracks
                .check(&t.track, || doc.at(&format!("/tracks/{i}/track")), out);
        }
        for (i, m) in s.markers.iter().enumerate() {
            ids.marker_kinds
                .check(&m.kind, || doc.at(&format!("/markers/{i}/kind")), out);
            if map {
                ids.spaces
                    .check(&m.at, || doc.at(&format!("/markers/{i}/at")), out);
            }
        }
    }
}

/// R005: the backdrop is an image inside the game folder. The validator never reads outside
/// the folders it was given, so a path that leaves the folder is an error, not a lookup.
fn backdrop(
    folder: &GameFolder,
    image: &str,
    width: u32,
    height: u32,
    m: &crate::load::Doc<crate::model::MapFile>,
    out: &mut Vec<Diagnostic>,
) {
    use std::path::{Component, Path};
    let path = Path::new(image);
    let escapes = path.components().any(|c| matches!(c, Component::ParentDir))
        || image.split(['/', '\\']).any(|c| c == "..");
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let problem = if path.is_absolute() || image.starts_with(['/', '\\']) || image.contains(':') {
        Some((
            "the backdrop path is absolute".to_owned(),
            "give the image's path relative to the game folder, e.g. `backdrop.png`".to_owned(),
        ))
    } else if escapes {
        Some((
            "the backdrop path leads out of the game folder".to_owned(),
            "copy the image into the game folder and name it from there".to_owned(),
        ))
    } else if !matches!(extension.as_deref(), Some("png" | "jpg" | "jpeg")) {
        Some((
            "the backdrop must be a PNG or JPEG image".to_owned(),
            "convert it to PNG, and name the file `*.png`".to_owned(),
        ))
    } else {
        match std::fs::symlink_metadata(folder.dir.join(path)) {
            Ok(meta) if meta.file_type().is_symlink() => Some((
                "the backdrop image is a symbolic link".to_owned(),
                "put the image itself in the game folder".to_owned(),
            )),
            Ok(meta) if meta.is_file() => None,
            Ok(_) => Some((
                "the backdrop path is not a file".to_owned(),
                "name an image file in the game folder".to_owned(),
            )),
            Err(_) => Some((
                format!(
                    "the backdrop image `{}` does not exist",
                    crate::suggest::short(image)
                ),
                format!("add the image to {}, or fix the path", folder.dir.display()),
            )),
        }
    };
    if let Some((message, help)) = problem {
        out.push(Diagnostic::new("R005", message, m.at("/backdrop/image")).with_help(help));
    }
    if width == 0 || height == 0 {
        out.push(
            Diagnostic::new("R005", "the backdrop has no size", m.at("/backdrop"))
                .with_help("give the image's `width` and `height` in pixels"),
        );
    }
}
