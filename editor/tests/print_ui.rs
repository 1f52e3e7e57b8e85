//! File > Print prototype…: the window's Print button prints the open folder to a PDF beside
//! it on a thread of its own, and says where it went (orbat-print's own tests look inside).

mod common;

use common::opened;
use egui_kittest::kittest::Queryable;

#[test]
fn print_prototype_prints_the_folder_to_a_pdf_and_says_where() {
    let (_tmp, mut h) = opened();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Print prototype…").click();
    h.run();
    assert!(h.state().print.open);
    h.get_by_label("Print").click();
    h.step();
    assert!(h.state().print.job.is_some(), "the job runs");
    for _ in 0..1200 {
        if h.state().print.job.is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    let outcome = h.state().print.outcome.clone().expect("an outcome");
    let dir = h.state().session.as_ref().unwrap().doc.dir.clone();
    let pdf = orbat_editor::print_job::output_for(&dir);
    assert!(outcome.starts_with("Printed "), "{outcome}");
    assert!(outcome.contains(&pdf.display().to_string()), "{outcome}");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    // nothing chosen to print: said so, nothing started
    for part in ["Counter sheets", "Card pages", "Map pages", "Set-up charts"] {
        h.get_by_label(part).click();
    }
    h.run();
    h.get_by_label("Print").click();
    h.run();
    assert!(h.state().print.job.is_none());
    assert_eq!(
        h.state().print.outcome.as_deref(),
        Some("choose at least one part to print")
    );
}
