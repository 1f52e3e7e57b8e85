//! Hover: on an id, what it is (its name in the source language, its kind and key facts); on
//! a finding, its rule's explanation (the text of `orbat-validate --explain`).

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use orbat_validator::model::Id;
use orbat_validator::registry;

use crate::analysis::Analysis;
use crate::index::Occurrence;
use crate::workspace::FileView;

pub fn hover(view: &FileView<'_>, position: Position) -> Option<Hover> {
    let offset = view.lines.offset(position);
    let mut parts = Vec::new();
    if let Some(o) = view.analysis.index.at(&view.path, offset) {
        parts.push(describe(view.analysis, o));
    }
    if let Some(file) = crate::kinds::file_kind(&view.path)
        && let Some(attr) = super::attrs::hover(view.analysis, file, view.text, offset)
    {
        parts.push(attr);
    }
    for d in view.findings_in(offset..offset) {
        // a built-in rule, or one of the game's own checks (checks.ron)
        let declared = || {
            let checks = view.analysis.folder.checks.as_ref()?;
            let id = d.code.strip_prefix("game/")?;
            let check = checks.value.checks.iter().find(|c| c.id == id)?;
            let markdown = orbat_validator::rules::game::interned::markdown(check);
            Some((check.id.to_string(), markdown))
        };
        let explained = registry::rule(d.code)
            .map(|r| (r.name.to_owned(), r.markdown()))
            .or_else(declared);
        if let Some((name, markdown)) = explained {
            parts.push(format!(
                "**{}** `{name}` ({})\n\n{markdown}",
                d.code,
                d.severity.as_str(),
            ));
        }
    }
    parts.dedup();
    (!parts.is_empty()).then(|| Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range: None,
    })
}

/// What an id is, in a few lines of Markdown.
pub fn describe(analysis: &Analysis, o: &Occurrence) -> String {
    let mut out = match super::name_of(analysis, o.kind, &o.id) {
        Some(name) => format!("**{name}** ({} `{}`)", o.kind, o.id),
        None => format!("{} `{}`", o.kind, o.id),
    };
    let mut fact = |label: &str, value: String| {
        if !value.is_empty() {
            out.push_str(&format!("\n- {label}: {value}"));
        }
    };
    let folder = &analysis.folder;
    let list = |v: &[Id]| v.join(", ");
    match o.kind {
        "space" => {
            let Some(m) = &folder.map else { return out };
            let Some(s) = m.value.spaces.iter().find(|s| s.id == o.id) else {
                return out;
            };
            fact("kind", s.kind.to_string());
            fact(
                "terrain",
                s.terrain.as_deref().unwrap_or_default().to_owned(),
            );
            fact(
                "control",
                s.control.as_deref().unwrap_or_default().to_owned(),
            );
            if s.vp > 0 {
                fact("victory points", s.vp.to_string());
            }
            fact("fort", s.fort.map(|f| f.to_string()).unwrap_or_default());
            if s.port {
                fact("port", "yes".into());
            }
            fact("areas", list(&s.areas));
            fact(
                "capital of",
                s.capital_of.as_deref().unwrap_or_default().to_owned(),
            );
            fact("supply source for", list(&s.supply_source_for));
            let neighbours: Vec<String> = m
                .value
                .links
                .iter()
                .filter_map(|l| {
                    let other = if l.a == o.id {
                        &l.b
                    } else if l.b == o.id {
                        &l.a
                    } else {
                        return None;
                    };
                    Some(match l.kind.as_str() {
                        "normal" => format!("`{other}`"),
                        kind => format!("`{other}` ({kind})"),
                    })
                })
                .collect();
            fact(
                &format!("links ({})", neighbours.len()),
                neighbours.join(", "),
            );
        }
        "unit" => {
            let Some(u) = &folder.units else { return out };
            let Some(unit) = u.value.units.iter().find(|x| x.id == o.id) else {
                return out;
            };
            fact("faction", unit.faction.to_string());
            fact("kind", unit.kind.to_string());
            let values = |v: &orbat_validator::model::UnitValues| {
                v.iter()
                    .map(|(k, n)| format!("{k} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            fact("full strength", values(&unit.full));
            fact(
                "reduced",
                unit.reduced.as_ref().map(values).unwrap_or_default(),
            );
            if unit.count != 1 {
                fact("counters", unit.count.to_string());
            }
            fact("flags", list(&unit.flags));
        }
        "card" => {
            let Some(c) = &folder.cards else { return out };
            let Some(card) = c.value.cards.iter().find(|x| x.id == o.id) else {
                return out;
            };
            fact("deck", format!("{} (group {})", card.deck, card.group));
            fact("number", card.number.to_string());
            fact("ops", card.ops.to_string());
            fact(
                "strategic redeployment",
                card.sr.map(|v| v.to_string()).unwrap_or_default(),
            );
            fact(
                "replacement points",
                card.rp.map(|v| v.to_string()).unwrap_or_default(),
            );
        }
        "faction" => {
            let Some(g) = &folder.game else { return out };
            if let Some(f) = g.value.factions.iter().find(|f| f.id == o.id) {
                fact("side", f.side.as_deref().unwrap_or_default().to_owned());
                if f.non_player {
                    fact("played by", "no player (neutral until it enters)".into());
                }
            }
        }
        _ => {}
    }
    let uses = analysis
        .index
        .occurrences(o.kind, &o.id)
        .iter()
        .filter(|x| !x.is_definition())
        .count();
    out.push_str(&format!(
        "\n\n{uses} reference{}",
        if uses == 1 { "" } else { "s" }
    ));
    out
}
