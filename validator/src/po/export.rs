//! The PO file of a language: one message per name and per card text of the source language,
//! merged with the PO file it replaces (see [`super::merge`]).

use std::collections::HashSet;

use super::fields::{
    Field, MARKS_HEADER, SOURCE_NOTE, context, field_of, is_fingerprint_of, marked_context,
    short_fingerprint, source_field, translated,
};
use super::merge::Prior;
use super::notes::{Notes, TRANSLATOR_FIELDS};
use super::write::{escape, field, unwritable};
use crate::model::{TextEntry, TextFile};

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

/// Said at the top of every export, where msgmerge and PO editors keep a header's comments.
const ABOUT_RECORDS: &str = "# The \" @\" and eight hex digits that end a msgctxt record the translation this\n# file was exported with: `orbat-po import` needs them to never overwrite a newer one.\n";

/// What one message says.
struct Plan<'a> {
    msgstr: &'a str,
    fuzzy: bool,
    previous: Option<&'a str>,
    notes: Vec<String>,
    comments: &'a [String],
}

/// The PO file for `target`, translated from `source`.
///
/// msgctxt is the entry key (`card:bef`, or `card:bef#text` for its text) and the record of
/// the translation exported ([`super::fields`]), msgid today's source text, msgstr the
/// translation. A translation made from an older source is marked fuzzy, with the source it
/// was made from as its previous msgid (`#|`); so is one whose leading or trailing line
/// break differs from its source's (gettext refuses such a pair unless it is fuzzy). `notes`
/// adds what a translator's tool shows (`#.` what the text names and the placeholders it must
/// keep, `#:` where its source is), and the translator's header fields and work of the file
/// this export replaces: a translation there not yet imported is kept (fuzzy where its source
/// or `text.<lang>.ron`'s translation changed since), and one whose entry left the source is
/// kept as obsolete.
pub fn export(
    source: &TextFile,
    target: &TextFile,
    game_id: &str,
    notes: &Notes,
) -> Result<String, ExportError> {
    let mut out = String::from(ABOUT_RECORDS);
    out.push_str("msgid \"\"\n");
    let mut header = format!("Project-Id-Version: {}\n", comment_text(game_id));
    for name in TRANSLATOR_FIELDS {
        let value = notes.header.get(name).map_or("", String::as_str);
        header.push_str(&format!("{name}: {}\n", comment_text(value)));
    }
    header.push_str(&format!(
        "Language: {}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nPlural-Forms: {}\n{MARKS_HEADER}: key @translation\n",
        comment_text(&target.language),
        super::languages::plural_forms(&target.language),
    ));
    field(&mut out, "msgstr", &header);
    out.push('\n');
    let ron = format!("text.{}.ron", target.language);
    let mut used = HashSet::new();
    for (key, src) in &source.entries {
        for field_kind in [Field::Name, Field::Text] {
            let Some(msgid) = field_of(src, field_kind) else {
                continue;
            };
            let ctx = context(key, field_kind);
            let tr = target.entries.get(key);
            let now = tr.and_then(|t| translated(t, field_kind));
            let prior = notes.replaces.get(&ctx);
            used.insert(ctx.clone());
            let plan = plan(msgid, tr, field_kind, now, prior, &ron);
            for (text, file) in [
                (ctx.as_str(), format!("text.{}.ron", source.language)),
                (msgid, format!("text.{}.ron", source.language)),
                (plan.msgstr, ron.clone()),
                (plan.previous.unwrap_or_default(), "the PO file".to_owned()),
            ] {
                if let Some(character) = unwritable(text) {
                    return Err(ExportError {
                        context: ctx.clone(),
                        file,
                        character,
                    });
                }
            }
            for line in plan.comments {
                out.push_str(&format!("# {}\n", comment_text(line)));
            }
            for line in notes
                .about(key, field_kind, msgid)
                .iter()
                .chain(&plan.notes)
            {
                out.push_str(&format!("#. {}\n", comment_text(line)));
            }
            out.push_str(&format!(
                "#. {SOURCE_NOTE}{}\n",
                short_fingerprint(Some(msgid))
            ));
            if let Some(reference) = notes.reference(key) {
                out.push_str(&format!("#: {}\n", comment_text(&reference)));
            }
            if plan.fuzzy {
                out.push_str("#, fuzzy\n");
            }
            if let Some(previous) = plan.previous {
                prefixed(&mut out, "#| ", "msgid", previous);
            }
            field(&mut out, "msgctxt", &marked_context(key, field_kind, now));
            field(&mut out, "msgid", msgid);
            field(&mut out, "msgstr", plan.msgstr);
            out.push('\n');
        }
    }
    // translations whose entry left the source: kept, as msgmerge keeps them
    for p in &notes.replaces.messages {
        if used.contains(&p.context) || p.msgstr.is_empty() {
            continue;
        }
        if [&p.context, &p.msgid, &p.msgstr]
            .iter()
            .any(|s| unwritable(s).is_some())
        {
            continue;
        }
        for (keyword, text) in [
            ("msgctxt", &p.context),
            ("msgid", &p.msgid),
            ("msgstr", &p.msgstr),
        ] {
            prefixed(&mut out, "#~ ", keyword, text);
        }
        out.push('\n');
    }
    Ok(out)
}

/// What a message says: `text.<lang>.ron`'s translation, or the translator's work in the
/// replaced file when it differs.
fn plan<'a>(
    msgid: &'a str,
    tr: Option<&'a TextEntry>,
    field_kind: Field,
    now: Option<&'a str>,
    prior: Option<&'a Prior>,
    ron: &str,
) -> Plan<'a> {
    let recorded = tr
        .and_then(|t| t.source.as_ref())
        .and_then(|s| source_field(s, field_kind));
    let stale = now.is_some() && recorded != Some(msgid);
    let mut plan = Plan {
        msgstr: now.unwrap_or_default(),
        fuzzy: now.is_some_and(|s| stale || breaks_differ(msgid, s)),
        previous: recorded.filter(|r| stale && *r != msgid),
        notes: Vec::new(),
        comments: prior.map_or(&[], |p| &p.comments),
    };
    if let Some(p) = prior {
        if !p.msgstr.is_empty() && Some(p.msgstr.as_str()) != now {
            // the translator's work, not imported yet
            let source_changed = p.msgid != msgid;
            let ron_changed = match &p.record {
                Some(r) => !is_fingerprint_of(r, now),
                None => now.is_some(),
            };
            plan.msgstr = &p.msgstr;
            plan.fuzzy =
                p.fuzzy || source_changed || ron_changed || breaks_differ(msgid, &p.msgstr);
            plan.previous = match (p.fuzzy, &p.previous_msgid) {
                (true, Some(old)) => Some(old),
                _ if source_changed => Some(&p.msgid),
                _ => None,
            };
            if ron_changed {
                plan.notes.push(match now {
                    Some(t) => format!(
                        "{ron} holds another translation since this file was exported: \"{t}\"; keep the one you want here, then clear fuzzy"
                    ),
                    None => format!(
                        "{ron} no longer holds a translation (deleted since this file was exported): clear fuzzy to import yours again"
                    ),
                });
            }
        } else if p.fuzzy && p.msgid == msgid && !plan.msgstr.is_empty() {
            // the translator's own "needs work" mark
            plan.fuzzy = true;
            plan.previous = plan.previous.or(p.previous_msgid.as_deref());
        }
    }
    if breaks_differ(msgid, plan.msgstr) {
        plan.notes.push(
            "the translation must begin and end with a line break (\\n) exactly where the source does"
                .into(),
        );
    }
    plan
}

/// gettext refuses a pair whose leading or trailing line break differ, unless it is fuzzy.
fn breaks_differ(msgid: &str, msgstr: &str) -> bool {
    !msgstr.is_empty()
        && (msgstr.starts_with('\n') != msgid.starts_with('\n')
            || msgstr.ends_with('\n') != msgid.ends_with('\n'))
}

/// A field on lines that all start with `prefix` (`#| `, `#~ `).
fn prefixed(out: &mut String, prefix: &str, keyword: &str, content: &str) {
    let mut lines = String::new();
    field(&mut lines, keyword, content);
    for line in lines.lines() {
        out.push_str(prefix);
        out.push_str(line);
        out.push('\n');
    }
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
