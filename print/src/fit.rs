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
    fit_by(fonts, face, (w, h), (max, min), |fonts, size| {
        wrap(fonts, face, text, w, size)
    })
}

/// Lays `items` out in a box `w` x `h` mm joined by `sep` (` · `), breaking lines only
/// between items: a separator never starts or ends a line, and an item is split (at its
/// spaces) only when it is wider than the box on its own.
#[allow(clippy::too_many_arguments)]
pub fn fit_items(
    fonts: &mut Fonts,
    face: Face,
    items: &[String],
    sep: &str,
    w: f32,
    h: f32,
    max: f32,
    min: f32,
) -> Fitted {
    fit_by(fonts, face, (w, h), (max, min), |fonts, size| {
        wrap_items(fonts, face, items, sep, w, size)
    })
}

/// Greedy wrapping of whole items joined by `sep`.
pub fn wrap_items(
    fonts: &mut Fonts,
    face: Face,
    items: &[String],
    sep: &str,
    w: f32,
    size: f32,
) -> Vec<String> {
    let scale = size / PT;
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        let joined = format!("{line}{sep}{item}");
        if !line.is_empty() && fonts.get(face).width(&joined) * scale <= w {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            out.push(std::mem::take(&mut line));
        }
        if fonts.get(face).width(item) * scale <= w {
            line = item.to_owned();
        } else {
            // wider than the box alone: its own lines, split at its spaces
            out.extend(wrap(fonts, face, item, w, size));
        }
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// Shrinks from `max` to `min` points until the lines `wrap` makes at a size fit `w` x `h`.
fn fit_by(
    fonts: &mut Fonts,
    face: Face,
    (w, h): (f32, f32),
    (max, min): (f32, f32),
    wrap: impl Fn(&mut Fonts, f32) -> Vec<String>,
) -> Fitted {
    let mut size = max;
    loop {
        let lines = wrap(fonts, size);
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

#[cfg(test)]
mod tests {
    use super::*;

    const SEP: &str = " · ";

    fn tags() -> Vec<String> {
        ["2 VP", "Capital Spartans", "Supply", "clear"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_space_label_wraps_between_its_items_never_at_a_separator() {
        let mut fonts = Fonts::find(None).expect("DejaVu Sans (fonts-dejavu-core)");
        let items = tags();
        // every width from one item a line to all on one line
        for w in (4..60).map(|w| w as f32) {
            let lines = wrap_items(&mut fonts, Face::Regular, &items, SEP, w, 5.0);
            for l in &lines {
                assert!(
                    !l.starts_with('·') && !l.ends_with('·'),
                    "{w} mm: a separator at a line's end: {lines:?}"
                );
                assert_eq!(l.trim(), l, "{w} mm: {lines:?}");
            }
            // the items are all there, in order
            let all = lines.join(" ").replace(SEP, " ");
            assert_eq!(
                all.split_whitespace().collect::<Vec<_>>(),
                items.join(" ").split_whitespace().collect::<Vec<_>>()
            );
        }
        // a box that holds "2 VP · Capital Spartans" but not the rest
        let width = |f: &mut Fonts, t: &str| f.regular.width(t) * 5.0 / PT;
        let w = width(&mut fonts, "2 VP · Capital Spartans") + 0.1;
        let lines = wrap_items(&mut fonts, Face::Regular, &items, SEP, w, 5.0);
        assert_eq!(lines, ["2 VP · Capital Spartans", "Supply · clear"]);
        // the old wrapping at spaces left a separator at the end of a line
        let old = wrap(&mut fonts, Face::Regular, &items.join(SEP), w, 5.0);
        assert!(
            old.iter().any(|l| l.ends_with('·') || l.starts_with('·')),
            "{old:?}"
        );
    }

    #[test]
    fn fitted_items_shrink_before_they_are_cut() {
        let mut fonts = Fonts::find(None).expect("DejaVu Sans (fonts-dejavu-core)");
        let f = fit_items(&mut fonts, Face::Regular, &tags(), SEP, 20.0, 6.0, 5.0, 2.5);
        assert!(!f.cut, "{f:?}");
        assert!(f.lines.len() >= 2, "{f:?}");
        let empty = fit_items(&mut fonts, Face::Regular, &[], SEP, 20.0, 6.0, 5.0, 2.5);
        assert_eq!(empty.lines, [""]);
    }
}
