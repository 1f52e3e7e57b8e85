//! L008: a game folder lacks a file it needs.

use rustc_hash::FxHashSet as HashSet;

use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Location};
use crate::load::{FileKind, GameFolder};

declare_rule! {
    /// a game folder lacks a file it needs
    ///
    /// A game needs map.ron, units.ron, cards.ron and one text file per language it declares.
    ///
    /// Bad: game.ron declares `languages: ["en", "it"]` and there is no text.it.ron.
    /// Good: add text.it.ron (it may start with no entries), or remove "it" from `languages`.
    pub static L008 = {
        name: "missing-file",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L008_1", "invalid/L008_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

/// The map, units, cards and a text file per declared language are there (or present but
/// failed to load, which their own finding reports).
pub fn check(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let Some(game) = &folder.game else { return };
    let present = |kind: FileKind, got: bool| got || folder.has_failed(kind);
    for (kind, name, got) in [
        (FileKind::Map, "map.ron", folder.map.is_some()),
        (FileKind::Units, "units.ron", folder.units.is_some()),
        (FileKind::Cards, "cards.ron", folder.cards.is_some()),
    ] {
        if !present(kind, got) {
            out.push(
                Diagnostic::new(
                    &L008,
                    format!("the game has no {name}"),
                    Location::file(folder.dir.join(name)),
                )
                .with_help(format!("create {name} in {}", folder.dir.display())),
            );
        }
    }
    let text_langs: HashSet<&str> = folder.texts.iter().map(|(l, _)| l.as_str()).collect();
    let failed_texts = folder.has_failed(FileKind::Text);
    for (i, lang) in game.value.languages.iter().enumerate() {
        if !text_langs.contains(lang.as_str()) && !failed_texts {
            out.push(
                Diagnostic::new(
                    &L008,
                    format!("the game declares language `{lang}` but has no text.{lang}.ron"),
                    game.at(&format!("/languages/{i}")),
                )
                .with_label("declared here")
                .with_help(format!(
                    "create text.{lang}.ron, or remove `{lang}` from `languages`"
                )),
            );
        }
    }
}
