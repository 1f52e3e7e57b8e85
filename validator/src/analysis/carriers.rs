//! Every entity of a folder that carries attribute values (`attrs`), with where it is: the
//! one list the attribute rules, the reference walk and the game's own checks read.

use crate::diagnostic::Location;
use crate::load::{GameFolder, SourceFile, spans::escape_token};
use crate::model::{AttrDecl, Attrs, Game, Holder};

/// One entity with attribute values.
pub struct Carrier<'a> {
    pub holder: Holder,
    /// Its id (a link's is `a`-`b`, a placement's its unit).
    pub id: String,
    pub attrs: &'a Attrs,
    pub src: &'a SourceFile,
    /// The JSON pointer of the entity in its file (`/spaces/3`, `` for a scenario).
    pub pointer: String,
}

impl Carrier<'_> {
    /// Where the value of attribute `key` is written.
    pub fn at_value(&self, key: &str) -> Location {
        self.src.at(&self.value_pointer(key))
    }

    /// Where the key of attribute `key` is written.
    pub fn at_key(&self, key: &str) -> Location {
        self.src.at_key(&self.value_pointer(key))
    }

    pub fn value_pointer(&self, key: &str) -> String {
        format!("{}/attrs/{}", self.pointer, escape_token(key))
    }
}

/// Every entity of the folder with at least one attribute value, file by file.
pub fn carriers(folder: &GameFolder) -> Vec<Carrier<'_>> {
    let mut out = Vec::new();
    if let Some(g) = &folder.game {
        let v = &g.value;
        list(
            &mut out,
            &g.src,
            Holder::Faction,
            "/factions",
            &v.factions,
            |f| &f.attrs,
            |f| f.id.to_string(),
        );
        list(
            &mut out,
            &g.src,
            Holder::Area,
            "/areas",
            &v.areas,
            |a| &a.attrs,
            |a| a.id.to_string(),
        );
        list(
            &mut out,
            &g.src,
            Holder::MarkerKind,
            "/marker_kinds",
            &v.marker_kinds,
            |m| &m.attrs,
            |m| m.id.to_string(),
        );
        list(
            &mut out,
            &g.src,
            Holder::Track,
            "/tracks",
            &v.tracks,
            |t| &t.attrs,
            |t| t.id.to_string(),
        );
        if !v.attrs.is_empty() {
            out.push(Carrier {
                holder: Holder::Game,
                id: v.id.to_string(),
                attrs: &v.attrs,
                src: &g.src,
                pointer: String::new(),
            });
        }
    }
    if let Some(m) = &folder.map {
        let v = &m.value;
        list(
            &mut out,
            &m.src,
            Holder::Space,
            "/spaces",
            &v.spaces,
            |s| &s.attrs,
            |s| s.id.to_string(),
        );
        list(
            &mut out,
            &m.src,
            Holder::Link,
            "/links",
            &v.links,
            |l| &l.attrs,
            |l| format!("{}-{}", l.a, l.b),
        );
    }
    if let Some(u) = &folder.units {
        list(
            &mut out,
            &u.src,
            Holder::Unit,
            "/units",
            &u.value.units,
            |u| &u.attrs,
            |u| u.id.to_string(),
        );
    }
    if let Some(c) = &folder.cards {
        list(
            &mut out,
            &c.src,
            Holder::Card,
            "/cards",
            &c.value.cards,
            |c| &c.attrs,
            |c| c.id.to_string(),
        );
    }
    for s in &folder.scenarios {
        if !s.value.attrs.is_empty() {
            out.push(Carrier {
                holder: Holder::Scenario,
                id: s.value.id.to_string(),
                attrs: &s.value.attrs,
                src: &s.src,
                pointer: String::new(),
            });
        }
        list(
            &mut out,
            &s.src,
            Holder::Placement,
            "/placements",
            &s.value.placements,
            |p| &p.attrs,
            |p| p.unit.to_string(),
        );
    }
    out
}

/// The items of one list that carry attributes (their id made only for those).
fn list<'a, T>(
    out: &mut Vec<Carrier<'a>>,
    src: &'a SourceFile,
    holder: Holder,
    pointer: &str,
    items: &'a [T],
    attrs_of: impl Fn(&'a T) -> &'a Attrs,
    id_of: impl Fn(&'a T) -> String,
) {
    for (i, item) in items.iter().enumerate() {
        let attrs = attrs_of(item);
        if attrs.is_empty() {
            continue;
        }
        out.push(Carrier {
            holder,
            id: id_of(item),
            attrs,
            src,
            pointer: format!("{pointer}/{i}"),
        });
    }
}

/// The declaration of attribute `id` for `holder`, if the game has one.
pub fn declared<'g>(game: &'g Game, holder: Holder, id: &str) -> Option<&'g AttrDecl> {
    game.attributes
        .iter()
        .find(|d| d.id == id && d.on.contains(&holder))
}
