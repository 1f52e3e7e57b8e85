//! The rulesets named by entities tied to them (`rulesets: [...]`, the keys of `under`), and
//! by the checks' examples (`ruleset:`).

use crate::analysis::ids::Ids;
use crate::load::{GameFolder, ruleset_view, spans::escape_token};

use super::target::{Target, Visit};

pub fn tied(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    for t in ruleset_view::tied(folder) {
        for (i, r) in t.entity.rulesets().iter().enumerate() {
            let at = format!("{}/rulesets/{i}", t.pointer);
            refs.visit(Target::Id(&ids.rulesets), r, &|| t.src.at(&at));
        }
        for (r, _) in t.entity.under().iter() {
            let at = format!("{}/under/{}", t.pointer, escape_token(r));
            refs.visit(Target::Id(&ids.rulesets), r, &|| t.src.at_key(&at));
        }
    }
}
