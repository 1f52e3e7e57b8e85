//! The placeholders of a translation against its msgid's, checked at import as
//! translate-toolkit's `pofilter` brace check does: a message whose placeholders differ is
//! refused, naming each placeholder at fault and what the source has.

use crate::analysis::text::entries::placeholders;
use crate::analysis::text::judge::placeholder_diff;

/// Why `msgstr`'s placeholders do not fit `msgid`'s, or None when they do.
pub fn mismatch(msgid: &str, msgstr: &str) -> Option<String> {
    let has = || {
        let list = placeholders(msgid);
        if list.is_empty() {
            "the source has no placeholder".to_owned()
        } else {
            let mut seen: Vec<String> = Vec::new();
            for p in list {
                let p = format!("{{{p}}}");
                if !seen.contains(&p) {
                    seen.push(p);
                }
            }
            format!("the source has {}", seen.join(", "))
        }
    };
    if let Some(open) = unclosed(msgstr) {
        let cut: String = msgstr[open..].chars().take(30).collect();
        return Some(format!(
            "a placeholder with a missing `}}`: `{}` ({}); keep each placeholder exactly as written",
            super::error::shown(&cut),
            has()
        ));
    }
    let diff = placeholder_diff(Some(msgid), Some(msgstr));
    if diff.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    for p in &diff.extra {
        parts.push(format!(
            "{{{}}} is not in the source",
            super::error::shown(p)
        ));
    }
    for p in &diff.missing {
        parts.push(format!("{{{}}} is missing", super::error::shown(p)));
    }
    Some(format!(
        "placeholders differ from the source: {} ({}); keep each placeholder exactly as written",
        parts.join(", "),
        has()
    ))
}

/// The offset of a `{` with no `}` before the next `{` or the end.
fn unclosed(text: &str) -> Option<usize> {
    let mut open = None;
    for (i, c) in text.char_indices() {
        match c {
            '{' if open.is_some() => return open,
            '{' => open = Some(i),
            '}' => open = None,
            _ => {}
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "{unit:ott-army} arrives in {space:moldavia}.";

    #[test]
    fn each_fault_is_named_with_what_the_source_has() {
        assert_eq!(
            mismatch(SRC, "{unit:ott-army} kommt in {space:moldavia} an."),
            None
        );
        assert_eq!(mismatch(SRC, "In {space:moldavia}: {unit:ott-army}."), None);
        let has = "the source has {unit:ott-army}, {space:moldavia}";
        assert_eq!(
            mismatch(SRC, "{unit:ott-army} kommt in {Raum:moldavia} an.").unwrap(),
            format!(
                "placeholders differ from the source: {{Raum:moldavia}} is not in the source, {{space:moldavia}} is missing ({has}); keep each placeholder exactly as written"
            )
        );
        assert!(
            mismatch(SRC, "{unit:ott-army} kommt an.")
                .unwrap()
                .contains("{space:moldavia} is missing")
        );
        assert!(
            mismatch(SRC, "{unit:ott-army} kommt in {space:moldova} an.")
                .unwrap()
                .contains("{space:moldova} is not in the source")
        );
        let cut = mismatch(SRC, "{unit:ott-army} kommt in {space:moldavia an.").unwrap();
        assert!(
            cut.starts_with("a placeholder with a missing `}`: `{space:moldavia an.`"),
            "{cut}"
        );
        assert!(
            mismatch("x", "{a")
                .unwrap()
                .contains("the source has no placeholder")
        );
        assert!(
            mismatch(SRC, "{unit:ott-army {space:moldavia}")
                .unwrap()
                .contains("missing `}`")
        );
    }
}
