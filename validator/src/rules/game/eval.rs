//! Evaluating a compiled expression over the game read in place ([`Data`]): CEL's operators,
//! macros and standard functions a check may use, with its rules for errors (`a && b` is false
//! when either side is false, even if the other fails).

use std::cmp::Ordering;

use smallvec::SmallVec;

use super::data::{Data, F};
use super::node::{Node, Op};
use super::numbers::{arithmetic, convert};
use super::value::{Obj, Val, equal, order};
use crate::model::Scope;

/// The view of the scenario whose start is read: the slot after the entity ([`super::node::roots`]).
fn scenario_view<'d>(scenario: Option<usize>) -> Val<'d> {
    scenario.map_or(Val::Null, |s| Val::Obj(Obj::new(Scope::Scenario, s)))
}

/// Why an expression could not be judged, in a designer's words.
pub type Fail = String;

/// What an evaluation reads: the game, the scenario whose start the scenario functions read,
/// and the variables (the check's entity, then comprehensions' variables).
pub struct Eval<'d, 'a> {
    pub data: &'d Data<'a>,
    pub scenario: Option<usize>,
    pub vars: Vec<Val<'d>>,
}

impl<'d, 'a> Eval<'d, 'a> {
    pub fn new(data: &'d Data<'a>, scenario: Option<usize>, entity: Val<'d>) -> Self {
        Eval {
            data,
            scenario,
            vars: vec![entity, scenario_view(scenario)],
        }
    }

    /// Makes `entity` (of `scenario`'s start) the one the expressions judge. A comprehension
    /// that failed may leave its variables behind: they are dropped here.
    pub fn set_entity(&mut self, scenario: Option<usize>, entity: Val<'d>) {
        self.scenario = scenario;
        self.vars.truncate(2);
        if self.vars.len() < 2 {
            self.vars.resize(2, Val::Null);
        }
        self.vars[0] = entity;
        self.vars[1] = scenario_view(scenario);
    }

    /// `e`, which must give true or false (`what` names it in the message).
    pub fn truth(&mut self, e: &'d Node, what: &str) -> Result<bool, Fail> {
        self.test(e)?
            .map_err(|other| format!("its `{what}` gave {}, not true or false", other.describe()))
    }

    /// `e` as true or false, or the value it gave that is neither. Most checks are comparisons
    /// joined by `&&`, `||` and `!`: judged here without a value made at each step.
    pub(super) fn test(&mut self, e: &'d Node) -> Result<Result<bool, Val<'d>>, Fail> {
        Ok(Ok(match e {
            Node::Bool(b) => *b,
            Node::Compare { op, left, right } => {
                let left = match self.read_field(left) {
                    Some(v) => v,
                    None => self.eval(left)?,
                };
                self.holds(*op, &left, right)?
            }
            Node::Call(op @ (Op::And | Op::Or), args) if args.len() == 2 => {
                self.junction(*op, args)?
            }
            Node::Call(Op::Not, args) if args.len() == 1 => {
                !self.test(&args[0])?.or_else(|v| boolean(v, Op::Not))?
            }
            other => {
                return Ok(match self.eval(other)? {
                    Val::Bool(b) => Ok(b),
                    v => Err(v),
                });
            }
        }))
    }

    /// `e` when it reads a field of an entity in place (most comparisons' left side), read
    /// without going through [`Eval::eval`]; None when it is anything else.
    #[inline]
    fn read_field(&self, e: &'d Node) -> Option<Val<'d>> {
        match e {
            Node::Field { slot, known, .. } => match self.vars[*slot] {
                Val::Obj(o) => self.data.field(o, *known),
                _ => None,
            },
            _ => None,
        }
    }

    /// `a && b` or `a || b`: CEL's `&&` is false when either side is false, even if the
    /// other fails (and `||` true when either is true).
    fn junction(&mut self, op: Op, args: &'d [Node]) -> Result<bool, Fail> {
        let stop = op == Op::Or;
        let mut side = |n: &'d Node| self.test(n)?.or_else(|v| boolean(v, op));
        let left = side(&args[0]);
        if left == Ok(stop) || side(&args[1])? == stop {
            return Ok(stop);
        }
        left
    }

    pub fn eval(&mut self, e: &'d Node) -> Result<Val<'d>, Fail> {
        Ok(match e {
            Node::Null => Val::Null,
            Node::Bool(b) => Val::Bool(*b),
            Node::Int(i) => Val::Int(*i),
            Node::UInt(u) => Val::UInt(*u),
            Node::Float(f) => Val::Float(*f),
            Node::Str(s) => Val::Str(s),
            Node::Const(v) => v.clone(),
            Node::Var(s) => self.vars[*s].clone(),
            Node::Take(s) => std::mem::replace(&mut self.vars[*s], Val::Null),
            Node::Field { slot, field, known } => {
                // an entity's field read in place; a map's (an example's changed entity) found
                if let Val::Obj(o) = self.vars[*slot]
                    && let Some(v) = self.data.field(o, *known)
                {
                    return Ok(v);
                }
                let on = self.vars[*slot].clone();
                match self.select(&on, field, Some(*known))? {
                    Some(v) => v,
                    None => return Err(no_key(field)),
                }
            }
            Node::Select {
                on,
                field,
                known,
                test,
            } => {
                let on = self.eval(on)?;
                let found = self.select(&on, field, *known)?;
                match (test, found) {
                    (true, found) => Val::Bool(found.is_some()),
                    (false, Some(v)) => v,
                    (false, None) => return Err(no_key(field)),
                }
            }
            Node::List(items) => Val::list(
                items
                    .iter()
                    .map(|x| self.eval(x))
                    .collect::<Result<_, _>>()?,
            ),
            Node::Map(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    out.push((self.eval(k)?, self.eval(v)?));
                }
                Val::map(out)
            }
            Node::Loop(l) => self.comprehension(l)?,
            Node::Path(p) => self.path(p)?,
            Node::Call(op, args) => self.call(*op, args)?,
            Node::Compare { op, left, right } => {
                let left = self.eval(left)?;
                self.compare(*op, &left, right)?
            }
        })
    }

    /// Field `name` of `on`: None when it has none (a map without the key, an attribute
    /// neither written nor defaulted).
    fn select(&self, on: &Val<'d>, name: &str, known: Option<F>) -> Result<Option<Val<'d>>, Fail> {
        match on {
            Val::Obj(_) | Val::Attrs(..) | Val::Map(_) => Ok(field_of(self.data, on, name, known)),
            Val::Null => Err(format!("it reads `{name}` of null")),
            other => Err(format!("{} has no fields (`{name}`)", other.describe())),
        }
    }

    /// An entity's or attributes' value as a plain map.
    pub(super) fn materialized(&self, v: &Val<'d>) -> Val<'d> {
        match v {
            Val::Obj(o) => self.data.materialize(*o),
            Val::Attrs(h, written) => self.data.all_attrs(*h, written),
            other => other.clone(),
        }
    }

    // kept out of `eval`: inlined there, its lists of values made the frame of every node's
    // evaluation (a field read, a literal) as large as a call's
    #[inline(never)]
    fn call(&mut self, op: Op, args: &'d [Node]) -> Result<Val<'d>, Fail> {
        match op {
            Op::And | Op::Or if args.len() == 2 => return self.junction(op, args).map(Val::Bool),
            Op::Cond => {
                let c = self.eval(&args[0]).and_then(|v| boolean(v, op))?;
                return self.eval(&args[if c { 1 } else { 2 }]);
            }
            Op::NotStrictlyFalse => {
                return Ok(Val::Bool(!matches!(
                    self.eval(&args[0]),
                    Ok(Val::Bool(false))
                )));
            }
            _ => {}
        }
        // comparisons, most checks' last step, without a list of their two values
        if let [a, b] = args
            && matches!(
                op,
                Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::In
            )
        {
            let (a, b) = (self.eval(a)?, self.eval(b)?);
            return self.compare(op, &a, &b);
        }
        // `size` and arithmetic, the commonest calls, without a list of their values
        match (op, args) {
            (Op::Size, [a]) => {
                let v = self.eval(a)?;
                if let Some(n) = v.len() {
                    return Ok(Val::Int(n as i64));
                }
                return self.apply(op, SmallVec::from_iter([v]));
            }
            (Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod, [a, b]) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                return arithmetic(op, a, b);
            }
            _ => {}
        }
        // most calls take one or two arguments: held in place, not in a new list each time
        let mut vals: SmallVec<[Val<'d>; 3]> = SmallVec::new();
        for a in args {
            vals.push(self.eval(a)?);
        }
        self.apply(op, vals)
    }

    fn apply(&self, op: Op, vals: SmallVec<[Val<'d>; 3]>) -> Result<Val<'d>, Fail> {
        let arg = |i: usize| {
            vals.get(i)
                .ok_or_else(|| format!("`{}` needs more arguments", op.name()))
        };
        Ok(match op {
            Op::Not => Val::Bool(!boolean(arg(0)?.clone(), op)?),
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::In => {
                self.compare(op, arg(0)?, arg(1)?)?
            }
            Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod => {
                let mut it = vals.into_iter();
                let (a, b) = (
                    it.next().unwrap_or(Val::Null),
                    it.next().unwrap_or(Val::Null),
                );
                arithmetic(op, a, b)?
            }
            Op::Neg => match arg(0)? {
                Val::Int(i) => Val::Int(i.checked_neg().ok_or("it overflows")?),
                Val::Float(f) => Val::Float(-f),
                other => return Err(format!("it negates {}", other.describe())),
            },
            Op::Index => self.index(arg(0)?, arg(1)?)?,
            Op::Size => Val::Int(match arg(0)? {
                Val::Map(m) => m.len(),
                v @ Val::Attrs(..) => self.materialized(v).len_of_map(),
                v => match v.as_str() {
                    Some(s) => s.chars().count(),
                    None => v
                        .len()
                        .ok_or_else(|| format!("`size` of {}", v.describe()))?,
                },
            } as i64),
            Op::Contains | Op::StartsWith | Op::EndsWith => {
                let (a, b) = (arg(0)?, arg(1)?);
                let (Some(a), Some(b)) = (a.as_str(), b.as_str()) else {
                    return Err(format!("`{}` takes texts", op.name()));
                };
                Val::Bool(match op {
                    Op::Contains => a.contains(b),
                    Op::StartsWith => a.starts_with(b),
                    _ => a.ends_with(b),
                })
            }
            Op::Dyn => arg(0)?.clone(),
            Op::Type => Val::Str(arg(0)?.type_name()),
            Op::String | Op::Int | Op::UInt | Op::Double | Op::Bool => convert(op, arg(0)?)?,
            Op::Max | Op::Min => {
                let list = match (vals.len(), vals.first()) {
                    (1, Some(v)) if v.len().is_some() => {
                        (0..v.len().unwrap_or(0)).map(|i| v.item(i)).collect()
                    }
                    _ => vals.to_vec(),
                };
                let mut best: Option<Val<'d>> = None;
                for v in list {
                    let better = match &best {
                        None => true,
                        Some(b) => {
                            let o = order(&v, b).ok_or_else(|| {
                                format!("`{}` of {} and {}", op.name(), v.describe(), b.describe())
                            })?;
                            (op == Op::Max) == (o == Ordering::Greater) && o != Ordering::Equal
                        }
                    };
                    if better {
                        best = Some(v);
                    }
                }
                best.ok_or_else(|| format!("`{}` of nothing", op.name()))?
            }
            Op::Sum | Op::Sort | Op::Distinct | Op::IndexOf | Op::LastIndexOf | Op::Join => {
                super::lists::call(op, &vals)?
            }
            _ => super::functions::call(self, op, &vals)?,
        })
    }

    /// `a op b` for `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`.
    fn compare(&self, op: Op, a: &Val<'d>, b: &Val<'d>) -> Result<Val<'d>, Fail> {
        self.holds(op, a, b).map(Val::Bool)
    }

    /// Whether `a op b` holds. Two texts or two integers, as most checks compare, are
    /// compared here, without the general rules for values of mixed kinds.
    fn holds(&self, op: Op, a: &Val<'d>, b: &Val<'d>) -> Result<bool, Fail> {
        let o = match (op, a, b) {
            (Op::Eq | Op::Ne, Val::Str(x), Val::Str(y)) => return Ok((x == y) == (op == Op::Eq)),
            (Op::Eq | Op::Ne, Val::Int(x), Val::Int(y)) => return Ok((x == y) == (op == Op::Eq)),
            (Op::Eq, ..) => return Ok(equal(a, b)),
            (Op::Ne, ..) => return Ok(!equal(a, b)),
            (Op::In, ..) => return self.contains(b, a),
            (_, Val::Int(x), Val::Int(y)) => x.cmp(y),
            _ => order(a, b)
                .ok_or_else(|| format!("it compares {} with {}", a.describe(), b.describe()))?,
        };
        Ok(match op {
            Op::Lt => o == Ordering::Less,
            Op::Le => o != Ordering::Greater,
            Op::Gt => o == Ordering::Greater,
            _ => o != Ordering::Less,
        })
    }

    fn index(&self, on: &Val<'d>, key: &Val<'d>) -> Result<Val<'d>, Fail> {
        if let Some(n) = on.len() {
            let i = match key {
                Val::Int(i) => *i,
                Val::UInt(u) => *u as i64,
                other => return Err(format!("a list indexed by {}", other.describe())),
            };
            return if i >= 0 && (i as usize) < n {
                Ok(on.item(i as usize))
            } else {
                Err(format!("index {i} is outside a list of {n}"))
            };
        }
        let name = key.as_str().unwrap_or_default().to_owned();
        match on {
            Val::Map(m) => m
                .iter()
                .find(|(k, _)| equal(k, key))
                .map(|(_, v)| v.clone())
                .ok_or_else(|| no_key(&key_text(key))),
            _ => self
                .select(on, &name, F::parse(&name))?
                .ok_or_else(|| no_key(&name)),
        }
    }

    fn contains(&self, list: &Val<'d>, item: &Val<'d>) -> Result<bool, Fail> {
        if let Some(n) = list.len() {
            // ids compared as texts without making a value of each
            if let (Val::Ids(ids), Some(s)) = (list, item.as_str()) {
                return Ok(ids.iter().any(|i| i.as_str() == s));
            }
            return Ok((0..n).any(|i| equal(&list.item(i), item)));
        }
        match list {
            Val::Map(m) => Ok(m.iter().any(|(k, _)| equal(k, item))),
            Val::Attrs(h, written) => Ok(item
                .as_str()
                .is_some_and(|k| self.data.attr(*h, written, k).is_some())),
            other => Err(format!("`in` {}", other.describe())),
        }
    }
}

/// Field `name` of an entity, attributes or map (`known`: the name as a field of a view).
pub fn field_of<'d>(
    data: &'d Data<'_>,
    on: &Val<'d>,
    name: &str,
    known: Option<F>,
) -> Option<Val<'d>> {
    match on {
        Val::Obj(o) => known.and_then(|f| data.field(*o, f)),
        Val::Attrs(h, written) => data.attr(*h, written, name),
        Val::Map(m) => m
            .iter()
            .find(|(k, _)| k.as_str() == Some(name))
            .map(|(_, v)| v.clone()),
        _ => None,
    }
}

impl Val<'_> {
    fn len_of_map(&self) -> usize {
        match self {
            Val::Map(m) => m.len(),
            _ => 0,
        }
    }
}

pub(super) fn boolean(v: Val<'_>, op: Op) -> Result<bool, Fail> {
    match v {
        Val::Bool(b) => Ok(b),
        other => Err(format!(
            "{} is used as true or false ({})",
            other.describe(),
            match op {
                Op::Cond => "a condition",
                Op::Not => "`!`",
                _ => "`&&` or `||`",
            }
        )),
    }
}

fn no_key(name: &str) -> Fail {
    format!("it has no `{name}` (an attribute it does not write, with no default?)")
}

fn key_text(k: &Val<'_>) -> String {
    match k {
        Val::Int(i) => i.to_string(),
        Val::UInt(u) => u.to_string(),
        Val::Bool(b) => b.to_string(),
        other => other.as_str().unwrap_or("?").to_owned(),
    }
}

/// Field `path` (`attrs.command`) of `v` set to `value`: an entity is made a plain map first.
pub fn set<'d>(data: &'d Data<'_>, v: &Val<'d>, path: &str, value: Val<'d>) -> Val<'d> {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let whole = match v {
        Val::Obj(o) => data.materialize(*o),
        Val::Attrs(h, written) => data.all_attrs(*h, written),
        other => other.clone(),
    };
    let mut entries = match whole {
        Val::Map(m) => (*m).clone(),
        _ => Vec::new(),
    };
    let at = entries.iter().position(|(k, _)| k.as_str() == Some(head));
    let new = match rest {
        Some(r) => {
            let inner = at.map_or(Val::Null, |i| entries[i].1.clone());
            set(data, &inner, r, value)
        }
        None => value,
    };
    match at {
        Some(i) => entries[i].1 = new,
        None => entries.push((Val::text(head), new)),
    }
    Val::map(entries)
}
