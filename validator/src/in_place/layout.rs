//! Printing a canonical text with comments attached ([`super::format`]): a value without
//! comments inside as the canonical text writes it, one with comments spread over lines, one
//! element per line (4 more spaces in), each comment on a line of its own above its element or
//! at the end of its element's line.

/// A canonical value, laid out.
pub enum Laid<'t> {
    /// As the canonical text writes it (no comment inside).
    Plain(&'t str),
    /// Spread over lines.
    Block(Block<'t>),
}

/// A container spread over lines.
pub struct Block<'t> {
    /// The canonical text up to the opening bracket, included (`Some((`, `Name(`, `[`).
    pub open: &'t str,
    /// The canonical text from the closing bracket on (`))`).
    pub close: &'t str,
    /// A tuple (a variant's parentheses): its last element takes no comma, as in the
    /// canonical `Limit(3)`.
    pub tuple: bool,
    pub parts: Vec<Part<'t>>,
    /// The comments after the last element.
    pub below: Vec<&'t str>,
}

/// One element of a spread container, with its comments.
pub struct Part<'t> {
    pub above: Vec<&'t str>,
    /// The canonical text before its value (`id: `, `"key": `; nothing for a list item).
    pub head: &'t str,
    pub value: Laid<'t>,
    pub trailing: Vec<&'t str>,
}

const INDENT: &str = "    ";

/// The whole text: the comments above the top-level value, the value, the comments after it,
/// then `tail` (the canonical text's ending).
pub fn print_root(root: &Part<'_>, below: &[&str], tail: &str, nl: &str) -> String {
    let mut out = String::new();
    for c in &root.above {
        out.push_str(c);
        out.push_str(nl);
    }
    print(&root.value, "", nl, &mut out);
    let rest = inline(&root.trailing, &mut out);
    for c in rest.iter().chain(below) {
        out.push_str(nl);
        out.push_str(c);
    }
    out.push_str(tail);
    out
}

/// Writes the comments that can end the current line (up to and including the first line
/// comment, after which nothing else can go on it); returns the others.
fn inline<'a, 't>(trailing: &'a [&'t str], out: &mut String) -> &'a [&'t str] {
    let split = trailing
        .iter()
        .position(|c| c.starts_with("//"))
        .map_or(trailing.len(), |k| k + 1);
    for c in &trailing[..split] {
        out.push(' ');
        out.push_str(c);
    }
    &trailing[split..]
}

/// Writes `value`, whose first line is indented by `indent`.
fn print(value: &Laid<'_>, indent: &str, nl: &str, out: &mut String) {
    let b = match value {
        Laid::Plain(text) => return out.push_str(text),
        Laid::Block(b) => b,
    };
    let inner = format!("{indent}{INDENT}");
    let line = |c: &str, out: &mut String| {
        out.push_str(&inner);
        out.push_str(c);
        out.push_str(nl);
    };
    out.push_str(b.open);
    out.push_str(nl);
    for (k, p) in b.parts.iter().enumerate() {
        for c in &p.above {
            line(c, out);
        }
        out.push_str(&inner);
        out.push_str(p.head);
        print(&p.value, &inner, nl, out);
        if !(b.tuple && k + 1 == b.parts.len()) {
            out.push(',');
        }
        let rest = inline(&p.trailing, out);
        out.push_str(nl);
        for c in rest {
            line(c, out);
        }
    }
    for c in &b.below {
        line(c, out);
    }
    out.push_str(indent);
    out.push_str(b.close);
}
