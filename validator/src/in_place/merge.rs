//! The three-way merge behind [`super::rewrite`]: the original's syntax tree walked beside the
//! canonical trees of the model before (`c0`) and after (`c1`) the edit.

use std::collections::HashMap;

use ron2::ast::Expr;

use super::elements::{Container, Element, Kind, container, identity, unwrap_some};

pub struct Merge<'t> {
    o: &'t str,
    c0: &'t str,
    c1: &'t str,
    /// The line ending new text is written with: the original's own.
    nl: &'static str,
    /// Lines of comments that a whole replacement would delete.
    pub lost: Vec<usize>,
}

/// One element of a merged container, before the commas between elements are settled.
struct Piece {
    pre: String,
    body: String,
    has_comma: bool,
    post: String,
}

fn slice<'t>(text: &'t str, e: &Expr<'_>) -> &'t str {
    let s = e.span();
    &text[s.start_offset..s.end_offset]
}

/// The whitespace that starts the line holding `pos`, and whether only whitespace comes
/// before `pos` on it (the element starts its own line).
pub(super) fn indent_of(text: &str, pos: usize) -> (&str, bool) {
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..pos];
    let indent_len = line.len() - line.trim_start_matches([' ', '\t']).len();
    (&line[..indent_len], indent_len == line.len())
}

/// Where the text an element owns ends: past its comma, then past the rest of its line when
/// only blanks and a line comment follow (so each element's line comment moves with it).
pub(super) fn own_end(text: &str, from: usize) -> usize {
    let rest = &text[from..];
    let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let after = &rest[blanks..];
    if after.starts_with("//") {
        from + blanks + after.find('\n').map_or(after.len(), |i| i + 1)
    } else if after.starts_with("\r\n") {
        from + blanks + 2
    } else if after.starts_with('\n') {
        from + blanks + 1
    } else {
        from + blanks
    }
}

impl<'t> Merge<'t> {
    pub fn new(o: &'t str, c0: &'t str, c1: &'t str) -> Self {
        Merge {
            o,
            c0,
            c1,
            nl: if crate::text_style::TextStyle::of(o).crlf {
                "\r\n"
            } else {
                "\n"
            },
            lost: Vec::new(),
        }
    }

    /// Writes the text that stands in `o`'s place: `o`'s own where the value did not change.
    pub fn merge(&mut self, o: &Expr<'_>, v0: &Expr<'_>, v1: &Expr<'_>, out: &mut String) {
        if slice(self.c0, v0) == slice(self.c1, v1) {
            out.push_str(slice(self.o, o));
            return;
        }
        // `Some(x)`: the wrapper kept, the inside merged
        if let Expr::Option(opt) = o
            && let Some(inner) = &opt.value
            && !matches!(unwrap_some(v1), Expr::Option(_))
        {
            let (start, end) = (opt.span.start_offset, opt.span.end_offset);
            let inside = inner.expr.span();
            out.push_str(&self.o[start..inside.start_offset]);
            self.merge(&inner.expr, unwrap_some(v0), unwrap_some(v1), out);
            out.push_str(&self.o[inside.end_offset..end]);
            return;
        }
        let (v0, v1) = (unwrap_some(v0), unwrap_some(v1));
        match (container(o), container(v0), container(v1)) {
            (Some(co), Some(k0), Some(k1))
                if co.kind == k0.kind
                    && k0.kind == k1.kind
                    && (co.name.is_none() || k1.name.is_none() || co.name == k1.name)
                    && k0.name == k1.name =>
            {
                if !self.containers(o, &co, &k0, &k1, out) {
                    self.replace(o, v1, out);
                }
            }
            _ => self.replace(o, v1, out),
        }
    }

    /// `o` replaced whole by `v1`'s canonical text, lined up with `o`'s indentation; comments
    /// inside `o` are noted as lost.
    fn replace(&mut self, o: &Expr<'_>, v1: &Expr<'_>, out: &mut String) {
        let span = o.span();
        let old = &self.o[span.start_offset..span.end_offset];
        let mut from = 0;
        while let Some(at) = crate::comment::first_comment(&old[from..]) {
            let pos = span.start_offset + from + at;
            self.lost.push(self.o[..pos].matches('\n').count() + 1);
            from += at + 2;
        }
        let start = v1.span().start_offset;
        let text = self.reindent(
            slice(self.c1, v1),
            indent_of(self.c1, start).0,
            indent_of(self.o, span.start_offset).0,
        );
        out.push_str(&text);
    }

    /// `text`'s lines after the first moved from indentation `from` to `to`, with the
    /// original's line endings.
    fn reindent(&self, text: &str, from: &str, to: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                out.push_str(self.nl);
                match line.strip_prefix(from) {
                    Some(rest) => {
                        out.push_str(to);
                        out.push_str(rest);
                    }
                    None => out.push_str(line),
                }
            } else {
                out.push_str(line);
            }
        }
        out
    }

    /// Merges a container element by element; false when it cannot (then it is replaced).
    fn containers(
        &mut self,
        o: &Expr<'_>,
        co: &Container<'_, '_>,
        k0: &Container<'_, '_>,
        k1: &Container<'_, '_>,
        out: &mut String,
    ) -> bool {
        let (oe, e0, e1) = (&co.elements, &k0.elements, &k1.elements);
        if oe.is_empty() {
            return false;
        }
        // which element of the original each element before the edit is
        let o_of_0: Vec<Option<usize>> = match co.kind {
            Kind::List | Kind::Tuple => {
                if oe.len() != e0.len() {
                    return false;
                }
                (0..e0.len()).map(Some).collect()
            }
            Kind::Map | Kind::Fields => e0
                .iter()
                .map(|e| oe.iter().position(|x| x.key == e.key))
                .collect(),
        };
        // which element before the edit each element after it is
        let zero_of_1 = match co.kind {
            Kind::Tuple => {
                if e0.len() != e1.len() {
                    return false;
                }
                (0..e1.len()).map(Some).collect()
            }
            Kind::Map | Kind::Fields => e1
                .iter()
                .map(|e| e0.iter().position(|x| x.key == e.key))
                .collect(),
            Kind::List => self.match_items(e0, e1),
        };
        // the original's elements that stay, and which element after the edit each becomes
        let mut one_of_o: Vec<Option<usize>> = vec![None; oe.len()];
        for (k, j) in zero_of_1.iter().enumerate() {
            if let Some(i) = j.and_then(|j| o_of_0[j]) {
                one_of_o[i] = Some(k);
            }
        }
        // a field written out though it holds its default (absent before and after in the
        // canonical text) stays as written, unless the edit gives it a value
        let explicit: Vec<Option<usize>> = oe
            .iter()
            .enumerate()
            .map(|(i, el)| {
                let in_c0 = o_of_0.contains(&Some(i));
                (!in_c0 && el.key.is_some())
                    .then(|| e1.iter().position(|x| x.key == el.key))
                    .flatten()
            })
            .collect();
        // the order written: the edit's order for lists, the original's for fields and maps
        // (new ones after the element they follow in the edit)
        enum Slot {
            Old(usize, Option<usize>),
            New(usize),
        }
        let mut order: Vec<Slot> = Vec::new();
        let placed_in_o =
            |k: usize| (0..oe.len()).find(|&i| one_of_o[i] == Some(k) || explicit[i] == Some(k));
        match co.kind {
            Kind::List | Kind::Tuple => {
                for (k, j) in zero_of_1.iter().enumerate() {
                    order.push(match j.and_then(|j| o_of_0[j]) {
                        Some(i) => Slot::Old(i, Some(k)),
                        None => Slot::New(k),
                    });
                }
            }
            Kind::Map | Kind::Fields => {
                for i in 0..oe.len() {
                    let in_c0 = o_of_0.contains(&Some(i));
                    match (in_c0, one_of_o[i], explicit[i]) {
                        (true, None, _) => {} // removed by the edit
                        (true, k, _) => order.push(Slot::Old(i, k)),
                        (false, _, k) => order.push(Slot::Old(i, k)),
                    }
                }
                for k in 0..e1.len() {
                    if placed_in_o(k).is_some() {
                        continue;
                    }
                    // after the slot of the nearest element before it in the edit
                    let after = (0..k).rev().find_map(|p| {
                        order.iter().position(|s| match s {
                            Slot::Old(_, Some(q)) | Slot::New(q) => *q == p,
                            Slot::Old(_, None) => false,
                        })
                    });
                    order.insert(after.map_or(0, |a| a + 1), Slot::New(k));
                }
            }
        }
        // each original element's own text: from the end of the one before (or the line
        // after the opening bracket) to the end of its line
        let head_end = {
            let e = own_end(self.o, co.open_end);
            if self.o[co.open_end..e].contains('\n') {
                e
            } else {
                co.open_end
            }
        };
        let mut bounds = Vec::with_capacity(oe.len());
        let mut start = head_end;
        for el in oe {
            let value_end = el.value.span().end_offset;
            let end = own_end(self.o, el.comma_end.unwrap_or(value_end));
            bounds.push((start, end));
            start = end;
        }
        let tail_start = start;
        let span = o.span();
        out.push_str(&self.o[span.start_offset..head_end]);
        let mut pieces: Vec<Piece> = Vec::with_capacity(order.len());
        let neighbour = &oe[0];
        for slot in &order {
            pieces.push(match *slot {
                Slot::Old(i, k) => {
                    let el = &oe[i];
                    let (start, end) = bounds[i];
                    let value = el.value.span();
                    let mut body = String::new();
                    match k {
                        Some(k) => {
                            let new = &e1[k];
                            let key_part = if new.key == el.key {
                                &self.o[el.start..value.start_offset]
                            } else {
                                &self.c1[new.start..new.value.span().start_offset]
                            };
                            body.push_str(key_part);
                            match zero_of_1[k] {
                                Some(j) if o_of_0[j] == Some(i) => {
                                    self.merge(el.value, e0[j].value, new.value, &mut body)
                                }
                                _ => self.replace(el.value, new.value, &mut body),
                            }
                        }
                        None => body.push_str(&self.o[el.start..value.end_offset]),
                    }
                    Piece {
                        pre: self.o[start..el.start].to_owned(),
                        body,
                        has_comma: el.comma_end.is_some(),
                        post: self.o[value.end_offset..end].to_owned(),
                    }
                }
                Slot::New(k) => self.new_piece(neighbour, &e1[k]),
            });
        }
        let n = pieces.len();
        // the last element of a container written on one line takes no comma after it (the
        // one before a removed last element would be left dangling)
        if let Some(last) = pieces.last_mut()
            && !last.post.contains('\n')
        {
            let t = last.post.trim_end();
            last.post = t.strip_suffix(',').unwrap_or(t).to_owned();
            last.has_comma = true;
        }
        for (idx, mut p) in pieces.into_iter().enumerate() {
            if idx + 1 < n && !p.has_comma {
                p.post.insert(0, ',');
            }
            if idx > 0 && !p.pre.contains('\n') && p.pre.is_empty() && !out.ends_with([' ', '\n']) {
                out.push(' ');
            }
            out.push_str(&p.pre);
            out.push_str(&p.body);
            out.push_str(&p.post);
        }
        out.push_str(&self.o[tail_start..span.end_offset]);
        true
    }

    /// A new element, written in the style of `neighbour` (its indentation, on a line of its
    /// own or not).
    fn new_piece(&self, neighbour: &Element<'_, '_>, new: &Element<'_, '_>) -> Piece {
        let (indent, own_line) = indent_of(self.o, neighbour.start);
        let text = &self.c1[new.start..new.value.span().end_offset];
        let body = self.reindent(text, indent_of(self.c1, new.start).0, indent);
        if own_line {
            Piece {
                pre: indent.to_owned(),
                body,
                has_comma: true,
                post: format!(",{}", self.nl),
            }
        } else {
            Piece {
                pre: String::new(),
                body,
                has_comma: false,
                post: String::new(),
            }
        }
    }

    /// Which list item before the edit each item after it is: by identity (an id, a link's
    /// ends), then by being unchanged, then by standing where it stood (a renamed entity).
    fn match_items(&self, e0: &[Element<'_, '_>], e1: &[Element<'_, '_>]) -> Vec<Option<usize>> {
        let mut used = vec![false; e0.len()];
        let mut found: Vec<Option<usize>> = vec![None; e1.len()];
        let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
        for (j, e) in e0.iter().enumerate().rev() {
            if let Some(k) = identity(e.value) {
                by_key.entry(k).or_default().push(j);
            }
        }
        for (k, e) in e1.iter().enumerate() {
            if let Some(j) = identity(e.value).and_then(|key| by_key.get_mut(&key)?.pop()) {
                used[j] = true;
                found[k] = Some(j);
            }
        }
        let mut by_text: HashMap<&str, Vec<usize>> = HashMap::new();
        for (j, e) in e0.iter().enumerate().rev() {
            if !used[j] {
                by_text.entry(slice(self.c0, e.value)).or_default().push(j);
            }
        }
        for (k, e) in e1.iter().enumerate() {
            if found[k].is_none()
                && let Some(j) = by_text.get_mut(slice(self.c1, e.value)).and_then(Vec::pop)
                && !used[j]
            {
                used[j] = true;
                found[k] = Some(j);
            }
        }
        for k in 0..e1.len() {
            if found[k].is_some() {
                continue;
            }
            let next = (0..k).rev().find_map(|p| found[p]).map_or(0, |j| j + 1);
            if next < e0.len() && !used[next] {
                used[next] = true;
                found[k] = Some(next);
            }
        }
        found
    }
}
