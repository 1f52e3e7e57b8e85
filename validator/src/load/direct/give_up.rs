//! How the direct path gives up: one error with no reason kept (the other path explains).

use std::fmt;

use serde::de;

/// Why this path gave up; the reason is not kept (the other path explains).
#[derive(Debug)]
pub struct GiveUp;

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not in the fast subset")
    }
}

impl std::error::Error for GiveUp {}

impl de::Error for GiveUp {
    fn custom<T: fmt::Display>(_: T) -> Self {
        GiveUp
    }
}

pub type R<T> = Result<T, GiveUp>;

pub fn need<T>(o: Option<T>) -> R<T> {
    o.ok_or(GiveUp)
}
