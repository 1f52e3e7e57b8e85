//! `*.scenario.ron` by hand: a set-up, mostly its placements (a game has several).

use super::game::relation;
use super::reader::{Reader, once, put};
use crate::model::{
    Alignment, ControlOverride, Hand, Marker, Placement, Scenario, ScenarioDeck, Seat, TrackValue,
    Turns, Under,
};

pub fn scenario(text: &str) -> Option<Scenario> {
    let mut s = Scenario::empty("", "");
    let (mut id, mut game, mut ruleset, mut turns, mut players) = (None, None, None, None, None);
    let mut seen = Vec::new();
    Reader::file(text, |r, field| {
        // a list field given twice is refused by the direct path
        if seen.contains(&field) {
            return None;
        }
        seen.push(field);
        match field {
            "id" => once(&mut id, r.id()),
            "game" => once(&mut game, r.id()),
            "ruleset" => once(&mut ruleset, r.option(Reader::id)),
            "turns" => once(&mut turns, self::turns(r)),
            "players" => once(&mut players, r.option(Reader::u32)),
            "seats" => put(&mut s.seats, r.list(seat)),
            "factions" => put(&mut s.factions, r.list(Reader::id)),
            "control" => put(&mut s.control, r.list(control)),
            "neutral" => put(&mut s.neutral, r.list(Reader::id)),
            "limited_entry" => put(&mut s.limited_entry, r.list(Reader::id)),
            "relations" => put(&mut s.relations, r.list(relation)),
            "alignments" => put(&mut s.alignments, r.list(alignment)),
            "placements" => put(&mut s.placements, r.long_list(placement)),
            "decks" => put(&mut s.decks, r.list(deck)),
            "hands" => put(&mut s.hands, r.list(hand)),
            "in_play" => put(&mut s.in_play, r.list(Reader::id)),
            "removed" => put(&mut s.removed, r.list(Reader::id)),
            "tracks" => put(&mut s.tracks, r.list(track)),
            "markers" => put(&mut s.markers, r.list(marker)),
            "schedule" => put(&mut s.schedule, super::effects::schedule(r)),
            "attrs" => put(&mut s.attrs, r.attrs()),
            _ => None,
        }
    })?;
    s.id = id?;
    s.game = game?;
    s.ruleset = ruleset.flatten();
    s.turns = turns?;
    s.players = players.flatten();
    Some(s)
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

fn alignment(r: &mut Reader<'_>) -> Option<Alignment> {
    let (mut faction, mut side) = (None, None);
    r.record(|r, field| match field {
        "faction" => once(&mut faction, r.id()),
        "side" => once(&mut side, r.id()),
        _ => None,
    })?;
    Some(Alignment {
        faction: faction?,
        side: side?,
    })
}

fn seat(r: &mut Reader<'_>) -> Option<Seat> {
    let (mut id, mut factions) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "factions" => once(&mut factions, r.list(Reader::id)),
        _ => None,
    })?;
    Some(Seat {
        id: id?,
        factions: factions?,
    })
}

fn control(r: &mut Reader<'_>) -> Option<ControlOverride> {
    let (mut space, mut faction) = (None, None);
    r.record(|r, field| match field {
        "space" => once(&mut space, r.id()),
        "faction" => once(&mut faction, r.option(Reader::id)),
        _ => None,
    })?;
    Some(ControlOverride {
        space: space?,
        faction: faction.flatten(),
    })
}

fn placement(r: &mut Reader<'_>) -> Option<Placement> {
    let (mut attrs, mut rulesets, mut under) = (None, None, None);
    let (mut unit, mut at, mut reduced, mut count, mut in_enemy_space) =
        (None, None, None, None, None);
    r.record(|r, field| match field {
        "unit" => once(&mut unit, r.id()),
        "at" => once(&mut at, r.id()),
        "reduced" => once(&mut reduced, r.bool()),
        "count" => once(&mut count, r.u32()),
        "in_enemy_space" => once(&mut in_enemy_space, r.option(Reader::string)),
        "attrs" => once(&mut attrs, r.attrs()),
        "rulesets" => once(&mut rulesets, r.short_list(Reader::id)),
        "under" => once(&mut under, r.sorted_map(Reader::attrs).map(Under::new)),
        _ => None,
    })?;
    Some(Placement {
        unit: unit?,
        at: at?,
        reduced: reduced.unwrap_or_default(),
        count: count.unwrap_or(1),
        in_enemy_space: in_enemy_space.flatten(),
        attrs: attrs.unwrap_or_default(),
        rulesets: rulesets.unwrap_or_default(),
        under: under.unwrap_or_default(),
    })
}

fn deck(r: &mut Reader<'_>) -> Option<ScenarioDeck> {
    let (mut deck, mut cards) = (None, None);
    r.record(|r, field| match field {
        "deck" => once(&mut deck, r.id()),
        "cards" => once(&mut cards, r.list(Reader::id)),
        _ => None,
    })?;
    Some(ScenarioDeck {
        deck: deck?,
        cards: cards?,
    })
}

fn hand(r: &mut Reader<'_>) -> Option<Hand> {
    let (mut holder, mut cards) = (None, None);
    r.record(|r, field| match field {
        "holder" => once(&mut holder, r.id()),
        "cards" => once(&mut cards, r.list(Reader::id)),
        _ => None,
    })?;
    Some(Hand {
        holder: holder?,
        cards: cards?,
    })
}

fn track(r: &mut Reader<'_>) -> Option<TrackValue> {
    let (mut track, mut value) = (None, None);
    r.record(|r, field| match field {
        "track" => once(&mut track, r.id()),
        "value" => once(&mut value, r.i32()),
        _ => None,
    })?;
    Some(TrackValue {
        track: track?,
        value: value?,
    })
}

fn marker(r: &mut Reader<'_>) -> Option<Marker> {
    let (mut kind, mut at, mut side) = (None, None, None);
    r.record(|r, field| match field {
        "kind" => once(&mut kind, r.id()),
        "at" => once(&mut at, r.id()),
        "side" => once(&mut side, r.option(Reader::id)),
        _ => None,
    })?;
    Some(Marker {
        kind: kind?,
        at: at?,
        side: side.flatten(),
    })
}
