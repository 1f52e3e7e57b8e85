//! The shipped sample game, when present: it opens without errors, and every file survives
//! the canonical writer (written, read back, the same value; written again, the same bytes).

mod common;

use std::path::Path;

use orbat_editor::document::Document;
use orbat_validator::Severity;

fn sample() -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/italian-front");
    dir.join("game.ron").is_file().then_some(dir)
}

#[test]
fn sample_game_opens_and_survives_the_canonical_writer() {
    let Some(dir) = sample() else {
        eprintln!("no sample game: skipped");
        return;
    };
    let doc = Document::open(&dir).expect("the sample game opens");
    let errors: Vec<_> = doc
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert!(doc.map().is_some_and(|m| !m.spaces.is_empty()));
    for f in &doc.files {
        let value = f.value.as_ref().expect("every sample file loads");
        let text = value.to_text().expect("writable");
        let back = orbat_editor::document::parse_value(f.id.kind(), &text).expect("readable");
        assert_eq!(
            &back,
            value,
            "{} changes through the writer",
            f.path.display()
        );
        assert_eq!(
            back.to_text().unwrap(),
            text,
            "{} is not idempotent",
            f.path.display()
        );
    }
}
