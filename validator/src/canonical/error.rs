//! The one error of canonical writing: a value RON cannot spell.

use std::fmt;

use serde::ser;

/// A value that cannot be written as RON (e.g. a coordinate that is not a finite number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteError(pub String);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WriteError {}

impl ser::Error for WriteError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        WriteError(msg.to_string())
    }
}
