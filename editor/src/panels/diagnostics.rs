//! The diagnostics panel: every error and warning of the folder, live. Clicking one selects
//! and centres what it names on the map.

use egui::{RichText, Ui};
use orbat_validator::{Diagnostic, Severity};

use crate::ctx::Ctx;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagnosticsFilter {
    pub errors: bool,
    pub warnings: bool,
}

impl Default for DiagnosticsFilter {
    fn default() -> Self {
        DiagnosticsFilter {
            errors: true,
            warnings: true,
        }
    }
}

/// One line of the list: severity, code, place and message.
pub fn row_text(d: &Diagnostic, dir: &std::path::Path) -> String {
    let file = d
        .location
        .file
        .strip_prefix(dir)
        .unwrap_or(&d.location.file);
    let place = match d.location.start {
        Some(lc) => format!("{}:{}:{}", file.display(), lc.line, lc.column),
        None => file.display().to_string(),
    };
    let mut row = format!("{} {}  {place}  {}", d.severity.as_str(), d.code, d.message);
    // a level from orbat.toml made it an error (or kept it a warning): say where, as the
    // command line's summary does
    if let Some(level) = &d.level {
        row.push_str(&format!("  [{level}]"));
    }
    row
}

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, filter: &mut DiagnosticsFilter) {
    egui::Panel::bottom("diagnostics")
        .resizable(true)
        .default_size(170.0)
        .show(ui, |ui| {
            let errors = c
                .doc
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            let warnings = c.doc.diagnostics.len() - errors;
            ui.horizontal(|ui| {
                ui.strong("Diagnostics");
                ui.checkbox(&mut filter.errors, format!("{errors} errors"));
                ui.checkbox(&mut filter.warnings, format!("{warnings} warnings"));
            });
            if let Some(problem) = &c.doc.config_problem {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!("orbat.toml not applied: {problem}"),
                );
            }
            ui.separator();
            let shown: Vec<usize> = c
                .doc
                .diagnostics
                .iter()
                .enumerate()
                .filter(|(_, d)| match d.severity {
                    Severity::Error => filter.errors,
                    Severity::Warning => filter.warnings,
                })
                .map(|(i, _)| i)
                .collect();
            if shown.is_empty() {
                ui.label("No problems found.");
                return;
            }
            let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
            let mut clicked = None;
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show_rows(ui, row_height, shown.len(), |ui, rows| {
                    for &i in &shown[rows] {
                        let d = &c.doc.diagnostics[i];
                        let color = match d.severity {
                            Severity::Error => ui.visuals().error_fg_color,
                            Severity::Warning => ui.visuals().warn_fg_color,
                        };
                        let text = RichText::new(row_text(d, &c.doc.dir)).color(color);
                        let mut r = ui.selectable_label(false, text);
                        if let Some(help) = &d.help {
                            r = r.on_hover_text(format!("help: {help}"));
                        }
                        if r.clicked() {
                            clicked = Some(i);
                        }
                    }
                });
            if let Some(i) = clicked {
                let d = &c.doc.diagnostics[i];
                c.focus(d.code, d.location.file.clone(), d.location.pointer.clone());
            }
        });
}
