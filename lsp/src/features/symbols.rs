//! The outline of a file (every id it defines, every text entry) and a search of every
//! analysed game's ids by id or display name.

use lsp_types::{DocumentSymbol, Location, SymbolInformation, SymbolKind};

use crate::analysis::Analysis;
use crate::index::{Occurrence, Role};
use crate::kinds::{symbol_kind, text_prefix};
use crate::uri;
use crate::workspace::{FileView, Workspace};

pub fn document(view: &FileView<'_>) -> Vec<DocumentSymbol> {
    let Some(list) = view.analysis.index.by_file.get(&view.path) else {
        return Vec::new();
    };
    list.iter()
        // a file's own ids; in a text file, its entries (their keys)
        .filter(|o| o.role != Role::Use)
        .map(|o| {
            let range = view.lines.range(&o.span);
            #[allow(deprecated)] // `deprecated` is a required field of the type
            DocumentSymbol {
                name: label(view.analysis, o),
                detail: Some(o.kind.to_owned()),
                kind: if o.is_definition() {
                    symbol_kind(o.kind)
                } else {
                    SymbolKind::KEY
                },
                tags: None,
                deprecated: None,
                range,
                selection_range: range,
                children: None,
            }
        })
        .collect()
}

fn label(analysis: &Analysis, o: &Occurrence) -> String {
    match super::name_of(analysis, o.kind, &o.id) {
        Some(name) if o.is_definition() => format!("{} — {name}", o.id),
        // a text entry: its key
        _ if !o.is_definition() => format!("{}:{}", text_prefix(o.kind).unwrap_or(o.kind), o.id),
        _ => o.id.clone(),
    }
}

/// Ids whose id or source-language name holds `query` (case-insensitive), in every game
/// folder analysed.
pub fn workspace(ws: &Workspace, query: &str) -> Vec<SymbolInformation> {
    let query = query.to_lowercase();
    let mut out = Vec::new();
    let mut dirs: Vec<_> = ws.analyses.keys().collect();
    dirs.sort();
    for dir in dirs {
        let analysis = &ws.analyses[dir];
        let mut defs: Vec<&Occurrence> = analysis.index.definitions().collect();
        defs.sort_by(|a, b| (&a.file, a.span.start).cmp(&(&b.file, b.span.start)));
        for o in defs {
            let name = super::name_of(analysis, o.kind, &o.id);
            let hit = o.id.to_lowercase().contains(&query)
                || name.is_some_and(|n| n.to_lowercase().contains(&query));
            if !hit {
                continue;
            }
            let Some(lines) = ws.lines_of(analysis, &o.file) else {
                continue;
            };
            let game = dir.file_name().map(|n| n.to_string_lossy().into_owned());
            #[allow(deprecated)]
            out.push(SymbolInformation {
                name: match name {
                    Some(n) => format!("{n} ({})", o.id),
                    None => o.id.clone(),
                },
                kind: symbol_kind(o.kind),
                tags: None,
                deprecated: None,
                location: Location::new(uri::from_path(&o.file), lines.range(&o.span)),
                container_name: game.map(|g| format!("{g}: {}", o.kind)),
            });
            if out.len() >= 500 {
                return out;
            }
        }
    }
    out
}
