//! R005: the backdrop image is missing, not an image, or outside the game folder.

use std::path::{Component, Path};

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::suggest::short;

declare_rule! {
    /// the backdrop image is missing, not an image, or outside the game folder
    ///
    /// The map's backdrop is a PNG or JPEG inside the game folder, named by a relative path. The validator never reads outside the folders it is given, so absolute paths and `..` are refused.
    ///
    /// Bad:
    /// ```ron
    /// backdrop: Some((image: "../../shared/europe.png", width: 1600, height: 1200)),
    /// ```
    /// Good:
    /// ```ron
    /// backdrop: Some((image: "backdrop.png", width: 1600, height: 1200)),
    /// ```
    pub static R005 = {
        name: "bad-backdrop",
        severity: Error,
        family: References,
        allow: Never,
        fires: &["invalid/R005_1", "invalid/R005_2", "invalid/R005_3"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&R005, check);

/// The backdrop is an image inside the game folder. The validator never reads outside the
/// folders it was given, so a path that leaves the folder is an error, not a lookup.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(m) = &cx.folder.map else { return };
    let Some(b) = &m.value.backdrop else { return };
    if let Some((message, help)) = problem(&cx.folder.dir, &b.image) {
        out.push(Diagnostic::new(&R005, message, m.at("/backdrop/image")).with_help(help));
    }
    if b.width == 0 || b.height == 0 {
        out.push(
            Diagnostic::new(&R005, "the backdrop has no size", m.at("/backdrop"))
                .with_help("give the image's `width` and `height` in pixels"),
        );
    }
}

/// What is wrong with the image path, and what to do, if anything.
fn problem(dir: &Path, image: &str) -> Option<(String, String)> {
    let path = Path::new(image);
    let escapes = path.components().any(|c| matches!(c, Component::ParentDir))
        || image.split(['/', '\\']).any(|c| c == "..");
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if path.is_absolute() || image.starts_with(['/', '\\']) || image.contains(':') {
        Some((
            "the backdrop path is absolute".to_owned(),
            "give the image's path relative to the game folder, e.g. `backdrop.png`".to_owned(),
        ))
    } else if escapes {
        Some((
            "the backdrop path leads out of the game folder".to_owned(),
            "copy the image into the game folder and name it from there".to_owned(),
        ))
    } else if !matches!(extension.as_deref(), Some("png" | "jpg" | "jpeg")) {
        Some((
            "the backdrop must be a PNG or JPEG image".to_owned(),
            "convert it to PNG, and name the file `*.png`".to_owned(),
        ))
    } else {
        match std::fs::symlink_metadata(dir.join(path)) {
            Ok(meta) if meta.file_type().is_symlink() => Some((
                "the backdrop image is a symbolic link".to_owned(),
                "put the image itself in the game folder".to_owned(),
            )),
            Ok(meta) if meta.is_file() => None,
            Ok(_) => Some((
                "the backdrop path is not a file".to_owned(),
                "name an image file in the game folder".to_owned(),
            )),
            Err(_) => Some((
                format!("the backdrop image `{}` does not exist", short(image)),
                format!("add the image to {}, or fix the path", dir.display()),
            )),
        }
    }
}
