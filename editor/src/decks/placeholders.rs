//! Placeholders in event text: completing an open `{kind:` word, the targets a placeholder
//! may name in a game, and the placeholders that name nothing.

use orbat_validator::model::labels::LABELS;
use orbat_validator::model::{CardsFile, Game, Id};

/// An unclosed placeholder just before the cursor: where its word starts (a char index, just
/// after the `{`) and the word typed so far. `cursor` counts chars, as egui's cursor does.
pub fn open_placeholder(text: &str, cursor: usize) -> Option<(usize, String)> {
    let before: Vec<char> = text.chars().take(cursor).collect();
    let open = before.iter().rposition(|&c| c == '{')?;
    let word: String = before[open + 1..].iter().collect();
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
    word.chars().all(allowed).then_some((open + 1, word))
}

/// The candidates (`kind:id`) that complete a partial word: those starting with it first, then
/// those whose id contains it; at most `limit`.
pub fn suggestions(partial: &str, candidates: &[String], limit: usize) -> Vec<String> {
    let p = partial.to_lowercase();
    let starts = candidates
        .iter()
        .filter(|c| c.to_lowercase().starts_with(&p));
    let contains = candidates.iter().filter(|c| {
        let lc = c.to_lowercase();
        !lc.starts_with(&p) && lc.split_once(':').is_some_and(|(_, id)| id.contains(&p))
    });
    starts.chain(contains).take(limit).cloned().collect()
}

/// The text with the partial word from `start` to `cursor` (char indices) replaced by
/// `choice}`, and the char index just after the inserted `}`.
pub fn complete(text: &str, start: usize, cursor: usize, choice: &str) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let start = start.min(chars.len());
    let cursor = cursor.clamp(start, chars.len());
    let mut out: String = chars[..start].iter().collect();
    out.push_str(choice);
    // an existing closing brace right after the cursor is reused, not doubled
    let rest: String = chars[cursor..].iter().collect();
    let rest = rest.strip_prefix('}').unwrap_or(&rest);
    out.push('}');
    let end = out.chars().count();
    out.push_str(rest);
    (out, end)
}

/// Every `kind:id` a placeholder may name in this game, for completion and checking.
pub fn placeholder_targets(
    game: Option<&Game>,
    cards: Option<&CardsFile>,
    spaces: &[Id],
    units: &[Id],
) -> Vec<String> {
    let mut out = Vec::new();
    let tagged = |kind: &str, id: &str| format!("{kind}:{id}");
    out.extend(
        cards
            .iter()
            .flat_map(|f| &f.cards)
            .map(|c| tagged("card", &c.id)),
    );
    out.extend(spaces.iter().map(|id| tagged("space", id)));
    out.extend(units.iter().map(|id| tagged("unit", id)));
    if let Some(g) = game {
        out.extend(g.factions.iter().map(|f| tagged("faction", &f.id)));
        out.extend(g.sides.iter().map(|s| tagged("side", &s.id)));
        out.extend(g.areas.iter().map(|a| tagged("area", &a.id)));
        out.extend(g.decks.iter().map(|d| tagged("deck", &d.id)));
        out.extend(g.tracks.iter().map(|t| tagged("track", &t.id)));
        out.extend(g.marker_kinds.iter().map(|m| tagged("marker", &m.id)));
        out.extend(g.terrains.iter().map(|t| tagged("terrain", &t.id)));
        out.extend(
            g.location_kinds
                .iter()
                .map(|k| tagged("location_kind", &k.id)),
        );
        out.extend(g.link_kinds.iter().map(|k| tagged("link_kind", &k.id)));
        out.extend(g.unit_kinds.iter().map(|k| tagged("unit_kind", &k.id)));
        let groups = g.decks.iter().flat_map(|d| &d.groups);
        out.extend(groups.map(|x| tagged("group", &x.id)));
        out.extend(g.rulesets.iter().map(|r| tagged("ruleset", &r.id)));
        out.extend(g.attributes.iter().map(|a| tagged("attr", &a.id)));
    }
    out.extend(LABELS.iter().map(|(id, _)| tagged("label", id)));
    out.sort();
    out.dedup();
    out
}

/// The placeholders of a text that name nothing among `targets` (sorted `kind:id`).
pub fn unknown_placeholders(text: &str, targets: &[String]) -> Vec<String> {
    let mut out: Vec<String> = orbat_validator::analysis::text::placeholders(text)
        .into_iter()
        .filter(|p| targets.binary_search(p).is_err())
        .collect();
    out.dedup();
    out
}
