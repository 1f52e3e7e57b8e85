//! The PO grammar's tests: what it reads, what it refuses, and where it says so.

use super::*;

fn read(text: &str) -> Result<Vec<Message>, Vec<String>> {
    let (messages, problems) = messages(text);
    if problems.is_empty() {
        Ok(messages)
    } else {
        let errors = super::super::error::locate(text, problems);
        Err(errors.into_iter().map(|e| e.to_string()).collect())
    }
}

#[test]
fn reads_messages_with_their_comments_and_flags() {
    let m = read("# hi\n#. orbat: 1\n#. two\n#, fuzzy, c-format\n#| msgid \"old\"\nmsgctxt \"k\"\nmsgid \"a\" \"b\"\n\nmsgstr \"\"\n  \"c\"\n\n#~ msgid \"o\"\n#~ msgstr \"p\"\n").unwrap();
    assert_eq!(m.len(), 2);
    assert_eq!(m[0].msgctxt.as_deref(), Some("k"));
    assert_eq!(m[0].msgid, "ab");
    assert_eq!(m[0].msgstr, vec!["c".to_owned()]);
    assert_eq!(m[0].flags, vec!["fuzzy", "c-format"]);
    assert_eq!(m[0].extracted, vec!["orbat: 1", "two"]);
    assert!(m[0].is_fuzzy() && !m[0].obsolete);
    assert_eq!(m[0].msgstr_pieces.len(), 2);
    assert!(m[1].obsolete && m[1].flags.is_empty());
}

#[test]
fn reads_plural_messages() {
    let m = read("msgid \"x\"\nmsgid_plural \"xs\"\nmsgstr[0] \"a\"\nmsgstr [1] \"b\"\n").unwrap();
    assert_eq!(m[0].msgid_plural.as_deref(), Some("xs"));
    assert_eq!(m[0].msgstr, vec!["a", "b"]);
}

#[test]
fn each_mistake_is_one_located_problem() {
    for (text, expect) in [
        (
            "msgid \"x\"\nmsgstr \"Regno d'Italia\n\nmsgid \"y\"\nmsgstr \"z\"\n",
            vec!["2:23: this string has no closing quote"],
        ),
        (
            "msgid \"x\"\nmsgstr Regno d'Italia\"\n",
            vec!["2:8: `msgstr` must be followed by a quoted string, found `Regno`"],
        ),
        (
            "msgid \"x\"\nmsgstr \"Regno \"d'Italia\"\n",
            vec!["2:16: `d` right after the closing quote"],
        ),
        (
            "msgid \"x\"\n\nmsgid \"y\"\nmsgstr \"\"\n",
            vec!["1:1: this message has no msgstr (found `msgid` after its msgid)"],
        ),
        (
            "msgid \"x\"\nmsgstr \"y\"\nhello world\nmsgid \"z\"\nmsgstr \"\"\n",
            vec!["3:1: `hello` is not a PO keyword"],
        ),
        (
            "msgctxt \"a\"\nmsgctxt \"b\"\nmsgid \"x\"\nmsgstr \"\"\n",
            vec!["2:1: msgctxt must be followed by msgid, found `msgctxt`"],
        ),
        (
            "msgid \"x\"\nmsgstr \"y\"\nmsgstr \"z\"\n",
            vec!["3:1: msgstr with no msgid before it"],
        ),
        (
            "msgid \"x\"\nmsgstr \"y\"\n# c\n\"z\"\n",
            vec!["4:1: a quoted string that belongs to no keyword"],
        ),
        (
            "msgid \"x\"\n#. c\nmsgstr \"y\"\n",
            vec!["1:1: this message has no msgstr (found a comment after its msgid)"],
        ),
        (
            "#~ msgid \"x\"\nmsgstr \"y\"\n",
            vec!["2:1: this message mixes lines marked obsolete"],
        ),
        (
            "#| msgid \"x\"\n#, fuzzy\nmsgid \"y\"\nmsgstr \"\"\n",
            vec!["2:1: the `#|` lines (a message's previous source text) must be followed"],
        ),
        (
            "msgid \"x\"\nmsgid_plural \"y\"\nmsgstr \"z\"\n",
            vec!["3:1: msgstr in a plural message must be msgstr[N]"],
        ),
        (
            "msgid \"x\"\nmsgstr[0] \"z\"\n",
            vec!["2:1: msgstr[N] in a message with no msgid_plural"],
        ),
        (
            "msgid \"x\"\nmsgid_plural \"y\"\nmsgstr[1] \"z\"\n",
            vec!["3:1: msgstr[1] where msgstr[0] was due"],
        ),
        ("domain \"d\"\n", vec!["1:1: a `domain` line"]),
        (
            "msgid \"x\"\nmsgstr \"y\" }\n",
            vec!["2:12: `}` cannot stand here"],
        ),
        (
            "msgid \"x\"\nmsgstr \"y\\q\"\nmsgid \"z\"\nmsgstr \"\\u\"\n",
            vec![
                "2:10: `\\q` is not an escape",
                "4:9: `\\u` is not an escape",
            ],
        ),
        (
            "msgctxt \"a\"\nmsgid \"x\"\nmsgstr \"y",
            vec!["3:8: the file ends inside this string"],
        ),
        (
            "msgctxt \"a\"\nmsgid \"x\"\nmsgstr",
            vec!["3:1: the file ends after `msgstr`"],
        ),
        (
            "msgctxt \"a\"\nmsgid \"x\"\n",
            vec!["2:1: this message has no msgstr (found the end of the file"],
        ),
        (
            "msgctxt \"a\"\n",
            vec!["1:1: msgctxt must be followed by msgid, but the file ends here"],
        ),
        (
            "\u{1b}]0;x\u{7}\n",
            vec!["1:1: `\\u{1b}` cannot stand here"],
        ),
    ] {
        let got = read(text).unwrap_err();
        assert_eq!(got.len(), expect.len(), "{text:?}: {got:?}");
        for (g, e) in got.iter().zip(&expect) {
            assert!(g.starts_with(e), "{text:?}: {g} (expected {e})");
        }
    }
}

#[test]
fn problems_are_capped() {
    let text = "msgid \"x\"\n".repeat(100);
    let (_, problems) = messages(&text);
    assert_eq!(problems.len(), MAX_PROBLEMS);
}

#[test]
fn a_file_saved_with_crlf_reads_as_one_saved_with_lf() {
    let text = "#. orbat-source: 1234abcd\r\n#, fuzzy\r\n#| msgid \"old\"\r\nmsgctxt \"a @0123abcd\"\r\nmsgid \"x\"\r\nmsgstr \"y\"\r\n";
    let (m, p) = messages(text);
    assert!(p.is_empty(), "{p:?}");
    assert_eq!(m[0].extracted, ["orbat-source: 1234abcd"]);
    assert_eq!(m[0].flags, ["fuzzy"]);
    assert_eq!(m[0].previous_msgid.as_deref(), Some("old"));
    let (start, end) = m[0].msgctxt_span.unwrap();
    assert_eq!(&text[start..end], "\"a @0123abcd\"");
}
