//! M001: a link joins a space to itself.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::compare::same;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a link joins a space to itself
    ///
    /// A link is a line between two spaces; one from a space to itself means a typo in one end.
    ///
    /// Bad:
    /// ```ron
    /// (a: "verdun", b: "verdun", kind: "normal")
    /// ```
    /// Good:
    /// ```ron
    /// (a: "verdun", b: "metz", kind: "normal")
    /// ```
    pub static M001 = {
        name: "self-link",
        severity: Error,
        family: Map,
        allow: Never,
        fires: &["invalid/M001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&M001, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for (i, link) in w.map.value.links.iter().enumerate() {
        if same(&link.a, &link.b) {
            out.push(
                Diagnostic::new(
                    &M001,
                    format!("this link joins `{}` to itself", link.a),
                    w.map.at(&format!("/links/{i}")),
                )
                .with_label("both ends are the same space")
                .with_help("a link joins two different spaces: fix one end, or delete the link"),
            );
        }
    }
}
