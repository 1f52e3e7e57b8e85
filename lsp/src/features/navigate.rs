//! Go to definition, find references and rename, for every id the index knows.

use lsp_types::{Location, Position, PrepareRenameResponse, TextEdit, WorkspaceEdit};
use orbat_validator::model::common::bad_id;

use crate::index::Occurrence;
use crate::uri;
use crate::workspace::{FileView, Workspace};

/// The occurrence under the cursor.
pub fn at<'w>(view: &'w FileView<'_>, position: Position) -> Option<&'w Occurrence> {
    let offset = view.lines.offset(position);
    view.analysis.index.at(&view.path, offset)
}

fn location(ws: &Workspace, view: &FileView<'_>, o: &Occurrence) -> Option<Location> {
    let lines = ws.lines_of(view.analysis, &o.file)?;
    Some(Location::new(uri::from_path(&o.file), lines.range(&o.span)))
}

pub fn definition(ws: &Workspace, view: &FileView<'_>, position: Position) -> Option<Location> {
    let o = at(view, position)?;
    let def = view.analysis.index.definition(o.kind, &o.id)?;
    location(ws, view, def)
}

pub fn references(
    ws: &Workspace,
    view: &FileView<'_>,
    position: Position,
    include_declaration: bool,
) -> Vec<Location> {
    let Some(o) = at(view, position) else {
        return Vec::new();
    };
    view.analysis
        .index
        .occurrences(o.kind, &o.id)
        .into_iter()
        .filter(|o| include_declaration || !o.is_definition())
        .filter_map(|o| location(ws, view, o))
        .collect()
}

pub fn prepare_rename(view: &FileView<'_>, position: Position) -> Option<PrepareRenameResponse> {
    let o = at(view, position)?;
    Some(PrepareRenameResponse::RangeWithPlaceholder {
        range: view.lines.range(&o.span),
        placeholder: o.id.clone(),
    })
}

/// Renames the id under the cursor in every file of its folder, or says why not.
pub fn rename(
    ws: &Workspace,
    view: &FileView<'_>,
    position: Position,
    new_name: &str,
) -> Result<WorkspaceEdit, String> {
    let o = at(view, position).ok_or("there is no id here to rename")?;
    if let Some(problem) = bad_id(new_name) {
        return Err(format!("`{new_name}` cannot be an id: {problem}"));
    }
    if new_name != o.id && view.analysis.index.definition(o.kind, new_name).is_some() {
        return Err(format!(
            "there is already a {} `{new_name}`: renaming would merge the two",
            o.kind
        ));
    }
    let edits = view
        .analysis
        .index
        .occurrences(o.kind, &o.id)
        .into_iter()
        .filter_map(|occ| {
            let lines = ws.lines_of(view.analysis, &occ.file)?;
            let edit = TextEdit::new(lines.range(&occ.span), new_name.to_owned());
            Some((occ.file.to_path_buf(), edit))
        });
    Ok(crate::convert::workspace_edit(edits).unwrap_or_default())
}
