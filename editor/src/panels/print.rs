//! The print window (File > Print prototype…): paper, counter and card sizes, language and
//! parts; while printing, what is being drawn; then where the PDF went, or why nothing was.

use egui::{ComboBox, Ui};
use orbat_print::{CardSize, Paper};

use crate::print_job::{PrintForm, PrintJob};

/// The window's state: open or not, the form, the job running, the last outcome.
#[derive(Default)]
pub struct PrintState {
    pub open: bool,
    pub form: PrintForm,
    pub job: Option<PrintJob>,
    /// What the running job is drawing.
    pub stage: String,
    /// What the last job did, in the user's words.
    pub outcome: Option<String>,
}

/// What the window asks for.
pub enum PrintAsk {
    Start,
    Close,
}

/// Draws the window; `languages` are the game's, `dirty` whether there are unsaved changes
/// (they are not printed: the folder is printed as saved).
pub fn show(
    ui: &mut Ui,
    st: &mut PrintState,
    languages: &[String],
    dirty: bool,
) -> Option<PrintAsk> {
    let mut ask = None;
    let mut open = st.open;
    egui::Window::new("Print prototype")
        // below the menu bar and toolbar, as the other windows of the File menu open
        .default_pos([24.0, 72.0])
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ui.ctx(), |ui| {
            let f = &mut st.form;
            let busy = st.job.is_some();
            ui.add_enabled_ui(!busy, |ui| {
                // each drop-down named by its label (read by screen readers and tests)
                ComboBox::from_label("Paper")
                    .selected_text(format!("{:?}", f.paper))
                    .show_ui(ui, |ui| {
                        for p in [Paper::A4, Paper::Letter, Paper::A3, Paper::A1] {
                            ui.selectable_value(&mut f.paper, p, format!("{p:?}"));
                        }
                    });
                ComboBox::from_label("Counter size")
                    .selected_text(f.counter.clone())
                    .show_ui(ui, |ui| {
                        for c in ["1/2in", "5/8in", "3/4in", "16mm"] {
                            ui.selectable_value(&mut f.counter, c.to_owned(), c);
                        }
                    });
                ComboBox::from_label("Card size")
                    .selected_text(format!("{:?}", f.card))
                    .show_ui(ui, |ui| {
                        for c in [CardSize::Poker, CardSize::Bridge, CardSize::Mini] {
                            ui.selectable_value(&mut f.card, c, format!("{c:?}"));
                        }
                    });
                let shown = if f.language.is_empty() {
                    "the game's own".to_owned()
                } else {
                    f.language.clone()
                };
                ComboBox::from_label("Language")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut f.language, String::new(), "the game's own");
                        for l in languages {
                            ui.selectable_value(&mut f.language, l.clone(), l);
                        }
                    });
                ui.horizontal(|ui| {
                    for (on, name) in f.parts.iter_mut().zip([
                        "Counter sheets",
                        "Card pages",
                        "Map pages",
                        "Set-up charts",
                    ]) {
                        ui.checkbox(on, name);
                    }
                });
                ui.checkbox(&mut f.card_backs, "Card backs (for duplex printing)");
            });
            if dirty {
                ui.label("Unsaved changes are not printed: the folder is printed as saved.");
            }
            ui.separator();
            if let Some(outcome) = &st.outcome {
                ui.label(outcome);
            }
            match &st.job {
                Some(job) => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(format!(
                            "Printing to {}: {}…",
                            job.output.display(),
                            st.stage
                        ));
                    });
                }
                None => {
                    if ui.button("Print").clicked() {
                        ask = Some(PrintAsk::Start);
                    }
                }
            }
        });
    if !open {
        ask = Some(PrintAsk::Close);
    }
    ask
}
