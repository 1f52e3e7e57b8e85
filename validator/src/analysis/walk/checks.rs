//! The ids checks.ron names: the entity each example of a declared check is about (its `on`,
//! of the check's scope). Expressions are not walked: the ids a CEL string mentions are text
//! to this walk.

use crate::analysis::ids::{IdTable, Ids};
use crate::file_kind::FileKind;
use crate::load::{GameFolder, ruleset_view};
use crate::model::Scope;

use super::target::{Target, Visit};

pub fn checks(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let Some(c) = &folder.checks else { return };
    for (i, check) in c.value.checks.iter().enumerate() {
        let table = table(check.for_each, ids);
        for (list, examples) in [("fires", &check.fires), ("silent", &check.silent)] {
            for (k, ex) in examples.iter().enumerate() {
                if let Some(r) = &ex.ruleset {
                    refs.visit(Target::Id(&ids.rulesets), r, &|| {
                        c.at(&format!("/checks/{i}/{list}/{k}/ruleset"))
                    });
                }
                // an example runs in one ruleset's view of the folder: its entity is there;
                // one of a file that did not load is not judged (G004 says its check did not run)
                if let Some(table) = table.filter(|_| {
                    !folder.has_failed(defined_in(check.for_each))
                        && ruleset_view::example_here(folder, ex, check.for_each)
                }) {
                    refs.visit(Target::Id(table), &ex.on, &|| {
                        c.at(&format!("/checks/{i}/{list}/{k}/on"))
                    });
                }
            }
        }
    }
}

/// The ids an example of a check over `scope` names (a stack's, its location); none for
/// links (`a-b`) and scenarios, which G003 judges.
pub fn table<'i, 'a>(scope: Scope, ids: &'i Ids<'a>) -> Option<&'i IdTable<'a>> {
    Some(match scope {
        Scope::Space | Scope::Stack => &ids.spaces,
        Scope::Unit | Scope::Placement => &ids.units,
        Scope::Card => &ids.cards,
        Scope::Area => &ids.areas,
        Scope::Deck => &ids.decks,
        Scope::Faction => &ids.factions,
        Scope::Link | Scope::Scenario => return None,
    })
}

/// The file the entities an example of a check over `scope` names are defined in.
fn defined_in(scope: Scope) -> FileKind {
    match scope {
        Scope::Space | Scope::Stack | Scope::Link => FileKind::Map,
        Scope::Unit | Scope::Placement => FileKind::Units,
        Scope::Card => FileKind::Cards,
        Scope::Area | Scope::Deck | Scope::Faction => FileKind::Game,
        Scope::Scenario => FileKind::Scenario,
    }
}
