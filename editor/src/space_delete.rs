//! Deleting spaces that other files use: where they are used (to ask first), and the one
//! undo step that deletes them everywhere: the spaces, their links, the conditions that name
//! them, supply rules' sources, cards' spaces and reinforcements, scenarios' placements,
//! control and markers, and their names in every language. A `{space:<id>}` placeholder in a
//! text stays, for the text rules to flag: rewording a text is the author's job; so does a
//! step of an event or a schedule that names one (rewriting an event is the designer's); so does a
//! declared check's example on the space (R002 then points at it in checks.ron): which other
//! space shows the check firing is the designer's choice.

use orbat_validator::model::{Condition, Id, MapFile, TextFile, ThinVec};

use crate::document::{Document, FileValue};
use crate::edit::Edit;

/// Spaces to delete, where other files use them, and the links selected with them: what the
/// editor asks about before deleting.
#[derive(Debug, Clone, PartialEq)]
pub struct SpaceDelete {
    pub ids: Vec<Id>,
    /// Links selected with the spaces (indexes into the map), deleted with them.
    pub links: Vec<usize>,
    pub uses: Vec<String>,
}

/// Where `ids` are used outside their own entries, links and names, one line per file and
/// kind of use (what a user must know before deleting them); empty when nothing else names
/// them.
pub fn uses(doc: &Document, ids: &[Id]) -> Vec<String> {
    let named = |s: &Id| ids.contains(s);
    let mut out = Vec::new();
    for f in &doc.files {
        let Some(value) = &f.value else { continue };
        let file = f.id.file_name();
        let mut say = |what: String| out.push(format!("{file}: {what}"));
        match value {
            FileValue::Map(m) => {
                for s in m.spaces.iter().filter(|s| !named(&s.id)) {
                    if names_one(&s.source_while, ids)
                        || s.port_limits.iter().any(|l| names_one(&l.only_while, ids))
                    {
                        say(format!("a condition of space {}", s.id));
                    }
                }
                let links = m
                    .links
                    .iter()
                    .filter(|l| !named(&l.a) && !named(&l.b) && names_one(&l.only_while, ids))
                    .count();
                if links > 0 {
                    say(format!("a condition of {links} link(s)"));
                }
            }
            FileValue::Game(g) => {
                if g.supply.iter().any(|r| {
                    r.limited_sources.iter().any(named) || r.always_supplied_in.iter().any(named)
                }) || g
                    .unit_flags
                    .iter()
                    .any(|fl| fl.always_supplied_in.iter().any(named))
                {
                    say("supply rules".into());
                }
            }
            FileValue::Cards(c) => {
                for card in &c.cards {
                    if card.spaces.iter().any(named) {
                        say(format!("card {} names it", card.id));
                    }
                    if card.reinforcements.iter().any(|r| named(&r.to)) {
                        say(format!("card {} brings reinforcements there", card.id));
                    }
                    if steps_name(&card.effects, ids) {
                        say(format!(
                            "the event of card {} (kept: edit its effects)",
                            card.id
                        ));
                    }
                }
            }
            FileValue::Scenario(sc) => {
                let placed = sc.placements.iter().filter(|p| named(&p.at)).count();
                if placed > 0 {
                    say(format!("{placed} placement(s)"));
                }
                if sc.control.iter().any(|c| named(&c.space)) {
                    say("control at start".into());
                }
                let markers = sc.markers.iter().filter(|m| named(&m.at)).count();
                if markers > 0 {
                    say(format!("{markers} marker(s)"));
                }
                if sc.schedule.iter().any(|e| steps_name(&e.steps, ids)) {
                    say("the schedule (kept: edit its steps)".into());
                }
            }
            FileValue::Text(t) => {
                for key in placeholder_uses(t, ids) {
                    say(format!("a placeholder in {key} (kept, to reword)"));
                }
            }
            FileValue::Checks(c) => {
                for check in &c.checks {
                    if check
                        .fires
                        .iter()
                        .chain(&check.silent)
                        .any(|e| named(&e.on))
                    {
                        say(format!(
                            "an example of check {} (kept: edit checks.ron to name another)",
                            check.id
                        ));
                    }
                }
            }
            FileValue::Units(_) => {}
        }
    }
    out
}

/// The one step that deletes `ids` and every reference to them (see the module's comment),
/// and the links numbered `links`.
pub fn delete_everywhere(doc: &Document, ids: &[Id], links: &[usize]) -> Option<Edit> {
    let named = |s: &Id| ids.contains(s);
    let label = match ids {
        [one] => format!("delete space {one} everywhere"),
        _ => format!("delete {} spaces everywhere", ids.len()),
    };
    let mut edits = Vec::new();
    for f in &doc.files {
        let Some(value) = &f.value else { continue };
        let mut new = value.clone();
        match &mut new {
            FileValue::Map(m) => without_spaces(m, ids, links),
            FileValue::Game(g) => {
                for r in &mut g.supply {
                    r.limited_sources.retain(|s| !named(s));
                    r.always_supplied_in.retain(|s| !named(s));
                }
                for fl in &mut g.unit_flags {
                    fl.always_supplied_in.retain(|s| !named(s));
                }
            }
            FileValue::Cards(c) => {
                for card in &mut c.cards {
                    card.spaces.retain(|s| !named(s));
                    card.reinforcements.retain(|r| !named(&r.to));
                }
            }
            FileValue::Scenario(sc) => {
                sc.placements.retain(|p| !named(&p.at));
                sc.control.retain(|c| !named(&c.space));
                sc.markers.retain(|m| !named(&m.at));
            }
            FileValue::Text(t) => {
                for id in ids {
                    t.entries.remove(format!("space:{id}").as_str());
                }
            }
            FileValue::Units(_) | FileValue::Checks(_) => {}
        }
        if &new != value {
            edits.push(Edit::SetFile {
                id: f.id.clone(),
                value: Box::new(new),
                label: label.clone(),
            });
        }
    }
    if edits.is_empty() {
        return None;
    }
    Some(Edit::Batch { label, edits })
}

/// The map without the spaces, the links that touch them, the links numbered `links`, and
/// the conditions that name the spaces.
fn without_spaces(m: &mut MapFile, ids: &[Id], links: &[usize]) {
    let named = |s: &Id| ids.contains(s);
    let keep =
        |cs: &mut ThinVec<Condition>| cs.retain(|c| !names_one(std::slice::from_ref(c), ids));
    let mut index = 0;
    m.links.retain(|l| {
        index += 1;
        !links.contains(&(index - 1)) && !named(&l.a) && !named(&l.b)
    });
    m.spaces.retain(|s| !named(&s.id));
    for s in &mut m.spaces {
        keep(&mut s.source_while);
        for l in &mut s.port_limits {
            keep(&mut l.only_while);
        }
    }
    for l in &mut m.links {
        keep(&mut l.only_while);
    }
}

/// Whether one of `conditions` names one of `ids`.
/// Whether steps name one of `ids` anywhere (as any value: a step is kept when its space goes,
/// for R002 to point at, so naming the file is enough here).
fn steps_name(steps: &[orbat_validator::model::Step], ids: &[Id]) -> bool {
    fn any(v: &serde_json::Value, ids: &[Id]) -> bool {
        match v {
            serde_json::Value::String(s) => ids.iter().any(|i| i == s.as_str()),
            serde_json::Value::Array(a) => a.iter().any(|x| any(x, ids)),
            serde_json::Value::Object(m) => m.values().any(|x| any(x, ids)),
            _ => false,
        }
    }
    !steps.is_empty() && serde_json::to_value(steps).is_ok_and(|v| any(&v, ids))
}

fn names_one(conditions: &[Condition], ids: &[Id]) -> bool {
    let mut found = false;
    crate::refs::condition_refs(&mut conditions.to_vec(), &mut |s| found |= ids.contains(s));
    found
}

/// The keys of entries whose name or text has a `{space:<id>}` placeholder for one of `ids`.
fn placeholder_uses(t: &TextFile, ids: &[Id]) -> Vec<String> {
    let placeholders: Vec<String> = ids.iter().map(|id| format!("{{space:{id}}}")).collect();
    t.entries
        .iter()
        .filter(|(_, e)| {
            std::iter::once(e.name.as_str())
                .chain(e.text.as_deref())
                .any(|s| placeholders.iter().any(|p| s.contains(p)))
        })
        .map(|(k, _)| k.to_string())
        .collect()
}
