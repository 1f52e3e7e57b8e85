//! The checks `msgfmt -c` makes once a file has been read, and the few Orbat adds:
//!
//! - a header entry (`msgid ""`, no msgctxt) is required, and its charset must be UTF-8
//!   (gettext accepts other charsets; Orbat reads UTF-8 only, so it refuses rather than
//!   guess);
//! - its `Plural-Forms`, if any, must be valid ([`super::plural`]);
//! - no two messages (obsolete ones included) share msgctxt and msgid;
//! - a reviewed translation (not fuzzy, not empty) begins and ends with a line break exactly
//!   when its msgid does;
//! - Orbat refuses what its exports never hold and gettext would check in ways Orbat does
//!   not: plural messages, and format flags (`c-format`...) on a reviewed translation.

use std::collections::HashMap;

use super::error::{Problem, shown};
use super::parse::Message;
use crate::load::lines::LineIndex;

pub(crate) fn check(text: &str, messages: &[Message]) -> Vec<Problem> {
    let mut problems = Vec::new();
    match messages.iter().find(|m| m.is_header()) {
        None => problems.push(Problem::new(
            0,
            "the file has no PO header (the entry with msgid \"\" that names its language and charset)",
            "export the file again with `orbat-po export`, or put back the header your PO tool wrote",
        )),
        Some(header) => header_problems(header, &mut problems),
    }
    let mut seen: HashMap<(Option<&str>, &str), usize> = HashMap::new();
    let mut lines = None;
    for m in messages {
        if let Some(first) = seen.insert((m.msgctxt.as_deref(), m.msgid.as_str()), m.at) {
            seen.insert((m.msgctxt.as_deref(), m.msgid.as_str()), first);
            let lines = lines.get_or_insert_with(|| LineIndex::new(text));
            let line = lines.line_col(text, first).line;
            let what = match &m.msgctxt {
                Some(ctx) => format!(
                    "msgctxt \"{}\" with msgid \"{}\"",
                    shown(ctx),
                    shown(&m.msgid)
                ),
                None if m.msgid.is_empty() => "the header (msgid \"\")".to_owned(),
                None => format!("msgid \"{}\"", shown(&m.msgid)),
            };
            problems.push(Problem::new(
                m.at,
                format!("{what} is here a second time (the first is on line {line})"),
                "keep one of the two messages and delete the other",
            ));
        }
        if m.obsolete {
            continue;
        }
        if m.msgid_plural.is_some() {
            problems.push(Problem::new(
                m.at,
                "a plural message (msgid_plural): Orbat's PO files have none",
                "delete it: this message was not exported by Orbat",
            ));
            continue;
        }
        let msgstr = m.msgstr.first().map_or("", String::as_str);
        if m.is_fuzzy() || msgstr.is_empty() || m.msgid.is_empty() {
            continue;
        }
        if let Some(flag) = m.flags.iter().find(|f| {
            f.ends_with("-format") && !f.starts_with("no-") && !f.starts_with("impossible-")
        }) {
            problems.push(Problem::new(
                m.at,
                format!("the flag `{}` asks gettext to check format strings, which Orbat's texts are not", shown(flag)),
                "remove the flag from the message's `#,` line",
            ));
        }
        for (edge, id_has, str_has) in [
            ("begin", m.msgid.starts_with('\n'), msgstr.starts_with('\n')),
            ("end", m.msgid.ends_with('\n'), msgstr.ends_with('\n')),
        ] {
            if id_has != str_has {
                let (a, b) = if id_has {
                    ("msgid", "msgstr")
                } else {
                    ("msgstr", "msgid")
                };
                problems.push(Problem::new(
                    m.msgstr_at,
                    format!("the {a} of this message {edge}s with a line break (\\n) and its {b} does not"),
                    format!("{edge} both with \\n or neither (gettext refuses the file otherwise)"),
                ));
            }
        }
    }
    problems
}

/// The offset of the header piece holding `needle`, else of the header's msgstr.
pub(crate) fn header_at(header: &Message, needle: &str) -> usize {
    header
        .msgstr_pieces
        .iter()
        .find(|(_, s)| s.contains(needle))
        .map_or(header.msgstr_at, |(at, _)| *at)
}

fn header_problems(header: &Message, problems: &mut Vec<Problem>) {
    let fields = header.msgstr.first().map_or("", String::as_str);
    // as gettext finds it: the first `charset=`, up to a space or the end of the line
    match fields.find("charset=") {
        None => problems.push(Problem::new(
            header.msgstr_at,
            "the header names no charset",
            "add the line \"Content-Type: text/plain; charset=UTF-8\\n\" to the header",
        )),
        Some(i) => {
            let rest = &fields[i + "charset=".len()..];
            let charset = &rest[..rest.find([' ', '\t', '\n']).unwrap_or(rest.len())];
            if !charset.eq_ignore_ascii_case("UTF-8") {
                problems.push(Problem::new(
                    header_at(header, "charset="),
                    format!("the header says charset={}: Orbat reads UTF-8 PO files only", shown(charset)),
                    "convert the file with `msgconv --to-code=UTF-8`; if it is UTF-8 already, write charset=UTF-8 in the header",
                ));
            }
        }
    }
    if let Err(why) = super::plural::check(fields) {
        problems.push(Problem::new(
            header_at(header, "plural="),
            why,
            "correct the header's Plural-Forms line (Italian: \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\") or delete it: Orbat's messages have no plural forms",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::error::locate;
    use super::super::parse::messages;
    use super::*;

    const HEADER: &str = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: it\\n\"\n\n";

    fn problems(body: &str) -> Vec<String> {
        let text = format!("{HEADER}{body}");
        let (m, p) = messages(&text);
        assert!(p.is_empty(), "{body}: {p:?}");
        locate(&text, check(&text, &m))
            .into_iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn a_clean_file_passes() {
        assert!(problems("msgctxt \"a\"\nmsgid \"x\\n\"\nmsgstr \"y\\n\"\n\n#, fuzzy\nmsgctxt \"b\"\nmsgid \"x\\n\"\nmsgstr \"y\"\n\n#, c-format\nmsgctxt \"c\"\nmsgid \"%d\"\nmsgstr \"\"\n#~ msgid \"p\"\n#~ msgid_plural \"ps\"\n#~ msgstr[0] \"q\"\n").is_empty());
    }

    #[test]
    fn what_msgfmt_c_refuses_after_reading() {
        let dup = problems(
            "msgctxt \"a\"\nmsgid \"x\"\nmsgstr \"y\"\n\n#, fuzzy\nmsgctxt \"a\"\nmsgid \"x\"\nmsgstr \"z\"\n\n#~ msgctxt \"a\"\n#~ msgid \"x\"\n#~ msgstr \"z\"\n",
        );
        assert_eq!(dup.len(), 2, "{dup:?}");
        assert_eq!(
            dup[0],
            "12:1: msgctxt \"a\" with msgid \"x\" is here a second time (the first is on line 7)"
        );
        assert!(dup[1].starts_with(
            "16:4: msgctxt \"a\" with msgid \"x\" is here a second time (the first is on line 7)"
        ));
        assert_eq!(
            problems("msgid \"\"\nmsgstr \"x\"\n"),
            ["6:1: the header (msgid \"\") is here a second time (the first is on line 1)"]
        );
        assert_eq!(
            problems("msgctxt \"a\"\nmsgid \"x\\n\"\nmsgstr \"y\"\n"),
            ["8:1: the msgid of this message ends with a line break (\\n) and its msgstr does not"]
        );
        assert_eq!(
            problems("msgctxt \"a\"\nmsgid \"x\"\nmsgstr \"\\ny\"\n"),
            [
                "8:1: the msgstr of this message begins with a line break (\\n) and its msgid does not"
            ]
        );
        assert!(
            problems("#, python-brace-format\nmsgctxt \"a\"\nmsgid \"{a}\"\nmsgstr \"y\"\n")[0]
                .contains("the flag `python-brace-format`")
        );
        assert!(
            problems("#, possible-c-format\nmsgctxt \"a\"\nmsgid \"%d\"\nmsgstr \"y\"\n")[0]
                .contains("the flag `possible-c-format`")
        );
        assert!(problems("#, no-c-format\nmsgctxt \"a\"\nmsgid \"%d\"\nmsgstr \"y\"\n").is_empty());
        assert!(
            problems("msgid \"x\"\nmsgid_plural \"xs\"\nmsgstr[0] \"y\"\n")[0]
                .contains("a plural message")
        );
    }

    #[test]
    fn the_header_is_required_in_utf8_with_valid_plural_forms() {
        let text = "msgctxt \"a\"\nmsgid \"x\"\nmsgstr \"y\"\n";
        let (m, _) = messages(text);
        assert!(
            locate(text, check(text, &m))[0]
                .to_string()
                .starts_with("1:1: the file has no PO header")
        );
        for (header, expect) in [
            (
                "msgid \"\"\nmsgstr \"Language: it\\n\"\n",
                "2:1: the header names no charset",
            ),
            (
                "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n",
                "3:1: the header says charset=ISO-8859-1",
            ),
            (
                "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=2; plural=n;\\n\"\n",
                "4:1: the header says nplurals=2 but its plural expression gives 2 for n = 2",
            ),
            // a header with a msgctxt is not the header, nor is an obsolete one
            (
                "msgctxt \"h\"\nmsgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n",
                "1:1: the file has no PO header",
            ),
            (
                "#~ msgid \"\"\n#~ msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n",
                "1:1: the file has no PO header",
            ),
        ] {
            let (m, p) = messages(header);
            assert!(p.is_empty());
            let got = locate(header, check(header, &m));
            assert!(got[0].to_string().starts_with(expect), "{header}: {got:?}");
        }
    }
}
