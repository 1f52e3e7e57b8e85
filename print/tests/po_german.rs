//! Every printed word translatable (issue 60): The Northern War exported to German with
//! `orbat-po`, every message translated by a script, imported, and printed in German with
//! `orbat-print`. The script marks every word of every msgstr (`Fort` -> `ÜFort`, placeholders
//! untouched), so a word of the PDF (read back with poppler's `pdftotext`) that is not marked
//! was printed from somewhere other than the German text file: an English word left over.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::cargo_bin;

mod common;

use common::{copy, scenarios};

/// The `orbat-po` under test, built first: cargo builds only the binaries of the package
/// whose tests run, and orbat-po belongs to the validator's.
fn po_binary() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let release = cfg!(not(debug_assertions));
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "-q", "-p", "orbat-validator", "--bin", "orbat-po"]);
    if release {
        cmd.arg("--release");
    }
    assert!(
        cmd.status().expect("cargo runs").success(),
        "building orbat-po failed"
    );
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target
        .join(if release { "release" } else { "debug" })
        .join("orbat-po")
}

/// northern-war, copied, declaring German.
fn german_game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy(&scenarios().join("northern-war"), dir.path());
    let game = dir.path().join("game.ron");
    let text = std::fs::read_to_string(&game).unwrap().replacen(
        "languages: [\n        \"en\",",
        "languages: [\n        \"en\", \"de\",",
        1,
    );
    assert!(text.contains("\"de\""));
    std::fs::write(game, text).unwrap();
    dir
}

/// What the script puts before every word of a translation.
const MARK: char = 'Ü';

fn run(bin: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(bin).args(args).output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// `escaped` (a PO string's content, escapes kept) with [`MARK`] before each word: not inside
/// `{...}` placeholders, not in an escape (`\n`).
fn mark(escaped: &str) -> String {
    let mut out = String::new();
    let mut chars = escaped.chars();
    let (mut depth, mut in_word) = (0usize, false);
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                out.extend(chars.next());
                in_word = false;
                continue;
            }
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let letter = c.is_alphabetic();
        if letter && !in_word && depth == 0 {
            out.push(MARK);
        }
        in_word = letter;
        out.push(c);
    }
    out
}

/// Every message of a PO file given a msgstr: its msgid, marked. Returns the file and the
/// number of messages translated.
fn translate_all(po: &str) -> (String, usize) {
    let mut out = Vec::new();
    let mut count = 0;
    for block in po.split("\n\n") {
        let lines: Vec<&str> = block.lines().collect();
        let Some(at) = lines.iter().position(|l| l.starts_with("msgid ")) else {
            out.push(block.to_owned());
            continue;
        };
        let quoted = |l: &str| l[l.find('"').unwrap() + 1..l.rfind('"').unwrap()].to_owned();
        let mut msgid = quoted(lines[at]);
        let mut end = at + 1;
        while end < lines.len() && lines[end].starts_with('"') {
            msgid.push_str(&quoted(lines[end]));
            end += 1;
        }
        if msgid.is_empty() {
            // the header
            out.push(block.to_owned());
            continue;
        }
        assert!(lines[end].starts_with("msgstr "), "{block}");
        let mut kept: Vec<String> = lines[..end].iter().map(|l| l.to_string()).collect();
        kept.push(format!("msgstr \"{}\"", mark(&msgid)));
        out.push(kept.join("\n"));
        count += 1;
    }
    (out.join("\n\n"), count)
}

/// The words of `text` printed from no translation: every run of letters not starting with
/// [`MARK`], with the token it is in.
fn unmarked(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for token in text.split_whitespace() {
        let mut chars = token.chars().peekable();
        let mut bad = false;
        while let Some(c) = chars.next() {
            if c.is_alphabetic() {
                bad |= c != MARK;
                while chars.next_if(|c| c.is_alphabetic()).is_some() {}
            }
        }
        if bad && !found.iter().any(|f| f == token) {
            found.push(token.to_owned());
        }
    }
    found
}

fn pdftotext(args: &[&str]) -> String {
    let out = Command::new("pdftotext")
        .args(args)
        .output()
        .expect("pdftotext is needed (Debian: apt-get install poppler-utils)");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn pdf_text(pdf: &Path) -> String {
    pdftotext(&["-raw", pdf.to_str().unwrap(), "-"])
}

/// The words of each page (`pdftotext -bbox`) that lie wholly on it, with the page's number:
/// a map tile draws the whole map, clipped, and poppler reads a word running off the page as
/// its letters on the page only (`Üclear` at the left edge as `clear`); each such word is
/// read whole on the neighbouring tile, which overlaps.
fn words_on_pages(pdf: &Path) -> Vec<(usize, String)> {
    let html = pdftotext(&["-bbox", pdf.to_str().unwrap(), "-"]);
    let attr = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
    };
    let mut out = Vec::new();
    for (n, page) in html.split("<page ").skip(1).enumerate() {
        let (w, h) = (attr(page, "width"), attr(page, "height"));
        for word in page.split("<word ").skip(1) {
            let inside = attr(word, "xMin") >= 0.0
                && attr(word, "yMin") >= 0.0
                && attr(word, "xMax") <= w
                && attr(word, "yMax") <= h;
            let text = &word[word.find('>').unwrap() + 1..word.find("</word>").unwrap()];
            let text = text
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
            if inside {
                out.push((n + 1, text));
            }
        }
    }
    out
}

#[test]
fn the_marking_script_marks_words_and_keeps_placeholders_and_escapes() {
    assert_eq!(
        mark(r#"Combat card, {card:lesnaya} \"at\"\nSt Petersburg's"#),
        r#"ÜCombat Ücard, {card:lesnaya} \"Üat\"\nÜSt ÜPetersburg'Üs"#
    );
    assert_eq!(
        mark("{game}: counters, sheet {n}"),
        "{game}: Ücounters, Üsheet {n}"
    );
    assert_eq!(
        unmarked("ÜFort 3-2-3 #12 × ÜSt ÜPetersburg'Üs"),
        Vec::<String>::new()
    );
    assert_eq!(unmarked("ÜSaxony Fort ÜFort·VP"), ["Fort", "ÜFort·VP"]);
}

#[test]
fn northern_war_translated_through_po_prints_no_english_word() {
    let game = german_game();
    let dir = game.path();
    let g = dir.to_str().unwrap();
    let pdf = dir.join("de.pdf");
    let print = |only: &str| {
        run(
            &cargo_bin("orbat-print"),
            &[
                g,
                "-o",
                pdf.to_str().unwrap(),
                "--language",
                "de",
                "--only",
                only,
                "-q",
            ],
        )
    };
    // before the translation (an empty German file): the printout's own words are English,
    // and it says which
    let de = dir.join("text.de.ron");
    std::fs::write(&de, "(\n    language: \"de\",\n    entries: {},\n)\n").unwrap();
    let (code, err) = print("counters,cards");
    assert_eq!(code, 0, "{err}");
    let english = unmarked(&pdf_text(&pdf));
    for word in ["counters,", "OPS", "Campaign"] {
        assert!(english.iter().any(|w| w == word), "{word} in {english:?}");
    }
    assert!(
        err.contains("in English") && err.contains("`group:campaign`"),
        "{err}"
    );

    // the export offers every printed word, with what it prints in English as its msgid
    let po = dir.join("de.po");
    let (code, out) = run(
        &po_binary(),
        &["export", g, "--lang", "de", "-o", po.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{out}");
    let exported = std::fs::read_to_string(&po).unwrap();
    for (ctx, msgid) in [
        ("group:campaign", "Campaign"),
        ("group:diplomacy", "Diplomacy"),
        (
            "label:counters-backs",
            "{game}: counters, sheet {n} of {sheets}, backs",
        ),
        ("label:fort", "Fort"),
        ("label:map-tile-place", "row {row}, column {column}"),
        ("scenario:narva-1700", "Narva 1700"),
        ("terrain:forest", "forest"),
    ] {
        let block = exported
            .split("\n\n")
            .find(|b| b.contains(&format!("msgctxt \"{ctx}")))
            .unwrap_or_else(|| panic!("no message `{ctx}` exported"));
        // a long msgid's strings joined
        let joined = block.replace("\"\n\"", "");
        assert!(joined.contains(&format!("msgid \"{msgid}")), "{block}");
    }

    // a script translates every message, and the import takes every one
    let (translated, count) = translate_all(&exported);
    std::fs::write(&po, translated).unwrap();
    let (code, out) = run(
        &po_binary(),
        &["import", g, "--lang", "de", po.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("{count} added, 0 changed")),
        "{count} messages: {out}"
    );
    let de = std::fs::read_to_string(dir.join("text.de.ron")).unwrap();
    assert!(
        de.contains("\"group:campaign\": (name: \"ÜCampaign\""),
        "{de}"
    );

    // printed in German, every part: no word comes from anywhere but text.de.ron
    let (code, err) = print("counters,cards,map,setup");
    assert_eq!(code, 0, "{err}");
    assert!(
        !err.contains("in English") && !err.contains("source language"),
        "{err}"
    );
    let words = words_on_pages(&pdf);
    for german in [
        "ÜCampaign",
        "ÜFort",
        "Übacks:",
        "ÜOPS",
        "ÜTurns",
        "Ürow",
        "ÜNarva",
    ] {
        assert!(
            words.iter().any(|(_, w)| w == german),
            "{german} in:\n{words:?}"
        );
    }
    let left: Vec<String> = words
        .iter()
        .filter(|(_, w)| !unmarked(w).is_empty())
        .map(|(page, w)| format!("page {page}: {w}"))
        .collect();
    assert!(
        left.is_empty(),
        "English words in the German printout:\n{}",
        left.join("\n")
    );
    // the whole map on one page, every word on it
    let (code, err) = run(
        &cargo_bin("orbat-print"),
        &[
            g,
            "-o",
            pdf.to_str().unwrap(),
            "-l",
            "de",
            "--only",
            "map",
            "--map",
            "poster",
            "-q",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let left = unmarked(&pdf_text(&pdf));
    assert!(left.is_empty(), "English words on the German map: {left:?}");
}
