//! Target (b)'s input: a base game folder and structure-aware edits of its files, with the
//! dictionaries the edits draw their tokens and nesting constructs from.

use arbitrary::Arbitrary;

/// A game folder to start from, and the edits made to it.
#[derive(Debug, Arbitrary)]
pub struct FolderInput {
    pub base: u8,
    pub edits: Vec<FileEdit>,
}

/// One edit of one file of the folder (the file picked by index, modulo the file count).
#[derive(Debug, Arbitrary)]
pub struct FileEdit {
    pub file: u8,
    pub at: u16,
    pub op: Op,
}

#[derive(Debug, Arbitrary)]
pub enum Op {
    /// Removes up to this many bytes.
    Delete(u8),
    /// Inserts a token.
    Insert(Token),
    /// Replaces the string literal (an id, a name) found at or after the position.
    ReplaceString(Token),
    /// Replaces the number found at or after the position.
    ReplaceNumber(Token),
    /// Duplicates the line at the position (a repeated space, link, unit, field...).
    DuplicateLine,
    /// Deletes the line at the position.
    DeleteLine,
    /// Moves the line at the position to another line.
    MoveLine(u16),
    /// Removes the file from the folder.
    DropFile,
    /// Renames the file to another kind's name (a scenario named like a map...).
    Rename(u8),
    /// Adds a copy of the file as another scenario or text file.
    Copy(u8),
    /// Cuts the file short.
    Truncate,
    /// Wraps the string literal found at or after the position in `depth` levels of one
    /// nesting construct (`Some(`, a list, a map, a tuple, a struct, a named struct, an enum
    /// variant): every construct that recurses, in every loader path, must stop at the nesting
    /// limit with a located error, never overflow the stack.
    Nest { construct: u8, depth: u16 },
}

/// Opening and closing text of each nesting construct [`Op::Nest`] uses.
pub(crate) const NESTING: &[(&str, &str)] = &[
    ("Some(", ")"),
    ("[", "]"),
    ("{\"k\": ", "}"),
    ("(", ",)"),
    ("(a: ", ")"),
    ("S(a: ", ")"),
    ("V(", ")"),
    ("Some([", "])"),
];

#[derive(Debug, Arbitrary)]
pub enum Token {
    /// A RON fragment from a fixed dictionary.
    Syntax(u8),
    /// One of the ids and strings found in the base folders.
    Known(u8),
    Int(i64),
    Float(f64),
    Text(String),
}

pub(crate) const SYNTAX: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "//",
    "/*",
    "*/",
    "r#\"",
    "\"#",
    "Some(",
    "None",
    "()",
    "true",
    "false",
    "-",
    "0x",
    "1e999",
    "inf",
    "NaN",
    "-1",
    "4294967296",
    "18446744073709551616",
    "\\u{0}",
    "\\",
    "\n",
    "é",
    "\u{feff}",
    "Limit(",
    "Unlimited",
    "b\"x\"",
    "'x'",
    "#![enable(implicit_some)]",
    "Game(",
    "(a: 1)",
    "{\"k\": 1}",
    "[(), ()]",
    "id: \"x\"",
    "x: 1.5",
    "kind: \"",
    "control: ",
    "links: [",
    "spaces: [",
    "units: [",
    "cards: [",
    "allow: [(rule: \"W001\")]",
    "backdrop: Some((image: \"../x.png\", width: 1, height: 1)),",
];
