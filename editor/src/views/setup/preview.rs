//! The set-up view's preview strip: pick a state of play of the scenario (its start, a turn
//! its schedule changes, after an event), see what it changed and what the validator found in
//! it. Picking never changes the document; the set-up's editing controls go while it shows.

use egui::{RichText, Ui};
use orbat_validator::Severity;

use super::state::SetupState;
use crate::ctx::Ctx;
use crate::preview::{self, Moment};

/// The pick list and, while a state shows, its strip. Returns whether a state shows (the
/// side panel then leaves its editing controls out).
pub fn strip(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut SetupState) -> bool {
    let Some(sc) = c.current_scenario() else {
        st.preview.close();
        return false;
    };
    let id = sc.id.to_string();
    let moments = st.preview.moments(c.doc, &id).to_vec();
    // another scenario, or a card that lost its effects: that state is not made here
    if st
        .preview
        .moment
        .as_ref()
        .is_some_and(|m| !moments.contains(m))
    {
        st.preview.close();
    }
    if moments.len() <= 1 && st.preview.moment.is_none() {
        // nothing but the start: no event or turn changes this scenario
        return false;
    }
    let shown = st
        .preview
        .moment
        .as_ref()
        .map_or_else(|| "off (edit the set-up)".to_owned(), preview::label);
    ui.horizontal(|ui| {
        let label = ui.label("Preview");
        egui::ComboBox::from_id_salt("setup-preview")
            .width(ui.available_width() - ui.spacing().item_spacing.x)
            .truncate()
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut st.preview.moment, None, "off (edit the set-up)");
                for m in moments {
                    let text = preview::label(&m);
                    ui.selectable_value(&mut st.preview.moment, Some(m), text);
                }
            })
            .response
            .labelled_by(label.id);
    });
    let Some(moment) = st.preview.moment.clone() else {
        ui.separator();
        return false;
    };
    let Some(p) = st.preview.refresh(c.doc, &id) else {
        ui.weak("this state is no longer made (the card or the turn changed)");
        if ui.button("Back to editing").clicked() {
            st.preview.close();
        }
        return false;
    };
    ui.weak("A preview: the set-up is not changed, and cannot be edited while it shows.");
    if let Moment::After(_) = moment {
        ui.label(match p.played_on {
            Some(t) => format!("played at the start of turn {t}"),
            None => "played on the set-up".to_owned(),
        });
    }
    if p.states > 1 {
        ui.label(format!(
            "a choice makes {} states: the first alternative of each choice is shown",
            p.states
        ));
    }
    let changes = preview::changes(sc, p, c.doc.map());
    ui.strong(format!("Changes: {}", changes.len()));
    for line in &changes {
        ui.label(line);
    }
    let found = preview::findings(&c.doc.diagnostics, &id, &moment, p.played_on);
    if matches!(moment, Moment::Start) {
        ui.weak("the start's findings are the set-up's own: see the diagnostics below");
    } else if found.is_empty() {
        ui.label("No findings in this state.");
    } else {
        ui.strong(format!("Findings in this state: {}", found.len()));
    }
    let mut clicked = None;
    for d in found {
        let color = match d.severity {
            Severity::Error => ui.visuals().error_fg_color,
            Severity::Warning => ui.visuals().warn_fg_color,
        };
        let text = format!("{} {}: {}", d.severity.as_str(), d.code, d.message);
        let mut r = ui.selectable_label(false, RichText::new(text).color(color));
        if let Some(help) = &d.help {
            r = r.on_hover_text(format!("help: {help}"));
        }
        if r.clicked() {
            clicked = Some((d.code, d.location.file.clone(), d.location.pointer.clone()));
        }
    }
    if let Some((code, file, pointer)) = clicked {
        c.focus(code, file, pointer);
    }
    if ui.button("Back to editing").clicked() {
        st.preview.close();
    }
    ui.separator();
    true
}
