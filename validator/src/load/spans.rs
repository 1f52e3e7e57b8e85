//! The span index: JSON pointer -> byte range of the value (and of its key) in the RON source.
//! Built once per file while converting RON to JSON; schema errors and rule findings both
//! use it to point at `file:line:col`.

use std::collections::HashMap;
use std::ops::Range;

/// Where one value sits in its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueSpan {
    /// The value itself.
    pub value: Range<usize>,
    /// The field name or map key that introduces the value, if any.
    pub key: Option<Range<usize>>,
}

#[derive(Debug, Clone, Default)]
pub struct SpanIndex {
    spans: HashMap<String, ValueSpan>,
}

impl SpanIndex {
    pub fn insert(&mut self, pointer: String, span: ValueSpan) {
        self.spans.insert(pointer, span);
    }

    /// The span of the value at `pointer`, or of its closest ancestor that has one.
    pub fn value(&self, pointer: &str) -> Option<Range<usize>> {
        self.nearest(pointer).map(|s| s.value.clone())
    }

    /// The span of the key introducing `pointer` (falling back to the value's span).
    pub fn key_or_value(&self, pointer: &str) -> Option<Range<usize>> {
        let found = self.spans.get(pointer)?;
        Some(found.key.clone().unwrap_or_else(|| found.value.clone()))
    }

    pub fn get(&self, pointer: &str) -> Option<&ValueSpan> {
        self.spans.get(pointer)
    }

    fn nearest(&self, pointer: &str) -> Option<&ValueSpan> {
        let mut p = pointer;
        loop {
            if let Some(s) = self.spans.get(p) {
                return Some(s);
            }
            let cut = p.rfind('/')?;
            p = &p[..cut];
        }
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

/// Escapes one reference token of a JSON pointer (RFC 6901).
pub fn escape_token(token: &str) -> String {
    if token.contains(['~', '/']) {
        token.replace('~', "~0").replace('/', "~1")
    } else {
        token.to_owned()
    }
}

/// Appends a token to a pointer.
pub fn child(pointer: &str, token: &str) -> String {
    format!("{pointer}/{}", escape_token(token))
}
