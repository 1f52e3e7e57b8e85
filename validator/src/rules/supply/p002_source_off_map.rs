//! P002: a supply source lies in a box off the map.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a supply source lies in a box off the map
    ///
    /// Supply is traced along links on the map, so a source must be on the map, unless its location kind says it may be a source (e.g. off-map boxes at a map edge).
    ///
    /// Bad:
    /// ```ron
    /// (id: "reserve", kind: "reserve-box", supply_source_for: ["fr"])
    /// ```
    /// Good:
    /// ```ron
    /// (id: "to-kharkov", kind: "offmap-box", supply_source_for: ["ru"])   // with may_be_supply_source: true on offmap-box
    /// ```
    pub static P002 = {
        name: "source-off-map",
        severity: Error,
        family: Supply,
        allow: Never,
        fires: &["invalid/P002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&P002, check);

/// Sources are on the map unless their location kind allows otherwise.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for (i, s) in w.map.value.spaces.iter().enumerate() {
        let Some(kind) = w.space_kinds[i] else {
            continue;
        };
        if s.supply_source_for.is_empty() || kind.on_map || kind.may_be_supply_source {
            continue;
        }
        out.push(
            Diagnostic::new(&P002, format!("`{}` is a supply source but lies off the map", s.id), w.map.at(&format!("/spaces/{i}/supply_source_for")))
                .with_label(format!("`{}` is a `{}`, which is off the map", s.id, kind.id))
                .with_help(format!("move the source to a space on the map, or set `may_be_supply_source: true` on location kind `{}`", kind.id)),
        );
    }
}
