//! A PO file read strictly (see the `po` module documentation): its messages and where each is.

use super::check;
use super::error::{self, PoError, Problem, shown};
use super::parse::{self, Message};

/// A PO file read strictly: its messages (the header included) and where each is.
#[derive(Debug)]
pub struct Catalog<'a> {
    text: &'a str,
    messages: Vec<Message>,
    header: usize,
}

impl<'a> Catalog<'a> {
    /// Every message in file order: the header, obsolete ones (`#~`) included.
    pub fn messages(&self) -> impl Iterator<Item = &Message> {
        self.messages.iter()
    }

    /// The header entry (`msgid ""`).
    pub fn header(&self) -> &Message {
        &self.messages[self.header]
    }

    /// A field of the header (`Language`), trimmed; the name matches in any case.
    pub fn header_field(&self, name: &str) -> Option<&str> {
        self.header().msgstr.first()?.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let e = error::locate(self.text, vec![Problem::new(at, "", "")]);
        e.first().map_or((1, 1), |e| (e.line, e.column))
    }

    pub(super) fn locate(&self, problems: Vec<Problem>) -> Vec<PoError> {
        error::locate(self.text, problems)
    }
}

/// Reads a PO file strictly (see the module documentation): its catalog, or every problem
/// found (at most [`super::MAX_PROBLEMS`]), in file order.
pub fn read(bytes: &[u8]) -> Result<Catalog<'_>, Vec<PoError>> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let prefix = String::from_utf8_lossy(valid);
            let line_start = prefix.rfind('\n').map_or(0, |i| i + 1);
            let mut message = format!(
                "the file is not UTF-8 text here (byte 0x{:02x})",
                bytes[e.valid_up_to()]
            );
            if let Some(charset) = declared_charset(bytes)
                && !charset.eq_ignore_ascii_case("UTF-8")
            {
                message.push_str(&format!(
                    ": its header says charset={}, and Orbat reads UTF-8 PO files only",
                    shown(&charset)
                ));
            }
            return Err(vec![PoError {
                line: prefix.matches('\n').count() + 1,
                column: prefix[line_start..].chars().count() + 1,
                message,
                help: Some("save the file as UTF-8 (as Poedit and Weblate do); a file in another encoding converts with `msgconv --to-code=UTF-8`".into()),
            }]);
        }
    };
    if text.starts_with('\u{feff}') {
        return Err(error::locate(
            text,
            vec![Problem::new(
                0,
                "the file starts with a byte order mark (U+FEFF), which gettext refuses",
                "save the file as UTF-8 without a byte order mark (BOM)",
            )],
        ));
    }
    let (messages, problems) = parse::messages(text);
    if !problems.is_empty() {
        return Err(error::locate(text, problems));
    }
    let problems = check::check(text, &messages);
    if !problems.is_empty() {
        return Err(error::locate(text, problems));
    }
    let header = messages
        .iter()
        .position(Message::is_header)
        .expect("check refuses a file with no header");
    Ok(Catalog {
        text,
        messages,
        header,
    })
}

/// The charset a file's header declares, read from its bytes (for a file that is not UTF-8).
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let at = memchr::memmem::find(bytes, b"charset=")? + b"charset=".len();
    let value: Vec<u8> = bytes[at..]
        .iter()
        .take_while(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\\' | b'"'))
        .take(40)
        .copied()
        .collect();
    Some(String::from_utf8_lossy(&value).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_refuses_bytes_that_are_not_utf8_or_start_with_a_bom() {
        let e = read(b"msgid \"\"\nmsgstr \"caf\xe9\"\n").unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "2:12: the file is not UTF-8 text here (byte 0xe9)"
        );
        let e = read(b"msgid \"\"\nmsgstr \"charset=ISO-8859-1\\n\"\n\"caf\xe9\"\n").unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "3:5: the file is not UTF-8 text here (byte 0xe9): its header says charset=ISO-8859-1, and Orbat reads UTF-8 PO files only"
        );
        let e = read("\u{feff}msgid \"\"\nmsgstr \"\"\n".as_bytes()).unwrap_err();
        assert!(
            e[0].to_string()
                .starts_with("1:1: the file starts with a byte order mark")
        );
    }

    #[test]
    fn header_fields_are_found_by_name() {
        let po = b"msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"language:  it \\n\"\n";
        let c = read(po).unwrap();
        assert_eq!(c.header_field("Language"), Some("it"));
        assert_eq!(c.header_field("Plural-Forms"), None);
        assert_eq!(c.line_col(c.header().msgstr_at), (2, 1));
    }
}
