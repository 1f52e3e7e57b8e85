//! Tests of formatting with comments kept ([`super::with_comments`]): each comment where it
//! belongs, a one-line value spread when a comment sits inside it, and a second pass changing
//! nothing.

use crate::file_kind::FileKind;

use super::{reread, with_comments};

/// Formats a map file's text, checking that it reads as the same model, that formatting it
/// again changes nothing, and that its comments are the original's, in order.
fn format(text: &str) -> String {
    let canonical = reread(FileKind::Map, text).expect("reads");
    let out = with_comments(text, &canonical).expect("formats");
    assert_eq!(reread(FileKind::Map, &out), Some(canonical), "{out}");
    assert_eq!(
        with_comments(&out, &reread(FileKind::Map, &out).unwrap()).unwrap(),
        out
    );
    let texts = |t: &str| -> Vec<String> {
        crate::comment::comments(t)
            .into_iter()
            .map(|r| t[r].trim_end().to_owned())
            .collect()
    };
    assert_eq!(texts(&out), texts(text), "{out}");
    out
}

#[test]
fn each_comment_is_carried_onto_the_canonical_text() {
    // a layout far from canonical: fields spread over lines, a blank line, odd spacing
    let text = "// top of the file\n(\n    spaces: [\n        // the capital\n        (id: \"a\",\n         x: 1.0, y: 2.0, kind: \"space\"), // worth a lot\n\n        (id: \"b\", x: 3.0,   y: 4.0, kind: \"space\"),\n        // the end of the spaces\n    ],\n    links: [],\n)\n";
    assert_eq!(
        format(text),
        "// top of the file\n(\n    spaces: [\n        // the capital\n        (id: \"a\", x: 1.0, y: 2.0, kind: \"space\"), // worth a lot\n        (id: \"b\", x: 3.0, y: 4.0, kind: \"space\"),\n        // the end of the spaces\n    ],\n    links: [],\n)\n"
    );
}

#[test]
fn a_value_written_on_one_line_is_spread_for_a_comment_inside_it() {
    let text = "(spaces: [(id: \"a\", x: 1.0, /* why */ y: 2.0, kind: \"space\"), (id: \"b\", x: 3.0, y: 4.0, kind: \"space\")], links: [])\n";
    assert_eq!(
        format(text),
        "(\n    spaces: [\n        (\n            id: \"a\",\n            x: 1.0, /* why */\n            y: 2.0,\n            kind: \"space\",\n        ),\n        (id: \"b\", x: 3.0, y: 4.0, kind: \"space\"),\n    ],\n    links: [],\n)\n"
    );
    // deeper: the map and the space holding it are spread, the list beside it is not
    let text = "(spaces: [(id: \"a\", x: 1.0, y: 2.0, kind: \"space\", supply_source_for: [\"x\", \"y\"], attrs: {\"a\": 1, // the first\n \"b\": 2})], links: [])\n";
    assert_eq!(
        format(text),
        "(\n    spaces: [\n        (\n            id: \"a\",\n            x: 1.0,\n            y: 2.0,\n            kind: \"space\",\n            supply_source_for: [\"x\", \"y\"],\n            attrs: {\n                \"a\": 1, // the first\n                \"b\": 2,\n            },\n        ),\n    ],\n    links: [],\n)\n"
    );
}

#[test]
fn no_comment_is_dropped_wherever_it_sits() {
    // between a key and its value, inside `Some(..)`, on a field written with its default
    // (which the canonical form leaves out), in an empty list, after a comment that ends a
    // line, and after the whole value
    let text = "/* a */ ( // b\n spaces: [(id: // c\n \"a\", x: 1.0, y: 2.0, kind: \"space\", terrain: Some(/* d */ \"t\"), port: false, // e\n vp: 2 /* f */, /* g */ // h\n /* i */ )], links: [ /* j */ ], // k\n) // l\n/* m */";
    assert_eq!(
        format(text),
        "/* a */\n(\n    // b\n    spaces: [\n        (\n            // c\n            id: \"a\",\n            x: 1.0,\n            y: 2.0,\n            kind: \"space\",\n            /* d */\n            terrain: Some(\"t\"),\n            // e\n            vp: 2, /* f */ /* g */ // h\n            /* i */\n        ),\n    ],\n    links: [\n        /* j */\n    ], // k\n) // l\n/* m */\n"
    );
}

#[test]
fn a_text_without_comments_comes_out_canonical_and_crlf_stays() {
    let text = "(spaces: [(id: \"a\", x: 1.0, y: 2.0, kind: \"space\")], links: [])\n";
    let canonical = reread(FileKind::Map, text).unwrap();
    assert_eq!(format(&canonical), canonical);
    let crlf = "(\r\n    spaces: [\r\n        (id: \"a\", x: 1.0, /* why */ y: 2.0, kind: \"space\"), // a\r\n    ],\r\n)\r\n";
    let out = with_comments(crlf, &canonical.replace('\n', "\r\n")).unwrap();
    assert!(!out.replace("\r\n", "").contains('\n'), "{out:?}");
    assert!(out.contains("x: 1.0, /* why */\r\n"), "{out:?}");
}
