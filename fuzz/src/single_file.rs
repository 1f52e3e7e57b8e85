//! Target (a): one file of any kind from raw bytes, through the parser, the span index and
//! the whole pipeline.

use std::path::Path;

use orbat_validator::SourceFile;
use orbat_validator::load::ron_json;

use crate::checks::{check_span, pointers_of, run_folder};
use crate::known;
use crate::names::{DIR, NAMES};

/// Decodes bytes as the loader does: UTF-8, or lossy with the error reported (L002).
fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Target (a): one file of the kind named by the first byte, from the remaining bytes.
pub fn one_file(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let name = NAMES[usize::from(pick) % NAMES.len()];
    let text = decode(bytes);
    if known::SKIP_DEEP_NESTING && known::deeply_nested(&text) {
        return;
    }
    let path = Path::new(DIR).join(name);

    // the loader reads straight into the model when it can: that must give what the JSON
    // path gives
    if let Some(kind) = orbat_validator::FileKind::of(name)
        && let Err(e) = orbat_validator::load::direct::agrees_with_json(kind, &text)
    {
        panic!("the direct path and the JSON path differ on a {name}: {e}");
    }

    // in front of it, the hand-written readers of the largest kinds: what they read must be
    // what the direct path reads
    if let Some(kind) = orbat_validator::FileKind::of(name)
        && let Err(e) = orbat_validator::load::by_hand::agrees_with_direct(kind, &text)
    {
        panic!("a hand-written reader and the direct path differ on a {name}: {e}");
    }

    // the parser and span index on their own: every indexed span lies inside the text, and
    // every pointer of the value can be located
    if let Ok((parsed, issues)) = ron_json::parse(&text) {
        // the loader schema-checks only the files its direct path cannot read: sound only if
        // that path is never more lenient than the schema
        if issues.is_empty()
            && let Some(kind) = orbat_validator::FileKind::of(name)
            && orbat_validator::load::direct::agrees_with_json(kind, &text) == Ok(true)
        {
            assert!(
                orbat_validator::schema::validator(kind).is_valid(&parsed.value),
                "the direct path reads a {name} its schema rejects"
            );
        }
        let src = SourceFile::with_spans(path.clone(), text.clone(), parsed.spans);
        let mut pointers = Vec::new();
        pointers_of(&parsed.value, String::new(), &mut pointers);
        for p in &pointers {
            for loc in [src.at(p), src.at_key(p)] {
                check_span(&src.text, loc.span.as_ref(), p);
            }
        }
    }

    // the loader, schema check, rules and renderers
    run_folder(&[(path, text)]);
}
