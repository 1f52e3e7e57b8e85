//! Target (d)'s edits: changes to a file's model, made on its JSON form (the shape every kind
//! shares) as the editor makes them on the typed model: add (a copy of an entity, at any
//! place), remove, rename (any string, map keys too), move (an element to another place),
//! change a value (numbers, booleans, an optional value cleared), reorder (a list reversed
//! or rotated). Each edit is kept only when the model still reads as its kind.

use arbitrary::{Arbitrary, Result, Unstructured};
use serde_json::Value;

/// What an edit does at the place it picked.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Op {
    Add,
    Remove,
    Rename,
    Move,
    Change,
    Reorder,
}

/// Strings an edit writes: ids the files hold, and text that needs escaping.
const STRINGS: &[&str] = &[
    "",
    "paris",
    "x",
    "a b",
    "quote \" inside",
    "back\\slash",
    "line\nbreak",
    "tab\there",
    "// not a comment",
    "/* nor this */",
    "née à Zürich — ✓",
    "\u{1b}[31m",
    "\u{0}",
    "r#\"raw\"#",
    "Some(",
    "),",
];

/// A new string: one of [`STRINGS`], a string of the file, or any text from the input.
fn string(u: &mut Unstructured<'_>, known: &[String]) -> Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => (*u.choose(STRINGS)?).to_owned(),
        1 if !known.is_empty() => u.choose(known)?.clone(),
        2 if !known.is_empty() => format!("{}{}", u.choose(known)?, u.int_in_range(0..=99u8)?),
        _ => String::arbitrary(u)?.chars().take(40).collect(),
    })
}

/// A number of the same sort as `old`: whole numbers stay whole and in range of the fields
/// that hold them (u32, i32), others finite f32.
fn number(u: &mut Unstructured<'_>, old: &serde_json::Number) -> Result<Value> {
    Ok(if old.is_u64() {
        Value::from(match u.int_in_range(0..=2u8)? {
            0 => u64::from(u.int_in_range(0..=20u8)?),
            1 => u64::from(u32::MAX),
            _ => u64::from(u32::arbitrary(u)?),
        })
    } else if old.is_i64() {
        Value::from(i32::arbitrary(u)?)
    } else {
        let f = match u.int_in_range(0..=3u8)? {
            0 => f32::from(u.int_in_range(0..=2000u16)?) / 4.0,
            1 => -0.0,
            2 => f32::MAX,
            _ => f32::arbitrary(u)?,
        };
        if !f.is_finite() {
            return Ok(Value::from(1.5f64));
        }
        Value::from(f64::from(f))
    })
}

/// The place an edit works at: a path of child indexes from the root (object members in
/// their order), as far as the input leads and the tree goes.
fn place(u: &mut Unstructured<'_>, root: &Value) -> Result<Vec<usize>> {
    let mut path = Vec::new();
    let mut here = root;
    let depth = u.int_in_range(1..=8u8)?;
    for _ in 0..depth {
        let n = match here {
            Value::Array(a) => a.len(),
            Value::Object(o) => o.len(),
            _ => break,
        };
        if n == 0 {
            break;
        }
        let i = u.choose_index(n)?;
        path.push(i);
        here = match here {
            Value::Array(a) => &a[i],
            Value::Object(o) => o.values().nth(i).expect("in range"),
            _ => unreachable!(),
        };
    }
    Ok(path)
}

fn at_mut<'v>(root: &'v mut Value, path: &[usize]) -> Option<&'v mut Value> {
    let mut here = root;
    for &i in path {
        here = match here {
            Value::Array(a) => a.get_mut(i)?,
            Value::Object(o) => o.values_mut().nth(i)?,
            _ => return None,
        };
    }
    Some(here)
}

/// Renames a copy's strings at random (an entity added beside the one it copies).
fn rename_some(u: &mut Unstructured<'_>, v: &mut Value, known: &[String]) -> Result<()> {
    match v {
        Value::String(s) if u.ratio(1u8, 3u8)? => *s = string(u, known)?,
        Value::Array(a) => {
            for x in a {
                rename_some(u, x, known)?;
            }
        }
        Value::Object(o) => {
            for x in o.values_mut() {
                rename_some(u, x, known)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Makes one edit on `root`; false when the place picked does not take it.
pub(crate) fn edit(u: &mut Unstructured<'_>, root: &mut Value, known: &[String]) -> Result<bool> {
    let op = Op::arbitrary(u)?;
    let path = place(u, root)?;
    let (parent_path, last) = match path.split_last() {
        Some((&last, parent)) => (parent.to_vec(), Some(last)),
        None => (Vec::new(), None),
    };
    let Some(parent) = at_mut(root, &parent_path) else {
        return Ok(false);
    };
    Ok(match (op, parent, last) {
        (Op::Add, Value::Array(a), Some(i)) => {
            let mut copy = a[i].clone();
            rename_some(u, &mut copy, known)?;
            let to = u.int_in_range(0..=a.len())?;
            a.insert(to, copy);
            true
        }
        (Op::Add, Value::Object(o), Some(i)) => {
            // a new key in a map (a text entry, an attribute), with a copy of a value
            let copy = o.values().nth(i).expect("in range").clone();
            o.insert(string(u, known)?, copy);
            true
        }
        (Op::Remove, Value::Array(a), Some(i)) => {
            a.remove(i);
            true
        }
        (Op::Remove, Value::Object(o), Some(i)) => {
            let key = o.keys().nth(i).expect("in range").clone();
            o.remove(&key);
            true
        }
        (Op::Rename, Value::Object(o), Some(i)) if u.ratio(1u8, 4u8)? => {
            // the key itself (a map's; a struct's field name makes it read as no kind)
            let key = o.keys().nth(i).expect("in range").clone();
            let v = o.remove(&key).expect("there");
            o.insert(string(u, known)?, v);
            true
        }
        (Op::Rename | Op::Change, parent, Some(i)) => {
            let Some(v) = at_mut(parent, &[i]) else {
                return Ok(false);
            };
            match v {
                Value::String(s) => *s = string(u, known)?,
                Value::Number(n) => *v = number(u, n)?,
                Value::Bool(b) => *b = !*b,
                // an optional value cleared, or a list emptied
                _ if matches!(op, Op::Change) && u.ratio(1u8, 2u8)? => *v = Value::Null,
                Value::Array(a) => a.clear(),
                _ => return Ok(false),
            }
            true
        }
        (Op::Move, Value::Array(a), Some(i)) => {
            let x = a.remove(i);
            let to = u.int_in_range(0..=a.len())?;
            a.insert(to, x);
            true
        }
        (Op::Reorder, Value::Array(a), _) if a.len() > 1 => {
            if u.ratio(1u8, 2u8)? {
                a.reverse();
            } else {
                let by = u.int_in_range(1..=a.len() - 1)?;
                a.rotate_left(by);
            }
            true
        }
        _ => false,
    })
}
