//! Text in a box: wrapped at spaces, shrunk until it fits, and cut (with an ellipsis) when
//! even the smallest size does not.

use crate::font::{Face, Fonts};
use crate::measure::PT;

/// Text laid out for a box.
#[derive(Debug, Clone, Default)]
pub struct Fitted {
    /// Font size in points.
    pub size: f32,
    pub lines: Vec<String>,
    /// True when the text did not fit even at the smallest size and was cut.
    pub cut: bool,
}

/// Wraps `text` in a box `w` x `h` mm, from `max` points down to `min` in steps of 5%.
pub fn fit(
    fonts: &mut Fonts,
    face: Face,
    text: &str,
    w: f32,
    h: f32,
    max: f32,
    min: f32,
) -> Fitted {
    let mut size = max;
    loop {
        let lines = wrap(fonts, face, text, w, size);
        let lead = size * 1.15 / PT;
        let height = lead * (lines.len() as f32 - 1.0) + size / PT * 1.05;
        let font = fonts.get(face);
        let widest = lines.iter().map(|l| font.width(l)).fold(0.0, f32::max) * size / PT;
        if height <= h && widest <= w {
            return Fitted {
                size,
                lines,
                cut: false,
            };
        }
        if size <= min {
            return cut(fonts, face, lines, w, h, size);
        }
        size = (size * 0.95).max(min);
    }
}

/// Keeps the lines that fit in `h` and ends the last with an ellipsis.
fn cut(fonts: &mut Fonts, face: Face, mut lines: Vec<String>, w: f32, h: f32, size: f32) -> Fitted {
    let lead = size * 1.15 / PT;
    let room = (((h - size / PT * 1.05) / lead).floor() as i64 + 1).max(1) as usize;
    lines.truncate(room);
    let font = fonts.get(face);
    let last_index = lines.len().saturating_sub(1);
    for (i, line) in lines.iter_mut().enumerate() {
        if i == last_index || font.width(line) * size / PT <= w {
            continue;
        }
        while !line.is_empty() && font.width(line) * size / PT > w {
            line.pop();
        }
    }
    if let Some(last) = lines.last_mut() {
        let mut s: String = last.clone();
        loop {
            let candidate = format!("{}…", s.trim_end());
            if font.width(&candidate) * size / PT <= w || s.is_empty() {
                *last = candidate;
                break;
            }
            s.pop();
        }
    }
    Fitted {
        size,
        lines,
        cut: true,
    }
}

/// Greedy wrapping at spaces (explicit newlines kept); a word wider than the box stays whole.
pub fn wrap(fonts: &mut Fonts, face: Face, text: &str, w: f32, size: f32) -> Vec<String> {
    let font = fonts.get(face);
    let space = font.width(" ");
    let scale = size / PT;
    let mut out = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        let mut width = 0.0;
        for word in para.split_whitespace() {
            let ww = font.width(word);
            if !line.is_empty() && (width + space + ww) * scale > w {
                out.push(std::mem::take(&mut line));
                width = 0.0;
            }
            if !line.is_empty() {
                line.push(' ');
                width += space;
            }
            line.push_str(word);
            width += ww;
        }
        out.push(line);
    }
    out
}
