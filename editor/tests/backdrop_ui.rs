//! Map > Backdrop…: an image from outside the folder is copied in and set with its own size;
//! then the spaces are fitted to a new image from two pairs of points, every space moved and
//! the backdrop changed in one undo step.

mod common;

use common::{map, opened};
use egui_kittest::kittest::Queryable;

fn png(path: &std::path::Path, w: u32, h: u32) {
    image::RgbImage::from_pixel(w, h, image::Rgb([90, 120, 60]))
        .save(path)
        .unwrap();
}

#[test]
fn a_new_image_is_set_and_the_spaces_fitted_to_it_in_one_step() {
    let (tmp, mut h) = opened();
    let pics = tmp.path().join("pics");
    std::fs::create_dir(&pics).unwrap();
    png(&pics.join("redrawn.png"), 1600, 1200);
    let before: Vec<(String, f32, f32)> = map(&h)
        .spaces
        .iter()
        .map(|s| (s.id.to_string(), s.x, s.y))
        .collect();
    let old_backdrop = map(&h).backdrop.clone();
    // the menu bar's Map comes before the toolbar's Map view
    h.get_all_by_label("Map").next().unwrap().click();
    h.run();
    h.get_by_label("Backdrop…").click();
    h.run();
    h.run();
    assert!(h.state().backdrop.open);
    assert!(h.query_by_label_contains("Now: backdrop.png").is_some());
    // the image's own size, read from the file
    h.state_mut().backdrop.image = pics.join("redrawn.png").display().to_string();
    h.run();
    h.get_by_label("Use the image's size").click();
    h.run();
    assert_eq!(
        (h.state().backdrop.width, h.state().backdrop.height),
        (1600, 1200)
    );
    // the same two points, twice as far apart and shifted on the new image
    let st = &mut h.state_mut().backdrop;
    st.old = [[100.0, 100.0], [500.0, 400.0]];
    st.new = [[250.0, 150.0], [1050.0, 750.0]];
    h.run();
    h.get_by_label("Set the backdrop and fit the spaces")
        .click();
    h.run();
    assert_eq!(h.state().backdrop.error, None);
    let dir = h.state().session.as_ref().unwrap().doc.dir.clone();
    assert!(dir.join("redrawn.png").is_file(), "the image is copied in");
    let b = map(&h).backdrop.clone().unwrap();
    assert_eq!(
        (b.image.as_str(), b.width, b.height),
        ("redrawn.png", 1600, 1200)
    );
    for (s, (id, x, y)) in map(&h).spaces.iter().zip(&before) {
        assert_eq!(s.id, id.as_str());
        let want = [(x * 2.0 + 50.0), (y * 2.0 - 50.0)];
        assert!(
            (s.x - want[0]).abs() < 0.11 && (s.y - want[1]).abs() < 0.11,
            "{id}: {:?} not {want:?}",
            (s.x, s.y)
        );
    }
    // one undo brings back every position and the old backdrop
    let history = &h.state().session.as_ref().unwrap().history;
    assert_eq!(
        history.undo_label(),
        Some("fit the spaces to the new backdrop")
    );
    // (the window closed first: it may lie over the menu bar)
    h.get_by_label("Close window").click();
    h.run();
    assert!(!h.state().backdrop.open);
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Undo fit the spaces").click();
    h.run();
    let after: Vec<(String, f32, f32)> = map(&h)
        .spaces
        .iter()
        .map(|s| (s.id.to_string(), s.x, s.y))
        .collect();
    assert_eq!(after, before);
    assert_eq!(map(&h).backdrop, old_backdrop);
}

#[test]
fn equal_points_and_missing_images_are_refused_with_what_to_do() {
    let (_tmp, mut h) = opened();
    h.state_mut().backdrop.open();
    h.run();
    h.run();
    let before = map(&h).clone();
    h.state_mut().backdrop.old = [[10.0, 10.0], [10.0, 10.0]];
    h.run();
    h.get_by_label("Set the backdrop and fit the spaces")
        .click();
    h.run();
    let e = h.state().backdrop.error.clone().unwrap();
    assert!(e.contains("old image are the same"), "{e}");
    h.state_mut().backdrop.image = "nowhere.png".into();
    h.run();
    h.get_by_label("Set the backdrop").click();
    h.run();
    let e = h.state().backdrop.error.clone().unwrap();
    assert!(e.contains("not a file"), "{e}");
    assert_eq!(*map(&h), before);
}
