//! What the cursor is in, and every string literal of a file with the field it belongs to,
//! read by one small scanner of RON's tokens (strings, raw strings, comments, brackets,
//! `name:`), nothing more: it works on text that does not parse (the user is typing).

use std::ops::Range;

/// Where completion is asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Inside a string literal whose text so far starts at `start` (just after the quote).
    /// `key`: the string is a map key (a text entry's key), not a value.
    String {
        start: usize,
        key: bool,
    },
    /// Where a field name goes; what is typed of it starts at `start`.
    FieldName {
        start: usize,
    },
    Other,
}

/// The cursor's context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// Field names (and enum variants other than `Some`) from the file's root to the cursor,
    /// list indexes left out: `["spaces", "source_while", "Controls", "space"]`.
    pub path: Vec<String>,
    pub place: Place,
}

impl Context {
    /// The field the cursor's value belongs to, as a joined path (`links/a`).
    pub fn field(&self) -> String {
        self.path.join("/")
    }
}

/// A closed string literal met by [`literals`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal {
    /// Its text, inside the quotes (escapes as written).
    pub span: Range<usize>,
    /// A map key (before its `:`), not a value.
    pub key: bool,
}

#[derive(Debug)]
struct Frame {
    open: u8,
    /// The length of the path before this bracket added its element (to cut it back).
    path_len: usize,
    /// The field whose value is being written in this frame (after `name:`), in the text.
    key: Option<Range<usize>>,
    /// A map (`{`): whether the next string is a key.
    expects_key: bool,
}

/// The scanner's state at the point it stopped.
struct Scan {
    stack: Vec<Frame>,
    /// Field names joined by `/` from the root (what each open bracket adds).
    path: String,
    /// The last identifier (for `name:` and variants) and the last closed string (for a
    /// map key), as spans of the text.
    last_ident: Option<Range<usize>>,
    last_string: Option<Range<usize>>,
    /// Inside an unclosed string at the end: where its text starts, and whether it is a key.
    open_string: Option<(usize, bool)>,
}

/// Calls `f` with the field path (`links/a`, `entries` for a text key) of every closed string
/// literal of `text`.
pub fn literals(text: &str, mut f: impl FnMut(&str, Literal)) {
    let mut field = String::new();
    scan(text, text.len(), &mut |scan: &Scan, literal: Literal| {
        field.clear();
        field.push_str(&scan.path);
        let top = scan.stack.last().expect("the root frame stays");
        if !literal.key
            && let Some(k) = &top.key
        {
            if !field.is_empty() {
                field.push('/');
            }
            field.push_str(&text[k.clone()]);
        }
        f(&field, literal);
    });
}

/// Reads the context at byte `offset` of `text`.
pub fn at(text: &str, offset: usize) -> Context {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let scan = scan(text, offset, &mut |_, _| {});
    let top = scan.stack.last().expect("the root frame stays");
    let mut path: Vec<String> = scan
        .path
        .split('/')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    let with_key = |path: &mut Vec<String>| {
        if let Some(k) = &top.key {
            path.push(text[k.clone()].to_owned());
        }
    };
    if let Some((start, key)) = scan.open_string {
        if !key {
            with_key(&mut path);
        }
        return Context {
            path,
            place: Place::String { start, key },
        };
    }
    // an identifier being typed where a field name goes: just after `(` or `,` in a struct
    let typed = scan.last_ident.filter(|r| r.end == offset).map(|r| r.start);
    let start = typed.unwrap_or(offset);
    let before = text[..start].trim_end();
    let at_field = top.open == b'('
        && top.key.is_none()
        && (before.ends_with('(') || before.ends_with(',') || before.is_empty());
    if at_field {
        return Context {
            path,
            place: Place::FieldName { start },
        };
    }
    with_key(&mut path);
    Context {
        path,
        place: Place::Other,
    }
}

fn scan(text: &str, until: usize, on_literal: &mut dyn FnMut(&Scan, Literal)) -> Scan {
    let bytes = &text.as_bytes()[..until];
    let mut s = Scan {
        stack: vec![Frame {
            open: b'(',
            path_len: 0,
            key: None,
            expects_key: false,
        }],
        path: String::new(),
        last_ident: None,
        last_string: None,
        open_string: None,
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = skip_block_comment(bytes, i);
                continue;
            }
            b'"' => {
                i = s.string(bytes, i + 1, 0, on_literal);
                continue;
            }
            b'r' if raw_string_start(bytes, i).is_some() => {
                let (hashes, body) = raw_string_start(bytes, i).expect("just checked");
                i = s.string(bytes, body, hashes, on_literal);
                continue;
            }
            b'(' | b'[' | b'{' => s.open(text, b),
            b')' | b']' | b'}' => {
                if s.stack.len() > 1 {
                    let frame = s.stack.pop().expect("more than the root");
                    s.path.truncate(frame.path_len);
                }
                s.last_ident = None;
            }
            b':' => {
                let top = s.stack.last_mut().expect("the root frame stays");
                if let Some(r) = s.last_ident.take() {
                    top.key = Some(r);
                } else if let Some(r) = s.last_string.take() {
                    top.key = Some(r);
                }
                top.expects_key = false;
            }
            b',' => {
                let top = s.stack.last_mut().expect("the root frame stays");
                if top.open != b'[' {
                    top.key = None;
                }
                top.expects_key = top.open == b'{';
                s.last_ident = None;
            }
            _ if b.is_ascii_alphanumeric() || b == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                s.last_ident = Some(start..i);
                s.last_string = None;
                continue;
            }
            _ if b.is_ascii_whitespace() => {}
            _ => s.last_ident = None,
        }
        if s.open_string.is_some() {
            break;
        }
        i += 1;
    }
    s
}

impl Scan {
    /// A string from `from` (just after its opening quote); `hashes` > 0 for a raw string.
    /// Returns where scanning goes on.
    fn string(
        &mut self,
        bytes: &[u8],
        from: usize,
        hashes: usize,
        on_literal: &mut dyn FnMut(&Scan, Literal),
    ) -> usize {
        let top = self.stack.last().expect("the root frame stays");
        let key = top.open == b'{' && top.expects_key;
        let mut i = from;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' if hashes == 0 => i += 2,
                b'"' => {
                    // a raw string closes with as many `#` as it opened with
                    let hashes_after = bytes[i + 1..].iter().take(hashes);
                    if hashes_after.filter(|&&c| c == b'#').count() == hashes {
                        on_literal(self, Literal { span: from..i, key });
                        self.last_string = Some(from..i);
                        self.last_ident = None;
                        return i + 1 + hashes;
                    }
                    i += 1;
                }
                _ => i += 1,
            }
        }
        self.open_string = Some((from, key));
        bytes.len()
    }

    /// An opening bracket: what it adds to the path, and its frame.
    fn open(&mut self, text: &str, b: u8) {
        let ident = self.last_ident.take().map(|r| &text[r]);
        let top = self.stack.last().expect("the root frame stays");
        let field = |r: &Range<usize>| &text[r.clone()];
        let adds: Option<&str> = match (b, ident) {
            (b'(', Some("Some")) => None,
            // a map's key is data, not a field: the value is the map's items
            _ if top.open == b'{' => None,
            (b'(', Some(variant)) if top.key.is_none() => Some(variant),
            _ => top.key.as_ref().map(field),
        };
        // `Some(...)` is the value of the field around it; a tuple variant's value,
        // `AtWar("x")`, belongs to `AtWar`
        let key = match (b, ident) {
            (b'(', Some("Some")) => top.key.clone(),
            (b'(', Some(_)) if top.key.is_some() => self.last_ident_span(text, ident),
            _ => None,
        };
        let path_len = self.path.len();
        if let Some(a) = adds {
            if !self.path.is_empty() {
                self.path.push('/');
            }
            self.path.push_str(a);
        }
        self.stack.push(Frame {
            open: b,
            path_len,
            key,
            expects_key: b == b'{',
        });
    }

    /// The span of a variant name just read (`ident` is a slice of `text`).
    fn last_ident_span(&self, text: &str, ident: Option<&str>) -> Option<Range<usize>> {
        let ident = ident?;
        let start = ident.as_ptr() as usize - text.as_ptr() as usize;
        Some(start..start + ident.len())
    }
}

/// `r"` or `r#..#"` at `i` (not inside an identifier): the number of hashes and where the
/// body starts.
fn raw_string_start(bytes: &[u8], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
        return None;
    }
    let mut j = i + 1;
    while bytes.get(j) == Some(&b'#') {
        j += 1;
    }
    (bytes.get(j) == Some(&b'"')).then_some((j - i - 1, j + 1))
}

fn skip_block_comment(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(text_with_cursor: &str) -> Context {
        let at_ = text_with_cursor.find('|').expect("a cursor");
        let text = text_with_cursor.replace('|', "");
        at(&text, at_)
    }

    #[test]
    fn a_link_end_being_typed() {
        let c = ctx("(spaces: [(id: \"a\")], links: [(a: \"a\", b: \"ve|");
        assert_eq!(c.field(), "links/b");
        assert!(matches!(c.place, Place::String { key: false, .. }));
    }

    #[test]
    fn list_items_and_options_keep_their_field() {
        let c = ctx("(spaces: [(areas: [\"x\", \"|");
        assert_eq!(c.field(), "spaces/areas");
        let c = ctx("(spaces: [(terrain: Some(\"|");
        assert_eq!(c.field(), "spaces/terrain");
    }

    #[test]
    fn condition_variants_are_part_of_the_path() {
        let c = ctx("(links: [(only_while: [Controls(by: \"ap\", space: \"|");
        assert_eq!(c.field(), "links/only_while/Controls/space");
        let c = ctx("(links: [(only_while: [AtWar(\"|");
        assert_eq!(c.field(), "links/only_while/AtWar");
    }

    #[test]
    fn text_keys_and_values() {
        let text = "(language: \"en\", entries: {\"space:a\": (name: \"A\"), \"sp|";
        let c = ctx(text);
        let start = text.rfind('"').unwrap() + 1;
        assert_eq!(c.place, Place::String { start, key: true });
        assert_eq!(c.field(), "entries");
        let c = ctx("(entries: {\"card:x\": (name: \"X\", text: \"Move to {space:|");
        assert_eq!(c.field(), "entries/text");
    }

    #[test]
    fn field_names_after_an_open_bracket_or_a_comma() {
        let c = ctx("(spaces: [(id: \"a\", ter|");
        assert_eq!(c.place, Place::FieldName { start: 20 });
        assert_eq!(c.field(), "spaces");
        let c = ctx("(spaces: [(\n  |");
        assert!(matches!(c.place, Place::FieldName { .. }));
    }

    #[test]
    fn every_literal_with_its_field() {
        let text = "(spaces: [(id: \"a\", terrain: Some(\"hill\"))], links: [(a: \"a\", only_while: [AtWar(\"ah\"), Controls(by: \"cp\", space: \"b\")])])";
        let mut got = Vec::new();
        literals(text, |field, l| {
            got.push((field.to_owned(), text[l.span].to_owned()))
        });
        let want = [
            ("spaces/id", "a"),
            ("spaces/terrain", "hill"),
            ("links/a", "a"),
            ("links/only_while/AtWar", "ah"),
            ("links/only_while/Controls/by", "cp"),
            ("links/only_while/Controls/space", "b"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(f, v)| (f.to_string(), v.to_string()))
            .collect();
        assert_eq!(got, want);
        let text = "(entries: {\"card:x\": (name: \"X {space:a}\")}, full: {\"attack\": 3})";
        let mut got = Vec::new();
        literals(text, |field, l| {
            got.push((field.to_owned(), text[l.span].to_owned(), l.key))
        });
        assert_eq!(got[0], ("entries".into(), "card:x".into(), true));
        assert_eq!(got[1], ("entries/name".into(), "X {space:a}".into(), false));
        assert_eq!(got[2], ("full".into(), "attack".into(), true));
    }

    #[test]
    fn comments_and_closed_strings_are_skipped() {
        let c = ctx("// a \"quote\n(links: [ /* (a: \" */ (a: \"x\\\"y\", b: \"|");
        assert_eq!(c.field(), "links/b");
        let c = ctx("(a: r#\"he said \"hi\"\"#, b: \"|");
        assert_eq!(c.field(), "b");
    }
}
