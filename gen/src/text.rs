//! The display text in the game's languages: names of everything, card event text with
//! placeholders, and complete translations whose `source` records match.

use std::collections::BTreeMap;

use orbat_validator::model::{
    Card, Game, Id, SourceRecord, Space, TextEntries, TextEntry, TextFile, Unit,
};

pub(crate) fn generate(
    game: &Game,
    spaces: &[Space],
    units: &[Unit],
    cards: &[Card],
) -> Vec<(String, TextFile)> {
    let mut source: BTreeMap<Id, TextEntry> = BTreeMap::new();
    let entry = |name: String, text: Option<String>| TextEntry {
        name: name.into(),
        text: text.map(Into::into),
        source: None,
    };
    source.insert("game".into(), entry("Generated Front".into(), None));
    for s in &game.sides {
        source.insert(
            format!("side:{}", s.id).into(),
            entry(format!("Side {}", s.id), None),
        );
    }
    for f in &game.factions {
        source.insert(
            format!("faction:{}", f.id).into(),
            entry(format!("Faction {}", f.id), None),
        );
    }
    for a in &game.areas {
        source.insert(
            format!("area:{}", a.id).into(),
            entry(name_of(a.id.len(), 7), None),
        );
    }
    for d in &game.decks {
        source.insert(
            format!("deck:{}", d.id).into(),
            entry(format!("Deck {}", d.id), None),
        );
    }
    for t in &game.tracks {
        source.insert(
            format!("track:{}", t.id).into(),
            entry(format!("Track {}", t.id), None),
        );
    }
    for m in &game.marker_kinds {
        source.insert(
            format!("marker:{}", m.id).into(),
            entry(format!("Marker {}", m.id), None),
        );
    }
    for (i, s) in spaces.iter().enumerate() {
        source.insert(format!("space:{}", s.id).into(), entry(name_of(i, 1), None));
    }
    for (i, u) in units.iter().enumerate() {
        source.insert(
            format!("unit:{}", u.id).into(),
            entry(format!("{} {}", name_of(i, 2), u.kind), None),
        );
    }
    for (i, c) in cards.iter().enumerate() {
        let mut text = format!("{} ops event", c.ops);
        for r in c.requires.iter().take(1) {
            text.push_str(&format!("; play after {{card:{r}}}"));
        }
        for r in &c.cancels {
            text.push_str(&format!("; cancels {{card:{r}}}"));
        }
        for r in c.reinforcements.iter().take(1) {
            text.push_str(&format!(
                "; {{unit:{}}} arrives in {{space:{}}}",
                r.unit, r.to
            ));
        }
        for s in c.spaces.iter().take(1) {
            text.push_str(&format!("; attack {{space:{s}}}"));
        }
        text.push('.');
        source.insert(
            format!("card:{}", c.id).into(),
            entry(name_of(i, 3), Some(text)),
        );
    }
    let mut out = Vec::new();
    for lang in game.languages.iter().map(String::as_str) {
        let entries: TextEntries = if lang == game.source_language {
            source.clone().into_iter().collect()
        } else {
            source
                .iter()
                .map(|(k, e)| {
                    let tr = TextEntry {
                        name: format!("{} ({lang})", e.name).into(),
                        text: e.text.as_ref().map(|t| format!("[{lang}] {t}").into()),
                        source: Some(SourceRecord {
                            name: e.name.clone(),
                            text: e.text.clone(),
                        }),
                    };
                    (k.clone(), tr)
                })
                .collect()
        };
        out.push((
            lang.to_owned(),
            TextFile {
                language: lang.to_owned(),
                entries,
            },
        ));
    }
    out
}

/// A pronounceable name from a number, for display text.
fn name_of(n: usize, salt: u64) -> String {
    const SYL: [&str; 16] = [
        "ka", "lo", "vre", "dan", "mi", "tor", "sel", "bu", "ra", "gen", "pol", "esh", "ti", "mar",
        "no", "zu",
    ];
    let mut x = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
    let k = 2 + (x % 2) as usize;
    let mut s = String::new();
    for _ in 0..k {
        x = x.rotate_left(13).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        s.push_str(SYL[(x >> 60) as usize]);
    }
    let mut c = s.chars();
    let first = c.next().map(|f| f.to_ascii_uppercase()).unwrap_or('X');
    std::iter::once(first).chain(c).collect()
}
