//! The map on paper: tiled over pages of the paper by default (an index page, then tiles
//! labelled "row r, column c"), scaled to one page with `--map fit`, or one large page with
//! `--map poster`; `--help` says so.

mod common;

use common::*;

fn a4(&(w, h): &(f64, f64)) -> bool {
    let (w, h) = (w.min(h), w.max(h));
    (w - 595.28).abs() < 0.1 && (h - 841.89).abs() < 0.1
}

#[test]
fn a_map_larger_than_a4_is_tiled_over_a4_pages_with_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.pdf");
    print_ok(
        &scenarios().join("paths-of-glory"),
        &out,
        &["--only", "map"],
    );
    let sizes = page_sizes(&out);
    assert!(sizes.len() > 2, "{sizes:?}");
    assert!(sizes.iter().all(a4), "every page A4: {sizes:?}");
    let texts = page_texts(&out);
    // the index: how many pages, in rows and columns, and each tile's place
    let index = &texts[0];
    let at = index.find(" rows x ").expect(index);
    let rows: usize = index[..at].rsplit(' ').next().unwrap().parse().unwrap();
    let cols: usize = index[at + 8..].split(' ').next().unwrap().parse().unwrap();
    assert_eq!(1 + rows * cols, sizes.len(), "{index}");
    for r in 1..=rows {
        for c in 1..=cols {
            let place = format!("row {r}, column {c}");
            assert!(index.contains(&place), "{place} on the index: {index}");
            let tile = &texts[(r - 1) * cols + c];
            assert!(
                tile.contains(&format!("map tile {place} of {rows} x {cols}")),
                "{tile}"
            );
            assert!(tile.contains("overlap 15 mm"), "{tile}");
        }
    }
}

#[test]
fn the_map_scales_to_one_page_or_stays_one_poster_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let game = scenarios().join("paths-of-glory");
    let fit = dir.path().join("fit.pdf");
    print_ok(&game, &fit, &["--only", "map", "--map", "fit"]);
    let sizes = page_sizes(&fit);
    assert_eq!(sizes.len(), 1, "{sizes:?}");
    assert!(a4(&sizes[0]), "{sizes:?}");
    let poster = dir.path().join("poster.pdf");
    print_ok(&game, &poster, &["--only", "map", "--map", "poster"]);
    let sizes = page_sizes(&poster);
    assert_eq!(sizes.len(), 1, "{sizes:?}");
    assert!(
        (sizes[0].0 - 820.0 * MM).abs() < 0.5,
        "800 mm and margins: {sizes:?}"
    );
    // the old switch still tiles
    let old = dir.path().join("old.pdf");
    print_ok(
        &game,
        &old,
        &["--only", "map", "--map-tiles", "--paper", "a3"],
    );
    assert!(page_sizes(&old).len() > 1);
}

#[test]
fn a_map_that_fits_the_paper_is_one_page_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small.pdf");
    let game = scenarios().join("paths-of-glory");
    print_ok(&game, &out, &["--only", "map", "--map-width", "150"]);
    let sizes = page_sizes(&out);
    assert_eq!(sizes.len(), 1, "{sizes:?}");
    assert!(a4(&sizes[0]), "{sizes:?}");
}

#[test]
fn help_says_how_the_map_meets_the_paper() {
    let (code, help) = print(&["--help"]);
    assert_eq!(code, 0, "{help}");
    let help = collapse(&help);
    for words in ["--map <HOW>", "tiles", "fit", "poster", "row r, column c"] {
        assert!(help.contains(words), "{words} in {help}");
    }
}
