//! A new translator's walk through `orbat-po` (issue 60, items 1-5), German for
//! scenarios/northern-war, with the real gettext tools: work that passed through a tool that
//! drops the `#.` notes and was saved with CRLF line ends imports without reverting a
//! designer's edit of text.de.ron or bringing back an entry deleted there; placeholders gone
//! wrong are refused, named; a title translated without its text is a translation in
//! progress, not an error; and exporting again onto the working file keeps every
//! translation not yet imported, as `msgmerge` does.

use std::path::PathBuf;
use std::process::Command;

mod common;

use common::{german_game, translate};

fn po(args: &[&str]) -> (i32, String) {
    let out = Command::new(common::po_binary())
        .args(args)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

fn tool(test: &str, name: &str) -> bool {
    common::tool_present(
        test,
        name,
        Command::new(name).arg("--version"),
        "Debian/Ubuntu: apt-get install gettext",
    )
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The message of `ctx` in a PO text: its lines, from its comments to its msgstr.
fn message<'a>(po: &'a str, ctx: &str) -> &'a str {
    po.split("\n\n")
        .find(|b| {
            b.lines().any(|l| {
                l == format!("msgctxt \"{ctx}\"") || l.starts_with(&format!("msgctxt \"{ctx} @"))
            })
        })
        .unwrap_or_else(|| panic!("no `{ctx}` in\n{po}"))
}

fn msgstr(block: &str) -> String {
    let from = block.find("\nmsgstr ").unwrap() + "\nmsgstr ".len();
    block[from..]
        .lines()
        .map(|l| l.trim().trim_matches('"'))
        .collect()
}

const HANGO: &str = "Kap Hangö";
const POLTAVA_DE: &str = "Kampfkarte, nur nach {card:lesnaya}. Ein russischer Angriff auf eine schwedische Armee bei {space:poltava} verschiebt zwei Spalten; wird sie vernichtet, geht {unit:swe-charles} nach {space:bender}. {card:king-stanislaw} und {card:altranstadt} dürfen nicht mehr gespielt werden.";

#[test]
fn a_translators_work_through_gettext_tools_and_windows_is_imported_and_kept() {
    const TEST: &str = "a_translators_work_through_gettext_tools_and_windows_is_imported_and_kept";
    if !tool(TEST, "msgfmt") || !tool(TEST, "msgmerge") {
        return;
    }
    let game = german_game();
    let g = game.path().to_str().unwrap();
    let file: PathBuf = game.path().join("de.po");
    let f = file.to_str().unwrap();
    let de = game.path().join("text.de.ron");
    // a first round, imported: text.de.ron now holds three translations
    assert_eq!(po(&["export", g, "--lang", "de", "-o", f]).0, 0);
    translate(&file, "area:finland", "Finnland");
    translate(&file, "area:sweden", "Königreich Schweden");
    translate(&file, "card:lesnaya", "Lesnaja");
    let (code, out) = po(&["import", g, "--lang", "de", f]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("3 added, 0 changed, 0 reviewed"), "{out}");
    // the translator's working copy, exported again
    assert_eq!(po(&["export", g, "--lang", "de", "-o", f]).0, 0);
    run(Command::new("msgfmt").args(["-c", "-o", "/dev/null", f]));
    // meanwhile the designer edits one translation and deletes another
    let ron = std::fs::read_to_string(&de).unwrap();
    let ron = ron.replace("\"Finnland\"", "\"Großfürstentum Finnland\"");
    let ron: String = ron
        .lines()
        .filter(|l| !l.contains("\"area:sweden\""))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&de, ron).unwrap();
    // the translator's work: a title alone, a text alone, the game's title, and four
    // placeholders gone wrong
    translate(&file, "card:hango", HANGO);
    translate(&file, "card:poltava#text", POLTAVA_DE);
    translate(&file, "game", "Der Große Nordische Krieg");
    translate(&file, "area:russia", "Zarentum Russland");
    translate(
        &file,
        "card:sultans-war#text",
        "Das Osmanische Reich erklärt Russland den Krieg: {unit:ott-army} und {unit:ott-baltaci} kommen in {Raum:moldavia} an.",
    );
    translate(
        &file,
        "card:narva-stormed#text",
        "Kampfkarte. Russische Einheiten, die {space:narwa} angreifen, ignorieren seine Festung.",
    );
    translate(
        &file,
        "card:helsingborg#text",
        "Kampfkarte. Schwedische Einheiten in oder neben {space:malmo erhalten eins, oder zwei unter {unit:swe-stenbock}.",
    );
    translate(
        &file,
        "card:storm-at-narva#text",
        "Kampfkarte. Ein von Karl geführter Stapel erhält zwei bei {space:narva}.",
    );
    // item 1: through a tool that drops the extracted comments (`#.`), as some do; gettext
    // still accepts the file
    let text = std::fs::read_to_string(&file).unwrap();
    let dropped: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("#."))
        .collect();
    assert!(!dropped.contains("#."));
    std::fs::write(&file, &dropped).unwrap();
    run(Command::new("msgfmt").args(["-c", "-o", "/dev/null", f]));
    // item 3: saved on Windows
    std::fs::write(&file, dropped.replace('\n', "\r\n")).unwrap();
    run(Command::new("msgfmt").args(["-c", "-o", "/dev/null", f]));
    let (code, out) = po(&["import", g, "--lang", "de", f]);
    assert_eq!(code, 1, "four messages are refused: {out}");
    let ron = std::fs::read_to_string(&de).unwrap();
    // item 1: the designer's edit stands, and the deleted entry stays deleted
    assert!(ron.contains("\"Großfürstentum Finnland\""), "{out}\n{ron}");
    assert!(!ron.contains("Königreich Schweden"), "{out}\n{ron}");
    // item 7: the translator never touched those: nothing to say, no --force advice
    assert!(!out.contains("--force"), "{out}");
    assert!(
        !out.contains("area:finland") && !out.contains("area:sweden"),
        "{out}"
    );
    // item 3: every new message imported despite CRLF
    for ctx in ["card:hango", "card:poltava#text", "game", "area:russia"] {
        assert!(out.contains(&format!("added    {ctx}: ")), "{ctx}: {out}");
    }
    assert!(
        out.contains("4 added, 0 changed, 0 reviewed, 4 skipped"),
        "{out}"
    );
    // item 4: each placeholder at fault named, with what the source has
    for (ctx, says) in [
        (
            "card:sultans-war#text",
            "{Raum:moldavia} is not in the source, {space:moldavia} is missing (the source has {unit:ott-army}, {unit:ott-baltaci}, {space:moldavia})",
        ),
        (
            "card:narva-stormed#text",
            "{space:narwa} is not in the source, {space:narva} is missing (the source has {space:narva})",
        ),
        (
            "card:helsingborg#text",
            "a placeholder with a missing `}`: `{space:malmo erhalten eins, od` (the source has {space:malmo}, {unit:swe-stenbock})",
        ),
        ("card:storm-at-narva#text", "{unit:swe-charles} is missing"),
    ] {
        assert!(out.contains(&format!("skipped  {ctx}: ")), "{ctx}: {out}");
        let line = out
            .lines()
            .find(|l| l.contains(&format!("skipped  {ctx}: ")))
            .unwrap();
        assert!(line.contains(says), "{line}");
    }
    assert!(!ron.contains("Raum:") && !ron.contains("narwa") && !ron.contains("{space:malmo "));
    // item 5: a translation in progress is no error (orbat-print prints it), only the usual
    // warning saying what prints in English
    let report = orbat_validator::check(&[game.path().to_owned()]).unwrap();
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code).collect();
    assert!(!codes.contains(&"T005"), "{:#?}", report.diagnostics);
    assert!(
        !codes.contains(&"T003"),
        "item 8, the game's title alone: {:#?}",
        report.diagnostics
    );
    let t002 = report
        .diagnostics
        .iter()
        .find(|d| d.code == "T002")
        .unwrap();
    let help = t002.help.as_deref().unwrap_or_default();
    for part in [
        "`card:hango` (no text)",
        "`card:poltava` (no name)",
        "`game` (no text)",
    ] {
        assert!(help.contains(part), "{part}: {help}");
    }
    // item 2: more work in the same file, not imported yet, while a source text changes
    translate(&file, "area:hanover", "Kurfürstentum Hannover");
    translate(
        &file,
        "card:narva-stormed#text",
        "Kampfkarte. Russische Einheiten, die {space:narva} angreifen, ignorieren seine Festung.",
    );
    let en = game.path().join("text.en.ron");
    let source = std::fs::read_to_string(&en)
        .unwrap()
        .replace("ignore its fort.\")", "ignore its fort this turn.\")");
    std::fs::write(&en, source).unwrap();
    let working = std::fs::read_to_string(&file).unwrap();
    let (code, out) = po(&["export", g, "--lang", "de", "-o", f]);
    assert_eq!(code, 0, "{out}");
    let merged = std::fs::read_to_string(&file).unwrap();
    run(Command::new("msgfmt").args(["-c", "-o", "/dev/null", f]));
    let hanover = message(&merged, "area:hanover");
    assert_eq!(msgstr(hanover), "Kurfürstentum Hannover", "{hanover}");
    assert!(!hanover.contains("fuzzy"), "{hanover}");
    let narva = message(&merged, "card:narva-stormed#text");
    assert!(
        msgstr(narva).contains("ignorieren seine Festung"),
        "{narva}"
    );
    assert!(narva.contains("#, fuzzy"), "{narva}");
    assert!(
        narva.contains(
            "#| msgid \"Combat card. Russian units attacking {space:narva} ignore its fort.\""
        ),
        "{narva}"
    );
    // the same translations and flags as msgmerge gives, merging the working file with a
    // fresh export
    let fresh = game.path().join("fresh.po");
    let out = Command::new(common::po_binary())
        .args(["export", g, "--lang", "de"])
        .output()
        .unwrap();
    std::fs::write(&fresh, out.stdout).unwrap();
    let old = game.path().join("working.po");
    std::fs::write(&old, &working).unwrap();
    let mm = game.path().join("msgmerge.po");
    run(Command::new("msgmerge")
        .args(["-q", "--previous", "-o"])
        .arg(&mm)
        .arg(&old)
        .arg(&fresh));
    let mm = std::fs::read_to_string(&mm).unwrap();
    for ctx in ["area:hanover", "card:narva-stormed#text"] {
        let (ours, theirs) = (message(&merged, ctx), message(&mm, ctx));
        assert_eq!(msgstr(ours), msgstr(theirs), "{ctx}");
        assert_eq!(
            ours.contains("#, fuzzy"),
            theirs.contains("fuzzy"),
            "{ctx}:\n{ours}\n{theirs}"
        );
    }
    // and the merged file imports what is reviewed, and not the fuzzy one
    let (code, out) = po(&["import", g, "--lang", "de", f]);
    assert!(
        out.contains("added    area:hanover: \"Kurfürstentum Hannover\""),
        "{out}"
    );
    assert!(
        out.contains("skipped  card:narva-stormed#text: still marked fuzzy"),
        "{out}"
    );
    assert_eq!(code, 1, "{out}");
}
