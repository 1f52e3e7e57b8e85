//! What a translator's tool shows of an export (issue 20, item 5): a full header whose
//! translator fields survive a re-export, `#:` references to the line of the source text,
//! `#.` notes saying what each text names and which placeholders it must keep; and every
//! export of every shipped language passes translate-toolkit's `pofilter` checks of form.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

fn shipped_games() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut games: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("game.ron").is_file())
        .collect();
    games.sort();
    games
}

/// The languages a game has a text file for.
fn languages(game: &Path) -> Vec<String> {
    let mut langs: Vec<String> = std::fs::read_dir(game)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().ok()?;
            Some(name.strip_prefix("text.")?.strip_suffix(".ron")?.to_owned())
        })
        .collect();
    langs.sort();
    langs
}

fn po(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(common::po_binary())
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn export(game: &Path, lang: &str) -> String {
    let (ok, out, err) = po(&["export", game.to_str().unwrap(), "--lang", lang]);
    assert!(ok, "export of {} ({lang}) failed: {err}", game.display());
    out
}

/// Each message's comment lines and msgctxt (without the record of the translation exported).
fn messages(po: &str) -> Vec<(Vec<&str>, &str)> {
    po.split("\n\n")
        .filter_map(|block| {
            let comments = block.lines().filter(|l| l.starts_with('#')).collect();
            let ctx = block
                .lines()
                .find_map(|l| l.strip_prefix("msgctxt \"")?.strip_suffix('"'))?;
            let ctx = ctx.split(" @").next().unwrap_or(ctx);
            Some((comments, ctx))
        })
        .collect()
}

#[test]
fn each_reference_names_the_line_of_the_source_text_that_holds_the_entry() {
    for game in shipped_games() {
        let source = std::fs::read_to_string(game.join("text.en.ron")).unwrap();
        let lines: Vec<&str> = source.lines().collect();
        let export = export(&game, "it");
        let messages = messages(&export);
        assert!(messages.len() > 10, "{}", game.display());
        for (comments, ctx) in messages {
            let key = ctx.strip_suffix("#text").unwrap_or(ctx);
            if !source.contains(&format!("\"{key}\":")) {
                // a word the printout shows that text.en.ron leaves out (`label:fort`,
                // `group:campaign`): exported with its default, no line to name
                assert!(
                    !comments.iter().any(|c| c.starts_with("#:")),
                    "{}: `{ctx}`",
                    game.display()
                );
                continue;
            }
            let reference = comments
                .iter()
                .find_map(|c| c.strip_prefix("#: text.en.ron:"))
                .unwrap_or_else(|| panic!("{}: `{ctx}` has no reference", game.display()));
            let line: usize = reference.parse().unwrap();
            assert!(
                lines[line - 1].contains(&format!("\"{key}\"")),
                "{}: `{ctx}` refers to line {line}: {}",
                game.display(),
                lines[line - 1]
            );
        }
    }
}

#[test]
fn notes_say_what_a_text_names_and_the_placeholders_it_must_keep() {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/paths-of-glory");
    let export = export(&game, "it");
    let files: Vec<PathBuf> = std::fs::read_dir(&game)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let folder = orbat_validator::load::load_folder(&game, &files, &mut Vec::new());
    let messages = messages(&export);
    // a card's title names its number and deck, as cards.ron gives them
    let (comments, ctx) = messages
        .iter()
        .find(|(_, ctx)| ctx.starts_with("card:") && !ctx.ends_with("#text"))
        .unwrap();
    let id = &ctx["card:".len()..];
    let card = folder
        .cards
        .as_ref()
        .unwrap()
        .value
        .cards
        .iter()
        .find(|c| c.id == id)
        .unwrap();
    let (number, deck) = (card.number, &card.deck);
    assert!(
        comments.contains(&format!("#. card {number} of deck `{deck}`: its title").as_str()),
        "{comments:?}"
    );
    // a text with a placeholder says to keep it
    let with_placeholder = messages
        .iter()
        .find(|(c, _)| {
            c.iter()
                .any(|l| l.starts_with("#. keep these placeholders"))
        })
        .expect("a shipped text has a placeholder");
    let at = export
        .find(&format!("msgctxt \"{}\"", with_placeholder.1))
        .or_else(|| export.find(&format!("msgctxt \"{} @", with_placeholder.1)))
        .unwrap();
    let msgid = &export[at..at + export[at..].find("msgstr").unwrap()];
    let note = with_placeholder
        .0
        .iter()
        .find_map(|l| l.strip_prefix("#. keep these placeholders exactly as written: "))
        .unwrap();
    for ph in note.split(' ') {
        assert!(msgid.contains(ph), "{ph} is not in {msgid}");
    }
}

#[test]
fn a_re_export_keeps_the_translators_header_fields() {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/italian-front");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("it.po");
    // export over `file`: what stderr said
    let export_over = || {
        let (ok, _, err) = po(&[
            "export",
            game.to_str().unwrap(),
            "--lang",
            "it",
            "-o",
            file.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
        err
    };
    export_over();
    let first = std::fs::read_to_string(&file).unwrap();
    assert!(first.contains("\"Last-Translator: \\n\""), "{first}");
    // what Poedit writes on save
    let edited = first
        .replace(
            "Last-Translator: \\n",
            "Last-Translator: Ada Rossi <ada@example.org>\\n",
        )
        .replace(
            "Language-Team: \\n",
            "Language-Team: Italian <it@example.org>\\n",
        )
        .replace(
            "PO-Revision-Date: \\n",
            "PO-Revision-Date: 2026-11-20 18:04+0100\\n",
        );
    std::fs::write(&file, &edited).unwrap();
    export_over();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);
    // a file that does not read as PO is not replaced (its translations would be lost), and
    // the export says so
    std::fs::write(&file, "not a PO file\n").unwrap();
    let (ok, _, err) = po(&[
        "export",
        game.to_str().unwrap(),
        "--lang",
        "it",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("does not read as a PO file"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a PO file\n");
}

/// `pofilter` (translate-toolkit, run as a Python module: found whether or not pip's script
/// folder is on PATH) where installed (a failure under CI, which installs it).
fn pofilter() -> Option<Command> {
    let command = || {
        let mut c = Command::new("python3");
        c.args(["-m", "translate.filters.pofilter"]);
        c
    };
    common::tool_present(
        "pofilter",
        "pofilter",
        command().arg("--version"),
        "pip install translate-toolkit",
    )
    .then(command)
}

/// pofilter's checks of form: placeholders and printf-style variables kept, nothing left
/// untranslated, no doubled or stray spaces, line breaks and escapes where the source has
/// them. (Its checks of style, such as an unchanged proper name or brackets a translator
/// added, are the translator's call.)
#[test]
fn every_shipped_export_passes_pofilters_checks_of_form() {
    if pofilter().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for game in shipped_games() {
        for lang in languages(&game).into_iter().filter(|l| l != "en") {
            let input = dir.path().join("in.po");
            let output = dir.path().join("out.po");
            let _ = std::fs::remove_file(&output);
            // the printout's words text.en.ron leaves out (no `#:` line) are new work for
            // the shipped translations: only the messages of their entries are judged
            let all = export(&game, &lang);
            let judged: Vec<&str> = all
                .split("\n\n")
                .filter(|b| !b.contains("\nmsgctxt ") || b.contains("\n#: "))
                .collect();
            std::fs::write(&input, judged.join("\n\n")).unwrap();
            let mut cmd = pofilter().unwrap();
            for test in [
                "variables",
                "printf",
                "untranslated",
                "doublespacing",
                "startwhitespace",
                "endwhitespace",
                "newlines",
                "escapes",
            ] {
                cmd.args(["-t", test]);
            }
            let out = cmd
                .arg("-i")
                .arg(&input)
                .arg("-o")
                .arg(&output)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let found = std::fs::read_to_string(&output).unwrap_or_default();
            assert!(
                !found.contains("(pofilter)"),
                "pofilter on {} ({lang}):\n{found}",
                game.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} exports checked");
}
