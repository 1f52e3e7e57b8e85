//! The Backdrop window (Map > Backdrop…): the image under the map (chosen, copied into the
//! folder when it is outside it), its size, and fitting the spaces to a new image from two
//! pairs of matching points, the backdrop and every space changed in one undo step.

use egui::{DragValue, Ui};
use orbat_validator::model::Backdrop;

use crate::backdrop_image::{self, Brought};
use crate::ctx::Ctx;
use crate::document::{FileId, FileValue};
use crate::edit::Edit;
use crate::fit::{Fit, Point};

/// The window's state: what is typed, and what the last try said.
#[derive(Default)]
pub struct BackdropState {
    pub open: bool,
    /// The image: a path relative to the game folder, or anywhere (then copied in).
    pub image: String,
    pub width: u32,
    pub height: u32,
    /// Two points on the old image and, for each, where it is on the new one.
    pub old: [Point; 2],
    pub new: [Point; 2],
    /// Scale x and y each on its own.
    pub separate: bool,
    /// Why the last try failed.
    pub error: Option<String>,
    /// What the last try did (an image copied in...).
    pub note: Option<String>,
    /// The form was filled from map.ron (once, when opened).
    pub filled: bool,
}

impl BackdropState {
    /// Opens the window, filled from map.ron at the next frame.
    pub fn open(&mut self) {
        *self = BackdropState {
            open: true,
            ..BackdropState::default()
        };
    }
}

/// What the window asks of the app.
pub enum BackdropAsk {
    /// Show the system's file dialog for an image.
    Choose,
}

/// Draws the window with the narrow context; edits go out through it.
pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut BackdropState) -> Option<BackdropAsk> {
    let doc = c.doc;
    let Some(map) = doc.map() else {
        st.open = false;
        return None;
    };
    if !st.filled {
        st.filled = true;
        if let Some(b) = &map.backdrop {
            st.image = b.image.clone();
            st.width = b.width;
            st.height = b.height;
        }
    }
    let mut ask = None;
    let mut open = st.open;
    egui::Window::new("Backdrop")
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .default_width(520.0)
        // below the menu bar and the toolbar, which stay usable
        .default_pos([24.0, 72.0])
        .show(ui.ctx(), |ui| {
            match &map.backdrop {
                Some(b) => ui.label(format!(
                    "Now: {} ({} × {} map units)",
                    b.image, b.width, b.height
                )),
                None => ui.label("Now: no backdrop"),
            };
            ui.horizontal(|ui| {
                let label = ui.label("Image");
                ui.add(
                    egui::TextEdit::singleline(&mut st.image)
                        .hint_text("backdrop.png, or a PNG or JPEG anywhere")
                        .desired_width(300.0),
                )
                .labelled_by(label.id);
                if ui.button("Choose…").clicked() {
                    ask = Some(BackdropAsk::Choose);
                }
            });
            ui.horizontal(|ui| {
                let label = ui.label("Width");
                ui.add(DragValue::new(&mut st.width).range(0..=100_000))
                    .labelled_by(label.id);
                let label = ui.label("Height");
                ui.add(DragValue::new(&mut st.height).range(0..=100_000))
                    .labelled_by(label.id);
                if ui.button("Use the image's size").clicked() {
                    let path = backdrop_image::resolve(&doc.dir, &st.image);
                    match backdrop_image::image_size(&path) {
                        Ok((w, h)) => {
                            (st.width, st.height) = (w, h);
                            st.error = None;
                        }
                        Err(e) => st.error = Some(e),
                    }
                }
            });
            ui.weak(
                "An image outside the game folder is copied into it when set (under its own \
                 name, never over another file); undo does not remove the copy.",
            );
            ui.horizontal(|ui| {
                if ui.button("Set the backdrop").clicked() {
                    set(c, st, None);
                }
                if map.backdrop.is_some() && ui.button("Remove the backdrop").clicked() {
                    c.change_file(&FileId::Map, "remove the backdrop", None, |v| {
                        if let FileValue::Map(m) = v {
                            m.backdrop = None;
                        }
                    });
                    st.note = Some("the map has no backdrop now (the image file stays)".into());
                }
            });
            ui.separator();
            fit_form(ui, c, st);
            if let Some(e) = &st.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            } else if let Some(n) = &st.note {
                ui.label(n);
            }
        });
    if !open {
        st.open = false;
    }
    ask
}

/// The two pairs of points, and the button that fits the spaces.
fn fit_form(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut BackdropState) {
    ui.strong("Fit the spaces to a new image");
    ui.label(
        "Give two points far apart on the old image (e.g. where two spaces are) and where \
         each is on the new image, in its pixels: every space is shifted and scaled to match.",
    );
    let selected = c
        .selection
        .single_space()
        .and_then(|i| c.doc.map()?.spaces.get(i))
        .map(|s| [s.x, s.y]);
    egui::Grid::new("backdrop-fit")
        .num_columns(4)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for n in 0..2 {
                for (which, points) in [("Old", &mut st.old), ("New", &mut st.new)] {
                    let name = format!("{which} point {}", n + 1);
                    ui.label(name.as_str());
                    for (axis, v) in ["x", "y"].iter().zip(points[n].iter_mut()) {
                        let label = ui.label(*axis);
                        ui.add(DragValue::new(v).speed(1.0))
                            .labelled_by(label.id)
                            .on_hover_text(format!("{name}, {axis}"));
                    }
                    if which == "Old" {
                        let b = ui.add_enabled(
                            selected.is_some(),
                            egui::Button::new(format!("Selected space as old point {}", n + 1)),
                        );
                        if b.on_disabled_hover_text("select one space on the map first")
                            .clicked()
                            && let Some(p) = selected
                        {
                            points[n] = p;
                        }
                    }
                    ui.end_row();
                }
            }
        });
    ui.checkbox(&mut st.separate, "Scale x and y separately")
        .on_hover_text("for an image stretched more one way than the other");
    if ui.button("Set the backdrop and fit the spaces").clicked() {
        match Fit::from_pairs(st.old, st.new, st.separate) {
            Ok(fit) => set(c, st, Some(fit)),
            Err(e) => st.error = Some(e),
        }
    }
}

/// Sets the backdrop as typed (bringing the image into the folder), and with `fit` moves
/// every space too, as one undo step.
fn set(c: &mut Ctx<'_>, st: &mut BackdropState, fit: Option<Fit>) {
    let doc = c.doc;
    let Some(map) = doc.map() else { return };
    if st.width == 0 || st.height == 0 {
        // no size given: the image's own
        let path = backdrop_image::resolve(&doc.dir, &st.image);
        if let Ok((w, h)) = backdrop_image::image_size(&path) {
            (st.width, st.height) = (w, h);
        }
    }
    let Brought { image, note } = match backdrop_image::bring_into(&doc.dir, &st.image) {
        Ok(b) => b,
        Err(e) => {
            st.error = Some(e);
            return;
        }
    };
    if st.width == 0 || st.height == 0 {
        st.error = Some("give the image's width and height in map units".into());
        return;
    }
    st.error = None;
    st.image = image.clone();
    let mut with_backdrop = map.clone();
    with_backdrop.backdrop = Some(Backdrop {
        image,
        width: st.width,
        height: st.height,
    });
    let set_backdrop = |label: &str| Edit::SetFile {
        id: FileId::Map,
        value: Box::new(FileValue::Map(with_backdrop.clone())),
        label: label.to_owned(),
    };
    let edit = match fit {
        None if with_backdrop == *map => {
            st.note = note.or_else(|| Some("the backdrop is that already".into()));
            return;
        }
        None => set_backdrop("set the backdrop"),
        Some(fit) => {
            let label = "fit the spaces to the new backdrop";
            Edit::Batch {
                label: label.to_owned(),
                edits: vec![
                    set_backdrop(label),
                    Edit::MoveSpaces {
                        moves: fit.moves(map),
                    },
                ],
            }
        }
    };
    let done = match fit {
        Some(_) => format!("moved {} spaces", map.spaces.len()),
        None => "backdrop set".to_owned(),
    };
    c.apply(edit);
    c.seal();
    st.note = Some(match note {
        Some(n) => format!("{done}; {n}"),
        None => format!("{done} (undo takes it back in one step)"),
    });
}
