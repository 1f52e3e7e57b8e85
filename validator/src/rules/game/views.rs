//! The view of each kind of entity a check reads: its fields and their types, as
//! docs/designing-checks.md lists them (the static check reads it, and so do messages and
//! examples).

use crate::model::Holder;

/// The fields of each view, with their types (docs/designing-checks.md).
pub fn fields(view: &str) -> &'static [(&'static str, FieldTy)] {
    use FieldTy::*;
    match view {
        "space" => &[
            ("id", T),
            ("kind", T),
            ("on_map", B),
            ("terrain", OptT),
            ("areas", Ids),
            ("control", OptT),
            ("vp", N),
            ("fort", OptN),
            ("port", B),
            ("capital_of", OptT),
            ("supply_source_for", Ids),
            ("attrs", A(Holder::Space)),
        ],
        "link" => &[
            ("a", T),
            ("b", T),
            ("kind", T),
            ("only_for", Ids),
            ("attrs", A(Holder::Link)),
        ],
        "area" => &[
            ("id", T),
            ("kind", T),
            ("closed_to", Ids),
            ("closed_while_neutral", OptT),
            ("attrs", A(Holder::Area)),
        ],
        "unit" => &[
            ("id", T),
            ("faction", T),
            ("side", OptT),
            ("kind", T),
            ("full", D),
            ("reduced_values", D),
            ("count", N),
            ("flags", Ids),
            ("reduced", B),
            ("attrs", A(Holder::Unit)),
        ],
        "card" => &[
            ("id", T),
            ("deck", T),
            ("group", T),
            ("number", N),
            ("ops", N),
            ("sr", OptN),
            ("rp", OptN),
            ("war_status", OptN),
            ("optional", OptT),
            ("combat", B),
            ("removed_after_play", B),
            ("requires", Ids),
            ("cancels", Ids),
            ("prevents", Ids),
            ("spaces", Ids),
            ("reinforcements", Ids),
            ("arrivals", D),
            ("attrs", A(Holder::Card)),
        ],
        "deck" => &[("id", T), ("owner", OptT), ("groups", D), ("cards", Ids)],
        "faction" => &[
            ("id", T),
            ("side", OptT),
            ("non_player", B),
            ("hostile_to_all", B),
            ("attrs", A(Holder::Faction)),
        ],
        "placement" => &[
            ("id", T),
            ("unit", V("unit")),
            ("at", T),
            ("reduced", B),
            ("count", N),
            ("scenario", T),
            ("attrs", A(Holder::Placement)),
        ],
        "stack" => &[
            ("id", T),
            ("at", T),
            ("space", V("space")),
            ("units", Vs("unit")),
            ("factions", Ids),
            ("scenario", T),
        ],
        "marker_kind" => &[
            ("id", T),
            ("per_side", B),
            ("port_for", Ids),
            ("attrs", A(Holder::MarkerKind)),
        ],
        "track" => &[("id", T), ("min", N), ("max", N)],
        "scenario" => &[
            ("id", T),
            ("ruleset", OptT),
            ("first_turn", N),
            ("last_turn", N),
            ("factions", Ids),
            ("neutral", Ids),
            ("limited_entry", Ids),
            ("alignments", D),
            ("in_play", Ids),
            ("removed", Ids),
            ("placements", N),
            ("decks", D),
            ("hands", D),
            ("markers", D),
            ("tracks", D),
            ("relations", D),
            ("attrs", A(Holder::Scenario)),
        ],
        _ => &[],
    }
}

/// A field's type, written compactly for the table.
#[derive(Debug, Clone, Copy)]
pub enum FieldTy {
    T,
    OptT,
    N,
    OptN,
    B,
    Ids,
    D,
    A(Holder),
    V(&'static str),
    Vs(&'static str),
}
