//! The header's `Plural-Forms: nplurals=N; plural=EXPR;`, checked as `msgfmt -c` checks it
//! even in a file with no plural message: when the header holds both `nplurals=` and
//! `plural=` (first occurrences, as gettext finds them), N must be a number and EXPR a C
//! expression of `n` (gettext's `plural.y`: `?:`, `||`, `&&`, `==`, `!=`, `<`, `>`, `<=`,
//! `>=`, `+`, `-`, `*`, `/`, `%`, `!`, parentheses, numbers) that for n = 0..=1000 never
//! divides by zero, never goes below zero and stays below N. Stricter than gettext: an
//! expression over 1,000 characters or nested over 50 deep is refused (no real one is), and
//! so is arithmetic that overflows.

/// Checks the Plural-Forms of a header; the problem in words if it is wrong.
pub(crate) fn check(header: &str) -> Result<(), String> {
    let (Some(plural), Some(nplurals)) = (header.find("plural="), header.find("nplurals=")) else {
        return Ok(());
    };
    let count = header[nplurals + "nplurals=".len()..]
        .trim_start_matches([' ', '\t', '\n', '\r', '\u{b}', '\u{c}']);
    let digits = count.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err("the header's Plural-Forms has no number after nplurals=".into());
    }
    let nplurals = count[..digits].bytes().fold(0u64, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    let source = &header[plural + "plural=".len()..];
    let end = source.find([';', '\n', '\0']).unwrap_or(source.len());
    let expr = parse(&source[..end])
        .map_err(|why| format!("the header's plural expression is not valid: {why}"))?;
    for n in 0..=1000u64 {
        match eval(&expr, n) {
            Err(Fault::DivideByZero) => {
                return Err(format!(
                    "the header's plural expression divides by zero for n = {n}"
                ));
            }
            Err(Fault::Negative) => {
                return Err(format!(
                    "the header's plural expression goes below zero for n = {n}"
                ));
            }
            Err(Fault::Overflow) => {
                return Err(format!(
                    "the header's plural expression overflows for n = {n}"
                ));
            }
            Ok(v) if v >= nplurals => {
                return Err(format!(
                    "the header says nplurals={nplurals} but its plural expression gives {v} for n = {n}"
                ));
            }
            Ok(_) => {}
        }
    }
    Ok(())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Debug)]
enum Expr {
    N,
    Num(u64),
    Not(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    N,
    Num(u64),
    Op(Op),
    Not,
    Question,
    Colon,
    Open,
    Close,
    End,
}

const MAX_LEN: usize = 1000;
const MAX_DEPTH: usize = 50;

fn tokens(s: &str) -> Result<Vec<Tok>, String> {
    if s.len() > MAX_LEN {
        return Err(format!("over {MAX_LEN} characters"));
    }
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let two = |c: u8| b.get(i + 1) == Some(&c);
        let (tok, len) = match b[i] {
            b' ' | b'\t' => {
                i += 1;
                continue;
            }
            b'0'..=b'9' => {
                let len = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let n = b[i..i + len].iter().fold(0u64, |n, d| {
                    n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))
                });
                (Tok::Num(n), len)
            }
            b'n' => (Tok::N, 1),
            b'=' if two(b'=') => (Tok::Op(Op::Eq), 2),
            b'!' if two(b'=') => (Tok::Op(Op::Ne), 2),
            b'!' => (Tok::Not, 1),
            b'&' if two(b'&') => (Tok::Op(Op::And), 2),
            b'|' if two(b'|') => (Tok::Op(Op::Or), 2),
            b'<' if two(b'=') => (Tok::Op(Op::Le), 2),
            b'>' if two(b'=') => (Tok::Op(Op::Ge), 2),
            b'<' => (Tok::Op(Op::Lt), 1),
            b'>' => (Tok::Op(Op::Gt), 1),
            b'+' => (Tok::Op(Op::Add), 1),
            b'-' => (Tok::Op(Op::Sub), 1),
            b'*' => (Tok::Op(Op::Mul), 1),
            b'/' => (Tok::Op(Op::Div), 1),
            b'%' => (Tok::Op(Op::Rem), 1),
            b'?' => (Tok::Question, 1),
            b':' => (Tok::Colon, 1),
            b'(' => (Tok::Open, 1),
            b')' => (Tok::Close, 1),
            _ => {
                let c: String = s[i..].chars().take(1).collect();
                return Err(format!("`{}` is not part of one", super::error::shown(&c)));
            }
        };
        out.push(tok);
        i += len;
    }
    out.push(Tok::End);
    Ok(out)
}

/// Binary operators from the loosest to the tightest, as in C.
const LEVELS: [&[Op]; 6] = [
    &[Op::Or],
    &[Op::And],
    &[Op::Eq, Op::Ne],
    &[Op::Lt, Op::Gt, Op::Le, Op::Ge],
    &[Op::Add, Op::Sub],
    &[Op::Mul, Op::Div, Op::Rem],
];

struct Parser {
    toks: Vec<Tok>,
    i: usize,
    depth: usize,
}

fn parse(s: &str) -> Result<Expr, String> {
    let mut p = Parser {
        toks: tokens(s)?,
        i: 0,
        depth: 0,
    };
    let e = p.conditional()?;
    if p.toks[p.i] != Tok::End {
        return Err("it goes on after a complete expression".into());
    }
    Ok(e)
}

impl Parser {
    fn peek(&self) -> Tok {
        self.toks[self.i]
    }

    fn deeper(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!("nested over {MAX_DEPTH} deep"));
        }
        Ok(())
    }

    fn conditional(&mut self) -> Result<Expr, String> {
        self.deeper()?;
        let cond = self.binary(0)?;
        let e = if self.peek() == Tok::Question {
            self.i += 1;
            let yes = self.conditional()?;
            if self.peek() != Tok::Colon {
                return Err("a `?` with no `:`".into());
            }
            self.i += 1;
            let no = self.conditional()?;
            Expr::If(Box::new(cond), Box::new(yes), Box::new(no))
        } else {
            cond
        };
        self.depth -= 1;
        Ok(e)
    }

    fn binary(&mut self, level: usize) -> Result<Expr, String> {
        let Some(ops) = LEVELS.get(level) else {
            return self.unary();
        };
        let mut left = self.binary(level + 1)?;
        while let Tok::Op(op) = self.peek() {
            if !ops.contains(&op) {
                break;
            }
            self.i += 1;
            let right = self.binary(level + 1)?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let t = self.peek();
        self.i += 1;
        match t {
            Tok::N => Ok(Expr::N),
            Tok::Num(v) => Ok(Expr::Num(v)),
            Tok::Not => {
                self.deeper()?;
                let e = self.unary()?;
                self.depth -= 1;
                Ok(Expr::Not(Box::new(e)))
            }
            Tok::Open => {
                let e = self.conditional()?;
                if self.peek() != Tok::Close {
                    return Err("a `(` with no `)`".into());
                }
                self.i += 1;
                Ok(e)
            }
            Tok::End => Err("it ends where a number, `n` or `(` is due".into()),
            _ => Err("an operator where a number, `n` or `(` is due".into()),
        }
    }
}

enum Fault {
    DivideByZero,
    Negative,
    Overflow,
}

fn eval(e: &Expr, n: u64) -> Result<u64, Fault> {
    Ok(match e {
        Expr::N => n,
        Expr::Num(v) => *v,
        Expr::Not(e) => u64::from(eval(e, n)? == 0),
        Expr::If(c, yes, no) => {
            if eval(c, n)? != 0 {
                eval(yes, n)?
            } else {
                eval(no, n)?
            }
        }
        Expr::Bin(Op::Or, a, b) => u64::from(eval(a, n)? != 0 || eval(b, n)? != 0),
        Expr::Bin(Op::And, a, b) => u64::from(eval(a, n)? != 0 && eval(b, n)? != 0),
        Expr::Bin(op, a, b) => {
            let (a, b) = (eval(a, n)?, eval(b, n)?);
            match op {
                Op::Eq => u64::from(a == b),
                Op::Ne => u64::from(a != b),
                Op::Lt => u64::from(a < b),
                Op::Gt => u64::from(a > b),
                Op::Le => u64::from(a <= b),
                Op::Ge => u64::from(a >= b),
                Op::Add => a.checked_add(b).ok_or(Fault::Overflow)?,
                Op::Sub => a.checked_sub(b).ok_or(Fault::Negative)?,
                Op::Mul => a.checked_mul(b).ok_or(Fault::Overflow)?,
                Op::Div => a.checked_div(b).ok_or(Fault::DivideByZero)?,
                Op::Rem => a.checked_rem(b).ok_or(Fault::DivideByZero)?,
                Op::Or | Op::And => unreachable!("handled above"),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pf(s: &str) -> Result<(), String> {
        check(&format!("Language: x\nPlural-Forms: {s}\n"))
    }

    #[test]
    fn accepts_the_plural_forms_of_real_languages() {
        for s in [
            "nplurals=1; plural=0;",
            "nplurals=2; plural=(n != 1);",
            "nplurals=2; plural=n>1;",
            "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
            "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
            "nplurals=2; plural=!(n == 1)",
            "nplurals = 2 ; plural=n != 1",
        ] {
            assert_eq!(pf(s), Ok(()), "{s}");
        }
        // without both keys there is nothing to check (as in msgfmt)
        assert_eq!(check("Plural-Forms: nplurals=2;\n"), Ok(()));
        assert_eq!(check("Plural-Forms: plural=garbage;\n"), Ok(()));
    }

    #[test]
    fn refuses_what_msgfmt_refuses() {
        for (s, why) in [
            ("nplurals=x; plural=0;", "no number after nplurals="),
            ("nplurals=2; plural=(n != ;", "not valid"),
            ("nplurals=2; plural=n = 1;", "not valid"),
            ("nplurals=2; plural=n & 1;", "not valid"),
            ("nplurals=2; plural=garbage;", "not valid"),
            ("nplurals=2; plural=n 1;", "not valid"),
            ("nplurals=2; plural=(n;", "not valid"),
            ("nplurals=2; plural=n ? 1;", "not valid"),
            (
                "nplurals=0; plural=0;",
                "nplurals=0 but its plural expression gives 0 for n = 0",
            ),
            ("nplurals=2; plural=n;", "gives 2 for n = 2"),
            ("nplurals=2; plural=1/(5-n%6);", "divides by zero for n = 5"),
            ("nplurals=2; plural=n%0;", "divides by zero"),
            ("nplurals=2; plural=0-1;", "below zero for n = 0"),
            ("nplurals=2; plural=99999999999*99999999999;", "overflows"),
        ] {
            let got = pf(s).unwrap_err();
            assert!(got.contains(why), "{s}: {got}");
        }
    }

    #[test]
    fn deep_or_long_expressions_are_refused_not_a_stack_overflow() {
        let deep = format!(
            "nplurals=2; plural={}0{};",
            "(".repeat(5000),
            ")".repeat(5000)
        );
        assert!(pf(&deep).unwrap_err().contains("not valid"));
        let nots = format!("nplurals=2; plural={}0;", "!".repeat(900));
        assert!(pf(&nots).unwrap_err().contains("nested"));
        let long = format!("nplurals=2; plural=0{};", "+0".repeat(600));
        assert!(pf(&long).unwrap_err().contains("over 1000 characters"));
        let chain = format!("nplurals=2; plural=0{};", "+0".repeat(400));
        assert_eq!(pf(&chain), Ok(()));
    }
}
