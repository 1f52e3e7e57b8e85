//! Choosing a backdrop image without egui: reading its size, and bringing it into the game
//! folder. An image outside the folder is copied in at once under its own name (copying a
//! file is not undoable, so it happens once, when chosen, and is said); a different file of
//! that name already there is never overwritten: the copy takes a free name beside it.

use std::path::{Component, Path, PathBuf};

/// An image in the game folder, ready for map.ron.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brought {
    /// Its path relative to the folder, with `/` between parts.
    pub image: String,
    /// What was done to bring it in, for the user (None when it was there already).
    pub note: Option<String>,
}

/// Where a path typed or chosen points: as is when absolute, else inside the folder.
pub fn resolve(dir: &Path, typed: &str) -> PathBuf {
    let p = Path::new(typed.trim());
    if p.is_absolute() {
        p.to_owned()
    } else {
        dir.join(p)
    }
}

/// The image's width and height in pixels; what is not a PNG or JPEG file is refused.
pub fn image_size(path: &Path) -> Result<(u32, u32), String> {
    let shown = path.display();
    if !path.is_file() {
        return Err(format!("{shown} is not a file: choose a PNG or JPEG image"));
    }
    let reader = image::ImageReader::open(path)
        .and_then(|r| r.with_guessed_format())
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    let not_one =
        || format!("{shown} is not a PNG or JPEG image: convert it to one of those first");
    match reader.format() {
        Some(image::ImageFormat::Png | image::ImageFormat::Jpeg) => {
            // its header read, as a check that it is what its name says
            reader.into_dimensions().map_err(|_| not_one())
        }
        _ => Err(not_one()),
    }
}

/// The image at `typed` (absolute, or relative to `dir`) as a path inside the game folder,
/// copied in first when it is outside.
pub fn bring_into(dir: &Path, typed: &str) -> Result<Brought, String> {
    if typed.trim().is_empty() {
        return Err("choose an image first (PNG or JPEG)".into());
    }
    let path = resolve(dir, typed);
    image_size(&path)?;
    let shown = path.display();
    let real = std::fs::canonicalize(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let home =
        std::fs::canonicalize(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    if let Ok(rel) = real.strip_prefix(&home) {
        return Ok(Brought {
            image: slashed(rel),
            note: None,
        });
    }
    let bytes = std::fs::read(&real).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let name = real
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{shown} does not name a file"))?;
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) => (s.to_owned(), format!(".{e}")),
        None => (name.clone(), String::new()),
    };
    for n in 1..1000 {
        let candidate = if n == 1 {
            name.clone()
        } else {
            format!("{stem}-{n}{ext}")
        };
        let target = home.join(&candidate);
        if target.exists() {
            if std::fs::read(&target).is_ok_and(|b| b == bytes) {
                return Ok(Brought {
                    image: candidate.clone(),
                    note: Some(format!(
                        "{candidate} in the game folder is this image already: it is used"
                    )),
                });
            }
            continue;
        }
        orbat_validator::atomic::write(&target, &bytes).map_err(|e| {
            format!(
                "could not copy {shown} into the game folder as {candidate}: {e}; nothing was \
                 changed"
            )
        })?;
        let why = if n == 1 {
            String::new()
        } else {
            format!(" (another file is called {name} there already, and stays)")
        };
        return Ok(Brought {
            image: candidate.clone(),
            note: Some(format!(
                "copied {shown} into the game folder as {candidate}{why}; undo does not remove \
                 the copy"
            )),
        });
    }
    Err(format!(
        "the game folder holds too many files named like {name}: rename the image first"
    ))
}

/// A relative path with `/` between its parts (map.ron's form on every system).
fn slashed(rel: &Path) -> String {
    rel.components()
        .filter_map(|c| match c {
            Component::Normal(p) => Some(p.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::{bring_into, image_size};

    fn png(path: &std::path::Path, w: u32, h: u32, shade: u8) {
        image::RgbImage::from_pixel(w, h, image::Rgb([shade, 80, 40]))
            .save(path)
            .unwrap();
    }

    #[test]
    fn an_image_outside_is_copied_in_under_a_free_name() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, elsewhere) = (tmp.path().join("game"), tmp.path().join("pics"));
        std::fs::create_dir_all(game.join("art")).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        png(&elsewhere.join("map.png"), 30, 20, 1);
        assert_eq!(image_size(&elsewhere.join("map.png")), Ok((30, 20)));
        let typed = elsewhere.join("map.png").display().to_string();
        let b = bring_into(&game, &typed).unwrap();
        assert_eq!(b.image, "map.png");
        assert!(b.note.unwrap().contains("copied"));
        // the same image again: used, not copied twice
        let again = bring_into(&game, &typed).unwrap();
        assert_eq!(again.image, "map.png");
        assert_eq!(std::fs::read_dir(&game).unwrap().count(), 2);
        // another image of that name: never written over
        png(&elsewhere.join("map.png"), 30, 20, 200);
        let other = bring_into(&game, &typed).unwrap();
        assert_eq!(other.image, "map-2.png");
        assert!(other.note.unwrap().contains("stays"));
        assert_eq!(image_size(&game.join("map.png")), Ok((30, 20)));
        // one inside the folder is named relative to it
        png(&game.join("art/new.png"), 5, 5, 9);
        let inside = bring_into(&game, "art/new.png").unwrap();
        assert_eq!((inside.image.as_str(), inside.note), ("art/new.png", None));
    }

    #[test]
    fn what_is_not_an_image_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("notes.png"), "not an image").unwrap();
        let e = bring_into(tmp.path(), "notes.png").unwrap_err();
        assert!(e.contains("not a PNG or JPEG"), "{e}");
        assert!(
            bring_into(tmp.path(), "gone.png")
                .unwrap_err()
                .contains("not a file")
        );
        assert!(
            bring_into(tmp.path(), " ")
                .unwrap_err()
                .contains("choose an image")
        );
    }
}
