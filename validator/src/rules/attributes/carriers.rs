//! Every entity of a folder that carries attribute values (`attrs`), with where it is: the
//! one list the attribute rules, the reference walk and the game's own checks read.

use crate::diagnostic::Location;
use crate::load::{GameFolder, SourceFile, spans::escape_token};
use crate::model::{Attrs, Holder};

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
        let src = &*g.src;
        for (i, f) in g.value.factions.iter().enumerate() {
            push(
                &mut out,
                Holder::Faction,
                || f.id.to_string(),
                &f.attrs,
                src,
                "/factions",
                i,
            );
        }
        for (i, a) in g.value.areas.iter().enumerate() {
            push(
                &mut out,
                Holder::Area,
                || a.id.to_string(),
                &a.attrs,
                src,
                "/areas",
                i,
            );
        }
        for (i, m) in g.value.marker_kinds.iter().enumerate() {
            push(
                &mut out,
                Holder::MarkerKind,
                || m.id.to_string(),
                &m.attrs,
                src,
                "/marker_kinds",
                i,
            );
        }
    }
    if let Some(m) = &folder.map {
        let src = &*m.src;
        for (i, s) in m.value.spaces.iter().enumerate() {
            push(
                &mut out,
                Holder::Space,
                || s.id.to_string(),
                &s.attrs,
                src,
                "/spaces",
                i,
            );
        }
        for (i, l) in m.value.links.iter().enumerate() {
            push(
                &mut out,
                Holder::Link,
                || format!("{}-{}", l.a, l.b),
                &l.attrs,
                src,
                "/links",
                i,
            );
        }
    }
    if let Some(u) = &folder.units {
        let src = &*u.src;
        for (i, unit) in u.value.units.iter().enumerate() {
            push(
                &mut out,
                Holder::Unit,
                || unit.id.to_string(),
                &unit.attrs,
                src,
                "/units",
                i,
            );
        }
    }
    if let Some(c) = &folder.cards {
        let src = &*c.src;
        for (i, card) in c.value.cards.iter().enumerate() {
            push(
                &mut out,
                Holder::Card,
                || card.id.to_string(),
                &card.attrs,
                src,
                "/cards",
                i,
            );
        }
    }
    for s in &folder.scenarios {
        let src = &*s.src;
        if !s.value.attrs.is_empty() {
            out.push(Carrier {
                holder: Holder::Scenario,
                id: s.value.id.to_string(),
                attrs: &s.value.attrs,
                src,
                pointer: String::new(),
            });
        }
        for (i, p) in s.value.placements.iter().enumerate() {
            push(
                &mut out,
                Holder::Placement,
                || p.unit.to_string(),
                &p.attrs,
                src,
                "/placements",
                i,
            );
        }
    }
    out
}

fn push<'a>(
    out: &mut Vec<Carrier<'a>>,
    holder: Holder,
    id: impl FnOnce() -> String,
    attrs: &'a Attrs,
    src: &'a SourceFile,
    list: &str,
    i: usize,
) {
    if attrs.is_empty() {
        return;
    }
    out.push(Carrier {
        holder,
        id: id(),
        attrs,
        src,
        pointer: format!("{list}/{i}"),
    });
}
