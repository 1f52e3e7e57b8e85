use crate::file_kind::{FileKind, FileValue};
use crate::model::MapFile;

use super::{Refusal, reread, save_text};

const MAP: &str = "(
    // the map of a small game
    spaces: [
        // the capital
        (id: \"a\", x: 1.0, y: 2.0, kind: \"space\", vp: 2), // worth two
        (id: \"b\", x: 3.0, y: 4.0, kind: \"space\"),

        // the hills, after a blank line
        (id: \"c\", x: 5.0, y: 6.0, kind: \"space\", port: false),
    ],
    links: [
        (a: \"a\", b: \"b\", kind: \"rail\"), // the line
        (a: \"b\", b: \"c\", kind: \"road\"),
    ],
)
";

fn read(text: &str) -> MapFile {
    let canonical = reread(FileKind::Map, text).expect("reads");
    match crate::load::direct::read_value(FileKind::Map, &canonical) {
        Some(FileValue::Map(m)) => m,
        _ => panic!("not a map"),
    }
}

fn save(text: &str, edit: impl FnOnce(&mut MapFile)) -> String {
    let was = read(text);
    let mut now = was.clone();
    edit(&mut now);
    let out = save_text(text, &FileValue::Map(was), &FileValue::Map(now.clone()))
        .unwrap_or_else(|r| panic!("refused: {r}"));
    assert_eq!(read(&out), now, "reads back as saved:\n{out}");
    out
}

#[test]
fn a_changed_value_rewrites_that_value_only() {
    let out = save(MAP, |m| m.spaces[1].vp = 3);
    assert_eq!(
        out,
        MAP.replace(
            "(id: \"b\", x: 3.0, y: 4.0, kind: \"space\"),",
            "(id: \"b\", x: 3.0, y: 4.0, kind: \"space\", vp: 3),"
        )
    );
    let out = save(MAP, |m| m.spaces[0].x = 9.5);
    assert_eq!(out, MAP.replace("x: 1.0", "x: 9.5"));
}

#[test]
fn an_equal_number_written_otherwise_changes_nothing() {
    // -0.0 equals 0.0 (the model's equality), though the canonical texts differ
    let mut now = read(MAP);
    now.spaces[0].x = -0.0;
    let zero = MAP.replace("x: 1.0", "x: 0.0");
    let was = read(&zero);
    assert_eq!(was, now);
    let out = save_text(&zero, &FileValue::Map(was), &FileValue::Map(now)).unwrap();
    assert_eq!(out, zero, "nothing changed, nothing written");
}

#[test]
fn a_removed_entity_takes_its_comments_with_it() {
    let out = save(MAP, |m| {
        m.spaces.remove(0);
    });
    assert_eq!(
        out,
        MAP.replace(
            "        // the capital\n        (id: \"a\", x: 1.0, y: 2.0, kind: \"space\", vp: 2), // worth two\n",
            ""
        )
    );
}

#[test]
fn a_new_entity_is_written_in_its_neighbours_style() {
    let out = save(MAP, |m| {
        let mut d = m.spaces[1].clone();
        d.id = "d".into();
        m.spaces.push(d);
    });
    assert_eq!(
        out,
        MAP.replace(
            "port: false),\n",
            "port: false),\n        (id: \"d\", x: 3.0, y: 4.0, kind: \"space\"),\n"
        )
    );
}

#[test]
fn reordered_entities_move_with_their_comments() {
    let out = save(MAP, |m| m.spaces.swap(0, 1));
    assert!(out.contains(
        "        (id: \"b\", x: 3.0, y: 4.0, kind: \"space\"),\n        // the capital\n        (id: \"a\", x: 1.0, y: 2.0, kind: \"space\", vp: 2), // worth two\n"
    ), "{out}");
}

#[test]
fn a_renamed_entity_keeps_its_comments() {
    let out = save(MAP, |m| m.spaces[0].id = "z".into());
    assert_eq!(out, MAP.replace("(id: \"a\"", "(id: \"z\""));
}

#[test]
fn a_field_written_with_its_default_stays_as_written() {
    let out = save(MAP, |m| m.spaces[2].vp = 1);
    // a new field goes where the canonical order puts it among the fields written
    assert!(
        out.contains("kind: \"space\", vp: 1, port: false),"),
        "{out}"
    );
    let out = save(MAP, |m| m.spaces[2].port = true);
    assert!(out.contains("kind: \"space\", port: true),"), "{out}");
}

#[test]
fn line_endings_are_kept() {
    let crlf = MAP.replace('\n', "\r\n");
    let out = save(&crlf, |m| {
        let mut d = m.links[0].clone();
        d.b = "c".into();
        m.links.push(d);
    });
    assert!(!out.replace("\r\n", "").contains('\n'), "{out:?}");
    let no_final = MAP.trim_end();
    let out = save(no_final, |m| m.spaces[1].vp = 3);
    assert!(out.ends_with(')'));
}

#[test]
fn an_unchanged_model_leaves_the_text_as_it_is() {
    assert_eq!(save(MAP, |_| {}), MAP);
}

#[test]
fn a_file_that_does_not_read_is_refused() {
    let was = read(MAP);
    let r = save_text("(spaces: [", &FileValue::Map(was.clone()), &{
        let mut now = was;
        now.spaces.clear();
        FileValue::Map(now)
    });
    assert!(matches!(r, Err(Refusal::Unreadable(_))), "{r:?}");
}

#[test]
fn comments_inside_a_value_replaced_whole_are_not_lost_silently() {
    let text = "(spaces: [(id: \"a\", x: 1.0, y: 2.0, kind: \"space\", supply_source_for: [/* none yet */])], links: [])";
    let was = read(text);
    let mut now = was.clone();
    now.spaces[0].supply_source_for = vec!["y".into()].into();
    let r = save_text(text, &FileValue::Map(was), &FileValue::Map(now));
    assert_eq!(r, Err(Refusal::WouldLoseComments(vec![1])));
}

#[test]
fn every_shipped_map_keeps_its_comments_through_an_edit() {
    for game in ["paths-of-glory", "triumph-of-chaos", "fitna"] {
        let path = format!("{}/../scenarios/{game}/map.ron", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let out = save(&text, |m| {
            m.spaces[3].vp += 1;
            let mut link = m.links[0].clone();
            link.b = m.spaces[3].id.clone();
            m.links.push(link);
        });
        let comments = |t: &str| t.lines().filter(|l| l.contains("//")).count();
        assert_eq!(comments(&out), comments(&text), "{game}");
        // the edited space's line changed, one line added, nothing else
        let kept: std::collections::HashSet<&str> = out.lines().collect();
        let gone = text.lines().filter(|l| !kept.contains(l)).count();
        assert!(gone <= 2, "{game}: {gone} lines changed");
        assert_eq!(out.lines().count(), text.lines().count() + 1, "{game}");
    }
}

#[test]
fn a_text_edit_is_written_in_place_as_the_change_it_makes_to_the_model() {
    // `--fix` deletes a link's line only; written in place, its comment goes with it
    let edited = MAP.replace(
        "        (a: \"a\", b: \"b\", kind: \"rail\"), // the line\n",
        "",
    );
    let out = super::save_edited(FileKind::Map, MAP, &edited).expect("written");
    assert_eq!(
        out,
        MAP.replace(
            "        (a: \"a\", b: \"b\", kind: \"rail\"), // the line\n",
            ""
        )
    );
    // a layout the edit changed but the model did not: the original, byte for byte
    let spaced = MAP.replace("x: 1.0", "x:   1.0");
    assert_eq!(
        super::save_edited(FileKind::Map, MAP, &spaced).unwrap(),
        MAP
    );
    // an original that does not read is refused, with the reason
    let broken = MAP.replace("spaces: [", "spaces: [[");
    assert!(matches!(
        super::save_edited(FileKind::Map, &broken, MAP),
        Err(Refusal::Unreadable(_))
    ));
}
