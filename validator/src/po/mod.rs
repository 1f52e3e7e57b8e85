//! gettext PO round-trip for translators: export a language to a PO file, import it back.
//!
//! Each text entry gives one message for its name (msgctxt = the entry key, e.g. `card:bef`)
//! and one for its longer text (msgctxt = `card:bef#text`); msgid is today's source text,
//! msgstr the translation, and a translation made from an older source is marked fuzzy.
//! The export also records, per message, a fingerprint of the translation it carried, so an
//! import can tell a translation changed in the RON files since the export and refuses to
//! overwrite it silently.
//!
//! # Reading strictly
//!
//! A PO file comes back from a translator's hands and tools, so it is read strictly, by one
//! reader of our own that knows where every token is: whatever `msgfmt -c` refuses is refused
//! (an unterminated string, text with no quotes, a quote inside a string, a missing msgstr,
//! a line that is none of comment, keyword or string, a message defined twice, an unknown
//! escape, a missing header, an invalid Plural-Forms, a leading or trailing line break that
//! msgid and msgstr do not share...), each problem at its `line:col` with what to do, and
//! then nothing is imported. Where gettext itself would silently cut, truncate or join
//! (a NUL in a string, an escape of more than one byte, a backslash ending a line), the
//! reader refuses too; and it refuses what Orbat never exports and gettext would check in
//! ways Orbat does not: plural messages, format flags, charsets other than UTF-8, `domain`.
//! Reading is linear in the file, never recursive, and stops after [`MAX_PROBLEMS`]: no
//! input makes it panic, loop or use memory beyond a small multiple of the file. The
//! layers: [`lex`] (tokens), [`parse`] (the grammar), [`check`] (what msgfmt -c checks once
//! a file is read), [`plural`] (the Plural-Forms expression).
//!
//! # Fuzzy
//!
//! In gettext a fuzzy translation is a draft: msgfmt leaves it out of the catalog. So here:
//! clearing `fuzzy` on a message (whose source changed since its translation) marks the
//! translation reviewed against today's source; a message still fuzzy is never imported as a
//! current translation. If its msgstr is the translation the RON file already holds, there is
//! nothing to do; if the translator changed it but left it fuzzy, it is skipped (and the
//! import exits 1), with the advice to clear the flag once the text is checked. The RON model
//! cannot record "draft", and recording it as current would hide the staleness from T003.
//!
//! # Language and game
//!
//! The header's `Language:` must be the language imported (`it`, or `it_IT` for `it`); the
//! CLI also refuses a language the game does not declare in `game.ron`. A file most of whose
//! messages name no entry of the game is refused once, naming the game its header names.
//!
//! # What the import needs, and what it checks
//!
//! Each message records the translation it was exported with (in its msgctxt, see
//! [`fields`]): an import never writes over a translation changed in the RON file since, and
//! skips, saying why, a message whose record a tool removed. A translation whose placeholders
//! differ from its msgid's is refused ([`braces`]). Exporting onto a PO file keeps every
//! translation in it ([`merge`]).

mod braces;
mod check;
mod error;
mod export;
mod fields;
mod import;
mod languages;
mod lex;
mod merge;
mod notes;
mod parse;
mod plural;
mod write;

pub use error::{MAX_PROBLEMS, PoError, shown};
pub use export::{ExportError, export};
pub use import::{ImportReport, import};
pub use languages::plural_forms;
pub use merge::Working;
pub use notes::Notes;
pub use parse::Message;
pub use write::with_records;

use error::Problem;

/// A PO file read strictly: its messages (the header included) and where each is.
#[derive(Debug)]
pub struct Catalog<'a> {
    text: &'a str,
    messages: Vec<Message>,
    header: usize,
}

impl<'a> Catalog<'a> {
    /// Every message in file order: the header, obsolete ones (`#~`) included.
    pub fn messages(&self) -> impl Iterator<Item = &Message> {
        self.messages.iter()
    }

    /// The header entry (`msgid ""`).
    pub fn header(&self) -> &Message {
        &self.messages[self.header]
    }

    /// A field of the header (`Language`), trimmed; the name matches in any case.
    pub fn header_field(&self, name: &str) -> Option<&str> {
        self.header().msgstr.first()?.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let e = error::locate(self.text, vec![Problem::new(at, "", "")]);
        e.first().map_or((1, 1), |e| (e.line, e.column))
    }

    fn locate(&self, problems: Vec<Problem>) -> Vec<PoError> {
        error::locate(self.text, problems)
    }
}

/// Reads a PO file strictly (see the module documentation): its catalog, or every problem
/// found (at most [`MAX_PROBLEMS`]), in file order.
pub fn read(bytes: &[u8]) -> Result<Catalog<'_>, Vec<PoError>> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let prefix = String::from_utf8_lossy(valid);
            let line_start = prefix.rfind('\n').map_or(0, |i| i + 1);
            let mut message = format!(
                "the file is not UTF-8 text here (byte 0x{:02x})",
                bytes[e.valid_up_to()]
            );
            if let Some(charset) = declared_charset(bytes)
                && !charset.eq_ignore_ascii_case("UTF-8")
            {
                message.push_str(&format!(
                    ": its header says charset={}, and Orbat reads UTF-8 PO files only",
                    shown(&charset)
                ));
            }
            return Err(vec![PoError {
                line: prefix.matches('\n').count() + 1,
                column: prefix[line_start..].chars().count() + 1,
                message,
                help: Some("save the file as UTF-8 (as Poedit and Weblate do); a file in another encoding converts with `msgconv --to-code=UTF-8`".into()),
            }]);
        }
    };
    if text.starts_with('\u{feff}') {
        return Err(error::locate(
            text,
            vec![Problem::new(
                0,
                "the file starts with a byte order mark (U+FEFF), which gettext refuses",
                "save the file as UTF-8 without a byte order mark (BOM)",
            )],
        ));
    }
    let (messages, problems) = parse::messages(text);
    if !problems.is_empty() {
        return Err(error::locate(text, problems));
    }
    let problems = check::check(text, &messages);
    if !problems.is_empty() {
        return Err(error::locate(text, problems));
    }
    let header = messages
        .iter()
        .position(Message::is_header)
        .expect("check refuses a file with no header");
    Ok(Catalog {
        text,
        messages,
        header,
    })
}

/// The charset a file's header declares, read from its bytes (for a file that is not UTF-8).
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let at = memchr::memmem::find(bytes, b"charset=")? + b"charset=".len();
    let value: Vec<u8> = bytes[at..]
        .iter()
        .take_while(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\\' | b'"'))
        .take(40)
        .copied()
        .collect();
    Some(String::from_utf8_lossy(&value).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_refuses_bytes_that_are_not_utf8_or_start_with_a_bom() {
        let e = read(b"msgid \"\"\nmsgstr \"caf\xe9\"\n").unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "2:12: the file is not UTF-8 text here (byte 0xe9)"
        );
        let e = read(b"msgid \"\"\nmsgstr \"charset=ISO-8859-1\\n\"\n\"caf\xe9\"\n").unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "3:5: the file is not UTF-8 text here (byte 0xe9): its header says charset=ISO-8859-1, and Orbat reads UTF-8 PO files only"
        );
        let e = read("\u{feff}msgid \"\"\nmsgstr \"\"\n".as_bytes()).unwrap_err();
        assert!(
            e[0].to_string()
                .starts_with("1:1: the file starts with a byte order mark")
        );
    }

    #[test]
    fn header_fields_are_found_by_name() {
        let po = b"msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"language:  it \\n\"\n";
        let c = read(po).unwrap();
        assert_eq!(c.header_field("Language"), Some("it"));
        assert_eq!(c.header_field("Plural-Forms"), None);
        assert_eq!(c.line_col(c.header().msgstr_at), (2, 1));
    }
}
