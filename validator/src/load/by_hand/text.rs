//! `text.<lang>.ron` by hand: the file kind with the most bytes in a game (every name and card
//! text, twice or more).

use super::reader::{Reader, once};
use crate::model::{SourceRecord, TextEntry, TextFile};

pub fn text_file(text: &str) -> Option<TextFile> {
    let (mut language, mut entries) = (None, None);
    Reader::file(text, |r, field| match field {
        "language" => once(&mut language, r.string()),
        "entries" => once(&mut entries, r.sorted_map(entry)),
        _ => None,
    })?;
    Some(TextFile {
        language: language?,
        entries: entries?,
    })
}

fn entry(r: &mut Reader<'_>) -> Option<TextEntry> {
    let (mut name, mut text, mut source) = (None, None, None);
    r.record(|r, field| match field {
        "name" => once(&mut name, r.id()),
        "text" => once(&mut text, r.option(Reader::long_text)),
        "source" => once(&mut source, r.option(source_record)),
        _ => None,
    })?;
    Some(TextEntry {
        name: name?,
        text: text.flatten(),
        source: source.flatten(),
    })
}

fn source_record(r: &mut Reader<'_>) -> Option<SourceRecord> {
    let (mut name, mut text) = (None, None);
    r.record(|r, field| match field {
        "name" => once(&mut name, r.id()),
        "text" => once(&mut text, r.option(Reader::long_text)),
        _ => None,
    })?;
    Some(SourceRecord {
        name: name?,
        text: text.flatten(),
    })
}
