//! Every place a space id is referred to, so a rename reaches all of them: map links, the
//! spaces conditions name, supply rules, cards, scenarios, text keys and `{space:<id>}`
//! placeholders.

use orbat_validator::model::{CardsFile, Condition, Game, Id, MapFile, Scenario, TextFile};

use crate::document::{Document, FileId, FileValue};

/// Calls `f` on every space reference (and space id) held by a file.
fn for_each_space_ref(value: &mut FileValue, f: &mut dyn FnMut(&mut Id)) {
    match value {
        FileValue::Map(m) => map_refs(m, f),
        FileValue::Game(g) => game_refs(g, f),
        FileValue::Cards(c) => card_refs(c, f),
        FileValue::Scenario(s) => scenario_refs(s, f),
        FileValue::Text(_) | FileValue::Units(_) | FileValue::Checks(_) => {}
    }
}

fn map_refs(m: &mut MapFile, f: &mut dyn FnMut(&mut Id)) {
    for s in &mut m.spaces {
        f(&mut s.id);
        condition_refs(&mut s.source_while, f);
        for limit in &mut s.port_limits {
            condition_refs(&mut limit.only_while, f);
        }
    }
    for l in &mut m.links {
        f(&mut l.a);
        f(&mut l.b);
        condition_refs(&mut l.only_while, f);
    }
}

/// The spaces conditions name (`Controls`, `Marked`, `Unmarked`).
pub(crate) fn condition_refs(conditions: &mut [Condition], f: &mut dyn FnMut(&mut Id)) {
    for c in conditions {
        match c {
            Condition::Controls { space, .. }
            | Condition::Marked { space, .. }
            | Condition::Unmarked { space, .. } => f(space),
            Condition::AtWar(_) | Condition::Neutral(_) => {}
        }
    }
}

fn game_refs(g: &mut Game, f: &mut dyn FnMut(&mut Id)) {
    for rule in &mut g.supply {
        rule.limited_sources.iter_mut().for_each(&mut *f);
        // areas or spaces: only an exact space id is one of these
        rule.always_supplied_in.iter_mut().for_each(&mut *f);
    }
    for flag in &mut g.unit_flags {
        flag.always_supplied_in.iter_mut().for_each(&mut *f);
    }
}

fn card_refs(c: &mut CardsFile, f: &mut dyn FnMut(&mut Id)) {
    for card in &mut c.cards {
        card.spaces.iter_mut().for_each(&mut *f);
        for r in &mut card.reinforcements {
            f(&mut r.to);
        }
    }
}

fn scenario_refs(s: &mut Scenario, f: &mut dyn FnMut(&mut Id)) {
    for c in &mut s.control {
        f(&mut c.space);
    }
    for p in &mut s.placements {
        f(&mut p.at);
    }
    for m in &mut s.markers {
        f(&mut m.at);
    }
}

/// Text keys `space:<id>` and placeholders `{space:<id>}` in names and texts.
fn text_uses(t: &TextFile, id: &str) -> bool {
    let key = format!("space:{id}");
    let placeholder = format!("{{space:{id}}}");
    t.entries.contains_key(key.as_str())
        || t.entries.values().any(|e| {
            let mut texts = vec![Some(e.name.as_str()), e.text.as_deref()];
            if let Some(src) = &e.source {
                texts.push(Some(src.name.as_str()));
                texts.push(src.text.as_deref());
            }
            texts
                .into_iter()
                .flatten()
                .any(|s| s.contains(&placeholder))
        })
}

/// Renames text key `<prefix><from>` and placeholders `{<prefix><from>}` (prefix `space:`,
/// `faction:`...) in every name and text.
pub(crate) fn rename_in_text(t: &mut TextFile, prefix: &str, from: &str, to: &str) {
    let (old_p, new_p) = (format!("{{{prefix}{from}}}"), format!("{{{prefix}{to}}}"));
    for e in t.entries.values_mut() {
        replace_in(&mut e.name, &old_p, &new_p);
        if let Some(x) = e.text.as_mut() {
            replace_in(x, &old_p, &new_p);
        }
        if let Some(src) = e.source.as_mut() {
            replace_in(&mut src.name, &old_p, &new_p);
            if let Some(x) = src.text.as_mut() {
                replace_in(x, &old_p, &new_p);
            }
        }
    }
    if let Some(entry) = t.entries.remove(format!("{prefix}{from}").as_str()) {
        t.entries.insert(format!("{prefix}{to}"), entry);
    }
}

/// Replaces `old` with `new` in a text, a name or a longer text alike.
fn replace_in<S: std::ops::Deref<Target = str> + From<String>>(s: &mut S, old: &str, new: &str) {
    if s.contains(old) {
        *s = S::from(s.replace(old, new));
    }
}

/// True when `id` is named anywhere a space may be named.
pub fn space_id_used(doc: &Document, id: &str) -> bool {
    doc.files.iter().any(|f| match &f.value {
        Some(FileValue::Text(t)) => text_uses(t, id),
        // the visitor is the one the rename uses, so the two cannot disagree; it needs a value
        // it may change, so it looks at a copy (a rename is one click, not every frame)
        Some(v) => {
            let mut used = false;
            for_each_space_ref(&mut v.clone(), &mut |s| used |= s == id);
            used
        }
        None => false,
    })
}

/// Whether space `from` can be renamed to `to`; the message says why not. Refused when `to`
/// is already named anywhere, so that renaming back is an exact undo.
pub fn check_rename(doc: &Document, from: &str, to: &str) -> Result<(), String> {
    // the id's spelling is checked where the user types it: an undo must be able to restore
    // any id the files held, however it was spelled
    if to.is_empty() {
        return Err("an id cannot be empty".into());
    }
    if doc.space_index(from).is_none() {
        return Err(format!("there is no space `{from}`"));
    }
    if from != to && space_id_used(doc, to) {
        return Err(format!(
            "`{to}` is already used as a space id or reference; choose another id"
        ));
    }
    Ok(())
}

/// Renames space `from` to `to` everywhere (see [`check_rename`] for when it is refused).
pub fn rename_space(doc: &mut Document, from: &str, to: &str) -> Result<(), String> {
    check_rename(doc, from, to)?;
    if from == to {
        return Ok(());
    }
    let mut touched: Vec<FileId> = Vec::new();
    for f in &mut doc.files {
        let Some(value) = f.value.as_mut() else {
            continue;
        };
        let mut changed = false;
        if let FileValue::Text(t) = value {
            if text_uses(t, from) {
                rename_in_text(t, "space:", from, to);
                changed = true;
            }
        } else {
            for_each_space_ref(value, &mut |s| {
                if s == from {
                    *s = to.into();
                    changed = true;
                }
            });
        }
        if changed {
            touched.push(f.id.clone());
        }
    }
    for id in touched {
        doc.touched(&id);
    }
    Ok(())
}
