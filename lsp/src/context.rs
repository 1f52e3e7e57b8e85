//! What the cursor is in, read from the text before it (which need not parse: the user is
//! typing): the named fields leading to it, and whether it is inside a string value, a map
//! key or where a field name goes. A small scanner of RON's tokens (strings, raw strings,
//! comments, brackets, `name:`), nothing more.

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

#[derive(Debug)]
struct Frame {
    open: u8,
    /// The path element this bracket adds (a field name that owns it, or a variant).
    adds: Option<String>,
    /// The field whose value is being written in this frame (after `name:`).
    key: Option<String>,
    /// A map (`{`): whether the next string is a key.
    expects_key: bool,
}

impl Context {
    /// The field the cursor's value belongs to, as a joined path (`links/a`).
    pub fn field(&self) -> String {
        self.path.join("/")
    }
}

/// Reads the context at byte `offset` of `text`.
pub fn at(text: &str, offset: usize) -> Context {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let bytes = &text.as_bytes()[..offset];
    let mut stack = vec![Frame {
        open: b'(',
        adds: None,
        key: None,
        expects_key: false,
    }];
    // the last identifier and the last closed string, for `name:` and `"key":`
    let mut last_ident: Option<(usize, usize)> = None;
    let mut last_string: Option<String> = None;
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
                let (end, closed, value) = string(bytes, i + 1, 0);
                if !closed {
                    let top = stack.last().expect("the root frame stays");
                    let key = top.open == b'{' && top.expects_key;
                    return context(&stack, key, Place::String { start: i + 1, key });
                }
                last_string = Some(value);
                last_ident = None;
                i = end;
                continue;
            }
            b'r' if raw_string_start(bytes, i).is_some() => {
                let (hashes, body) = raw_string_start(bytes, i).expect("just checked");
                let (end, closed, value) = string(bytes, body, hashes);
                if !closed {
                    return context(
                        &stack,
                        false,
                        Place::String {
                            start: body,
                            key: false,
                        },
                    );
                }
                last_string = Some(value);
                last_ident = None;
                i = end;
                continue;
            }
            b'(' | b'[' | b'{' => {
                let ident = last_ident.map(|(s, e)| &text[s..e]);
                let top = stack.last().expect("the root frame stays");
                let adds = match (b, ident) {
                    (b'(', Some("Some")) => None,
                    // a map's key is data, not a field: the value is the map's items
                    _ if top.open == b'{' => None,
                    (b'(', Some(variant)) if top.key.is_none() => Some(variant.to_owned()),
                    _ => top.key.clone(),
                };
                // a tuple variant's value: `AtWar("x")` belongs to `AtWar`
                let key = match (b, ident) {
                    // `Some(...)` is the value of the field around it
                    (b'(', Some("Some")) => top.key.clone(),
                    (b'(', Some(v)) if top.key.is_some() => Some(v.to_owned()),
                    _ => None,
                };
                stack.push(Frame {
                    open: b,
                    adds,
                    key,
                    expects_key: b == b'{',
                });
                last_ident = None;
            }
            b')' | b']' | b'}' => {
                if stack.len() > 1 {
                    stack.pop();
                }
                last_ident = None;
            }
            b':' => {
                let top = stack.last_mut().expect("the root frame stays");
                if let Some((s, e)) = last_ident {
                    top.key = Some(text[s..e].to_owned());
                } else if let Some(k) = last_string.take() {
                    top.key = Some(k);
                }
                top.expects_key = false;
                last_ident = None;
            }
            b',' => {
                let top = stack.last_mut().expect("the root frame stays");
                if top.open != b'[' {
                    top.key = None;
                }
                top.expects_key = top.open == b'{';
                last_ident = None;
            }
            _ if b.is_ascii_alphanumeric() || b == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                last_ident = Some((start, i));
                last_string = None;
                continue;
            }
            _ if b.is_ascii_whitespace() => {}
            _ => last_ident = None,
        }
        i += 1;
    }
    let top = stack.last().expect("the root frame stays");
    // an identifier being typed where a field name goes: just after `(` or `,` in a struct
    let typed = last_ident.filter(|&(_, e)| e == offset).map(|(s, _)| s);
    let start = typed.unwrap_or(offset);
    let before = text[..start].trim_end();
    let at_field = top.open == b'('
        && top.key.is_none()
        && (before.ends_with('(') || before.ends_with(',') || before.is_empty());
    if at_field {
        return context(&stack, false, Place::FieldName { start });
    }
    context(&stack, false, Place::Other)
}

fn context(stack: &[Frame], key: bool, place: Place) -> Context {
    let mut path: Vec<String> = stack.iter().filter_map(|f| f.adds.clone()).collect();
    if !key && let Some(k) = stack.last().and_then(|f| f.key.clone()) {
        path.push(k);
    }
    Context { path, place }
}

/// Reads a string body from `from` (just after the opening quote); `hashes` > 0 for a raw
/// string. Returns the offset after it, whether it closed, and its text (escapes kept).
fn string(bytes: &[u8], from: usize, hashes: usize) -> (usize, bool, String) {
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if hashes == 0 => i += 2,
            b'"' => {
                // a raw string closes with as many `#` as it opened with
                let hashes_after = bytes[i + 1..].iter().take(hashes);
                if hashes_after.filter(|&&c| c == b'#').count() == hashes {
                    let text = String::from_utf8_lossy(&bytes[from..i]).into_owned();
                    return (i + 1 + hashes, true, text);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    (bytes.len(), false, String::new())
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
    fn comments_and_closed_strings_are_skipped() {
        let c = ctx("// a \"quote\n(links: [ /* (a: \" */ (a: \"x\\\"y\", b: \"|");
        assert_eq!(c.field(), "links/b");
        let c = ctx("(a: r#\"he said \"hi\"\"#, b: \"|");
        assert_eq!(c.field(), "b");
    }
}
