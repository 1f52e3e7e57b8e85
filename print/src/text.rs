//! What a printout says in the chosen language: names and texts of text.<lang>.ron by key
//! (`card:alpini`), falling back to the source language with one warning per missing entry,
//! then to the printout's default for a word no file gives (a label's English word, a deck
//! group's id as words: `orbat_validator::analysis::printed`), with one warning listing
//! every such key; and `{card:alpini}` references in texts replaced by the named entity's name.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use orbat_validator::GameFolder;
use orbat_validator::analysis::printed;
use orbat_validator::model::TextEntries;

/// The warnings of a run, each said once, in order.
#[derive(Default)]
pub struct Warnings {
    seen: RefCell<BTreeSet<String>>,
    pub list: RefCell<Vec<String>>,
}

impl Warnings {
    pub fn warn(&self, message: String) {
        if self.seen.borrow_mut().insert(message.clone()) {
            self.list.borrow_mut().push(message);
        }
    }
}

/// The texts of one language, with the source language's behind them.
pub struct Texts<'a> {
    pub language: String,
    chosen: Option<&'a TextEntries>,
    source: Option<&'a TextEntries>,
    file: String,
    /// The chosen language is not the source language.
    fallback: bool,
    pub warnings: &'a Warnings,
    /// What the printout shows for a key no file gives (`label:fort`: "Fort").
    defaults: HashMap<String, String>,
    /// The keys printed from their default for want of an entry, in a language that is not
    /// English.
    english: RefCell<BTreeSet<String>>,
}

impl<'a> Texts<'a> {
    /// The texts of `language` (None: the source language) in `folder`.
    pub fn new(
        folder: &'a GameFolder,
        language: Option<&str>,
        warnings: &'a Warnings,
    ) -> Result<Texts<'a>, String> {
        let game = folder.game.as_ref().map(|g| &g.value);
        let source_lang = game.map(|g| g.source_language.clone()).unwrap_or_default();
        let language = language.map(str::to_owned).unwrap_or(source_lang.clone());
        let by_lang = |l: &str| {
            folder
                .texts
                .iter()
                .find(|(lang, _)| lang == l)
                .map(|(_, d)| &d.value.entries)
        };
        let known: Vec<String> = game.map(|g| g.languages.clone()).unwrap_or_default();
        let chosen = by_lang(&language);
        if chosen.is_none() && !known.contains(&language) && language != source_lang {
            let mut have: Vec<String> = folder.texts.iter().map(|(l, _)| l.clone()).collect();
            have.sort();
            return Err(format!(
                "the game has no language `{language}` (no text.{language}.ron in {}): choose one of {}",
                folder.dir.display(),
                have.join(", ")
            ));
        }
        Ok(Texts {
            file: format!("text.{language}.ron"),
            fallback: language != source_lang,
            language,
            chosen,
            source: by_lang(&source_lang),
            warnings,
            defaults: printed::defaults(folder).into_iter().collect(),
            english: RefCell::default(),
        })
    }

    fn entry(&self, key: &str) -> Option<&'a orbat_validator::model::TextEntry> {
        if let Some(e) = self.chosen.and_then(|t| t.get(key)) {
            return Some(e);
        }
        let e = self.source.and_then(|t| t.get(key));
        if e.is_some() && self.fallback {
            self.warnings.warn(format!(
                "{} has no entry `{key}`: printed in the source language",
                self.file
            ));
        }
        e
    }

    /// The name of `kind:id`: its entry in the chosen language, else in the source language,
    /// else the printout's default for it (a label's English word, a deck group's id as
    /// words), else the id.
    pub fn name(&self, kind: &str, id: &str) -> String {
        let key = if id.is_empty() {
            kind.to_owned()
        } else {
            format!("{kind}:{id}")
        };
        match self.entry(&key) {
            Some(e) if e.name.trim().is_empty() => self
                .source_part(&key, "name", |s| {
                    Some(s.name.to_string()).filter(|n| !n.trim().is_empty())
                })
                .unwrap_or_else(|| self.unnamed(key, id)),
            Some(e) => e.name.to_string(),
            None => self.unnamed(key, id),
        }
    }

    /// What is printed for `key` when no file names it: its default (the key noted, in a
    /// language that is not English), else the id.
    fn unnamed(&self, key: String, id: &str) -> String {
        match self.defaults.get(&key) {
            Some(word) => {
                let word = word.clone();
                if !self.language.starts_with("en") {
                    self.english.borrow_mut().insert(key);
                }
                word
            }
            None => id.to_owned(),
        }
    }

    /// Orbat's own word `id` (`fort`, `cards-in-hand`...): the game's `label:<id>` entry, or
    /// its English word.
    pub fn label(&self, id: &'static str) -> String {
        self.name("label", id)
    }

    /// Label `id` with its slots (`{n}`) filled.
    pub fn label_with(&self, id: &'static str, slots: &[(&str, &str)]) -> String {
        fill(&self.label(id), slots)
    }

    /// One warning listing every word printed from its default, in English, in another
    /// language's printout.
    pub fn warn_english_labels(&self) {
        let keys = self.english.borrow();
        if keys.is_empty() {
            return;
        }
        let keys: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
        self.warnings.warn(format!(
            "{} of the printout's own words are in English: {} has no {} (add them to print those words in {}; `orbat-po export` offers each)",
            keys.len(),
            self.file,
            keys.join(", "),
            self.language
        ));
    }

    /// The long text of `kind:id` with its references replaced by names.
    pub fn long(&self, kind: &str, id: &str) -> Option<String> {
        let key = format!("{kind}:{id}");
        let entry = self.entry(&key)?;
        match entry.text.as_deref().filter(|t| !t.trim().is_empty()) {
            Some(text) => Some(self.resolve(text)),
            // a translation in progress: its title without its text yet
            None => {
                let text =
                    self.source_part(&key, "text", |s| s.text.as_deref().map(str::to_owned))?;
                Some(self.resolve(&text))
            }
        }
    }

    /// A part of the source language's entry `key` that the chosen language's entry lacks
    /// (its name or text, not translated yet), with one warning.
    fn source_part(
        &self,
        key: &str,
        part: &str,
        get: impl Fn(&orbat_validator::model::TextEntry) -> Option<String>,
    ) -> Option<String> {
        if !self.fallback {
            return None;
        }
        let found = self.source.and_then(|t| t.get(key)).and_then(get)?;
        self.warnings.warn(format!(
            "{} has no {part} for `{key}` yet: printed in the source language",
            self.file
        ));
        Some(found)
    }

    /// Replaces `{kind:id}` with the entity's name.
    pub fn resolve(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) => {
                    let inner = &after[..close];
                    match inner.split_once(':') {
                        Some((k, id)) if !k.is_empty() && !id.contains(' ') => {
                            out.push_str(&self.name(k, id))
                        }
                        _ => {
                            out.push('{');
                            out.push_str(inner);
                            out.push('}');
                        }
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push_str(&rest[open..]);
                    rest = "";
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// `template` with each `{slot}` replaced by its value.
pub fn fill(template: &str, slots: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (slot, value) in slots {
        out = out.replace(&format!("{{{slot}}}"), value);
    }
    out
}
