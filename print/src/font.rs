//! The fonts a printout uses: found on disk (DejaVu Sans: Latin, Greek and Cyrillic), measured
//! with ttf-parser (advances, and the pairs its `kern` table tightens, as "To" or "AV"), and
//! embedded in the PDF as subsets (subsetter) holding only the glyphs used.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Name, Pdf, Rect, Ref, Str};
use subsetter::GlyphRemapper;
use ttf_parser::GlyphId;

/// Where fonts are looked for when `--font-dir` names none.
const FONT_DIRS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/Library/Fonts",
];

/// The two faces a printout uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Face {
    Regular,
    Bold,
}

/// One font file, measured and with the glyphs used so far.
pub struct Font {
    name: String,
    data: Vec<u8>,
    units_per_em: f32,
    ascent: f32,
    descent: f32,
    cap_height: f32,
    bbox: [f32; 4],
    /// A character's glyph and advance (in em).
    glyphs: HashMap<char, (u16, f32)>,
    /// The kerning (em) between two glyphs, looked up once.
    kerns: HashMap<(u16, u16), f32>,
    remapper: GlyphRemapper,
    /// The character each used glyph (new id) shows, for the PDF's ToUnicode map.
    unicode: HashMap<u16, char>,
    /// Characters the font has no glyph for, to warn once each.
    pub missing: Vec<char>,
}

impl Font {
    fn load(path: &Path) -> Result<Font, String> {
        let data = std::fs::read(path)
            .map_err(|e| format!("cannot read the font {}: {e}", path.display()))?;
        let face = ttf_parser::Face::parse(&data, 0).map_err(|e| {
            format!(
                "{} is not a font this program can read ({e}): pass --font-dir with DejaVuSans.ttf",
                path.display()
            )
        })?;
        let upem = face.units_per_em() as f32;
        let bb = face.global_bounding_box();
        let font = Font {
            name: path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("Font")
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect(),
            units_per_em: upem,
            ascent: face.ascender() as f32 / upem,
            descent: face.descender() as f32 / upem,
            cap_height: face.capital_height().unwrap_or(face.ascender()) as f32 / upem,
            bbox: [
                bb.x_min as f32 / upem,
                bb.y_min as f32 / upem,
                bb.x_max as f32 / upem,
                bb.y_max as f32 / upem,
            ],
            glyphs: HashMap::new(),
            kerns: HashMap::new(),
            remapper: GlyphRemapper::new(),
            unicode: HashMap::new(),
            missing: Vec::new(),
            data: Vec::new(),
        };
        Ok(Font { data, ..font })
    }

    /// The glyph and advance (em) of `c`, looked up once.
    fn glyph(&mut self, c: char) -> (u16, f32) {
        if let Some(g) = self.glyphs.get(&c) {
            return *g;
        }
        let g = match ttf_parser::Face::parse(&self.data, 0) {
            Ok(face) => {
                let id = face.glyph_index(c);
                if id.is_none() && !c.is_control() && !self.missing.contains(&c) {
                    self.missing.push(c);
                }
                let id = id.unwrap_or(ttf_parser::GlyphId(0));
                let adv = face.glyph_hor_advance(id).unwrap_or(0) as f32 / self.units_per_em;
                (id.0, adv)
            }
            Err(_) => (0, 0.5),
        };
        self.glyphs.insert(c, g);
        g
    }

    /// The kerning (em, negative when the pair tightens) between glyphs `left` and `right`,
    /// from the font's `kern` table; a font that kerns only in its GPOS table gets none.
    fn kern(&mut self, left: u16, right: u16) -> f32 {
        if let Some(k) = self.kerns.get(&(left, right)) {
            return *k;
        }
        let k = ttf_parser::Face::parse(&self.data, 0)
            .ok()
            .and_then(|face| {
                let table = face.tables().kern?;
                table
                    .subtables
                    .into_iter()
                    .filter(|t| t.horizontal && !t.variable && !t.has_cross_stream)
                    .find_map(|t| t.glyphs_kerning(GlyphId(left), GlyphId(right)))
            })
            .map_or(0.0, |v| f32::from(v) / self.units_per_em);
        self.kerns.insert((left, right), k);
        k
    }

    /// The width of `text` at size 1, kerned.
    pub fn width(&mut self, text: &str) -> f32 {
        let mut width = 0.0;
        let mut before = None;
        for c in text.chars() {
            let (gid, advance) = self.glyph(c);
            if let Some(b) = before {
                width += self.kern(b, gid);
            }
            width += advance;
            before = Some(gid);
        }
        width
    }

    /// `text` as runs of its (subset) glyph ids, as PDF strings, each with the kerning (em)
    /// between it and the next run: what a `TJ` operator shows.
    pub fn encode(&mut self, text: &str) -> Vec<(Vec<u8>, f32)> {
        let mut runs: Vec<(Vec<u8>, f32)> = vec![(Vec::with_capacity(text.len() * 2), 0.0)];
        let mut before = None;
        for c in text.chars() {
            let (gid, _) = self.glyph(c);
            if let Some(b) = before {
                let k = self.kern(b, gid);
                if k != 0.0 {
                    if let Some(last) = runs.last_mut() {
                        last.1 = k;
                    }
                    runs.push((Vec::new(), 0.0));
                }
            }
            let new = self.remapper.remap(gid);
            self.unicode.entry(new).or_insert(c);
            if let Some(last) = runs.last_mut() {
                last.0.extend_from_slice(&new.to_be_bytes());
            }
            before = Some(gid);
        }
        runs
    }

    pub fn ascent(&self) -> f32 {
        self.ascent
    }
}

/// The regular and bold fonts of a printout.
pub struct Fonts {
    pub regular: Font,
    pub bold: Font,
}

impl Fonts {
    /// Finds DejaVu Sans (and its bold) in `dir` or the usual font folders.
    pub fn find(dir: Option<&Path>) -> Result<Fonts, String> {
        let dirs: Vec<PathBuf> = match dir {
            Some(d) => vec![d.to_owned()],
            None => FONT_DIRS.iter().map(PathBuf::from).collect(),
        };
        let find = |names: &[&str]| {
            dirs.iter()
                .flat_map(|d| names.iter().map(move |n| d.join(n)))
                .find(|p| p.is_file())
        };
        let Some(regular) = find(&["DejaVuSans.ttf", "NotoSans-Regular.ttf"]) else {
            let looked = dirs
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ");
            return Err(format!(
                "no font found (looked for DejaVuSans.ttf in {looked}): install the Debian package \
                 fonts-dejavu-core, or pass --font-dir with a folder holding DejaVuSans.ttf"
            ));
        };
        let bold = find(&["DejaVuSans-Bold.ttf", "NotoSans-Bold.ttf"]).unwrap_or(regular.clone());
        Ok(Fonts {
            regular: Font::load(&regular)?,
            bold: Font::load(&bold)?,
        })
    }

    pub fn get(&mut self, face: Face) -> &mut Font {
        match face {
            Face::Regular => &mut self.regular,
            Face::Bold => &mut self.bold,
        }
    }
}

/// The six capital letters naming a subset (PDF 32000-1, 9.6.4): made from the subset's bytes,
/// so two different subsets of one font, in files merged or imposed later, never share a name.
fn subset_tag(subset: &[u8]) -> String {
    // FNV-1a, 64 bits
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in subset {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..6)
        .map(|_| {
            let c = char::from(b'A' + (h % 26) as u8);
            h /= 26;
            c
        })
        .collect()
}

/// Writes `font` as a Type0 font with its subset embedded, from `first` on; returns the next
/// free reference.
pub fn embed(pdf: &mut Pdf, font: &Font, type0: Ref, first: i32) -> Result<i32, String> {
    let cid = Ref::new(first);
    let descriptor = Ref::new(first + 1);
    let file = Ref::new(first + 2);
    let cmap_ref = Ref::new(first + 3);
    let subset = subsetter::subset(&font.data, 0, &font.remapper)
        .map_err(|e| format!("cannot embed the font {}: {e:?}", font.name))?;
    let base = format!("{}+{}", subset_tag(&subset), font.name);
    let base = Name(base.as_bytes());
    pdf.type0_font(type0)
        .base_font(base)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap_ref);
    // widths by new glyph id
    let mut by_new: Vec<(u16, f32)> = Vec::new();
    let face = ttf_parser::Face::parse(&font.data, 0).map_err(|e| e.to_string())?;
    for old in font.remapper.remapped_gids() {
        let new = font.remapper.get(old).unwrap_or(0);
        let adv = face
            .glyph_hor_advance(ttf_parser::GlyphId(old))
            .unwrap_or(0) as f32
            / font.units_per_em;
        by_new.push((new, adv * 1000.0));
    }
    by_new.sort_by_key(|(n, _)| *n);
    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    {
        let mut c = pdf.cid_font(cid);
        c.subtype(CidFontType::Type2)
            .base_font(base)
            .system_info(info)
            .font_descriptor(descriptor)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let mut w = c.widths();
        for (n, adv) in &by_new {
            w.consecutive(*n, [*adv]);
        }
    }
    let k = 1000.0;
    pdf.font_descriptor(descriptor)
        .name(base)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(
            font.bbox[0] * k,
            font.bbox[1] * k,
            font.bbox[2] * k,
            font.bbox[3] * k,
        ))
        .italic_angle(0.0)
        .ascent(font.ascent * k)
        .descent(font.descent * k)
        .cap_height(font.cap_height * k)
        .stem_v(80.0)
        .font_file2(file);
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6);
    pdf.stream(file, &packed).filter(Filter::FlateDecode);
    let mut cmap = UnicodeCmap::new(Name(b"Custom"), info);
    let mut pairs: Vec<(&u16, &char)> = font.unicode.iter().collect();
    pairs.sort();
    for (g, c) in pairs {
        cmap.pair(*g, *c);
    }
    let cmap = cmap.finish();
    pdf.cmap(cmap_ref, &cmap);
    Ok(first + 4)
}

#[cfg(test)]
mod tests {
    use super::{Face, Fonts, subset_tag};

    #[test]
    fn pairs_the_font_kerns_are_narrower_than_their_letters_apart() {
        let mut fonts = Fonts::find(None).expect("DejaVu Sans (fonts-dejavu-core)");
        for face in [Face::Regular, Face::Bold] {
            let f = fonts.get(face);
            let apart = f.width("T") + f.width("o");
            assert!(
                f.width("To") < apart - 0.05,
                "{face:?}: To {}",
                f.width("To")
            );
            // no pair to kern: the letters' widths add up
            assert_eq!(f.width("ll"), 2.0 * f.width("l"));
            // the runs a TJ shows: split where the pair is kerned, by the same amount
            let runs = f.encode("Tonale");
            assert_eq!(runs.len(), 2, "{runs:?}");
            assert!((f.width("To") - apart - runs[0].1).abs() < 1e-6);
            assert_eq!(runs[1].1, 0.0);
        }
    }

    #[test]
    fn a_subset_is_named_by_six_capitals_of_its_own() {
        let a = subset_tag(b"glyphs of one subset");
        assert_eq!(a.len(), 6);
        assert!(a.chars().all(|c| c.is_ascii_uppercase()), "{a}");
        assert_eq!(a, subset_tag(b"glyphs of one subset"));
        assert_ne!(a, subset_tag(b"glyphs of another subset"));
    }
}
