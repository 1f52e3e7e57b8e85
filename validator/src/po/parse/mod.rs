//! The PO grammar (gettext's `po-gram-gen.y`) over the tokens of [`super::lex`]:
//!
//! ```text
//! file     = { comment | message }
//! message  = [ previous ] [ "msgctxt" strings ] "msgid" strings
//!            ( "msgstr" strings | "msgid_plural" strings { "msgstr" "[" N "]" strings } )
//! previous = [ "#| msgctxt" strings ] "#| msgid" strings [ "#| msgid_plural" strings ]
//! strings  = string { string }
//! ```
//!
//! Comments come between messages only; every token of a message is on `#~` lines or none is.
//! After a problem, reading resumes at the next line that can start a message, so one mistake
//! gives one problem and the next mistake is found in the same run.

#[cfg(test)]
mod tests;

use super::error::{MAX_PROBLEMS, Problem, shown};
use super::lex::{Kind, Lexer, Token, starts_line};

/// A message as read, with the byte offsets of its parts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message {
    pub msgctxt: Option<String>,
    pub msgid: String,
    pub msgid_plural: Option<String>,
    /// The msgstr, or `msgstr[0]`, `msgstr[1]`... of a plural message.
    pub msgstr: Vec<String>,
    /// On `#~` lines: an obsolete message, kept by PO tools and ignored by gettext.
    pub obsolete: bool,
    /// The flags of its `#,` lines (`fuzzy`, `c-format`...).
    pub flags: Vec<String>,
    /// Its `#.` lines (comments for the translator, written by Orbat's export).
    pub extracted: Vec<String>,
    /// Its translator's comments (`# ` lines), which a merge keeps as msgmerge does.
    pub comments: Vec<String>,
    /// Its previous msgid (`#| msgid`), the source a fuzzy translation was made from.
    pub previous_msgid: Option<String>,
    /// Byte range of its msgctxt strings, from the first opening quote to the last
    /// closing one (where an import rewrites the record it holds).
    pub msgctxt_span: Option<(usize, usize)>,
    /// Offset of its `msgid` keyword (where gettext locates a message).
    pub at: usize,
    /// Offset of its first `msgstr` keyword.
    pub msgstr_at: usize,
    /// Each quoted piece of its (first) msgstr: offset and text (the header's lines).
    pub msgstr_pieces: Vec<(usize, String)>,
}

impl Message {
    pub fn is_fuzzy(&self) -> bool {
        self.flags.iter().any(|f| f == "fuzzy")
    }

    /// The header entry: `msgid ""` with no msgctxt, not obsolete.
    pub fn is_header(&self) -> bool {
        self.msgctxt.is_none() && self.msgid.is_empty() && !self.obsolete
    }
}

/// Reads the messages of a PO file; problems are returned (with at most [`MAX_PROBLEMS`]).
pub(crate) fn messages(text: &str) -> (Vec<Message>, Vec<Problem>) {
    let mut parser = Parser {
        text,
        lex: Lexer::new(text),
        peeked: None,
        problems: Vec::new(),
        comments: Vec::new(),
    };
    let mut messages = Vec::new();
    while parser.problems.len() + parser.lex.problems.len() < MAX_PROBLEMS {
        let token = match parser.next() {
            Ok(Some(t)) => t,
            Ok(None) => break,
            Err(p) => {
                parser.fail(p, None);
                continue;
            }
        };
        match token.kind {
            Kind::Comment(c) => parser.comments.push(c),
            Kind::Msgctxt | Kind::Msgid => match parser.message(token) {
                Ok(m) => messages.push(m),
                Err((p, offending)) => parser.fail(p, offending),
            },
            _ => {
                let p = parser.stray(&token);
                parser.fail(p, Some(token));
            }
        }
    }
    let mut problems = parser.problems;
    problems.append(&mut parser.lex.problems);
    (messages, problems)
}

type Failure<'a> = (Problem, Option<Token<'a>>);

struct Parser<'a> {
    text: &'a str,
    lex: Lexer<'a>,
    peeked: Option<Token<'a>>,
    problems: Vec<Problem>,
    comments: Vec<&'a str>,
}

impl<'a> Parser<'a> {
    fn next(&mut self) -> Result<Option<Token<'a>>, Problem> {
        if let Some(t) = self.peeked.take() {
            return Ok(Some(t));
        }
        self.lex.next_token().transpose()
    }

    fn peek(&mut self) -> Result<Option<&Token<'a>>, Problem> {
        if self.peeked.is_none() {
            self.peeked = self.lex.next_token().transpose()?;
        }
        Ok(self.peeked.as_ref())
    }

    /// Records a problem and resumes at the next message: at the offending token itself when
    /// it is a `msgctxt` or `msgid` starting its line, else at the next line that can start a
    /// message.
    fn fail(&mut self, problem: Problem, offending: Option<Token<'a>>) {
        self.problems.push(problem);
        self.comments.clear();
        self.peeked = None;
        match offending {
            Some(t)
                if matches!(t.kind, Kind::Msgctxt | Kind::Msgid)
                    && !t.obsolete
                    && !t.previous
                    && starts_line(self.text, t.at) =>
            {
                self.peeked = Some(t);
            }
            _ => self.lex.skip_to_entry(),
        }
    }

    /// One message, from its first token (`msgctxt` or `msgid`, maybe on a `#|` line).
    fn message(&mut self, first: Token<'a>) -> Result<Message, Failure<'a>> {
        let obsolete = first.obsolete;
        let mut token = first;
        let mut previous = None;
        if token.previous {
            if token.kind == Kind::Msgctxt {
                self.strings(&token, obsolete, true)?;
                token = self.expect_next(
                    &token,
                    obsolete,
                    |k, prev| *k == Kind::Msgid && prev,
                    "`#| msgctxt` must be followed by `#| msgid`",
                    "write the previous msgid on a `#| msgid` line after the `#| msgctxt` line",
                )?;
            }
            let previous_msgid = self.strings(&token, obsolete, true)?.0;
            previous = Some(previous_msgid);
            if self
                .peek()
                .map_err(|p| (p, None))?
                .is_some_and(|t| t.kind == Kind::MsgidPlural && t.previous)
            {
                let t = self.next().map_err(|p| (p, None))?.expect("peeked");
                self.same_obsolete(&t, obsolete)?;
                self.strings(&t, obsolete, true)?;
            }
            token = self.expect_next(&token, obsolete, |k, prev| matches!(k, Kind::Msgctxt | Kind::Msgid) && !prev, "the `#|` lines (a message's previous source text) must be followed by its msgctxt or msgid", "put the `#|` lines right above the msgctxt or msgid of their message, with no comment between")?;
        }
        let mut message = Message {
            obsolete,
            previous_msgid: previous,
            ..Message::default()
        };
        if token.kind == Kind::Msgctxt {
            let (ctx, pieces, end) = self.strings(&token, obsolete, false)?;
            message.msgctxt = Some(ctx);
            message.msgctxt_span = pieces.first().map(|(at, _)| (*at, end));
            token = self.expect_next(
                &token,
                obsolete,
                |k, prev| *k == Kind::Msgid && !prev,
                "msgctxt must be followed by msgid",
                "a message is msgctxt (if any), msgid, then msgstr, in this order",
            )?;
        }
        message.at = token.at;
        message.msgid = self.strings(&token, obsolete, false)?.0;
        for comment in self.comments.drain(..) {
            if let Some(flags) = comment.strip_prefix(',') {
                message.flags.extend(
                    flags
                        .split(',')
                        .map(|f| f.trim().to_owned())
                        .filter(|f| !f.is_empty()),
                );
            } else if let Some(text) = comment.strip_prefix('.') {
                message
                    .extracted
                    .push(text.strip_prefix(' ').unwrap_or(text).to_owned());
            } else if !comment.starts_with([':', '|', '~']) {
                message
                    .comments
                    .push(comment.strip_prefix(' ').unwrap_or(comment).to_owned());
            }
        }
        let after_msgid = self.next().map_err(|p| (p, None))?;
        match after_msgid {
            Some(t) if t.kind == Kind::Msgstr => {
                self.same_obsolete(&t, obsolete)?;
                message.msgstr_at = t.at;
                if self
                    .peek()
                    .map_err(|p| (p, None))?
                    .is_some_and(|n| n.kind == Kind::LBracket)
                {
                    return Err((
                        Problem::new(
                            t.at,
                            "msgstr[N] in a message with no msgid_plural",
                            "a singular message has one `msgstr \"...\"`; a plural one has msgid_plural, then msgstr[0], msgstr[1]...",
                        ),
                        None,
                    ));
                }
                let (text, pieces, _) = self.strings(&t, obsolete, false)?;
                message.msgstr.push(text);
                message.msgstr_pieces = pieces;
            }
            Some(t) if t.kind == Kind::MsgidPlural && !t.previous => {
                self.same_obsolete(&t, obsolete)?;
                message.msgid_plural = Some(self.strings(&t, obsolete, false)?.0);
                self.plural_forms(&mut message, &t)?;
            }
            other => {
                let found = other
                    .as_ref()
                    .map_or("the end of the file".into(), describe);
                let help = if other.is_none() {
                    "the file looks cut short: compare its end with the file your PO tool saved, or export it again"
                } else {
                    "add `msgstr \"\"` (not translated yet) or `msgstr \"the translation\"` under the msgid"
                };
                return Err((
                    Problem::new(
                        message.at,
                        format!("this message has no msgstr (found {found} after its msgid)"),
                        help,
                    ),
                    other,
                ));
            }
        }
        Ok(message)
    }

    /// `msgstr[0] "..."`, `msgstr[1] "..."`... after a msgid_plural.
    fn plural_forms(
        &mut self,
        message: &mut Message,
        plural: &Token<'a>,
    ) -> Result<(), Failure<'a>> {
        let mut index = 0u64;
        while self
            .peek()
            .map_err(|p| (p, None))?
            .is_some_and(|t| t.kind == Kind::Msgstr)
        {
            let t = self.next().map_err(|p| (p, None))?.expect("peeked");
            self.same_obsolete(&t, message.obsolete)?;
            if index == 0 {
                message.msgstr_at = t.at;
            }
            let wrong = |what: String| {
                Problem::new(
                    t.at,
                    what,
                    "the forms of a plural message are msgstr[0] \"...\", msgstr[1] \"...\" and so on, in order",
                )
            };
            let open = self.next().map_err(|p| (p, None))?;
            let Some(open) = open.filter(|o| o.kind == Kind::LBracket) else {
                return Err((
                    wrong("msgstr in a plural message must be msgstr[N]".into()),
                    None,
                ));
            };
            self.same_obsolete(&open, message.obsolete)?;
            let n = match self.next().map_err(|p| (p, None))? {
                Some(Token {
                    kind: Kind::Number(n),
                    ..
                }) => n,
                _ => {
                    return Err((
                        wrong("msgstr[ must be followed by a number and ]".into()),
                        None,
                    ));
                }
            };
            match self.next().map_err(|p| (p, None))? {
                Some(close) if close.kind == Kind::RBracket => {
                    self.same_obsolete(&close, message.obsolete)?
                }
                _ => return Err((wrong("msgstr[N must be closed with ]".into()), None)),
            }
            if n != index {
                self.problems
                    .push(wrong(format!("msgstr[{n}] where msgstr[{index}] was due")));
            }
            let (text, pieces, _) = self.strings(&t, message.obsolete, false)?;
            if index == 0 {
                message.msgstr_pieces = pieces;
            }
            message.msgstr.push(text);
            index = index.saturating_add(1);
        }
        if index == 0 {
            return Err((
                Problem::new(
                    plural.at,
                    "this plural message has no msgstr[0]",
                    "add msgstr[0] \"...\", msgstr[1] \"...\" after its msgid_plural",
                ),
                None,
            ));
        }
        Ok(())
    }

    /// The quoted strings after `keyword`, concatenated, each piece with its offset, and the
    /// offset just past the last closing quote.
    #[allow(clippy::type_complexity)]
    fn strings(
        &mut self,
        keyword: &Token<'a>,
        obsolete: bool,
        previous: bool,
    ) -> Result<(String, Vec<(usize, String)>, usize), Failure<'a>> {
        let first = self.next().map_err(|p| (p, None))?;
        let first = match first {
            Some(t) if matches!(t.kind, Kind::Str(_)) && t.previous == previous => t,
            first => {
                let name = keyword_name(keyword);
                let (message, help) = match &first {
                None => (
                    format!("the file ends after `{name}`, before its quoted string"),
                    "the file looks cut short: compare its end with the file your PO tool saved, or export it again".to_owned(),
                ),
                Some(t) => (
                    format!("`{name}` must be followed by a quoted string, found {}", describe(t)),
                    format!("put the text in double quotes: {name} \"...\""),
                ),
            };
                let at = first.as_ref().map_or(keyword.at, |t| t.at);
                return Err((Problem::new(at, message, help), first));
            }
        };
        self.same_obsolete(&first, obsolete)?;
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut end = first.end;
        let mut push = |t: Token<'a>| {
            end = t.end;
            if let Kind::Str(s) = t.kind {
                text.push_str(&s);
                pieces.push((t.at, s));
            }
        };
        push(first);
        while self
            .peek()
            .map_err(|p| (p, None))?
            .is_some_and(|t| matches!(t.kind, Kind::Str(_)) && t.previous == previous)
        {
            let t = self.next().map_err(|p| (p, None))?.expect("peeked");
            self.same_obsolete(&t, obsolete)?;
            push(t);
        }
        Ok((text, pieces, end))
    }

    /// The next token, which must pass `ok` (its kind, whether on a `#|` line).
    fn expect_next(
        &mut self,
        after: &Token<'a>,
        obsolete: bool,
        ok: impl Fn(&Kind<'a>, bool) -> bool,
        message: &str,
        help: &str,
    ) -> Result<Token<'a>, Failure<'a>> {
        match self.next().map_err(|p| (p, None))? {
            Some(t) if ok(&t.kind, t.previous) => {
                self.same_obsolete(&t, obsolete)?;
                Ok(t)
            }
            Some(t) => Err((
                Problem::new(t.at, format!("{message}, found {}", describe(&t)), help),
                Some(t),
            )),
            None => Err((
                Problem::new(
                    after.at,
                    format!("{message}, but the file ends here"),
                    "the file looks cut short: compare its end with the file your PO tool saved, or export it again",
                ),
                None,
            )),
        }
    }

    fn same_obsolete(&self, t: &Token<'a>, obsolete: bool) -> Result<(), Failure<'a>> {
        if t.obsolete == obsolete {
            return Ok(());
        }
        Err((
            Problem::new(
                t.at,
                "this message mixes lines marked obsolete (`#~`) with lines that are not",
                "an obsolete message has `#~` at the start of each of its lines: add it here or remove it from the others",
            ),
            None,
        ))
    }

    /// A token where a message or a comment should start.
    fn stray(&self, t: &Token<'a>) -> Problem {
        const LINES: &str = "a PO file holds comments (lines starting with #), the keywords msgctxt, msgid, msgid_plural and msgstr, and quoted strings: delete this text or make its line a comment with #";
        match &t.kind {
            Kind::Name(_) | Kind::Junk(_) | Kind::Number(_) | Kind::LBracket | Kind::RBracket
                if t.glued =>
            {
                Problem::new(
                    t.at,
                    format!("{} right after the closing quote of a string", describe(t)),
                    "is there a double quote inside the string? write it as \\\" (the string then goes on)",
                )
            }
            Kind::Name(w) => {
                Problem::new(t.at, format!("`{}` is not a PO keyword", shown(w)), LINES)
            }
            Kind::Str(_) if t.glued => Problem::new(
                t.at,
                "a string right after the closing quote of another",
                "is there a double quote inside the string? write it as \\\"",
            ),
            Kind::Str(_) => Problem::new(
                t.at,
                "a quoted string that belongs to no keyword",
                "a string continues the msgid or msgstr above only with no comment line between them; a new message starts with msgctxt or msgid",
            ),
            Kind::Msgstr => Problem::new(
                t.at,
                "msgstr with no msgid before it (or a second msgstr in one message)",
                "a message is msgctxt (if any), msgid, then one msgstr; join the texts of two msgstr lines into one",
            ),
            Kind::MsgidPlural => Problem::new(
                t.at,
                "msgid_plural with no msgid before it",
                "a plural message is msgid, msgid_plural, then msgstr[0], msgstr[1]...",
            ),
            Kind::Domain => Problem::new(
                t.at,
                "a `domain` line: Orbat's PO files hold one domain",
                "delete the domain line and the messages of other domains",
            ),
            _ => Problem::new(t.at, format!("{} cannot stand here", describe(t)), LINES),
        }
    }
}

fn keyword_name(t: &Token<'_>) -> &'static str {
    match (&t.kind, t.previous) {
        (Kind::Msgctxt, true) => "#| msgctxt",
        (Kind::Msgid, true) => "#| msgid",
        (Kind::MsgidPlural, true) => "#| msgid_plural",
        (Kind::Msgctxt, _) => "msgctxt",
        (Kind::Msgid, _) => "msgid",
        (Kind::MsgidPlural, _) => "msgid_plural",
        _ => "msgstr",
    }
}

/// A token as named in a message.
fn describe(t: &Token<'_>) -> String {
    match &t.kind {
        Kind::Comment(_) => "a comment".into(),
        Kind::Str(_) if t.previous => "a `#|` string".into(),
        Kind::Str(_) => "a quoted string".into(),
        Kind::Name(w) => format!("`{}`", shown(w)),
        Kind::Junk(c) => format!("`{}`", shown(&c.to_string())),
        Kind::Number(n) => format!("the number {n}"),
        Kind::LBracket => "`[`".into(),
        Kind::RBracket => "`]`".into(),
        Kind::Domain => "`domain`".into(),
        _ => format!("`{}`", keyword_name(t)),
    }
}
