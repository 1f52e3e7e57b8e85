//! Generated games are valid: orbat-validate finds nothing in them (so the generator keeps up
//! with the rules as they evolve).

use orbat_gen::{Format, Params, generate};

fn assert_clean(p: &Params, seed: u64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = generate(p, seed);
    game.write(dir.path(), Format::Ron).expect("written");
    let report = orbat_validator::check(&[dir.path().to_owned()]).expect("checked");
    let shown: Vec<String> = report
        .diagnostics
        .iter()
        .take(20)
        .map(|d| format!("{} {} at {:?}", d.code, d.message, d.location.pointer))
        .collect();
    assert!(
        report.diagnostics.is_empty(),
        "{} diagnostics, the first: {shown:#?}",
        report.diagnostics.len()
    );
    assert_eq!(report.games, 1);
    assert_eq!(report.files, 7 + p.scenarios - 1 + 1);
}

#[test]
fn small_game_is_valid() {
    assert_clean(&Params::small(), 1);
    assert_clean(&Params::small(), 2);
}

#[test]
fn mid_size_game_is_valid() {
    assert_clean(&Params::scaled(2_000), 7);
}

#[test]
fn same_seed_same_bytes() {
    let a = generate(&Params::small(), 3).files(Format::Ron);
    let b = generate(&Params::small(), 3).files(Format::Ron);
    assert_eq!(a, b);
    let c = generate(&Params::small(), 4).files(Format::Ron);
    assert_ne!(a, c);
}

#[test]
fn sizes_are_as_asked() {
    let p = Params::small();
    let g = generate(&p, 1);
    assert_eq!(g.map.spaces.len(), p.spaces);
    assert_eq!(g.map.links.len(), p.links);
    assert_eq!(g.units.units.len(), p.units);
    assert_eq!(g.cards.cards.len(), p.cards);
    assert_eq!(g.scenarios.len(), p.scenarios);
    assert_eq!(g.texts.len(), 3);
}

#[test]
fn exact_counts_make_that_many_cards_and_counters() {
    let p = Params::scaled(200).with_counts(Some(57), Some(301));
    let g = generate(&p, 3);
    assert_eq!(g.cards.cards.len(), 57);
    let counters: u32 = g.units.units.iter().map(|u| u.count).sum();
    assert_eq!(counters, 301);
    // about one unit in seven with a second counter, as in the other sizes' mix
    assert_eq!(g.units.units.len(), 262);
    assert_clean(&p, 3);
}

#[test]
fn json_export_matches_the_schemas() {
    let g = generate(&Params::small(), 5);
    for (name, text) in g.files(Format::Json) {
        let value: serde_json::Value = serde_json::from_str(&text).expect("json");
        let kind = orbat_validator::FileKind::of(&name.replace(".json", ".ron")).expect("kind");
        let v = orbat_validator::schema::validator(kind);
        assert!(v.is_valid(&value), "{name} does not match its schema");
    }
}
