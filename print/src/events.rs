//! A card's event text made from its `effects`, for a card with no text of its own: one
//! sentence per step ("Place 1st Army, 2nd Army at Verona. Italy controls Trento."), the
//! things named in the chosen language and the sentences' words from the game's `label:event-*`
//! entries (English without them), with `{units}`-style slots a translator may move. A
//! condition reads as its `says` words, else as `condition.rs` puts it, else as its CEL (the
//! caller warns of those).

use orbat_validator::model::common::Stance;
use orbat_validator::model::{CardsTo, Step};

use std::cell::RefCell;

use crate::text::{Texts, fill};

/// How deep choices and conditions nest before the rest is left out.
const DEEPEST: usize = 8;

/// A card's event text.
pub struct Event {
    pub text: String,
    /// The conditions printed as CEL, for want of words.
    pub as_cel: Vec<String>,
}

/// What the sentences are made with: the texts, and the conditions printed as CEL so far.
struct Words<'t, 'a> {
    texts: &'t Texts<'a>,
    as_cel: RefCell<Vec<String>>,
}

impl<'a> std::ops::Deref for Words<'_, 'a> {
    type Target = Texts<'a>;
    fn deref(&self) -> &Texts<'a> {
        self.texts
    }
}

/// The event text of `steps`, or None when there are none.
pub fn describe(steps: &[Step], texts: &Texts<'_>) -> Option<Event> {
    if steps.is_empty() {
        return None;
    }
    let w = Words {
        texts,
        as_cel: RefCell::default(),
    };
    let text = sentences(steps, &w, 0);
    Some(Event {
        text,
        as_cel: w.as_cel.take(),
    })
}

/// An `If`'s condition in words: its `says`, else a shape put in words, else its CEL.
fn condition(when: &str, says: Option<&str>, w: &Words<'_, '_>) -> String {
    if let Some(key) = says {
        let (kind, id) = key.split_once(':').unwrap_or((key, ""));
        return w.name(kind, id);
    }
    crate::condition::in_words(when, w).unwrap_or_else(|| {
        w.as_cel.borrow_mut().push(when.trim().to_owned());
        when.trim().to_owned()
    })
}

fn sentences(steps: &[Step], texts: &Words<'_, '_>, depth: usize) -> String {
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

fn sentence(step: &Step, texts: &Words<'_, '_>, depth: usize) -> String {
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
                    ("attr", &texts.name("attr", attr)),
                    ("entity", &entity),
                    ("value", &value_text(value)),
                ],
            )
        }
        Step::Play { card } => fill(&l("event-play"), &[("card", &texts.name("card", card))]),
        Step::If {
            when,
            says,
            then,
            otherwise,
        } => {
            let c = condition(when, says.as_deref(), texts);
            let mut s = fill(&l("event-if"), &[("condition", &c)]);
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
