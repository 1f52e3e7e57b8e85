//! Each shipped game's distinctive rules, fired by a probe scenario written into a copy of
//! that game's folder and checked against its own game.ron. The excerpt allowances of each
//! game (warnings a partial map must raise) are lifted, so nothing is hidden.

use std::path::Path;

use orbat_validator::{Diagnostic, load};

/// Copies `scenarios/<game>` into a temporary folder, adds `probe.scenario.ron`, loads it,
/// lifts the game's allowances and returns the diagnostics located in the probe file.
fn probe(game: &str, scenario_body: &str) -> Vec<Diagnostic> {
    probe_with(game, scenario_body, |_| {})
}

fn probe_with(game: &str, scenario_body: &str, edit: impl Fn(&Path)) -> Vec<Diagnostic> {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new("../scenarios").join(game);
    for entry in std::fs::read_dir(&src).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
    }
    let text =
        format!("(id: \"probe\", game: \"{game}\", turns: (first: 1, last: 1), {scenario_body})");
    std::fs::write(dir.path().join("probe.scenario.ron"), text).unwrap();
    edit(dir.path());
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let mut out = Vec::new();
    let mut folder = load::load_folder(dir.path(), &files, &mut out);
    assert!(out.is_empty(), "{game}: the copy does not load: {out:#?}");
    folder.game.as_mut().unwrap().value.allow.clear();
    out = orbat_tests::check_loaded(&folder, out);
    out.retain(|d| {
        d.location.file.ends_with("probe.scenario.ron")
            || !d.location.file.starts_with(dir.path())
            || d.code.starts_with('R')
    });
    out
}

fn has(diags: &[Diagnostic], code: &str, text: &str) -> bool {
    diags
        .iter()
        .any(|d| d.code == code && d.message.contains(text))
}

fn codes(diags: &[Diagnostic]) -> Vec<&str> {
    diags.iter().map(|d| d.code).collect()
}

// --- Paths of Glory: restricted links and off-map supply boxes

#[test]
fn paths_of_glory_off_map_box_supplies_russians_over_their_restricted_link() {
    let d = probe(
        "paths-of-glory",
        r#"placements: [(unit: "ru-2-army", at: "kiev")]"#,
    );
    assert!(!has(&d, "P004", ""), "{:#?}", d);
}

/// 11.1.4, 14.1.2: Serbian and Romanian units may not move along the Russian dotted lines to the
/// east-edge boxes, but trace supply along them (`supply_for`).
#[test]
fn paths_of_glory_russian_dotted_line_carries_serbian_and_romanian_supply() {
    for unit in ["sb-1-army", "ro-corps"] {
        let d = probe(
            "paths-of-glory",
            &format!(r#"placements: [(unit: "{unit}", at: "kiev")]"#),
        );
        assert!(!has(&d, "P004", ""), "{unit}: {:#?}", codes(&d));
    }
}

// --- Pursuit of Glory: unlimited regions where enemies may meet, and the Russian/British ban

#[test]
fn pursuit_of_glory_russians_may_not_stack_with_british() {
    let d = probe(
        "pursuit-of-glory",
        r#"placements: [(unit: "ru-cavalry-division", at: "kars"), (unit: "br-dunsterforce", at: "kars")]"#,
    );
    assert!(
        has(
            &d,
            "K003",
            "`ru` and `br` units may not stack together, but both are in `kars`"
        ),
        "{:#?}",
        d
    );
}

#[test]
fn pursuit_of_glory_regions_hold_any_number_and_both_sides() {
    let body = r#"placements: [
        (unit: "tu-ix-corps", at: "baluchistan"), (unit: "tu-x-corps", at: "baluchistan"),
        (unit: "tu-cavalry-division", at: "baluchistan"), (unit: "tu-infantry-division", at: "baluchistan"),
        (unit: "br-dunsterforce", at: "baluchistan")]"#;
    let d = probe("pursuit-of-glory", body);
    assert!(!d.iter().any(|d| d.code.starts_with('K')), "{:#?}", d);
    let d = probe("pursuit-of-glory", &body.replace("baluchistan", "kars"));
    assert!(
        has(&d, "K001", "4 units of `cp` in `kars`, over the limit of 3"),
        "{:#?}",
        d
    );
    assert!(has(&d, "K004", "enemy units share `kars`"), "{:#?}", d);
}

// --- FITNA: 3 per player, the Islamic State's 4, multi-player relations

#[test]
fn fitna_stacks_three_per_player_and_four_for_the_islamic_state() {
    let d = probe(
        "fitna",
        r#"placements: [(unit: "is_group", at: "aleppo", count: 4)]"#,
    );
    assert!(!d.iter().any(|d| d.code.starts_with('K')), "{:#?}", d);
    let d = probe(
        "fitna",
        r#"placements: [(unit: "is_group", at: "aleppo", count: 5)]"#,
    );
    assert!(
        has(
            &d,
            "K001",
            "5 units of `islamic_state` in `aleppo`, over the limit of 4"
        ),
        "{:#?}",
        d
    );
    let d = probe(
        "fitna",
        r#"seats: [(id: "damascus-player", factions: ["syria", "russia"])],
           relations: [(factions: ("syria", "russia"), stance: Allied)],
           placements: [(unit: "syr_militia", at: "damascus", count: 2), (unit: "rus_56_para_bde", at: "damascus"), (unit: "rus_6_arm_bde", at: "damascus")]"#,
    );
    assert!(
        has(
            &d,
            "K001",
            "4 units of `damascus-player` in `damascus`, over the limit of 3"
        ),
        "{:#?}",
        d
    );
}

#[test]
fn fitna_relations_decide_who_may_share_a_space() {
    // Syrian and Iraqi units never stack (F 20.4); the Islamic State is everyone's enemy
    let d = probe(
        "fitna",
        r#"placements: [(unit: "syr_militia", at: "aleppo"), (unit: "irq_5_inf_div", at: "aleppo")]"#,
    );
    assert!(
        has(
            &d,
            "K003",
            "`syria` and `iraq` units may not stack together"
        ),
        "{:#?}",
        d
    );
    let d = probe(
        "fitna",
        r#"placements: [(unit: "syr_militia", at: "aleppo"), (unit: "is_group", at: "aleppo")]"#,
    );
    assert!(has(&d, "K004", "enemy units share `aleppo`"), "{:#?}", d);
    // friends kept apart by a scenario relation
    let d = probe(
        "fitna",
        r#"relations: [(factions: ("syria", "russia"), stance: AlliedApart)],
           placements: [(unit: "syr_militia", at: "damascus"), (unit: "rus_56_para_bde", at: "damascus")]"#,
    );
    assert!(
        has(
            &d,
            "K003",
            "`russia` and `syria` units may not stack together"
        ),
        "{:#?}",
        d
    );
}

// --- Triumph of Chaos: boxes hold 5 with at most 3 armies, spaces 3 with at most 2

#[test]
fn triumph_of_chaos_box_and_space_capacities() {
    let armies = r#"(unit: "red_1st_cavalry_army", at: "527"), (unit: "red_cheka_reserve_army", at: "527"), (unit: "red_reserve_army", at: "527")"#;
    let d = probe("triumph-of-chaos", &format!("placements: [{armies}]"));
    assert!(
        !d.iter().any(|d| d.code.starts_with('K')),
        "three armies fit a box: {:#?}",
        d
    );
    let d = probe(
        "triumph-of-chaos",
        &format!("placements: [{}]", armies.replace("527", "123")),
    );
    assert!(
        has(
            &d,
            "K002",
            "3 `army` units of `red` in `123`, over the cap of 2"
        ),
        "{:#?}",
        d
    );
    let d = probe(
        "triumph-of-chaos",
        &format!("placements: [{armies}, (unit: \"red_cheka_corps\", at: \"527\", count: 3)]"),
    );
    assert!(has(&d, "K001", "in `527`, over the limit of 5"), "{:#?}", d);
}

#[test]
fn triumph_of_chaos_conflicting_space_ids_are_caught() {
    // the sources give Omsk both 514 and another number (see the game's README); a second
    // space typed with an id already in use is refused
    let d = probe_with("triumph-of-chaos", "", |dir| {
        let map = std::fs::read_to_string(dir.join("map.ron")).unwrap();
        let map = map.replacen(
            "spaces: [",
            "spaces: [\n        (id: \"514\", x: 1.0, y: 1.0, kind: \"space\"),",
            1,
        );
        std::fs::write(dir.join("map.ron"), map).unwrap();
    });
    assert!(
        has(&d, "R001", "the space id `514` is used twice"),
        "{:#?}",
        d
    );
}
