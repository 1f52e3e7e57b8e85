//! CEL's arithmetic and conversions on the values a check computes with: whole numbers
//! checked for overflow and division by zero, lists and texts joined by `+`. A failure is
//! the evaluator's: why, in a designer's words.

use std::sync::Arc;

use super::node::Op;
use super::value::Val;

/// `x op y` on whole numbers of one type, None when it overflows; dividing by zero returns
/// its error from the function the macro is used in.
macro_rules! checked {
    ($op:expr, $x:expr, $y:expr) => {
        match $op {
            Op::Add => $x.checked_add($y),
            Op::Sub => $x.checked_sub($y),
            Op::Mul => $x.checked_mul($y),
            Op::Div | Op::Mod if $y == 0 => return Err("it divides by zero".to_string()),
            Op::Div => $x.checked_div($y),
            _ => $x.checked_rem($y),
        }
    };
}

pub(super) fn arithmetic<'d>(op: Op, a: Val<'d>, b: Val<'d>) -> Result<Val<'d>, String> {
    let over = || "it overflows".to_string();
    Ok(match (a, b) {
        (Val::Int(x), Val::Int(y)) => Val::Int(checked!(op, x, y).ok_or_else(over)?),
        (Val::UInt(x), Val::UInt(y)) => Val::UInt(checked!(op, x, y).ok_or_else(over)?),
        (Val::List(mut x), y) if op == Op::Add && y.len().is_some() => {
            let items = Arc::make_mut(&mut x);
            items.extend((0..y.len().unwrap_or(0)).map(|i| y.item(i)));
            Val::List(x)
        }
        (x, y) if op == Op::Add && x.len().is_some() && y.len().is_some() => {
            let mut items: Vec<Val<'d>> = (0..x.len().unwrap_or(0)).map(|i| x.item(i)).collect();
            items.extend((0..y.len().unwrap_or(0)).map(|i| y.item(i)));
            Val::list(items)
        }
        (x, y) if op == Op::Add && x.as_str().is_some() && y.as_str().is_some() => {
            Val::Text(format!("{}{}", x.as_str().unwrap_or(""), y.as_str().unwrap_or("")).into())
        }
        (x, y) => match (float(&x), float(&y)) {
            (Some(x), Some(y)) => Val::Float(match op {
                Op::Add => x + y,
                Op::Sub => x - y,
                Op::Mul => x * y,
                Op::Div => x / y,
                _ => return Err("`%` takes whole numbers".into()),
            }),
            _ => {
                return Err(format!(
                    "it does arithmetic on {} and {}",
                    x.describe(),
                    y.describe()
                ));
            }
        },
    })
}

fn float(v: &Val<'_>) -> Option<f64> {
    match v {
        Val::Int(i) => Some(*i as f64),
        Val::UInt(u) => Some(*u as f64),
        Val::Float(f) => Some(*f),
        _ => None,
    }
}

/// `string()`, `int()`, `uint()`, `double()`, `bool()`.
pub(super) fn convert<'d>(op: Op, v: &Val<'d>) -> Result<Val<'d>, String> {
    let bad = || {
        format!(
            "`{}` cannot make {} of {}",
            op.name(),
            op.name(),
            v.describe()
        )
    };
    Ok(match op {
        Op::String => match v {
            Val::Int(i) => Val::text(&i.to_string()),
            Val::UInt(u) => Val::text(&u.to_string()),
            Val::Float(f) => Val::text(&f.to_string()),
            Val::Bool(b) => Val::Str(if *b { "true" } else { "false" }),
            v if v.as_str().is_some() => v.clone(),
            _ => return Err(bad()),
        },
        Op::Int => Val::Int(match v {
            Val::Int(i) => *i,
            Val::UInt(u) => i64::try_from(*u).map_err(|_| bad())?,
            Val::Float(f) if f.is_finite() => f.trunc() as i64,
            v => v.as_str().and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        }),
        Op::UInt => Val::UInt(match v {
            Val::Int(i) => u64::try_from(*i).map_err(|_| bad())?,
            Val::UInt(u) => *u,
            Val::Float(f) if f.is_finite() && *f >= 0.0 => f.trunc() as u64,
            v => v.as_str().and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        }),
        Op::Double => Val::Float(match v {
            v if float(v).is_some() => float(v).unwrap_or_default(),
            v => v.as_str().and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        }),
        _ => Val::Bool(match v {
            Val::Bool(b) => *b,
            v => match v.as_str() {
                Some("true") => true,
                Some("false") => false,
                _ => return Err(bad()),
            },
        }),
    })
}
