//! Completion: at a reference, the ids of the kind that place needs (with their display
//! name in the source language); in a text file, entry keys and `{kind:id}` placeholders;
//! where a field name goes, the fields the schema allows there.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionResponse, CompletionTextEdit, Documentation,
    Position, Range, TextEdit,
};
use orbat_validator::FileKind;

use super::attrs;
use crate::analysis::Analysis;
use crate::context::{self, Place};
use crate::index::Kind;
use crate::kinds::{TEXT_KEY_KINDS, completion_kind, file_kind, kinds_for};
use crate::position::Lines;
use crate::schema_fields::fields;

/// Completions at `position` of `text` (the editor's current text of `path`).
pub fn complete(
    analysis: &Analysis,
    path: &std::path::Path,
    text: &str,
    lines: &Lines<'_>,
    position: Position,
) -> CompletionResponse {
    let offset = lines.offset(position);
    let Some(file) = file_kind(path) else {
        return CompletionResponse::Array(Vec::new());
    };
    let cx = context::at(text, offset);
    let replace = |start: usize| Range::new(lines.position(start), position);
    let items = match cx.place {
        Place::String { start, key: true } if file == FileKind::Text => {
            let mut items = text_keys(analysis, replace(start));
            items.push(plain("game", "the game's own name", replace(start)));
            items
        }
        // an entity's `attrs`: a key names a declared attribute, a value is one it allows
        Place::String { start, key: true } if cx.path.last().is_some_and(|p| p == "attrs") => {
            let owner = &cx.path[..cx.path.len() - 1];
            attrs::holder(file, owner)
                .map(|h| attrs::names(analysis, h, replace(start)))
                .unwrap_or_default()
        }
        Place::String { start, key: false }
            if cx.path.len() >= 2 && cx.path[cx.path.len() - 2] == "attrs" =>
        {
            let owner = &cx.path[..cx.path.len() - 2];
            let key = &cx.path[cx.path.len() - 1];
            attrs::holder(file, owner)
                .map(|h| attrs::values(analysis, h, key, replace(start)))
                .unwrap_or_default()
        }
        Place::String { start, .. } if file == FileKind::Text => {
            // inside `{...` of a text: a placeholder
            let typed = &text[start..offset];
            match typed.rfind('{').filter(|&o| !typed[o..].contains('}')) {
                Some(open) => text_keys(analysis, replace(start + open + 1)),
                None => Vec::new(),
            }
        }
        Place::String { start, .. } => {
            let kinds = kinds_for(file, &cx.field());
            kinds
                .iter()
                .flat_map(|&kind| ids(analysis, kind, replace(start), ""))
                .collect()
        }
        Place::FieldName { start } => fields(file, &cx.path)
            .into_iter()
            .map(|f| CompletionItem {
                label: f.name.clone(),
                kind: Some(CompletionItemKind::FIELD),
                documentation: f.description.map(Documentation::String),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                    replace(start),
                    format!("{}: ", f.name),
                ))),
                ..CompletionItem::default()
            })
            .collect(),
        Place::Other => Vec::new(),
    };
    CompletionResponse::Array(items)
}

/// The ids of one kind as completion items (`prefix` goes before each: `space:` in a key).
fn ids(analysis: &Analysis, kind: Kind, range: Range, prefix: &str) -> Vec<CompletionItem> {
    let mut ids = analysis.ids_of(kind);
    ids.sort();
    ids.into_iter()
        .map(|id| {
            let name = super::name_of(analysis, kind, &id);
            let label = format!("{prefix}{id}");
            CompletionItem {
                label: label.clone(),
                kind: Some(completion_kind(kind)),
                detail: Some(match name {
                    Some(n) => format!("{kind}: {n}"),
                    None => kind.to_owned(),
                }),
                // the name is searched too: typing "Vien" finds `wien`
                filter_text: Some(match name {
                    Some(n) => format!("{label} {n}"),
                    None => label.clone(),
                }),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, label))),
                ..CompletionItem::default()
            }
        })
        .collect()
}

fn text_keys(analysis: &Analysis, range: Range) -> Vec<CompletionItem> {
    TEXT_KEY_KINDS
        .iter()
        .flat_map(|(prefix, kind)| ids(analysis, kind, range, &format!("{prefix}:")))
        .collect()
}

fn plain(label: &str, detail: &str, range: Range) -> CompletionItem {
    CompletionItem {
        label: label.to_owned(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(detail.to_owned()),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            range,
            label.to_owned(),
        ))),
        ..CompletionItem::default()
    }
}
