//! The PO file of a language: one message per name and per card text of the source language.

use super::fields::{FINGERPRINT, Field, context, field_of, fingerprint, source_field};
use super::notes::{Notes, TRANSLATOR_FIELDS};
use super::write::{escape, field, unwritable};
use crate::model::TextFile;

/// A text that no PO file can carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError {
    /// The message's msgctxt (`card:bef#text`).
    pub context: String,
    /// The file whose text holds it (`text.it.ron`).
    pub file: String,
    pub character: char,
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the text of `{}` in {} holds the character U+{:04X}, which no PO file can carry: remove it",
            super::error::shown(&self.context),
            self.file,
            u32::from(self.character)
        )
    }
}

/// The PO file for `target`, translated from `source`.
///
/// msgctxt is the entry key (`card:bef`, or `card:bef#text` for its text), msgid today's
/// source text, msgstr the translation. A translation made from an older source is marked
/// fuzzy, with the source it was made from in a comment; so is one whose leading or trailing
/// line break differs from its source's (gettext refuses such a pair unless it is fuzzy). A
/// comment records a fingerprint of the translation exported, so the import can tell a
/// translation changed in the RON file since. `notes` adds what a translator's tool shows
/// (`#.` what the text names and the placeholders it must keep, `#:` where its source is) and
/// the translator's header fields of the file this export replaces (empty when none).
pub fn export(
    source: &TextFile,
    target: &TextFile,
    game_id: &str,
    notes: &Notes,
) -> Result<String, ExportError> {
    let mut out = String::from("msgid \"\"\n");
    let mut header = format!("Project-Id-Version: {}\n", comment_text(game_id));
    for name in TRANSLATOR_FIELDS {
        let value = notes.header.get(name).map_or("", String::as_str);
        header.push_str(&format!("{name}: {}\n", comment_text(value)));
    }
    header.push_str(&format!(
        "Language: {}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nPlural-Forms: nplurals=1; plural=0;\n",
        comment_text(&target.language),
    ));
    field(&mut out, "msgstr", &header);
    out.push('\n');
    for (key, src) in &source.entries {
        for field_kind in [Field::Name, Field::Text] {
            let Some(msgid) = field_of(src, field_kind) else {
                continue;
            };
            let ctx = context(key, field_kind);
            let tr = target.entries.get(key);
            let msgstr = tr.and_then(|t| field_of(t, field_kind));
            for (text, file) in [
                (ctx.as_str(), format!("text.{}.ron", source.language)),
                (msgid, format!("text.{}.ron", source.language)),
                (
                    msgstr.unwrap_or_default(),
                    format!("text.{}.ron", target.language),
                ),
            ] {
                if let Some(character) = unwritable(text) {
                    return Err(ExportError {
                        context: ctx.clone(),
                        file,
                        character,
                    });
                }
            }
            let stale = tr.is_some_and(|t| {
                t.source
                    .as_ref()
                    .is_none_or(|s| source_field(s, field_kind) != Some(msgid))
            });
            let breaks_differ = msgstr.is_some_and(|s| {
                !s.is_empty()
                    && (s.starts_with('\n') != msgid.starts_with('\n')
                        || s.ends_with('\n') != msgid.ends_with('\n'))
            });
            for line in notes.about(key, field_kind, msgid) {
                out.push_str(&format!("#. {}\n", comment_text(&line)));
            }
            out.push_str(&format!("#. {FINGERPRINT}{}\n", fingerprint(msgstr)));
            if stale
                && let Some(old) = tr
                    .and_then(|t| t.source.as_ref())
                    .and_then(|s| source_field(s, field_kind))
            {
                out.push_str(&format!("#. translated from: {}\n", comment_text(old)));
            }
            if breaks_differ {
                out.push_str("#. the translation must begin and end with a line break (\\n) exactly where the source does\n");
            }
            if let Some(reference) = notes.reference(key) {
                out.push_str(&format!("#: {}\n", comment_text(&reference)));
            }
            if msgstr.is_some() && (stale || breaks_differ) {
                out.push_str("#, fuzzy\n");
            }
            field(&mut out, "msgctxt", &ctx);
            field(&mut out, "msgid", msgid);
            field(&mut out, "msgstr", msgstr.unwrap_or_default());
            out.push('\n');
        }
    }
    Ok(out)
}

/// Text for a comment or a header line: control characters escaped, so it stays on its line.
fn comment_text(s: &str) -> String {
    if s.chars().any(|c| c.is_control()) {
        s.chars()
            .map(|c| {
                if c.is_control() {
                    escape(&c.to_string())
                } else {
                    c.to_string()
                }
            })
            .collect()
    } else {
        s.to_owned()
    }
}
