//! The backdrop image named in `map.ron`: decoded on a worker thread (a large JPEG takes a
//! moment), then uploaded once as a texture.

use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{ColorImage, TextureHandle, TextureOptions};

use crate::document::Document;

/// Larger images are scaled down to fit common GPU texture limits.
const MAX_SIDE: u32 = 8192;

pub enum Backdrop {
    None,
    Loading(Receiver<Result<ColorImage, String>>),
    Ready(TextureHandle),
    Failed(String),
}

impl Backdrop {
    /// Starts loading the backdrop the document's map names, if any.
    pub fn for_document(doc: &Document) -> Backdrop {
        let Some(image) = doc
            .map()
            .and_then(|m| m.backdrop.as_ref())
            .map(|b| b.image.clone())
        else {
            return Backdrop::None;
        };
        match inside_folder(&doc.dir, &image) {
            Ok(path) => {
                let (tx, rx) = channel();
                std::thread::spawn(move || {
                    let _ = tx.send(decode(&path));
                });
                Backdrop::Loading(rx)
            }
            Err(e) => Backdrop::Failed(e),
        }
    }

    /// Uploads the decoded image when it arrives; returns the texture when there is one.
    pub fn texture(&mut self, ctx: &egui::Context) -> Option<&TextureHandle> {
        if let Backdrop::Loading(rx) = self {
            match rx.try_recv() {
                Ok(Ok(image)) => {
                    *self = Backdrop::Ready(ctx.load_texture(
                        "backdrop",
                        image,
                        TextureOptions::LINEAR,
                    ));
                }
                Ok(Err(e)) => *self = Backdrop::Failed(e),
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(50))
                }
                Err(TryRecvError::Disconnected) => {
                    *self = Backdrop::Failed("the backdrop could not be loaded".into());
                }
            }
        }
        match self {
            Backdrop::Ready(t) => Some(t),
            _ => None,
        }
    }

    /// Waits for the worker (tests and benchmarks want the image before the first frame).
    pub fn wait(&mut self, ctx: &egui::Context) {
        if let Backdrop::Loading(rx) = self {
            *self = match rx.recv() {
                Ok(Ok(image)) => {
                    Backdrop::Ready(ctx.load_texture("backdrop", image, TextureOptions::LINEAR))
                }
                Ok(Err(e)) => Backdrop::Failed(e),
                Err(_) => Backdrop::Failed("the backdrop could not be loaded".into()),
            };
        }
    }

    pub fn error(&self) -> Option<&str> {
        match self {
            Backdrop::Failed(e) => Some(e),
            _ => None,
        }
    }
}

/// The image path, refused if it leaves the game folder (the file format says it must not).
fn inside_folder(dir: &Path, image: &str) -> Result<PathBuf, String> {
    let rel = Path::new(image);
    let escapes = rel
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir));
    if escapes {
        return Err(format!(
            "backdrop `{image}` is not a path inside the game folder; give it relative to the folder"
        ));
    }
    Ok(dir.join(rel))
}

fn decode(path: &Path) -> Result<ColorImage, String> {
    let img = image::ImageReader::open(path)
        .map_err(|e| format!("cannot open backdrop {}: {e}", path.display()))?
        .with_guessed_format()
        .map_err(|e| format!("cannot read backdrop {}: {e}", path.display()))?
        .decode()
        .map_err(|e| {
            format!(
                "backdrop {} is not a PNG or JPEG image this editor can read: {e}",
                path.display()
            )
        })?;
    let img = if img.width() > MAX_SIDE || img.height() > MAX_SIDE {
        img.thumbnail(MAX_SIDE, MAX_SIDE)
    } else {
        img
    };
    let rgba = img.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}
