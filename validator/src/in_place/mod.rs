//! Saving a game file by editing its text in place: only what changed is rewritten, and the
//! designer's comments, blank lines, field order and layout stay byte for byte everywhere else.
//!
//! Three texts go in: the file as the designer wrote it (`original`), the canonical text of the
//! model read from it (`was`), and the canonical text of the model to save (`now`). Where `was`
//! and `now` agree, the original's text is kept; where they differ, the original is edited
//! there only ([`merge`]): a changed value replaced, an entity added in its neighbours' style,
//! one removed with the comments above it and on its line, a list reordered with each entity's
//! comments moving with it. The result is read back and must give `now`'s model; a file the
//! writer cannot edit so is refused with the reason, never reprinted.

mod elements;
mod format;
mod layout;
mod merge;
mod refusal;

pub use format::with_comments;
pub use refusal::Refusal;

/// The original text with only what differs between `was` and `now` rewritten. `reread` gives
/// the canonical text of the model read from a text (None when it does not read): the result
/// must reread as `now`.
pub fn rewrite(
    original: &str,
    was: &str,
    now: &str,
    reread: impl Fn(&str) -> Option<String>,
) -> Result<String, Refusal> {
    if was == now {
        return Ok(original.to_owned());
    }
    let parse =
        |text| ron2::ast::parse_document(text).map_err(|e| Refusal::Unreadable(e.to_string()));
    let (o, c0, c1) = (parse(original)?, parse(was)?, parse(now)?);
    let (Some(ov), Some(v0), Some(v1)) = (&o.value, &c0.value, &c1.value) else {
        return Err(Refusal::Unreadable("the file holds no value".into()));
    };
    let mut m = merge::Merge::new(original, was, now);
    let mut out = String::with_capacity(original.len() + 64);
    let root = ov.span();
    out.push_str(&original[..root.start_offset]);
    m.merge(ov, v0, v1, &mut out);
    out.push_str(&original[root.end_offset..]);
    if !m.lost.is_empty() {
        return Err(Refusal::WouldLoseComments(m.lost));
    }
    match reread(&out) {
        Some(text) if text == now => Ok(out),
        _ => Err(Refusal::NotFaithful),
    }
}

#[cfg(test)]
mod format_tests;
#[cfg(test)]
mod tests;

/// The canonical text of the model of `kind` read from `text`, if it reads (what [`rewrite`]
/// compares its result with).
pub fn reread(kind: crate::file_kind::FileKind, text: &str) -> Option<String> {
    let (parsed, _) = crate::load::ron_json::parse(text).ok()?;
    crate::file_kind::FileValue::from_json(kind, parsed.value)
        .ok()?
        .to_text()
        .ok()
}

/// `original` (the text `was` was read from) with only what differs in `now` rewritten.
pub fn save_text(
    original: &str,
    was: &crate::file_kind::FileValue,
    now: &crate::file_kind::FileValue,
) -> Result<String, Refusal> {
    let canonical = |v: &crate::file_kind::FileValue| {
        v.to_text().map_err(|e| Refusal::Unreadable(e.to_string()))
    };
    // the model says nothing changed (0 and -0.0 are equal numbers, though their canonical
    // texts differ): the file stays as it is (found by the writer fuzz target)
    if was == now {
        return Ok(original.to_owned());
    }
    let kind = now.kind();
    rewrite(original, &canonical(was)?, &canonical(now)?, |t| {
        reread(kind, t)
    })
}

/// `original` with the change `edited` makes to its model (`edited` being `original` changed
/// by text edits, as `--fix` plans them) written in place by [`save_text`]: what is unchanged
/// keeps its bytes, a removed entity goes with its comments, new text takes the file's style
/// and line endings. Refused when either text does not read as a `kind` model, or where
/// [`save_text`] refuses.
pub fn save_edited(
    kind: crate::file_kind::FileKind,
    original: &str,
    edited: &str,
) -> Result<String, Refusal> {
    let read = |text: &str| {
        let (parsed, _) = crate::load::ron_json::parse(text).map_err(|e| e.message)?;
        crate::file_kind::FileValue::from_json(kind, parsed.value).map_err(|e| e.to_string())
    };
    let was = read(original).map_err(Refusal::Unreadable)?;
    let now = read(edited).map_err(|_| Refusal::NotFaithful)?;
    save_text(original, &was, &now)
}
