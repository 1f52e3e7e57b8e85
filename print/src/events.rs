//! A card's event text made from its `effects`, for a card with no text of its own: one
//! sentence per step ("Place 1st Army, 2nd Army at Verona. Italy controls Trento."), the
//! things named in the chosen language and the sentences' words from the game's `label:event-*`
//! entries (English without them), with `{units}`-style slots a translator may move.

use orbat_validator::model::common::Stance;
use orbat_validator::model::{CardsTo, Step};

use crate::text::{Texts, fill};

/// How deep choices and conditions nest before the rest is left out.
const DEEPEST: usize = 8;

/// The event text of `steps`, or None when there are none.
pub fn describe(steps: &[Step], texts: &Texts<'_>) -> Option<String> {
    if steps.is_empty() {
        return None;
    }
    Some(sentences(steps, texts, 0))
}

fn sentences(steps: &[Step], texts: &Texts<'_>, depth: usize) -> String {
    if depth > DEEPEST {
        return "…".to_owned();
    }
    let parts: Vec<String> = steps
        .iter()
        .map(|s| sentence(s, texts, depth))
        .filter(|s| !s.is_empty())
        .collect();
    parts.join(" ")
}

/// Names joined by commas, repeats counted (`2 × Corps`).
fn names(kind: &str, ids: &[impl AsRef<str>], texts: &Texts<'_>) -> String {
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for id in ids {
        let id = id.as_ref();
        match counted.iter_mut().find(|(i, _)| *i == id) {
            Some((_, n)) => *n += 1,
            None => counted.push((id, 1)),
        }
    }
    counted
        .iter()
        .map(|(id, n)| {
            let name = texts.name(kind, id);
            if *n > 1 {
                format!("{n} × {name}")
            } else {
                name
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A side's or a faction's name (a hand's holder may be either).
fn holder(id: &str, texts: &Texts<'_>) -> String {
    let side = texts.name("side", id);
    if side != id {
        side
    } else {
        texts.name("faction", id)
    }
}

fn links(ls: &[(impl AsRef<str>, impl AsRef<str>)], texts: &Texts<'_>) -> String {
    ls.iter()
        .map(|(a, b)| {
            format!(
                "{}–{}",
                texts.name("space", a.as_ref()),
                texts.name("space", b.as_ref())
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Alternatives numbered `(1) … (2) …`.
fn numbered(alts: impl Iterator<Item = String>) -> String {
    alts.enumerate()
        .map(|(i, a)| format!("({}) {a}", i + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

fn sentence(step: &Step, texts: &Texts<'_>, depth: usize) -> String {
    let l = |id: &'static str| texts.label(id);
    let space = |id: &str| texts.name("space", id);
    let faction = |id: &str| texts.name("faction", id);
    match step {
        Step::Place { units, at, reduced } => {
            let t = l(if *reduced {
                "event-place-reduced"
            } else {
                "event-place"
            });
            fill(
                &t,
                &[
                    ("units", &names("unit", units, texts)),
                    ("space", &space(at)),
                ],
            )
        }
        Step::Remove { units } => fill(
            &l("event-remove"),
            &[("units", &names("unit", units, texts))],
        ),
        Step::Move { units, to } => fill(
            &l("event-move"),
            &[
                ("units", &names("unit", units, texts)),
                ("space", &space(to)),
            ],
        ),
        Step::Reduce { units } => fill(
            &l("event-reduce"),
            &[("units", &names("unit", units, texts))],
        ),
        Step::Restore { units } => fill(
            &l("event-restore"),
            &[("units", &names("unit", units, texts))],
        ),
        Step::Control {
            space: s,
            faction: Some(f),
        } => fill(
            &l("event-control"),
            &[("faction", &faction(f)), ("space", &space(s))],
        ),
        Step::Control {
            space: s,
            faction: None,
        } => fill(&l("event-uncontrolled"), &[("space", &space(s))]),
        Step::PlaceMarker { kind, at, side } => {
            let mut marker = texts.name("marker", kind);
            if let Some(side) = side {
                marker = format!("{marker} ({})", texts.name("side", side));
            }
            fill(
                &l("event-place-marker"),
                &[("marker", &marker), ("space", &space(at))],
            )
        }
        Step::RemoveMarker { kind, at } => fill(
            &l("event-remove-marker"),
            &[
                ("marker", &texts.name("marker", kind)),
                ("space", &space(at)),
            ],
        ),
        Step::SetTrack { track, value } => fill(
            &l("event-set-track"),
            &[
                ("track", &texts.name("track", track)),
                ("value", &value.to_string()),
            ],
        ),
        Step::ShiftTrack { track, by } => {
            let t = l(if *by < 0 {
                "event-track-down"
            } else {
                "event-track-up"
            });
            fill(
                &t,
                &[
                    ("track", &texts.name("track", track)),
                    ("by", &by.unsigned_abs().to_string()),
                ],
            )
        }
        Step::EnterWar { faction: f } => fill(&l("event-enter-war"), &[("faction", &faction(f))]),
        Step::LimitedEntry { faction: f } => {
            fill(&l("event-limited-entry"), &[("faction", &faction(f))])
        }
        Step::ChangeSide { faction: f, side } => fill(
            &l("event-change-side"),
            &[
                ("faction", &faction(f)),
                ("side", &texts.name("side", side)),
            ],
        ),
        Step::Relation {
            factions: (a, b),
            stance,
        } => {
            let stance = l(match stance {
                Stance::Allied => "stance-allied",
                Stance::AlliedApart => "stance-allied-apart",
                Stance::Neutral => "stance-neutral",
                Stance::Enemy => "stance-enemy",
            });
            fill(
                &l("event-relation"),
                &[
                    ("faction", &faction(a)),
                    ("other", &faction(b)),
                    ("stance", &stance),
                ],
            )
        }
        Step::Cards { cards, to } => {
            let cards = names("card", cards, texts);
            match to {
                CardsTo::Deck(d) => fill(
                    &l("event-cards-to-deck"),
                    &[("cards", &cards), ("deck", &texts.name("deck", d))],
                ),
                CardsTo::Hand(h) => fill(
                    &l("event-cards-to-hand"),
                    &[("cards", &cards), ("holder", &holder(h, texts))],
                ),
                CardsTo::InPlay => fill(&l("event-cards-in-play"), &[("cards", &cards)]),
                CardsTo::Removed => fill(&l("event-cards-removed"), &[("cards", &cards)]),
            }
        }
        Step::CloseLinks { links: ls, .. } => {
            fill(&l("event-close-links"), &[("links", &links(ls, texts))])
        }
        Step::OpenLinks { links: ls, .. } => {
            fill(&l("event-open-links"), &[("links", &links(ls, texts))])
        }
        Step::GainSupplySource {
            space: s,
            faction: f,
        } => fill(
            &l("event-gain-supply"),
            &[("space", &space(s)), ("faction", &faction(f))],
        ),
        Step::LoseSupplySource {
            space: s,
            faction: f,
        } => fill(
            &l("event-lose-supply"),
            &[("space", &space(s)), ("faction", &faction(f))],
        ),
        Step::SetAttr { of, attr, value } => {
            let (kind, id) = of.split_once(':').unwrap_or((of.as_str(), ""));
            let entity = if id.is_empty() {
                kind.to_owned()
            } else {
                texts.name(kind, id)
            };
            fill(
                &l("event-set-attr"),
                &[
                    ("attr", attr),
                    ("entity", &entity),
                    ("value", &value_text(value)),
                ],
            )
        }
        Step::Play { card } => fill(&l("event-play"), &[("card", &texts.name("card", card))]),
        Step::If {
            when,
            then,
            otherwise,
        } => {
            let mut s = fill(&l("event-if"), &[("condition", when.trim())]);
            s.push(' ');
            s.push_str(&sentences(then, texts, depth + 1));
            if !otherwise.is_empty() {
                s.push(' ');
                s.push_str(&l("event-otherwise"));
                s.push(' ');
                s.push_str(&sentences(otherwise, texts, depth + 1));
            }
            s
        }
        Step::OneOf(alts) => {
            let choices = numbered(alts.iter().map(|a| sentences(a, texts, depth + 1)));
            format!("{} {choices}", l("event-one-of"))
        }
        Step::UpTo { n, of } => {
            let choices = numbered(of.iter().map(|s| sentence(s, texts, depth + 1)));
            let head = fill(&l("event-up-to"), &[("n", &n.to_string())]);
            format!("{head} {choices}")
        }
    }
}

/// An attribute's value as a player reads it.
fn value_text(v: &orbat_validator::model::AttrValue) -> String {
    use orbat_validator::model::AttrValue;
    match v {
        AttrValue::Bool(b) => b.to_string(),
        AttrValue::Int(i) => i.to_string(),
        AttrValue::Number(n) => n.to_string(),
        AttrValue::Text(t) => t.to_string(),
        AttrValue::List(l) => l.iter().map(value_text).collect::<Vec<_>>().join(", "),
        AttrValue::Map(m) => m
            .iter()
            .map(|(k, v)| format!("{k}: {}", value_text(v)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}
