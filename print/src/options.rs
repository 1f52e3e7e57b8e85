//! The choices of a run: paper, counter and card sizes, the parts to print, the language.

use std::path::PathBuf;

/// A part of the printout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Part {
    Counters,
    Cards,
    Map,
    Setup,
}

/// Paper sizes (portrait, mm).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Paper {
    A4,
    Letter,
    A3,
    A1,
}

impl Paper {
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
            Paper::A1 => (594.0, 841.0),
        }
    }
}

/// How the map is laid out on paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum MapLayout {
    /// At its printed width, over as many pages of the paper as it needs (one page when it
    /// fits on one), with overlap, alignment marks and an index page.
    #[default]
    Tiles,
    /// Scaled down (or up) to fit one page of the paper.
    Fit,
    /// One large page at its printed width, for a print shop.
    Poster,
}

/// Card sizes (mm): poker 63 x 88, bridge 57 x 89, mini 44 x 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CardSize {
    Poker,
    Bridge,
    Mini,
}

impl CardSize {
    pub fn size(self) -> (f32, f32) {
        match self {
            CardSize::Poker => (63.0, 88.0),
            CardSize::Bridge => (57.0, 89.0),
            CardSize::Mini => (44.0, 63.0),
        }
    }
}

/// A counter's side in mm, from `1/2in`, `5/8in`, `3/4in`, `16mm` (or any `<n>mm`, `<n>in`).
pub fn counter_size(s: &str) -> Result<f32, String> {
    let s = s.trim();
    let num = |t: &str| -> Option<f32> {
        match t.split_once('/') {
            Some((a, b)) => Some(a.trim().parse::<f32>().ok()? / b.trim().parse::<f32>().ok()?),
            None => t.trim().parse().ok(),
        }
    };
    let mm = if let Some(v) = s.strip_suffix("mm") {
        num(v)
    } else if let Some(v) = s.strip_suffix("in") {
        num(v).map(|v| v * 25.4)
    } else {
        None
    };
    match mm {
        Some(v) if (8.0..=40.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{s}` is not a counter size: use 1/2in, 5/8in, 3/4in or 16mm (from 8 to 40 mm)"
        )),
    }
}

/// Everything a run needs to know.
#[derive(Clone, Debug)]
pub struct Options {
    pub folder: PathBuf,
    pub output: PathBuf,
    pub language: Option<String>,
    pub scenario: Option<String>,
    pub only: Vec<Part>,
    pub paper: Paper,
    /// A counter's side, mm.
    pub counter: f32,
    pub card: CardSize,
    /// A page of card backs after each page of cards, for duplex printing.
    pub card_backs: bool,
    pub font_dir: Option<PathBuf>,
    /// The map tiled over pages of `paper`, scaled to one, or on one large page.
    pub map: MapLayout,
    /// The map's printed width, mm.
    pub map_width: f32,
}

impl Options {
    /// The defaults for a folder and an output: every part, A4, 5/8" counters, poker cards.
    pub fn new(folder: PathBuf, output: PathBuf) -> Options {
        Options {
            folder,
            output,
            language: None,
            scenario: None,
            only: vec![Part::Counters, Part::Cards, Part::Map, Part::Setup],
            paper: Paper::A4,
            counter: 5.0 / 8.0 * 25.4,
            card: CardSize::Poker,
            card_backs: true,
            font_dir: None,
            map: MapLayout::Tiles,
            map_width: 800.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_sizes_in_inches_and_millimetres() {
        assert!((counter_size("5/8in").unwrap() - 15.875).abs() < 1e-4);
        assert!((counter_size("1/2in").unwrap() - 12.7).abs() < 1e-4);
        assert!((counter_size("3/4in").unwrap() - 19.05).abs() < 1e-4);
        assert_eq!(counter_size("16mm"), Ok(16.0));
        assert!(counter_size("16").is_err());
        assert!(counter_size("1/0in").is_err());
        assert!(counter_size("2in").is_err());
    }
}
