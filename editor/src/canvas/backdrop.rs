//! The backdrop image named in `map.ron`: decoded on a worker thread (a large JPEG takes a
//! moment), then uploaded once as a texture; loaded again when map.ron names another image.

use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{ColorImage, TextureHandle, TextureOptions};

use crate::document::Document;

/// Larger images are scaled down to fit common GPU texture limits.
const MAX_SIDE: u32 = 8192;

/// The texture of the image map.ron names, and which image that was.
pub struct Backdrop {
    image: Option<String>,
    state: Loading,
}

pub enum Loading {
    None,
    Loading(Receiver<Result<ColorImage, String>>),
    Ready(TextureHandle),
    Failed(String),
}

impl Backdrop {
    /// Starts loading the backdrop the document's map names, if any.
    pub fn for_document(doc: &Document) -> Backdrop {
        let image = named(doc);
        let state = match &image {
            None => Loading::None,
            Some(image) => match inside_folder(&doc.dir, image) {
                Ok(path) => {
                    let (tx, rx) = channel();
                    std::thread::spawn(move || {
                        let _ = tx.send(decode(&path));
                    });
                    Loading::Loading(rx)
                }
                Err(e) => Loading::Failed(e),
            },
        };
        Backdrop { image, state }
    }

    /// Loads the image again when map.ron now names another one (set, replaced, undone).
    pub fn follow(&mut self, doc: &Document) {
        if named(doc) != self.image {
            *self = Backdrop::for_document(doc);
        }
    }

    /// Uploads the decoded image when it arrives; returns the texture when there is one.
    pub fn texture(&mut self, ctx: &egui::Context) -> Option<&TextureHandle> {
        if let Loading::Loading(rx) = &self.state {
            match rx.try_recv() {
                Ok(Ok(image)) => {
                    self.state = Loading::Ready(upload(ctx, image));
                }
                Ok(Err(e)) => self.state = Loading::Failed(e),
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(50))
                }
                Err(TryRecvError::Disconnected) => {
                    self.state = Loading::Failed("the backdrop could not be loaded".into());
                }
            }
        }
        match &self.state {
            Loading::Ready(t) => Some(t),
            _ => None,
        }
    }

    /// Waits for the worker (tests and benchmarks want the image before the first frame).
    pub fn wait(&mut self, ctx: &egui::Context) {
        if let Loading::Loading(rx) = &self.state {
            self.state = match rx.recv() {
                Ok(Ok(image)) => Loading::Ready(upload(ctx, image)),
                Ok(Err(e)) => Loading::Failed(e),
                Err(_) => Loading::Failed("the backdrop could not be loaded".into()),
            };
        }
    }

    pub fn error(&self) -> Option<&str> {
        match &self.state {
            Loading::Failed(e) => Some(e),
            _ => None,
        }
    }
}

/// Uploads the image, scaled down first when it is larger than this GPU's textures may be
/// (egui would panic; some GPUs and the test renderer allow only 2048 pixels a side).
fn upload(ctx: &egui::Context, image: ColorImage) -> TextureHandle {
    let max = ctx.input(|i| i.max_texture_side).max(1) as u32;
    let [w, h] = image.size.map(|n| n as u32);
    let image = match image::RgbaImage::from_raw(w, h, image.as_raw().to_vec()) {
        Some(rgba) if w > max || h > max => {
            let small = image::DynamicImage::ImageRgba8(rgba).thumbnail(max, max);
            let size = [small.width() as usize, small.height() as usize];
            ColorImage::from_rgba_premultiplied(size, small.to_rgba8().as_raw())
        }
        _ => image,
    };
    ctx.load_texture("backdrop", image, TextureOptions::LINEAR)
}

/// The image the document's map names, if any.
fn named(doc: &Document) -> Option<String> {
    doc.map()?.backdrop.as_ref().map(|b| b.image.clone())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_wider_than_the_gpu_allows_is_scaled_down_not_a_panic() {
        let ctx = egui::Context::default();
        let max = ctx.input(|i| i.max_texture_side);
        let wide = ColorImage::filled([max * 2 + 10, 40], egui::Color32::DARK_GREEN);
        let texture = upload(&ctx, wide);
        assert_eq!(texture.size(), [max, 20]);
        let small = ColorImage::filled([30, 20], egui::Color32::DARK_GREEN);
        assert_eq!(upload(&ctx, small).size(), [30, 20]);
    }
}
