//! Find a space, unit or card by id or by its name in the source language (Ctrl+F): what
//! matches, best first.

use crate::document::Document;

/// What a hit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HitKind {
    Space,
    Unit,
    Card,
}

impl HitKind {
    pub fn label(self) -> &'static str {
        match self {
            HitKind::Space => "space",
            HitKind::Unit => "unit",
            HitKind::Card => "card",
        }
    }
}

/// One thing found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub kind: HitKind,
    pub id: String,
    pub name: Option<String>,
}

impl Hit {
    /// How it is listed: its name, what it is, its id.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} — {} {}", self.kind.label(), self.id),
            None => format!("{} {}", self.kind.label(), self.id),
        }
    }
}

/// At most this many hits are listed.
pub const MAX_HITS: usize = 30;

/// Everything whose id or name holds `query` (ignoring case): an exact id or name first,
/// then those that start with it, then the rest; spaces before units before cards.
pub fn search(doc: &Document, query: &str) -> Vec<Hit> {
    let query = query.trim().to_lowercase();
    if query.is_empty() {
        return Vec::new();
    }
    let mut hits: Vec<(u8, Hit)> = Vec::new();
    let mut consider = |kind: HitKind, id: &str| {
        let name = doc.source_name(&format!("{}:{id}", kind.label()));
        let (lid, lname) = (id.to_lowercase(), name.map(str::to_lowercase));
        let rank = if lid == query || lname.as_deref() == Some(query.as_str()) {
            0
        } else if lid.starts_with(&query) || lname.as_ref().is_some_and(|n| n.starts_with(&query)) {
            1
        } else if lid.contains(&query) || lname.as_ref().is_some_and(|n| n.contains(&query)) {
            2
        } else {
            return;
        };
        hits.push((
            rank,
            Hit {
                kind,
                id: id.to_owned(),
                name: name.map(str::to_owned),
            },
        ));
    };
    for s in doc.map().map(|m| &m.spaces[..]).unwrap_or_default() {
        consider(HitKind::Space, &s.id);
    }
    for u in doc.units().map(|u| &u.units[..]).unwrap_or_default() {
        consider(HitKind::Unit, &u.id);
    }
    for c in doc.cards().map(|c| &c.cards[..]).unwrap_or_default() {
        consider(HitKind::Card, &c.id);
    }
    // a stable sort keeps spaces, units and cards in file order within a rank
    hits.sort_by_key(|(rank, _)| *rank);
    hits.into_iter().take(MAX_HITS).map(|(_, h)| h).collect()
}
