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
mod catalog;
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

pub use catalog::{Catalog, read};
pub use error::{MAX_PROBLEMS, PoError, shown};
pub use export::{ExportError, export};
pub use import::{ImportReport, import};
pub use languages::plural_forms;
pub use merge::Working;
pub use notes::Notes;
pub use parse::Message;
pub use write::with_records;
