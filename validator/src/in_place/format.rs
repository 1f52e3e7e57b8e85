//! `--format-write` for a file with comments: the canonical text, with each comment of the
//! original carried onto the element it belongs to (the lines above an entity, the rest of its
//! line), so formatting never deletes what a designer wrote.

use ron2::ast::Expr;

use super::elements::{Container, Kind, container, unwrap_some};
use super::merge::{indent_of, own_end};
use super::refusal::Refusal;

/// `canonical` (the canonical text of the model read from `original`) with `original`'s
/// comments where they belong; refused when a comment sits where the canonical layout has no
/// line for it (inside a value written on one line).
pub fn with_comments(original: &str, canonical: &str) -> Result<String, Refusal> {
    let parse =
        |text| ron2::ast::parse_document(text).map_err(|e| Refusal::Unreadable(e.to_string()));
    let (o, c) = (parse(original)?, parse(canonical)?);
    let (Some(ov), Some(cv)) = (&o.value, &c.value) else {
        return Err(Refusal::Unreadable("the file holds no value".into()));
    };
    let mut t = Transplant {
        o: original,
        c: canonical,
        nl: if crate::text_style::TextStyle::of(canonical).crlf {
            "\r\n"
        } else {
            "\n"
        },
        lost: Vec::new(),
    };
    let mut out = String::with_capacity(canonical.len() + original.len() / 4);
    // what comes before and after the value (comments at the top of the file) as written
    let os = ov.span();
    out.push_str(&original[..os.start_offset]);
    t.value(ov, cv, &mut out);
    out.push_str(&original[os.end_offset..]);
    if t.lost.is_empty() {
        Ok(out)
    } else {
        Err(Refusal::WouldLoseComments(t.lost))
    }
}

struct Transplant<'t> {
    o: &'t str,
    c: &'t str,
    /// The canonical text's line ending, for the comment lines added.
    nl: &'static str,
    lost: Vec<usize>,
}

impl<'t> Transplant<'t> {
    /// The comment lines between two elements of the original (`//` lines, trimmed); a block
    /// comment there has no line of its own to go to: lost.
    fn comment_lines(&mut self, from: usize, to: usize) -> Vec<&'t str> {
        let text: &'t str = self.o;
        let lines: Vec<&str> = text[from..to]
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if lines
            .iter()
            .all(|l| l.starts_with("//") && !l.contains("/*"))
        {
            lines
        } else {
            self.lose(from, to);
            Vec::new()
        }
    }

    fn line_of(&self, pos: usize) -> usize {
        self.o[..pos].matches('\n').count() + 1
    }

    /// Notes every comment inside `o[from..to]` as lost.
    fn lose(&mut self, from: usize, to: usize) {
        let mut at = from;
        while let Some(k) = crate::comment::first_comment(&self.o[at..to]) {
            self.lost.push(self.line_of(at + k));
            at += k + 2;
        }
    }

    /// Writes `c`'s text with the comments of `o` (the same value as written) carried over.
    fn value(&mut self, o: &Expr<'_>, c: &Expr<'_>, out: &mut String) {
        let cs = c.span();
        let os = o.span();
        let (o, c_in) = (unwrap_some(o), unwrap_some(c));
        match (container(o), container(c_in)) {
            (Some(ko), Some(kc)) if ko.kind == kc.kind && !ko.elements.is_empty() => {
                // the canonical text up to the inner value, then the inside
                let inner = c_in.span();
                out.push_str(&self.c[cs.start_offset..inner.start_offset]);
                self.container(&ko, &kc, o, c_in, out);
                out.push_str(&self.c[inner.end_offset..cs.end_offset]);
            }
            _ => {
                self.lose(os.start_offset, os.end_offset);
                out.push_str(&self.c[cs.start_offset..cs.end_offset]);
            }
        }
    }

    fn container(
        &mut self,
        ko: &Container<'_, '_>,
        kc: &Container<'_, '_>,
        o: &Expr<'_>,
        c: &Expr<'_>,
        out: &mut String,
    ) {
        let (os, cs) = (o.span(), c.span());
        // which element of the original each canonical element is
        let of: Vec<Option<usize>> = match kc.kind {
            Kind::List | Kind::Tuple if ko.elements.len() == kc.elements.len() => {
                (0..kc.elements.len()).map(Some).collect()
            }
            Kind::Map | Kind::Fields => kc
                .elements
                .iter()
                .map(|e| ko.elements.iter().position(|x| x.key == e.key))
                .collect(),
            _ => {
                self.lose(os.start_offset, os.end_offset);
                out.push_str(&self.c[cs.start_offset..cs.end_offset]);
                return;
            }
        };
        // comments of fields written with their default (not in the canonical text) are lost
        for (i, el) in ko.elements.iter().enumerate() {
            if !of.contains(&Some(i)) {
                let end = el.comma_end.unwrap_or(el.value.span().end_offset);
                self.lose(el.start, end);
            }
        }
        // each original element's text: from the end of the one before it to the end of its line
        let mut bounds = Vec::with_capacity(ko.elements.len());
        let mut start = ko.open_end;
        for e in &ko.elements {
            let end = own_end(self.o, e.comma_end.unwrap_or(e.value.span().end_offset));
            bounds.push((start, end));
            start = end;
        }
        let tail = start;
        let mut pos = cs.start_offset;
        for (k, el) in kc.elements.iter().enumerate() {
            let Some(i) = of[k] else { continue };
            let oe = &ko.elements[i];
            let (o_start, o_end) = bounds[i];
            let o_value_end = oe.value.span().end_offset;
            let above = self.comment_lines(o_start, oe.start);
            let original: &'t str = self.o;
            let after = &original[o_value_end..o_end];
            let trailing = match (after.find("//"), after.contains("/*")) {
                (_, true) => {
                    self.lose(o_value_end, o_end);
                    None
                }
                (Some(k), false) => Some(after[k..].trim_end()),
                (None, false) => None,
            };
            // the canonical element's line, and whether it has one of its own
            let (indent, own_line) = indent_of(self.c, el.start);
            out.push_str(&self.c[pos..el.start]);
            if !above.is_empty() {
                if own_line {
                    for line in &above {
                        out.push_str(line);
                        out.push_str(self.nl);
                        out.push_str(indent);
                    }
                } else {
                    self.lose(o_start, oe.start);
                }
            }
            out.push_str(&self.c[el.start..el.value.span().start_offset]);
            self.value(oe.value, el.value, out);
            pos = el.value.span().end_offset;
            if let Some(comment) = trailing {
                let c_end = own_end(self.c, el.comma_end.unwrap_or(pos));
                let line_end = self.c[..c_end].trim_end_matches(['\n', '\r']).len();
                if own_line && !self.c[pos..line_end].contains('\n') {
                    out.push_str(&self.c[pos..line_end]);
                    out.push(' ');
                    out.push_str(comment);
                    pos = line_end;
                } else {
                    self.lose(o_value_end, o_end);
                }
            }
        }
        // comments after the last element, before the closing bracket
        let below = self.comment_lines(tail.min(os.end_offset), os.end_offset - 1);
        let close = cs.end_offset - 1;
        if !below.is_empty() {
            let (indent, own_line) = match kc.elements.last() {
                Some(l) => indent_of(self.c, l.start),
                None => ("", false),
            };
            if own_line {
                let line_start = self.c[..close].rfind('\n').map_or(close, |k| k + 1);
                out.push_str(&self.c[pos..line_start]);
                for line in &below {
                    out.push_str(indent);
                    out.push_str(line);
                    out.push_str(self.nl);
                }
                pos = line_start;
            } else {
                self.lose(tail, os.end_offset);
            }
        }
        out.push_str(&self.c[pos..cs.end_offset]);
    }
}
