//! `cards.ron` by hand: the strategy cards.

use super::reader::{Reader, once};
use crate::model::{Card, CardsFile, FactionValue, Reinforcement, Turns, Under};

pub fn cards_file(text: &str) -> Option<CardsFile> {
    let mut cards = None;
    Reader::file(text, |r, field| match field {
        "cards" => once(&mut cards, r.long_list(card)),
        _ => None,
    })?;
    Some(CardsFile { cards: cards? })
}

fn card(r: &mut Reader<'_>) -> Option<Card> {
    let (mut attrs, mut rulesets, mut under) = (None, None, None);
    let (mut id, mut deck, mut group, mut number, mut ops) = (None, None, None, None, None);
    let (mut sr, mut rp, mut rp_by_faction, mut war_status) = (None, None, None, None);
    let (mut optional, mut combat, mut removed_after_play) = (None, None, None);
    let (mut effects, mut event_turns) = (None, None);
    let (mut requires, mut cancels, mut prevents, mut reinforcements, mut spaces) =
        (None, None, None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "deck" => once(&mut deck, r.id()),
        "group" => once(&mut group, r.id()),
        "number" => once(&mut number, r.u32()),
        "ops" => once(&mut ops, r.u32()),
        "sr" => once(&mut sr, r.option(Reader::u32)),
        "rp" => once(&mut rp, r.option(Reader::u32)),
        "rp_by_faction" => once(&mut rp_by_faction, r.list(faction_value)),
        "war_status" => once(&mut war_status, r.option(Reader::u32)),
        "optional" => once(&mut optional, r.option(Reader::id)),
        "combat" => once(&mut combat, r.bool()),
        "removed_after_play" => once(&mut removed_after_play, r.bool()),
        "requires" => once(&mut requires, r.list(Reader::id)),
        "cancels" => once(&mut cancels, r.list(Reader::id)),
        "prevents" => once(&mut prevents, r.list(Reader::id)),
        "reinforcements" => once(&mut reinforcements, r.list(reinforcement)),
        "spaces" => once(&mut spaces, r.list(Reader::id)),
        "effects" => once(&mut effects, super::effects::steps_list(r)),
        "event_turns" => once(&mut event_turns, r.option(turns)),
        "attrs" => once(&mut attrs, r.attrs()),
        "rulesets" => once(&mut rulesets, r.short_list(Reader::id)),
        "under" => once(&mut under, r.sorted_map(Reader::attrs).map(Under::new)),
        _ => None,
    })?;
    Some(Card {
        id: id?,
        deck: deck?,
        group: group?,
        number: number?,
        ops: ops?,
        sr: sr.flatten(),
        rp: rp.flatten(),
        rp_by_faction: rp_by_faction.unwrap_or_default(),
        war_status: war_status.flatten(),
        optional: optional.flatten(),
        combat: combat.unwrap_or_default(),
        removed_after_play: removed_after_play.unwrap_or_default(),
        requires: requires.unwrap_or_default(),
        cancels: cancels.unwrap_or_default(),
        prevents: prevents.unwrap_or_default(),
        reinforcements: reinforcements.unwrap_or_default(),
        effects: effects.unwrap_or_default(),
        event_turns: event_turns.flatten(),
        spaces: spaces.unwrap_or_default(),
        attrs: attrs.unwrap_or_default(),
        rulesets: rulesets.unwrap_or_default(),
        under: under.unwrap_or_default(),
    })
}

fn faction_value(r: &mut Reader<'_>) -> Option<FactionValue> {
    let (mut faction, mut value) = (None, None);
    r.record(|r, field| match field {
        "faction" => once(&mut faction, r.id()),
        "value" => once(&mut value, r.u32()),
        _ => None,
    })?;
    Some(FactionValue {
        faction: faction?,
        value: value?,
    })
}

fn reinforcement(r: &mut Reader<'_>) -> Option<Reinforcement> {
    let (mut unit, mut to, mut at_capital_or_source_of) = (None, None, None);
    r.record(|r, field| match field {
        "unit" => once(&mut unit, r.id()),
        "to" => once(&mut to, r.id()),
        "at_capital_or_source_of" => once(&mut at_capital_or_source_of, r.option(Reader::id)),
        _ => None,
    })?;
    Some(Reinforcement {
        unit: unit?,
        to: to.unwrap_or_default(),
        at_capital_or_source_of: at_capital_or_source_of.flatten(),
    })
}

fn turns(r: &mut Reader<'_>) -> Option<Turns> {
    let (mut first, mut last) = (None, None);
    r.record(|r, field| match field {
        "first" => once(&mut first, r.u32()),
        "last" => once(&mut last, r.u32()),
        _ => None,
    })?;
    Some(Turns {
        first: first?,
        last: last?,
    })
}
