//! A scenario's state of play shown instead of its set-up: at the start, at the start of a
//! turn its schedule changes, or after an event. The states are the validator's own
//! (`engine::states::preview`, the steps applied as the judging applies them); here, what the
//! set-up view keeps of one between frames, that state's findings, and what it changed, in
//! words. No egui here; never a change to the document.

use orbat_validator::Diagnostic;
use orbat_validator::analysis::events::Origin;
use orbat_validator::engine::states::preview as states;
use orbat_validator::model::{MapFile, Scenario};

pub use states::{Moment, Preview};

use crate::document::Document;

/// What the set-up view previews, and the states it made for it (made again when the
/// document or the scenario changes).
#[derive(Debug, Clone, Default)]
pub struct PreviewState {
    /// The moment shown; None: the set-up is edited, not previewed.
    pub moment: Option<Moment>,
    /// The moments of a scenario that may be shown: (revision, scenario id, moments).
    moments: Option<(u64, String, Vec<Moment>)>,
    /// The state shown: (revision, scenario id, moment, the state if there is one).
    shown: Option<(u64, String, Moment, Option<Preview>)>,
}

impl PreviewState {
    /// The moments of scenario `id` that may be shown.
    pub fn moments(&mut self, doc: &Document, id: &str) -> &[Moment] {
        let fresh = |(r, s, _): &(u64, String, Vec<Moment>)| *r == doc.revision && s == id;
        if !self.moments.as_ref().is_some_and(fresh) {
            let found = states::moments(&doc.folder_now(), id);
            self.moments = Some((doc.revision, id.to_owned(), found));
        }
        self.moments.as_ref().map_or(&[], |(.., m)| m)
    }

    /// The state shown in scenario `id`, made again if the document changed; None when no
    /// preview is picked or the moment no longer exists (the card lost its effects).
    pub fn refresh(&mut self, doc: &Document, id: &str) -> Option<&Preview> {
        let moment = self.moment.clone()?;
        let fresh = |(r, s, m, _): &(u64, String, Moment, Option<Preview>)| {
            *r == doc.revision && s == id && *m == moment
        };
        if !self.shown.as_ref().is_some_and(fresh) {
            let made = states::preview(&doc.folder_now(), id, &moment);
            self.shown = Some((doc.revision, id.to_owned(), moment, made));
        }
        self.shown.as_ref().and_then(|(.., p)| p.as_ref())
    }

    /// The state shown, as last made (for the map, drawn after the side panel made it).
    pub fn shown(&self) -> Option<&Preview> {
        let moment = self.moment.as_ref()?;
        match &self.shown {
            Some((.., m, p)) if m == moment => p.as_ref(),
            _ => None,
        }
    }

    /// Back to editing the set-up.
    pub fn close(&mut self) {
        self.moment = None;
    }
}

/// A moment in words, as the pick list shows it.
pub fn label(moment: &Moment) -> String {
    match moment {
        Moment::Start => "start".into(),
        Moment::Turn(t) => format!("turn {t}"),
        Moment::After(card) => format!("after card {card}"),
    }
}

/// The findings of the state shown: those the validator found in that state of scenario `id`
/// (the start's findings are the set-up's own, in the diagnostics panel).
pub fn findings<'d>(
    diagnostics: &'d [Diagnostic],
    id: &str,
    moment: &Moment,
    played_on: Option<u32>,
) -> Vec<&'d Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| {
            let Some(s) = &d.state else { return false };
            s.scenario == id
                && match moment {
                    Moment::Start => false,
                    Moment::Turn(t) => s.after.is_none() && s.turn == Some(*t),
                    Moment::After(card) => {
                        s.after.as_deref() == Some(card.as_str()) && s.turn == played_on
                    }
                }
        })
        .collect()
}

/// The spaces a finding names (its ids in backticks that are spaces of the map), to mark
/// them on the map: a state's findings point at the step that made it, not at a space.
pub fn spaces_named(d: &Diagnostic, map: &MapFile) -> Vec<usize> {
    d.message
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|id| map.spaces.iter().position(|s| s.id == id))
        .collect()
}

/// What the state shown changed from the set-up, one line each: units placed, moved or
/// removed, control, markers, nations at war, links closed or opened.
pub fn changes(start: &Scenario, preview: &Preview, map: Option<&MapFile>) -> Vec<String> {
    let b = &preview.board;
    let now = &b.scenario;
    let mut out = Vec::new();
    for (p, origin) in now.placements.iter().zip(&b.placed_by) {
        if matches!(origin, Origin::Step(_)) {
            let side = if p.reduced { " (reduced)" } else { "" };
            out.push(format!("{} at {}{side}", p.unit, p.at));
        }
    }
    let count = |s: &Scenario, unit: &str| -> u32 {
        s.placements
            .iter()
            .filter(|p| p.unit == unit)
            .map(|p| p.count)
            .sum()
    };
    let mut seen: Vec<&str> = Vec::new();
    for p in &start.placements {
        let unit = p.unit.as_str();
        if seen.contains(&unit) {
            continue;
        }
        seen.push(unit);
        let gone = count(start, unit).saturating_sub(count(now, unit));
        if gone > 0 {
            out.push(format!("{unit} removed ×{gone}"));
        }
    }
    for c in now.control.iter().filter(|c| !start.control.contains(c)) {
        let who = c.faction.as_deref().unwrap_or("no one");
        out.push(format!("{} controlled by {who}", c.space));
    }
    for m in now.markers.iter().filter(|m| !start.markers.contains(m)) {
        out.push(format!("marker {} on {}", m.kind, m.at));
    }
    for m in start.markers.iter().filter(|m| !now.markers.contains(m)) {
        out.push(format!("marker {} gone from {}", m.kind, m.at));
    }
    for f in start.neutral.iter().filter(|f| !now.neutral.contains(f)) {
        out.push(format!("{f} enters the war"));
    }
    if let Some(map) = map {
        for (l, open) in map.links.iter().zip(&b.links_open) {
            if !open {
                out.push(format!("link {}–{} closed", l.a, l.b));
            }
        }
    }
    out
}
