//! The references of conditions (`AtWar`, `Controls`, `Marked`...), wherever they are written.

use crate::analysis::ids::Ids;
use crate::load::SourceFile;
use crate::model::Condition;

use super::target::{Target, Visit};

/// Each condition of the list at `list()` (a JSON pointer, made only for a finding) in `src`.
pub fn conditions(
    ids: &Ids<'_>,
    src: &SourceFile,
    list: impl Fn() -> String,
    conditions: &[Condition],
    refs: &mut impl Visit,
) {
    let list = &list;
    for (i, c) in conditions.iter().enumerate() {
        let at = |variant: &'static str, field: Option<&'static str>| {
            move || match field {
                Some(f) => src.at(&format!("{}/{i}/{variant}/{f}", list())),
                None => src.at(&format!("{}/{i}/{variant}", list())),
            }
        };
        match c {
            Condition::AtWar(f) => {
                refs.visit(Target::Id(&ids.factions), f, &at("AtWar", None));
            }
            Condition::Neutral(f) => {
                refs.visit(Target::Id(&ids.factions), f, &at("Neutral", None));
            }
            Condition::Controls { by, space } => {
                refs.visit(Target::SideOrFaction, by, &at("Controls", Some("by")));
                if ids.spaces.loaded {
                    refs.visit(
                        Target::Id(&ids.spaces),
                        space,
                        &at("Controls", Some("space")),
                    );
                }
            }
            Condition::Marked { kind, space } | Condition::Unmarked { kind, space } => {
                let variant = if matches!(c, Condition::Marked { .. }) {
                    "Marked"
                } else {
                    "Unmarked"
                };
                refs.visit(
                    Target::Id(&ids.marker_kinds),
                    kind,
                    &at(variant, Some("kind")),
                );
                if ids.spaces.loaded {
                    refs.visit(Target::Id(&ids.spaces), space, &at(variant, Some("space")));
                }
            }
        }
    }
}
