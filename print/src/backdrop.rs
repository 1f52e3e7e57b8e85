//! The map's backdrop image read from the game folder: a PNG decoded to 8-bit RGB (and
//! alpha), or a JPEG embedded as it is; a backdrop that cannot be read is a warning.

use std::io::BufReader;
use std::path::{Component, Path};

use orbat_validator::model::Backdrop;

use crate::pdf::Image;
use crate::text::Texts;

/// The backdrop `b` of the game in `dir`, when it can be read (else a warning).
pub fn read(dir: &Path, b: &Backdrop, texts: &Texts<'_>) -> Option<Image> {
    let path = dir.join(&b.image);
    let inside = Path::new(&b.image)
        .components()
        .all(|c| matches!(c, Component::Normal(_)));
    let jpeg = [".jpg", ".jpeg"]
        .iter()
        .any(|e| b.image.to_ascii_lowercase().ends_with(e));
    let read = if inside && jpeg {
        read_jpeg(&path)
    } else if inside {
        read_png(&path)
    } else {
        Err("it is not inside the game folder".to_owned())
    };
    match read {
        Ok(img) => Some(img),
        Err(e) => {
            texts.warnings.warn(format!(
                "the map's backdrop {} cannot be read ({e}): the map is printed without it",
                path.display()
            ));
            None
        }
    }
}

/// Reads a PNG as 8-bit RGB (and alpha).
fn read_png(path: &Path) -> Result<Image, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader
        .output_buffer_size()
        .ok_or("the image is too large")?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let buf = &buf[..info.buffer_size()];
    let (w, h) = (info.width, info.height);
    let n = (w * h) as usize;
    let mut rgb = Vec::with_capacity(n * 3);
    let mut alpha = Vec::new();
    match info.color_type {
        png::ColorType::Rgb => rgb.extend_from_slice(buf),
        png::ColorType::Rgba => {
            for px in buf.chunks_exact(4) {
                rgb.extend_from_slice(&px[..3]);
                alpha.push(px[3]);
            }
        }
        png::ColorType::Grayscale => {
            for &g in buf {
                rgb.extend_from_slice(&[g, g, g]);
            }
        }
        png::ColorType::GrayscaleAlpha => {
            for px in buf.chunks_exact(2) {
                rgb.extend_from_slice(&[px[0], px[0], px[0]]);
                alpha.push(px[1]);
            }
        }
        png::ColorType::Indexed => return Err("an indexed image the decoder did not expand".into()),
    }
    let alpha = (!alpha.is_empty() && alpha.iter().any(|&a| a != 255)).then_some(alpha);
    Ok(Image {
        width: w,
        height: h,
        rgb,
        alpha,
        jpeg: None,
    })
}

/// Reads a JPEG's size and colour components (from its frame header); the PDF embeds the
/// file as it is.
fn read_jpeg(path: &Path) -> Result<Image, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let frame = jpeg_frame(&bytes).ok_or("not a JPEG this program can embed")?;
    Ok(Image {
        width: frame.0,
        height: frame.1,
        rgb: Vec::new(),
        alpha: None,
        jpeg: Some((bytes, frame.2)),
    })
}

/// Width, height and components from a JPEG's first start-of-frame marker.
fn jpeg_frame(b: &[u8]) -> Option<(u32, u32, u8)> {
    if b.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut i = 2;
    while i + 4 <= b.len() {
        if b[i] != 0xFF {
            return None;
        }
        let marker = b[i + 1];
        if marker == 0xFF {
            i += 1;
            continue;
        }
        let len = u16::from_be_bytes([b[i + 2], b[i + 3]]) as usize;
        let sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if sof {
            let h = u16::from_be_bytes([*b.get(i + 5)?, *b.get(i + 6)?]) as u32;
            let w = u16::from_be_bytes([*b.get(i + 7)?, *b.get(i + 8)?]) as u32;
            let n = *b.get(i + 9)?;
            return (w > 0 && h > 0).then_some((w, h, n));
        }
        i += 2 + len;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jpeg_frame_header_gives_its_size() {
        let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0];
        b.extend([0xFF, 0xC0, 0x00, 0x11, 8, 0x01, 0x2C, 0x02, 0x58, 3]);
        assert_eq!(jpeg_frame(&b), Some((600, 300, 3)));
        assert_eq!(jpeg_frame(b"not a jpeg"), None);
        assert_eq!(jpeg_frame(&b[..12]), None);
    }
}
