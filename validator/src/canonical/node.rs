//! The tree a value is serialized into before printing, and the RON spelling of a string.

use std::fmt::Write as _;

/// The serde data model, as far as our files use it.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A scalar already in its RON spelling (number, bool, string literal, `()`, `None`).
    Atom(String),
    /// `Name`, `Name(x)`, `Name(a, b)` or `Name(a: x)`.
    Variant(&'static str, Option<Box<Node>>),
    Some(Box<Node>),
    Seq(Vec<Node>),
    Tuple(Vec<Node>),
    Map(Vec<(Node, Node)>),
    Struct(Vec<(&'static str, Node)>),
}

pub fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\r' => q.push_str("\\r"),
            '\t' => q.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(q, "\\u{{{:x}}}", c as u32);
            }
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

/// What serializing one value gives.
pub type Res = Result<Node, super::error::WriteError>;
