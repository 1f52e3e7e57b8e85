//! Who refers to a card (other cards, scenarios, texts), in words, and deleting a card
//! with the references other cards make to it.

use orbat_validator::model::{CardsFile, Scenario, TextFile};

use super::places::place_of;

/// Every place that names a card, in words, so the user can decide before deleting it.
/// `scenarios` are (file name, scenario); `texts` are (language, text file); `source` names
/// the lists.
pub fn usages(
    card: &str,
    cards: &CardsFile,
    scenarios: &[(String, &Scenario)],
    texts: &[(String, &TextFile)],
    source: Option<&TextFile>,
) -> Vec<String> {
    let mut out = Vec::new();
    for c in cards.cards.iter().filter(|c| c.id != card) {
        for (field, list) in [
            ("requires", &c.requires),
            ("cancels", &c.cancels),
            ("prevents", &c.prevents),
        ] {
            if list.iter().any(|r| r == card) {
                out.push(format!("card {} {field} it", c.id));
            }
        }
    }
    for (name, sc) in scenarios {
        if let Some(place) = place_of(sc, card) {
            out.push(format!("{name}: {}", place.label(source)));
        }
    }
    let placeholder = format!("{{card:{card}}}");
    for (lang, t) in texts {
        for (key, entry) in &t.entries {
            if key != format!("card:{card}")
                && entry
                    .text
                    .as_deref()
                    .is_some_and(|x| x.contains(&placeholder))
            {
                out.push(format!("the {lang} text of {key} names it"));
            }
        }
    }
    out
}

/// Removes a card and every reference other cards make to it.
pub fn remove_card(cards: &mut CardsFile, card: &str) {
    cards.cards.retain(|c| c.id != card);
    for c in &mut cards.cards {
        c.requires.retain(|r| r != card);
        c.cancels.retain(|r| r != card);
        c.prevents.retain(|r| r != card);
    }
}
