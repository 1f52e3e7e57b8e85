//! What a text file's key names (`space:metz`, the space `metz`; `game`, the game), and every
//! key of the source language's file looked up once per folder: R002 reports the keys that
//! name nothing, and T001 the things no key names. T001 had hashed every key of the file
//! again, then looked up a key made for each thing; from the counts kept here it knows at
//! once which kinds have a key for every thing (some 3% of a check of the corpus of
//! real-sized games, BENCHMARKS.md session 23).

use crate::load::{Doc, GameFolder};
use crate::model::TextFile;

use super::ids::{IdTable, Ids};
use super::text::entries::source;

/// A kind of thing a key may name, by the prefix before its `:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    Space,
    Unit,
    Card,
    Faction,
    Side,
    Area,
    Deck,
    Track,
    Marker,
    Terrain,
    LocationKind,
    LinkKind,
    UnitKind,
    /// A scenario (its name on set-up charts, in the editor).
    Scenario,
    /// A group of cards of a deck (`group:mobilization`, printed at the foot of each of its
    /// cards): one key for every deck's group of that id.
    Group,
    /// A ruleset (`ruleset:advanced`, printed on an optional card and on a set-up chart).
    Ruleset,
    /// A word of Orbat's own that a printout shows ([`crate::model::labels`]), or the words
    /// an event's `If` says for its condition (`says: Some("label:italy-holds-trento")`).
    Label,
    /// An attribute game.ron declares (`attr:winter`, printed in an event text that sets it).
    Attr,
}

impl KeyKind {
    /// Every kind, in the order T001 reports them (the files' order: map, units, cards, game).
    pub const ALL: [KeyKind; 18] = [
        KeyKind::Space,
        KeyKind::Unit,
        KeyKind::Card,
        KeyKind::Faction,
        KeyKind::Side,
        KeyKind::Area,
        KeyKind::Deck,
        KeyKind::Track,
        KeyKind::Marker,
        KeyKind::Terrain,
        KeyKind::LocationKind,
        KeyKind::LinkKind,
        KeyKind::UnitKind,
        KeyKind::Scenario,
        KeyKind::Group,
        KeyKind::Ruleset,
        KeyKind::Label,
        KeyKind::Attr,
    ];

    /// Whether everything of this kind must have a name (T001). The kinds of the game's
    /// vocabulary (terrains, location, link and unit kinds) may have one, for the editor and
    /// the printout to show in each language; without it they show their id. So may scenarios,
    /// deck groups and rulesets (shown as their id in words) and labels (shown as their
    /// English word): [`KeyKind::unnamed`].
    pub fn name_required(self) -> bool {
        !matches!(
            self,
            KeyKind::Terrain
                | KeyKind::LocationKind
                | KeyKind::LinkKind
                | KeyKind::UnitKind
                | KeyKind::Scenario
                | KeyKind::Group
                | KeyKind::Ruleset
                | KeyKind::Label
                | KeyKind::Attr
        )
    }

    /// What a printout shows for the thing `id` of this kind when no text names it: a label's
    /// English word; a scenario's, deck group's or ruleset's id as words (`limited-war`:
    /// "Limited war"); else the id itself.
    pub fn unnamed(self, id: &str) -> String {
        match self {
            KeyKind::Label => match crate::model::labels::english(id) {
                Some(word) => word.to_owned(),
                // a condition's words the game has not written yet
                None => as_words(id),
            },
            KeyKind::Scenario | KeyKind::Group | KeyKind::Ruleset | KeyKind::Attr => as_words(id),
            _ => id.to_owned(),
        }
    }

    /// The prefix of its keys, without the `:`.
    pub fn prefix(self) -> &'static str {
        match self {
            KeyKind::Space => "space",
            KeyKind::Unit => "unit",
            KeyKind::Card => "card",
            KeyKind::Faction => "faction",
            KeyKind::Side => "side",
            KeyKind::Area => "area",
            KeyKind::Deck => "deck",
            KeyKind::Track => "track",
            KeyKind::Marker => "marker",
            KeyKind::Terrain => "terrain",
            KeyKind::LocationKind => "location_kind",
            KeyKind::LinkKind => "link_kind",
            KeyKind::UnitKind => "unit_kind",
            KeyKind::Scenario => "scenario",
            KeyKind::Group => "group",
            KeyKind::Ruleset => "ruleset",
            KeyKind::Label => "label",
            KeyKind::Attr => "attr",
        }
    }

    fn of_prefix(prefix: &str) -> Option<Self> {
        KeyKind::ALL.into_iter().find(|k| k.prefix() == prefix)
    }

    /// The ids of this kind (a marker key names a marker kind).
    pub fn table<'i, 'a>(self, ids: &'i Ids<'a>) -> &'i IdTable<'a> {
        match self {
            KeyKind::Space => &ids.spaces,
            KeyKind::Unit => &ids.units,
            KeyKind::Card => &ids.cards,
            KeyKind::Faction => &ids.factions,
            KeyKind::Side => &ids.sides,
            KeyKind::Area => &ids.areas,
            KeyKind::Deck => &ids.decks,
            KeyKind::Track => &ids.tracks,
            KeyKind::Marker => &ids.marker_kinds,
            KeyKind::Terrain => &ids.terrains,
            KeyKind::LocationKind => &ids.location_kinds,
            KeyKind::LinkKind => &ids.link_kinds,
            KeyKind::UnitKind => &ids.unit_kinds,
            KeyKind::Scenario => &ids.scenarios,
            KeyKind::Group => &ids.groups,
            KeyKind::Ruleset => &ids.rulesets,
            KeyKind::Label => &ids.labels,
            KeyKind::Attr => &ids.attrs,
        }
    }
}

/// An id written as words, its first letter a capital (`campaign-tournament`: "Campaign
/// tournament").
pub fn as_words(id: &str) -> String {
    let words = id.replace(['-', '_'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => id.to_owned(),
    }
}

/// What one key names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named<'k> {
    /// A thing of a kind, by its id (which may name nothing).
    Thing(KeyKind, &'k str),
    /// The game itself (`game`).
    Game,
    /// A named value of an attribute (`value:religion.catholic`), which may name nothing.
    AttrValue(&'k str),
    /// Nothing a key can name: an unknown prefix.
    NoKind,
}

/// What `key` names, read from its prefix.
pub fn named(key: &str) -> Named<'_> {
    // a byte search: `split_once(':')` searches for a char, and compares its encoding in a call
    let (prefix, id) = match key.bytes().position(|b| b == b':') {
        Some(at) => (&key[..at], &key[at + 1..]),
        None => (key, ""),
    };
    match KeyKind::of_prefix(prefix) {
        Some(kind) => Named::Thing(kind, id),
        None if prefix == "game" && id.is_empty() => Named::Game,
        None if prefix == "value" => Named::AttrValue(id),
        None => Named::NoKind,
    }
}

/// Every key of one text file looked up.
pub struct KeyLookups<'a> {
    /// The file's language and the file.
    pub lang: &'a str,
    pub doc: &'a Doc<TextFile>,
    /// Per key, in the file's (key) order: whether it names something there is, as far as
    /// can be told (a thing whose file did not load cannot be judged, and counts as there).
    pub resolved: Vec<bool>,
    /// Per kind (indexed by `KeyKind as usize`): how many keys name an id of that kind that
    /// is defined. Keys are unique and each names one id, so when this is the number of ids
    /// of the kind, every one of them has a key.
    pub named: [usize; KeyKind::ALL.len()],
}

impl<'a> KeyLookups<'a> {
    pub fn new(ids: &Ids<'_>, lang: &'a str, doc: &'a Doc<TextFile>) -> Self {
        let mut named = [0; KeyKind::ALL.len()];
        let resolved = doc
            .value
            .entries
            .keys()
            .map(|key| match self::named(key) {
                Named::Thing(kind, id) => {
                    let table = kind.table(ids);
                    if table.contains(id) {
                        named[kind as usize] += 1;
                        true
                    } else {
                        !table.loaded
                    }
                }
                Named::Game => true,
                Named::AttrValue(v) => ids.has_attr_value(v),
                Named::NoKind => false,
            })
            .collect();
        KeyLookups {
            lang,
            doc,
            resolved,
            named,
        }
    }

    /// Whether every id of `kind` has a key in this file.
    pub fn names_every(&self, ids: &Ids<'_>, kind: KeyKind) -> bool {
        self.named[kind as usize] == kind.table(ids).order.len()
    }
}

/// The source language's text file, its keys looked up, when the game and that file loaded.
pub fn source_keys<'a>(folder: &'a GameFolder, ids: &Ids<'_>) -> Option<KeyLookups<'a>> {
    let (lang, doc) = source(folder)?;
    Some(KeyLookups::new(ids, lang, doc))
}

#[cfg(test)]
mod tests {
    use super::{KeyKind, Named, named};

    #[test]
    fn a_key_names_what_its_prefix_says() {
        assert_eq!(named("space:metz"), Named::Thing(KeyKind::Space, "metz"));
        assert_eq!(named("marker:vp"), Named::Thing(KeyKind::Marker, "vp"));
        // the id is everything after the first colon, colons included
        assert_eq!(named("card:a:b"), Named::Thing(KeyKind::Card, "a:b"));
        assert_eq!(named("card:"), Named::Thing(KeyKind::Card, ""));
        assert_eq!(named("game"), Named::Game);
        assert_eq!(named("game:"), Named::Game);
        assert_eq!(named("game:x"), Named::NoKind);
        assert_eq!(
            named("value:religion.catholic"),
            Named::AttrValue("religion.catholic")
        );
        assert_eq!(
            named("group:mobilization"),
            Named::Thing(KeyKind::Group, "mobilization")
        );
        assert_eq!(named("spaces:metz"), Named::NoKind);
        assert_eq!(named("metz"), Named::NoKind);
        assert_eq!(named(""), Named::NoKind);
        for kind in KeyKind::ALL {
            let key = format!("{}:x", kind.prefix());
            assert_eq!(named(&key), Named::Thing(kind, "x"));
        }
    }

    #[test]
    fn a_thing_no_text_names_is_shown_as_its_word_or_id() {
        assert_eq!(KeyKind::Label.unnamed("fort"), "Fort");
        assert_eq!(
            KeyKind::Label.unnamed("italy-holds-trento"),
            "Italy holds trento"
        );
        assert_eq!(KeyKind::Attr.unnamed("war_weariness"), "War weariness");
        assert_eq!(KeyKind::Group.unnamed("limited-war"), "Limited war");
        assert_eq!(KeyKind::Scenario.unnamed("campaign_1914"), "Campaign 1914");
        assert_eq!(KeyKind::Terrain.unnamed("clear"), "clear");
        assert_eq!(super::as_words(""), "");
    }
}
