//! A nation in limited entry (Paths of Glory 9.5.2.4, Greece after AP-30): its area, closed
//! while the nation is neutral, opens to both sides but for the spaces its own units hold,
//! where no other unit may stand. Proven on the real Paths of Glory data: the campaign with
//! the three Greek corps at Florina, Larisa and Athens.

use orbat_validator::check;

/// The O005 messages of the campaign with the Greek corps and `extra` placed, Greece in
/// limited entry or merely neutral.
fn closed_area_findings(limited_entry: bool, extra: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let from = std::path::Path::new("../scenarios/paths-of-glory");
    for entry in std::fs::read_dir(from).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !name.ends_with(".scenario.ron") || name == "campaign.scenario.ron" {
            std::fs::copy(from.join(&name), dir.path().join(&name)).unwrap();
        }
    }
    let path = dir.path().join("campaign.scenario.ron");
    let mut text = std::fs::read_to_string(&path).unwrap();
    let neutral = "neutral: [\n        \"tu\",\n        \"bu\",\n        \"it\",\n        \"ro\",\n        \"gr\",\n        \"us\",\n    ],";
    assert!(
        text.contains(neutral),
        "the campaign lists its neutral nations"
    );
    if limited_entry {
        text = text.replacen(
            neutral,
            &format!("{neutral}\n    limited_entry: [\"gr\"],"),
            1,
        );
    }
    let greeks = "(unit: \"gr-corps\", at: \"florina\"), (unit: \"gr-corps\", at: \"larisa\"), (unit: \"gr-corps\", at: \"athens\"),";
    text = text.replacen(
        "placements: [",
        &format!("placements: [\n        {greeks}\n        {extra}\n"),
        1,
    );
    std::fs::write(&path, text).unwrap();
    let report = check(&[dir.path().to_owned()]).unwrap();
    report
        .diagnostics
        .iter()
        .filter(|d| d.code == "O005")
        .map(|d| d.message.clone())
        .collect()
}

#[test]
fn a_greek_space_without_greek_units_is_open_to_an_allied_corps() {
    let found = closed_area_findings(true, "(unit: \"fr-corps\", at: \"salonika\"),");
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn a_greek_space_with_greek_units_takes_no_other_unit() {
    let found = closed_area_findings(true, "(unit: \"br-corps\", at: \"larisa\"),");
    assert_eq!(
        found,
        ["`br-corps` (br) is in `larisa` with units of `gr`, neutral in limited entry"]
    );
}

#[test]
fn without_limited_entry_the_neutral_area_stays_closed() {
    let found = closed_area_findings(false, "(unit: \"fr-corps\", at: \"salonika\"),");
    assert!(found.iter().any(|m| m.contains("salonika")), "{found:?}");
}
