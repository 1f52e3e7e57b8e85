//! `--format-write` for a file with comments: the canonical text, with each comment of the
//! original carried onto the element it belongs to, so formatting never deletes or reorders
//! what a designer wrote.
//!
//! Every comment is attached, in the original's order, to one element of a container: above it
//! (the lines before it, and any comment between its key and its value), trailing it (the rest
//! of its line), or below the container's last element. A comment on an element the canonical
//! form leaves out (a field written with its default) goes above the next element. A value the
//! canonical form writes on one line is spread over lines, as rustfmt does, when a comment is
//! attached inside it, so that each comment has a line (or a line's end) of its own
//! ([`super::layout`] prints the result). Formatting the result again changes nothing.

use std::ops::Range;

use ron2::ast::Expr;

use super::elements::{Container, Kind, container, unwrap_some};
use super::layout::{Block, Laid, Part, print_root};
use super::refusal::Refusal;

/// `canonical` (the canonical text of the model read from `original`) with every comment of
/// `original` where it belongs; refused only when a text does not parse.
pub fn with_comments(original: &str, canonical: &str) -> Result<String, Refusal> {
    let parse =
        |text| ron2::ast::parse_document(text).map_err(|e| Refusal::Unreadable(e.to_string()));
    let (o, c) = (parse(original)?, parse(canonical)?);
    let (Some(ov), Some(cv)) = (&o.value, &c.value) else {
        return Err(Refusal::Unreadable("the file holds no value".into()));
    };
    let mut a = Attach {
        o: original,
        c: canonical,
        comments: crate::comment::comments(original),
        next: 0,
    };
    let os = ov.span();
    let mut above = a.take(os.start_offset);
    let (root, pre, post) = a.value(ov, cv);
    above.extend(pre);
    let mut trailing = post;
    trailing.extend(a.take(a.own_end(os.end_offset)));
    let below = a.take(original.len());
    debug_assert_eq!(a.next, a.comments.len(), "every comment is attached");
    let nl = if crate::text_style::TextStyle::of(canonical).crlf {
        "\r\n"
    } else {
        "\n"
    };
    let root = Part {
        above,
        head: "",
        value: root,
        trailing,
    };
    let tail = &canonical[cv.span().end_offset..];
    Ok(print_root(&root, &below, tail, nl))
}

/// The walk of the original's tree beside the canonical one, taking the original's comments
/// in order.
struct Attach<'t> {
    o: &'t str,
    c: &'t str,
    comments: Vec<Range<usize>>,
    /// The first comment not attached yet.
    next: usize,
}

/// A value laid out, with the comments before its inside (to go above its element) and after
/// it (to trail its element).
type Taken<'t> = (Laid<'t>, Vec<&'t str>, Vec<&'t str>);

impl<'t> Attach<'t> {
    /// The comments not attached yet that start before `pos`, in order (a line comment
    /// without the blanks that end its line).
    fn take(&mut self, pos: usize) -> Vec<&'t str> {
        let mut taken = Vec::new();
        while let Some(r) = self.comments.get(self.next).filter(|r| r.start < pos) {
            let text = &self.o[r.clone()];
            taken.push(if text.starts_with("//") {
                text.trim_end()
            } else {
                text
            });
            self.next += 1;
        }
        taken
    }

    /// Where the text an element owns ends: from `from` (past its comma), past the blanks and
    /// comments that follow on its line, and past that line's end.
    fn own_end(&self, from: usize) -> usize {
        let b = self.o.as_bytes();
        let mut i = from;
        loop {
            while matches!(b.get(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            let comment = self.comments[self.next..]
                .binary_search_by_key(&i, |r| r.start)
                .ok();
            match comment {
                Some(k) => i = self.comments[self.next + k].end,
                None if b[i..].starts_with(b"\r\n") => return i + 2,
                None if b.get(i) == Some(&b'\n') => return i + 1,
                None => return i,
            }
        }
    }

    /// `c` (the canonical text of the value `o` is written as) laid out with the comments
    /// inside `o`.
    fn value(&mut self, o: &Expr<'_>, c: &Expr<'_>) -> Taken<'t> {
        let (os, cs) = (o.span(), c.span());
        let canonical: &'t str = self.c;
        let whole = &canonical[cs.start_offset..cs.end_offset];
        let (uo, uc) = (unwrap_some(o), unwrap_some(c));
        let pair = container(uo).zip(container(uc));
        let Some((ko, kc, of)) = pair.and_then(|(ko, kc)| matched(&ko, &kc).map(|of| (ko, kc, of)))
        else {
            // not the same container (or no container): its comments go above its element
            return (Laid::Plain(whole), self.take(os.end_offset), Vec::new());
        };
        let pre = self.take(ko.open_end);
        let (parts, below) = self.container(&ko, &kc, &of, uo.span().end_offset - 1);
        let post = self.take(os.end_offset);
        let holds = !below.is_empty()
            || parts.iter().any(|p| {
                !p.above.is_empty() || !p.trailing.is_empty() || matches!(p.value, Laid::Block(_))
            });
        if !holds && !whole.contains('\n') {
            return (Laid::Plain(whole), pre, post);
        }
        let close = uc.span().end_offset - 1;
        let block = Block {
            open: &canonical[cs.start_offset..kc.open_end],
            close: &canonical[close..cs.end_offset],
            tuple: kc.kind == Kind::Tuple,
            parts,
            below,
        };
        (Laid::Block(block), pre, post)
    }

    /// The elements of a container (in the canonical order) with their comments, and the
    /// comments below the last; `close` is where the original's closing bracket is.
    fn container(
        &mut self,
        ko: &Container<'_, '_>,
        kc: &Container<'_, '_>,
        of: &[Option<usize>],
        close: usize,
    ) -> (Vec<Part<'t>>, Vec<&'t str>) {
        let canonical: &'t str = self.c;
        let mut slots: Vec<Option<Part<'t>>> = kc.elements.iter().map(|_| None).collect();
        // comments of elements the canonical form leaves out, for the next element
        let mut pending = Vec::new();
        // the canonical element each original one is (the first, of two with one key)
        let mut is = vec![None; ko.elements.len()];
        for (k, i) in of.iter().enumerate() {
            if let Some(i) = *i {
                is[i] = is[i].or(Some(k));
            }
        }
        for (i, oe) in ko.elements.iter().enumerate() {
            let mut above = std::mem::take(&mut pending);
            above.extend(self.take(oe.value.span().start_offset));
            let end = self.own_end(oe.comma_end.unwrap_or(oe.value.span().end_offset));
            let Some(k) = is[i] else {
                pending = above;
                pending.extend(self.take(end));
                continue;
            };
            let ce = &kc.elements[k];
            let (value, pre, post) = self.value(oe.value, ce.value);
            above.extend(pre);
            let mut trailing = post;
            trailing.extend(self.take(end));
            slots[k] = Some(Part {
                above,
                head: &canonical[ce.start..ce.value.span().start_offset],
                value,
                trailing,
            });
        }
        pending.extend(self.take(close));
        let parts = slots
            .into_iter()
            .zip(&kc.elements)
            .map(|(slot, ce)| {
                let vs = ce.value.span();
                slot.unwrap_or(Part {
                    above: Vec::new(),
                    head: &canonical[ce.start..vs.start_offset],
                    value: Laid::Plain(&canonical[vs.start_offset..vs.end_offset]),
                    trailing: Vec::new(),
                })
            })
            .collect();
        (parts, pending)
    }
}

/// Which element of the original each canonical element is, when the two containers are of
/// one kind (lists and tuples element by element, maps and structs by key).
fn matched(ko: &Container<'_, '_>, kc: &Container<'_, '_>) -> Option<Vec<Option<usize>>> {
    if ko.kind != kc.kind {
        return None;
    }
    match kc.kind {
        Kind::List | Kind::Tuple if ko.elements.len() == kc.elements.len() => {
            Some((0..kc.elements.len()).map(Some).collect())
        }
        Kind::Map | Kind::Fields => {
            // the first element of each key (a text file's map has thousands)
            let mut at = std::collections::HashMap::with_capacity(ko.elements.len());
            for (i, e) in ko.elements.iter().enumerate() {
                at.entry(e.key.as_deref()).or_insert(i);
            }
            Some(
                kc.elements
                    .iter()
                    .map(|e| at.get(&e.key.as_deref()).copied())
                    .collect(),
            )
        }
        _ => None,
    }
}
