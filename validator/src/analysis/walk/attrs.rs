//! The ids named by attribute values (`Ref` attributes, game.ron `attributes`) and by the
//! declarations' defaults.

use crate::analysis::carriers::{carriers, declared};
use crate::analysis::ids::{IdTable, Ids};
use crate::load::GameFolder;
use crate::load::spans::escape_token;
use crate::model::{AttrDecl, AttrKind, AttrValue, RefKind};

use super::target::{Target, Visit};

pub fn attrs(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let Some(g) = &folder.game else { return };
    let game = &g.value;
    if !game
        .attributes
        .iter()
        .any(|d| d.kind == AttrKind::Ref || d.keys.is_some())
    {
        return;
    }
    for (i, d) in game.attributes.iter().enumerate() {
        if let (Some(table), Some(v)) = (table(d, ids), &d.default) {
            let at = format!("/attributes/{i}/default");
            each_id(v, &at, &mut |id, p| {
                refs.visit(Target::Id(table), id, &|| g.at(&p));
            });
        }
    }
    for c in carriers(folder) {
        for (key, value) in c.attrs {
            let Some(d) = declared(game, c.holder, key) else {
                continue;
            };
            let pointer = c.value_pointer(key);
            // a map's keys name things of its `keys` kind; its values are each a value
            let entries: Vec<(&AttrValue, String)> = match (d.keys, value) {
                (Some(keys), AttrValue::Map(m)) => {
                    let table = by_kind(keys, ids);
                    m.iter()
                        .map(|(k, v)| {
                            let p = format!("{pointer}/{}", escape_token(k));
                            refs.visit(Target::Id(table), k, &|| c.src.at_key(&p));
                            (v, p)
                        })
                        .collect()
                }
                (Some(_), _) => Vec::new(),
                (None, v) => vec![(v, pointer)],
            };
            let Some(table) = table(d, ids) else { continue };
            for (v, p) in entries {
                each_id(v, &p, &mut |id, p| {
                    refs.visit(Target::Id(table), id, &|| c.src.at(&p));
                });
            }
        }
    }
}

/// The ids a `Ref` attribute's values must name.
fn table<'i, 'a>(d: &AttrDecl, ids: &'i Ids<'a>) -> Option<&'i IdTable<'a>> {
    if d.kind != AttrKind::Ref {
        return None;
    }
    Some(by_kind(d.of?, ids))
}

/// The ids of one kind of thing.
fn by_kind<'i, 'a>(kind: RefKind, ids: &'i Ids<'a>) -> &'i IdTable<'a> {
    match kind {
        RefKind::Space => &ids.spaces,
        RefKind::Unit => &ids.units,
        RefKind::Card => &ids.cards,
        RefKind::Faction => &ids.factions,
        RefKind::Side => &ids.sides,
        RefKind::Area => &ids.areas,
        RefKind::Deck => &ids.decks,
        RefKind::MarkerKind => &ids.marker_kinds,
        RefKind::Terrain => &ids.terrains,
        RefKind::UnitKind => &ids.unit_kinds,
        RefKind::LocationKind => &ids.location_kinds,
        RefKind::LinkKind => &ids.link_kinds,
        RefKind::Track => &ids.tracks,
        RefKind::UnitFlag => &ids.unit_flags,
    }
}

/// Each text of a value (or of its list) with its pointer; values of the wrong type are
/// A002's.
fn each_id(value: &AttrValue, pointer: &str, f: &mut impl FnMut(&str, String)) {
    match value {
        AttrValue::Text(t) => f(t, pointer.to_owned()),
        AttrValue::List(items) => {
            for (i, v) in items.iter().enumerate() {
                if let AttrValue::Text(t) = v {
                    f(t, format!("{pointer}/{i}"));
                }
            }
        }
        _ => {}
    }
}
