//! The list functions of CEL's list extensions (cel-go's `ext.Lists()`, Kubernetes' list
//! library) a check may call on a list, as `list.sum()` or `sum(list)`: a total, a sorted
//! copy, each item once, where an item first or last stands, the items joined in a text. `min` and `max` over a list are
//! [`super::eval`]'s, with CEL's own.

use std::cmp::Ordering;

use super::eval::Fail;
use super::node::Op;
use super::numbers::arithmetic;
use super::value::{Val, equal, order};

/// `op` on its arguments, the list first.
pub(super) fn call<'d>(op: Op, args: &[Val<'d>]) -> Result<Val<'d>, Fail> {
    let name = op.name();
    let Some(list) = args.first() else {
        return Err(format!("`{name}` needs a list"));
    };
    // `indexOf` also finds a text in a text, as CEL's strings extension does
    if let (Op::IndexOf | Op::LastIndexOf, Some(text), Some(part)) =
        (op, list.as_str(), args.get(1).and_then(Val::as_str))
    {
        let at = match op {
            Op::IndexOf => text.find(part),
            _ => text.rfind(part),
        };
        return Ok(Val::Int(
            at.map_or(-1, |b| text[..b].chars().count() as i64),
        ));
    }
    let Some(len) = list.len() else {
        return Err(format!("`{name}` takes a list, not {}", list.describe()));
    };
    let items = (0..len).map(|i| list.item(i));
    Ok(match op {
        Op::Join => {
            let sep = args.get(1).map_or(Some(""), Val::as_str);
            let sep = sep.ok_or("`join` takes a text to put between the items")?;
            let mut out = Vec::with_capacity(len);
            for item in items {
                out.push(match item.as_str() {
                    Some(s) => s.to_owned(),
                    None => return Err(format!("`join` joins texts, not {}", item.describe())),
                });
            }
            Val::text(&out.join(sep))
        }
        Op::Sum => {
            let mut total: Option<Val<'d>> = None;
            for item in items {
                if !matches!(item, Val::Int(_) | Val::UInt(_) | Val::Float(_)) {
                    return Err(format!("`sum` adds numbers, not {}", item.describe()));
                }
                total = Some(match total {
                    None => item,
                    Some(t) => arithmetic(Op::Add, t, item)?,
                });
            }
            total.unwrap_or(Val::Int(0))
        }
        Op::Sort => {
            let mut items: Vec<Val<'d>> = items.collect();
            let mut unordered: Option<String> = None;
            items.sort_by(|a, b| {
                order(a, b).unwrap_or_else(|| {
                    unordered.get_or_insert_with(|| {
                        format!("`sort` cannot order {} and {}", a.describe(), b.describe())
                    });
                    Ordering::Equal
                })
            });
            if let Some(why) = unordered {
                return Err(why);
            }
            Val::list(items)
        }
        Op::Distinct => {
            let mut out: Vec<Val<'d>> = Vec::new();
            for item in items {
                if !out.iter().any(|o| equal(o, &item)) {
                    out.push(item);
                }
            }
            Val::list(out)
        }
        _ => {
            let Some(wanted) = args.get(1) else {
                return Err(format!("`{name}` needs the item to find"));
            };
            let at = match op {
                Op::IndexOf => (0..len).find(|&i| equal(&list.item(i), wanted)),
                _ => (0..len).rev().find(|&i| equal(&list.item(i), wanted)),
            };
            Val::Int(at.map_or(-1, |i| i as i64))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Val<'static> {
        Val::list(v.iter().map(|i| Val::Int(*i)).collect())
    }

    #[test]
    fn sums_sorts_and_finds() {
        assert!(equal(
            &call(Op::Sum, &[ints(&[3, 4, 5])]).unwrap(),
            &Val::Int(12)
        ));
        assert!(equal(&call(Op::Sum, &[ints(&[])]).unwrap(), &Val::Int(0)));
        let floats = Val::list(vec![Val::Float(0.5), Val::Float(1.0)]);
        assert!(equal(&call(Op::Sum, &[floats]).unwrap(), &Val::Float(1.5)));
        assert!(equal(
            &call(Op::Sort, &[ints(&[3, 1, 2])]).unwrap(),
            &ints(&[1, 2, 3])
        ));
        assert!(equal(
            &call(Op::Distinct, &[ints(&[2, 1, 2, 1])]).unwrap(),
            &ints(&[2, 1])
        ));
        let l = ints(&[7, 8, 7]);
        assert!(equal(
            &call(Op::IndexOf, &[l.clone(), Val::Int(7)]).unwrap(),
            &Val::Int(0)
        ));
        assert!(equal(
            &call(Op::LastIndexOf, &[l.clone(), Val::Int(7)]).unwrap(),
            &Val::Int(2)
        ));
        assert!(equal(
            &call(Op::IndexOf, &[l, Val::Int(9)]).unwrap(),
            &Val::Int(-1)
        ));
        let names = Val::list(vec![Val::text("a"), Val::text("b")]);
        let joined = call(Op::Join, &[names, Val::text(", ")]).unwrap();
        assert_eq!(joined.as_str(), Some("a, b"));
        let t = Val::text("épée");
        assert!(equal(
            &call(Op::IndexOf, &[t, Val::text("ée")]).unwrap(),
            &Val::Int(2)
        ));
    }

    #[test]
    fn refuses_what_it_cannot_add_or_order() {
        let mixed = Val::list(vec![Val::Int(1), Val::text("a")]);
        assert_eq!(
            call(Op::Sum, std::slice::from_ref(&mixed)).unwrap_err(),
            "`sum` adds numbers, not a text"
        );
        assert!(
            call(Op::Sort, &[mixed])
                .unwrap_err()
                .starts_with("`sort` cannot order")
        );
        assert!(
            call(Op::Sum, &[Val::Int(3)])
                .unwrap_err()
                .contains("takes a list")
        );
    }
}
