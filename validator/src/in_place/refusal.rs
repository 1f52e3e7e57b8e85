//! Why a file could not be edited in place, in the user's words.

use std::fmt;

/// Why a file could not be edited in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The original text does not parse: it is not rewritten (its own findings say why).
    Unreadable(String),
    /// Editing would delete comments that belong to a value that still exists (its text had
    /// to be replaced whole): their lines, 1-based.
    WouldLoseComments(Vec<usize>),
    /// The edited text does not read back as the model to save (a case the writer does not
    /// handle).
    NotFaithful,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unreadable(why) => write!(f, "the file as it is does not read: {why}"),
            Refusal::WouldLoseComments(lines) => write!(
                f,
                "the comments on line{} {} sit inside a value that is replaced whole, and would be lost",
                if lines.len() == 1 { "" } else { "s" },
                lines
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Refusal::NotFaithful => write!(
                f,
                "edited in place, the file would not read back as what is saved"
            ),
        }
    }
}
