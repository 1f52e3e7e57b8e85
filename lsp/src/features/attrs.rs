//! An entity's `attrs: {...}`: completion (as a key, the attributes its game declares for that
//! kind of entity, with their type and description; as a value, what the attribute's
//! declaration allows: its named values, or the ids of the kind it names) and hover on a key
//! (its declaration).

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, Range, TextEdit,
};
use orbat_validator::FileKind;
use orbat_validator::model::{AttrDecl, AttrKind, Holder};

use crate::analysis::Analysis;

/// The kind of entity whose `attrs` the field path (the part before `attrs`) is in.
pub fn holder(file: FileKind, path: &[String]) -> Option<Holder> {
    let owner = path.last().map(String::as_str);
    Some(match (file, owner) {
        (FileKind::Map, Some("spaces")) => Holder::Space,
        (FileKind::Map, Some("links")) => Holder::Link,
        (FileKind::Units, Some("units")) => Holder::Unit,
        (FileKind::Cards, Some("cards")) => Holder::Card,
        (FileKind::Game, Some("factions")) => Holder::Faction,
        (FileKind::Game, Some("areas")) => Holder::Area,
        (FileKind::Game, Some("marker_kinds")) => Holder::MarkerKind,
        (FileKind::Game, Some("tracks")) => Holder::Track,
        (FileKind::Game, None) => Holder::Game,
        (FileKind::Scenario, Some("placements")) => Holder::Placement,
        (FileKind::Scenario, None) => Holder::Scenario,
        _ => return None,
    })
}

fn declared(analysis: &Analysis, holder: Holder) -> impl Iterator<Item = &AttrDecl> {
    analysis
        .folder
        .game
        .iter()
        .flat_map(|g| g.value.attributes.iter())
        .filter(move |d| d.on.contains(&holder))
}

/// The attributes declared for `holder`, as keys.
pub fn names(analysis: &Analysis, holder: Holder, range: Range) -> Vec<CompletionItem> {
    declared(analysis, holder)
        .map(|d| CompletionItem {
            label: d.id.to_string(),
            kind: Some(CompletionItemKind::FIELD),
            detail: Some(d.describe()),
            documentation: (!d.description.is_empty())
                .then(|| Documentation::String(d.description.clone())),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                range,
                d.id.to_string(),
            ))),
            ..CompletionItem::default()
        })
        .collect()
}

/// What the attribute `key` of `holder` may be, as a string value.
pub fn values(analysis: &Analysis, holder: Holder, key: &str, range: Range) -> Vec<CompletionItem> {
    let key = key.trim_matches('"');
    let Some(d) = declared(analysis, holder).find(|d| d.id == key) else {
        return Vec::new();
    };
    let options: Vec<String> = match (d.kind, d.of) {
        (AttrKind::OneOf, _) => d.values.iter().map(|v| v.to_string()).collect(),
        (AttrKind::Ref, Some(of)) => analysis.ids_of(of.as_str()),
        _ => Vec::new(),
    };
    options
        .into_iter()
        .map(|v| CompletionItem {
            label: v.clone(),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            detail: Some(format!("{}: {}", d.id, d.describe())),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, v))),
            ..CompletionItem::default()
        })
        .collect()
}

/// The declaration of the attribute whose key is under `offset` of `text`, in Markdown.
pub fn hover(analysis: &Analysis, file: FileKind, text: &str, offset: usize) -> Option<String> {
    let mut at = None;
    crate::context::literals(text, |field, l| {
        if l.key && l.span.start <= offset && offset <= l.span.end && field.ends_with("attrs") {
            at = Some((field.to_owned(), text[l.span].to_owned()));
        }
    });
    let (field, key) = at?;
    let owner: Vec<String> = field
        .split('/')
        .filter(|p| !p.is_empty() && *p != "attrs")
        .map(str::to_owned)
        .collect();
    let holder = holder(file, &owner)?;
    let Some(d) = declared(analysis, holder).find(|d| d.id == key) else {
        return Some(format!(
            "`{key}`: no attribute of this name is declared for a {} (game.ron `attributes`)",
            holder.as_str()
        ));
    };
    let mut out = format!(
        "**{}** (attribute of a {}): {}",
        d.id,
        holder.as_str(),
        d.describe()
    );
    if !d.description.is_empty() {
        out.push_str(&format!("\n\n{}", d.description));
    }
    Some(out)
}
