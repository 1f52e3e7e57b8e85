//! Rule levels chosen by the user of a run, as clippy and ruff users set them: `--deny CODE`
//! makes a warning an error, `--allow CODE` leaves a warning unreported, `--warn CODE` keeps a
//! warning a warning (even under `--deny warnings`). The same lists may live in an `orbat.toml`
//! found upward from the checked path; the command line wins over the file, code by code.
//! Errors stay errors: only a game's own `allow`, with its reason, can set a finding aside.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::registry;
use crate::rule::{Allowability, SetLevel};
pub use crate::rule::{Level, Origin};

/// The levels of a run, by registry code.
#[derive(Debug, Default)]
pub struct Levels {
    by_code: BTreeMap<&'static str, (Level, Origin)>,
}

/// What applying the levels did to a report.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Warnings made errors.
    pub denied: usize,
    /// Warnings left unreported.
    pub allowed: usize,
}

/// The `[rules]` table of an `orbat.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    #[serde(default)]
    rules: RuleLists,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleLists {
    #[serde(default)]
    deny: Vec<toml::Spanned<String>>,
    #[serde(default)]
    warn: Vec<toml::Spanned<String>>,
    #[serde(default)]
    allow: Vec<toml::Spanned<String>>,
}

impl Levels {
    /// Sets `level` for `code` (as the user wrote it, any case), or says why it cannot be.
    pub fn set(&mut self, code: &str, level: Level, origin: Origin) -> Result<(), String> {
        let registry_code = match registry::allowability(code) {
            // a game's own check (checks.ron): which exist is known only once a folder is
            // read, and only its warnings are ever denied or allowed (apply)
            Allowability::Unknown if code.starts_with(crate::rules::game::interned::PREFIX) => {
                &*Box::leak(code.to_owned().into_boxed_str())
            }
            Allowability::Unknown => {
                return Err(format!(
                    "`{code}` is not a rule code; `orbat-validate --list-rules` lists them"
                ));
            }
            Allowability::Error(c) if level != Level::Deny => {
                return Err(format!(
                    "`{c}` is an error, and errors stay errors: fix what it finds (a game may set a warning aside in game.ron's `allow`, with a reason, never an error)"
                ));
            }
            Allowability::NotAllowable(c, why, instead) if level == Level::Allow => {
                return Err(format!("`{c}` cannot be allowed: {why}; {instead}"));
            }
            Allowability::Allowable(c) | Allowability::Error(c) => c,
            Allowability::NotAllowable(c, ..) => c,
        };
        if let Some((other, at)) = self.by_code.get(registry_code)
            && *at == origin
            && *other != level
        {
            return Err(format!(
                "`{registry_code}` is both {} and {} in the {origin}",
                other.as_str(),
                level.as_str()
            ));
        }
        self.by_code.insert(registry_code, (level, origin));
        Ok(())
    }

    /// Adds the levels of an `orbat.toml` for the codes the command line did not set.
    pub fn add_config(&mut self, path: &Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let at = |span: std::ops::Range<usize>| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("{}:{line}:{column}", path.display())
        };
        let config: ConfigFile = toml::from_str(&text).map_err(|e| {
            let place = e.span().map_or_else(|| path.display().to_string(), at);
            format!(
                "{place}: {}; an orbat.toml holds a `[rules]` table with `deny`, `warn` and `allow` lists of rule codes",
                e.message()
            )
        })?;
        let origin = Origin::Config(path.to_owned());
        let mut file = Levels::default();
        for (list, level) in [
            (&config.rules.deny, Level::Deny),
            (&config.rules.warn, Level::Warn),
            (&config.rules.allow, Level::Allow),
        ] {
            for code in list {
                file.set(code.get_ref(), level, origin.clone())
                    .map_err(|e| format!("{}: {e}", at(code.span())))?;
            }
        }
        for (code, set) in file.by_code {
            self.by_code.entry(code).or_insert(set);
        }
        Ok(())
    }

    /// Whether no level was set.
    pub fn is_empty(&self) -> bool {
        self.by_code.is_empty()
    }

    /// Makes denied warnings errors and drops allowed warnings; each finding a level changed
    /// or kept a warning carries that level and where it was set ([`Diagnostic::level`]).
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) -> Applied {
        let mut applied = Applied::default();
        if self.by_code.is_empty() {
            return applied;
        }
        diagnostics.retain_mut(|d| {
            if d.severity != Severity::Warning {
                return true;
            }
            let Some((level, origin)) = self.by_code.get(d.code) else {
                return true;
            };
            match level {
                Level::Deny => {
                    d.severity = Severity::Error;
                    applied.denied += 1;
                }
                Level::Allow => {
                    applied.allowed += 1;
                    return false;
                }
                Level::Warn => {}
            }
            d.level = Some(SetLevel {
                level: *level,
                origin: origin.clone(),
            });
            true
        });
        applied
    }

    /// One line for the human summary: which levels were set, and where.
    pub fn describe(&self, applied: &Applied) -> String {
        let set: Vec<String> = self
            .by_code
            .iter()
            .map(|(code, (level, origin))| format!("{code} {} ({origin})", level.as_str()))
            .collect();
        let mut line = format!("rule levels: {}", set.join(", "));
        let warnings = |n: usize| {
            if n == 1 {
                "1 warning".to_owned()
            } else {
                format!("{n} warnings")
            }
        };
        if applied.denied > 0 {
            line.push_str(&format!("; {} made errors", warnings(applied.denied)));
        }
        if applied.allowed > 0 {
            line.push_str(&format!("; {} not reported", warnings(applied.allowed)));
        }
        line
    }
}

/// The `orbat.toml` nearest to `path`: in its folder (itself, when a folder) or the nearest
/// one above.
pub fn find_config(path: &Path) -> Option<PathBuf> {
    let start = std::path::absolute(path).ok()?;
    let start = if start.is_dir() {
        start
    } else {
        start.parent()?.to_owned()
    };
    start
        .ancestors()
        .map(|dir| dir.join("orbat.toml"))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_judged_before_a_run() {
        let mut l = Levels::default();
        assert!(l.set("p004", Level::Deny, Origin::CommandLine).is_ok());
        assert!(l.set("T002", Level::Allow, Origin::CommandLine).is_ok());
        let e = l.set("Z999", Level::Deny, Origin::CommandLine).unwrap_err();
        assert!(e.contains("not a rule code"), "{e}");
        let e = l
            .set("R002", Level::Allow, Origin::CommandLine)
            .unwrap_err();
        assert!(e.contains("errors stay errors"), "{e}");
        let e = l.set("R002", Level::Warn, Origin::CommandLine).unwrap_err();
        assert!(e.contains("errors stay errors"), "{e}");
        let e = l
            .set("P004", Level::Allow, Origin::CommandLine)
            .unwrap_err();
        assert!(e.contains("both denied and allowed"), "{e}");
    }

    #[test]
    fn the_command_line_wins_over_the_file_code_by_code() {
        let dir = tempfile_dir();
        let path = dir.join("orbat.toml");
        std::fs::write(
            &path,
            "[rules]\ndeny = [\"P004\", \"M003\"]\nallow = [\"T002\"]\n",
        )
        .unwrap();
        let mut l = Levels::default();
        l.set("P004", Level::Warn, Origin::CommandLine).unwrap();
        l.add_config(&path).unwrap();
        assert_eq!(l.by_code["P004"].0, Level::Warn);
        assert_eq!(l.by_code["M003"].0, Level::Deny);
        assert_eq!(l.by_code["T002"].0, Level::Allow);
        std::fs::write(
            &path,
            "[rules]\ndeny = [\"P004\"]\nallow = [\n  \"R002\",\n]\n",
        )
        .unwrap();
        let e = Levels::default().add_config(&path).unwrap_err();
        assert!(e.contains("orbat.toml:4:3: `R002` is an error"), "{e}");
        std::fs::write(&path, "[rules]\nignore = [\"P004\"]\n").unwrap();
        let e = Levels::default().add_config(&path).unwrap_err();
        assert!(e.contains("orbat.toml:2:1"), "{e}");
        assert_eq!(find_config(&dir.join("nested")), Some(path.clone()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("orbat-levels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
