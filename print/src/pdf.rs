//! Pages drawn in millimetres from the top-left corner, and the PDF they are written to
//! (pdf-writer): fonts embedded as subsets, the map's backdrop as an image.

use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};

use crate::fit::Fitted;
use crate::font::{Face, Fonts};

pub use crate::measure::{PT, Rgb};
pub const BLACK: Rgb = (0.0, 0.0, 0.0);
pub const WHITE: Rgb = (1.0, 1.0, 1.0);
pub const GREY: Rgb = (0.55, 0.55, 0.55);

/// How text sits on its x.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A decoded image (8-bit RGB, and alpha when it has any).
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
    pub alpha: Option<Vec<u8>>,
    /// A JPEG file embedded as it is (its bytes and colour components) instead of `rgb`.
    pub jpeg: Option<(Vec<u8>, u8)>,
}

/// One page being drawn.
pub struct Page {
    pub width: f32,
    pub height: f32,
    content: Content,
    uses_image: bool,
}

impl Page {
    pub fn new(width: f32, height: f32) -> Page {
        Page {
            width,
            height,
            content: Content::new(),
            uses_image: false,
        }
    }

    fn y(&self, y: f32) -> f32 {
        (self.height - y) * PT
    }

    pub fn fill(&mut self, c: Rgb) {
        self.content.set_fill_rgb(c.0, c.1, c.2);
    }

    pub fn stroke(&mut self, c: Rgb, width_mm: f32) {
        self.content.set_stroke_rgb(c.0, c.1, c.2);
        self.content.set_line_width(width_mm * PT);
    }

    pub fn dash(&mut self, on: bool) {
        if on {
            self.content.set_dash_pattern([2.0 * PT, 1.2 * PT], 0.0);
        } else {
            self.content.set_dash_pattern([], 0.0);
        }
    }

    /// A rectangle, filled and/or stroked with the colours set.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: bool, stroke: bool) {
        self.content.rect(x * PT, self.y(y + h), w * PT, h * PT);
        self.paint(fill, stroke);
    }

    fn paint(&mut self, fill: bool, stroke: bool) {
        match (fill, stroke) {
            (true, true) => self.content.fill_nonzero_and_stroke(),
            (true, false) => self.content.fill_nonzero(),
            (false, true) => self.content.stroke(),
            (false, false) => self.content.end_path(),
        };
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        let (a, b) = (self.y(y1), self.y(y2));
        self.content
            .move_to(x1 * PT, a)
            .line_to(x2 * PT, b)
            .stroke();
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[(f32, f32)], fill: bool, stroke: bool) {
        let Some(first) = points.first() else { return };
        let y0 = self.y(first.1);
        self.content.move_to(first.0 * PT, y0);
        for p in &points[1..] {
            let y = self.y(p.1);
            self.content.line_to(p.0 * PT, y);
        }
        self.content.close_path();
        self.paint(fill, stroke);
    }

    /// A circle (four Bézier arcs).
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: bool, stroke: bool) {
        let k = 0.552_284_8 * r;
        let (x, y) = (cx * PT, self.y(cy));
        let (r, k) = (r * PT, k * PT);
        let c = &mut self.content;
        c.move_to(x + r, y);
        c.cubic_to(x + r, y + k, x + k, y + r, x, y + r);
        c.cubic_to(x - k, y + r, x - r, y + k, x - r, y);
        c.cubic_to(x - r, y - k, x - k, y - r, x, y - r);
        c.cubic_to(x + k, y - r, x + r, y - k, x + r, y);
        c.close_path();
        self.paint(fill, stroke);
    }

    /// A rectangle with corners rounded to radius `r` (quarter circles as Bézier arcs).
    #[allow(clippy::too_many_arguments)]
    pub fn rounded_rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        fill: bool,
        stroke: bool,
    ) {
        let r = r.clamp(0.0, w.min(h) / 2.0) * PT;
        let k = 0.552_284_8 * r;
        let (l, rt) = (x * PT, (x + w) * PT);
        let (top, bottom) = (self.y(y), self.y(y + h));
        let c = &mut self.content;
        c.move_to(l + r, bottom);
        c.line_to(rt - r, bottom);
        c.cubic_to(rt - r + k, bottom, rt, bottom + r - k, rt, bottom + r);
        c.line_to(rt, top - r);
        c.cubic_to(rt, top - r + k, rt - r + k, top, rt - r, top);
        c.line_to(l + r, top);
        c.cubic_to(l + r - k, top, l, top - r + k, l, top - r);
        c.line_to(l, bottom + r);
        c.cubic_to(l, bottom + r - k, l + r - k, bottom, l + r, bottom);
        c.close_path();
        self.paint(fill, stroke);
    }

    /// A wavy line of `n` crests from `x` to `x + w` about `y`, `amp` mm high, stroked.
    pub fn wave(&mut self, x: f32, y: f32, w: f32, amp: f32, n: usize) {
        let n = n.max(1);
        let step = w / n as f32 * PT;
        let (x0, y0, a) = (x * PT, self.y(y), amp * PT);
        let c = &mut self.content;
        c.move_to(x0, y0);
        for i in 0..n {
            let s = x0 + step * i as f32;
            c.cubic_to(
                s + step / 3.0,
                y0 + a * 2.0,
                s + step * 2.0 / 3.0,
                y0 - a * 2.0,
                s + step,
                y0,
            );
        }
        c.stroke();
    }

    /// One line of text with its baseline at `y`, in the fill colour set.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        fonts: &mut Fonts,
        face: Face,
        size_pt: f32,
        x: f32,
        y: f32,
        align: Align,
        text: &str,
    ) {
        if text.is_empty() {
            return;
        }
        let font = fonts.get(face);
        let w = font.width(text) * size_pt / PT;
        let x = match align {
            Align::Left => x,
            Align::Center => x - w / 2.0,
            Align::Right => x - w,
        };
        let bytes = font.encode(text);
        let name = match face {
            Face::Regular => Name(b"F1"),
            Face::Bold => Name(b"F2"),
        };
        let y = self.y(y);
        self.content
            .begin_text()
            .set_font(name, size_pt)
            .set_text_matrix([1.0, 0.0, 0.0, 1.0, x * PT, y]);
        {
            let mut shown = self.content.show_positioned();
            let mut items = shown.items();
            for (glyphs, kern) in &bytes {
                items.show(Str(glyphs));
                if *kern != 0.0 {
                    // TJ subtracts its numbers, in thousandths of the font size
                    items.adjust(-kern * 1000.0);
                }
            }
        }
        self.content.end_text();
    }

    /// Fitted lines in a box whose top is `top`, aligned on `x`.
    #[allow(clippy::too_many_arguments)]
    pub fn lines(
        &mut self,
        fonts: &mut Fonts,
        face: Face,
        fitted: &Fitted,
        x: f32,
        top: f32,
        align: Align,
    ) {
        let lead = fitted.size * 1.15 / PT;
        let asc = fonts.get(face).ascent() * fitted.size / PT;
        for (i, l) in fitted.lines.iter().enumerate() {
            let y = top + asc + lead * i as f32;
            self.text(fonts, face, fitted.size, x, y, align, l);
        }
    }

    /// The backdrop image, stretched over the rectangle.
    pub fn image(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.uses_image = true;
        let bottom = self.y(y + h);
        self.content.save_state();
        self.content
            .transform([w * PT, 0.0, 0.0, h * PT, x * PT, bottom]);
        self.content.x_object(Name(b"Im1"));
        self.content.restore_state();
    }

    pub fn save(&mut self) {
        self.content.save_state();
    }

    pub fn restore(&mut self) {
        self.content.restore_state();
    }

    /// Clips what follows to a rectangle (until [`Page::restore`]).
    pub fn clip(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.content.rect(x * PT, self.y(y + h), w * PT, h * PT);
        self.content.clip_nonzero();
        self.content.end_path();
    }

    /// Moves the origin (in mm, page space), for a map tile.
    pub fn shift(&mut self, dx: f32, dy: f32) {
        self.content
            .transform([1.0, 0.0, 0.0, 1.0, dx * PT, -dy * PT]);
    }
}

/// Writes the pages as a PDF.
pub fn write(
    pages: Vec<Page>,
    fonts: &Fonts,
    image: Option<&Image>,
    title: &str,
) -> Result<Vec<u8>, String> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let f1 = Ref::new(3);
    let f2 = Ref::new(4);
    let im = Ref::new(5);
    let smask = Ref::new(6);
    let info = Ref::new(7);
    let mut next = 8;
    pdf.catalog(catalog).pages(tree);
    pdf.document_info(info)
        .title(pdf_writer::TextStr(title))
        .creator(pdf_writer::TextStr("orbat-print"));
    let mut kids = Vec::with_capacity(pages.len());
    for p in pages {
        let id = Ref::new(next);
        let content = Ref::new(next + 1);
        next += 2;
        kids.push(id);
        {
            let mut page = pdf.page(id);
            page.media_box(Rect::new(0.0, 0.0, p.width * PT, p.height * PT));
            page.parent(tree);
            page.contents(content);
            let mut res = page.resources();
            res.fonts().pair(Name(b"F1"), f1).pair(Name(b"F2"), f2);
            if p.uses_image && image.is_some() {
                res.x_objects().pair(Name(b"Im1"), im);
            }
            res.finish();
        }
        let raw = p.content.finish();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 3);
        pdf.stream(content, &packed).filter(Filter::FlateDecode);
    }
    let count = kids.len() as i32;
    pdf.pages(tree).kids(kids).count(count);
    if let Some((bytes, components)) = image.and_then(|i| i.jpeg.as_ref()) {
        let img = image.expect("has a JPEG");
        let mut x = pdf.image_xobject(im, bytes);
        x.filter(Filter::DctDecode);
        x.width(img.width as i32)
            .height(img.height as i32)
            .bits_per_component(8);
        match components {
            1 => x.color_space().device_gray(),
            4 => x.color_space().device_cmyk(),
            _ => x.color_space().device_rgb(),
        };
        x.finish();
    } else if let Some(img) = image {
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&img.rgb, 3);
        let mut x = pdf.image_xobject(im, &packed);
        x.filter(Filter::FlateDecode);
        x.width(img.width as i32)
            .height(img.height as i32)
            .bits_per_component(8);
        x.color_space().device_rgb();
        if img.alpha.is_some() {
            x.s_mask(smask);
        }
        x.finish();
        if let Some(a) = &img.alpha {
            let packed = miniz_oxide::deflate::compress_to_vec_zlib(a, 3);
            let mut m = pdf.image_xobject(smask, &packed);
            m.filter(Filter::FlateDecode);
            m.width(img.width as i32)
                .height(img.height as i32)
                .bits_per_component(8);
            m.color_space().device_gray();
            m.finish();
        }
    }
    next = crate::font::embed(&mut pdf, &fonts.regular, f1, next)?;
    crate::font::embed(&mut pdf, &fonts.bold, f2, next)?;
    Ok(pdf.finish())
}
