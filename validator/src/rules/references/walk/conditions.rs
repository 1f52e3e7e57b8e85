//! The references of conditions (`AtWar`, `Controls`, `Marked`...), wherever they are written.

use crate::load::SourceFile;
use crate::model::Condition;
use crate::rules::ids::Ids;

use super::target::{Target, Visit};

/// Each condition of the list at `list` (a JSON pointer) in `src`.
pub fn conditions(
    ids: &Ids<'_>,
    src: &SourceFile,
    list: &str,
    conditions: &[Condition],
    refs: &mut impl Visit,
) {
    for (i, c) in conditions.iter().enumerate() {
        // a one-value variant holds its value at `/<Variant>`, a two-value one at `/<Variant>/n`
        let at = |variant: &'static str, part: Option<usize>| {
            move || match part {
                Some(n) => src.at(&format!("{list}/{i}/{variant}/{n}")),
                None => src.at(&format!("{list}/{i}/{variant}")),
            }
        };
        match c {
            Condition::AtWar(f) => {
                refs.visit(Target::Id(&ids.factions), f, &at("AtWar", None));
            }
            Condition::Neutral(f) => {
                refs.visit(Target::Id(&ids.factions), f, &at("Neutral", None));
            }
            Condition::Controls(holder, space) => {
                refs.visit(Target::SideOrFaction, holder, &at("Controls", Some(0)));
                if ids.spaces.loaded {
                    refs.visit(Target::Id(&ids.spaces), space, &at("Controls", Some(1)));
                }
            }
            Condition::Marked(kind, space) | Condition::Unmarked(kind, space) => {
                let variant = if matches!(c, Condition::Marked(..)) {
                    "Marked"
                } else {
                    "Unmarked"
                };
                refs.visit(Target::Id(&ids.marker_kinds), kind, &at(variant, Some(0)));
                if ids.spaces.loaded {
                    refs.visit(Target::Id(&ids.spaces), space, &at(variant, Some(1)));
                }
            }
        }
    }
}
