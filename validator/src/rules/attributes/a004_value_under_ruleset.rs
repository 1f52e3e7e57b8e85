//! A004: a value an entity takes under a ruleset (`under: {"<ruleset>": {...}}`) names no
//! field of the entity, a field that cannot differ, or does not fit its field.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::ruleset_view::tied;
use crate::load::spans::escape_token;
use crate::model::tied::Misfit;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a value under a ruleset does not fit the entity
    ///
    /// An entity takes other values under a ruleset through `under`: each key is one of its fields as written in the file (an attribute as `attrs.<id>`), each value of that field's type. The id and the rulesets themselves cannot differ.
    ///
    /// Bad: `under: {"second-edition": {"vpp": 2}}` on a space.
    /// Good: `under: {"second-edition": {"vp": 2}}`.
    pub static A004 = {
        name: "value-under-ruleset",
        severity: Error,
        family: Attributes,
        allow: Never,
        fires: &["invalid/A004_1"],
        silent: &["valid/rulesets"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&A004, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for t in tied(cx.folder) {
        for (ruleset, _) in t.entity.under().iter() {
            for (key, why) in t.entity.misfits(ruleset) {
                let p = format!(
                    "{}/under/{}/{}",
                    t.pointer,
                    escape_token(ruleset),
                    escape_token(&key)
                );
                let (message, help, at) = match why {
                    Misfit::UnknownField(near) => (
                        format!("a {} has no field `{key}` to change under `{ruleset}`", t.kind),
                        match near {
                            Some(n) => format!("did you mean `{n}`?"),
                            None => "name a field of the entity as written in the file, or an attribute as `attrs.<id>`".to_owned(),
                        },
                        t.src.at_key(&p),
                    ),
                    Misfit::Fixed => (
                        format!("`{key}` cannot differ under a ruleset"),
                        "tie a separate entity to the ruleset instead (`rulesets: [...]`)".to_owned(),
                        t.src.at_key(&p),
                    ),
                    Misfit::WrongType(serde) => (
                        format!("the value of `{key}` under `{ruleset}` does not fit the field: {serde}"),
                        format!("give `{key}` a value of the type it has outside `under`"),
                        t.src.at(&p),
                    ),
                };
                out.push(Diagnostic::new(&A004, message, at).with_help(help));
            }
        }
    }
}
