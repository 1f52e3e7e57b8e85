//! Code actions: the fix a finding carries (the change `orbat-validate --fix` makes), made as
//! edits to the editor's texts, for the findings in the asked range.

use lsp_types::{CodeAction, CodeActionKind, Range, TextEdit, WorkspaceEdit};
use orbat_validator::diagnostic::Fix;
use orbat_validator::fix::plan_with;
use orbat_validator::{Diagnostic, Report};

use crate::convert;
use crate::position::{Encoding, Lines};
use crate::workspace::FileView;

pub fn actions(view: &FileView<'_>, range: Range, encoding: Encoding) -> Vec<CodeAction> {
    let wanted = view.lines.span(range);
    let mut out = Vec::new();
    for d in view.findings_in(wanted) {
        let Some(fix) = &d.fix else {
            continue;
        };
        let Some(edit) = edit(view, d, encoding) else {
            continue;
        };
        out.push(CodeAction {
            title: title(fix),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![convert::diagnostic(d, view.analysis, encoding)]),
            edit: Some(edit),
            is_preferred: Some(true),
            ..CodeAction::default()
        });
    }
    out
}

fn title(fix: &Fix) -> String {
    match fix {
        Fix::Replace { to, .. } => format!("Did you mean `{to}`? Replace it"),
        Fix::DeleteItem => "Remove this duplicate".to_owned(),
        Fix::AddText { key, name, .. } => format!("Add the text entry `{key}` (name \"{name}\")"),
    }
}

/// The finding's fix planned by the validator's `--fix` code against the analysed texts, as
/// the smallest edit per file.
fn edit(view: &FileView<'_>, d: &Diagnostic, encoding: Encoding) -> Option<WorkspaceEdit> {
    let texts = &view.analysis.texts;
    let sources = texts.files.to_vec();
    let report = Report {
        diagnostics: vec![d.clone()],
        sources,
        ..Report::default()
    };
    let plan = plan_with(&report, |path| texts.get(path).map(str::to_owned));
    let edits = plan.files.iter().map(|file| {
        let (span, text) = smallest_change(&file.before, &file.after);
        let lines = Lines::new(&file.before, encoding);
        (
            file.path.clone(),
            TextEdit::new(lines.range(&span), text.to_owned()),
        )
    });
    convert::workspace_edit(edits)
}

/// The span of `before` that differs from `after`, and what replaces it.
fn smallest_change<'a>(before: &str, after: &'a str) -> (std::ops::Range<usize>, &'a str) {
    let prefix = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    (
        prefix..before.len() - suffix,
        &after[prefix..after.len() - suffix],
    )
}

#[cfg(test)]
mod tests {
    use super::smallest_change;

    #[test]
    fn only_the_changed_middle_is_replaced() {
        assert_eq!(
            smallest_change("a: \"erzerum\"", "a: \"erzurum\""),
            (7..8, "u")
        );
        assert_eq!(smallest_change("ab", "abc"), (2..2, "c"));
        assert_eq!(smallest_change("aXa", "aa"), (1..2, ""));
        assert_eq!(smallest_change("é1é", "é2é"), (2..3, "2"));
    }
}
