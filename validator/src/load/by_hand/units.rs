//! `units.ron` by hand: the counter mix, each unit with its values.

use super::reader::{Reader, once};
use crate::model::{Under, Unit, UnitsFile};

pub fn units_file(text: &str) -> Option<UnitsFile> {
    let mut units = None;
    Reader::file(text, |r, field| match field {
        "units" => once(&mut units, r.long_list(unit)),
        _ => None,
    })?;
    Some(UnitsFile { units: units? })
}

fn unit(r: &mut Reader<'_>) -> Option<Unit> {
    let (mut attrs, mut rulesets, mut under) = (None, None, None);
    let (mut id, mut faction, mut kind, mut full) = (None, None, None, None);
    let (mut reduced, mut count, mut flags) = (None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "faction" => once(&mut faction, r.id()),
        "kind" => once(&mut kind, r.id()),
        "full" => once(&mut full, r.sorted_map(Reader::u32)),
        "reduced" => once(&mut reduced, r.option(|r| r.sorted_map(Reader::u32))),
        "count" => once(&mut count, r.u32()),
        "flags" => once(&mut flags, r.list(Reader::id)),
        "attrs" => once(&mut attrs, r.attrs()),
        "rulesets" => once(&mut rulesets, r.short_list(Reader::id)),
        "under" => once(&mut under, r.sorted_map(Reader::attrs).map(Under::new)),
        _ => None,
    })?;
    Some(Unit {
        id: id?,
        faction: faction?,
        kind: kind?,
        full: full?,
        reduced: reduced.flatten(),
        count: count.unwrap_or(1),
        flags: flags.unwrap_or_default(),
        attrs: attrs.unwrap_or_default(),
        rulesets: rulesets.unwrap_or_default(),
        under: under.unwrap_or_default(),
    })
}
