//! A parsed expression made ready for [`super::eval`]: operators and functions named by an
//! enum rather than a string, fields by [`F`], variables by their slot. Made once per check,
//! after the static check (so every name here is known).

use cel::common::ast::{CallExpr, EntryExpr, Expr, LiteralValue};
use cel::parser::Expression;

use crate::model::Scope;

use super::data::F;
pub use super::op::Op;
use super::value::Val;

/// An expression node.
#[derive(Debug)]
pub enum Node {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(Box<str>),
    /// A list written out of literals, made once.
    Const(Val<'static>),
    /// The variable in this slot (0: the check's entity; then comprehensions' variables).
    Var(usize),
    /// The variable in this slot, taken out of it: a comprehension's accumulator, which the
    /// step reads once, so a list built item by item is grown in place.
    Take(usize),
    /// A field of the variable in this slot (`space.vp`): the commonest read, held without a
    /// node of its own for the variable.
    Field {
        slot: usize,
        field: Box<str>,
        known: F,
    },
    Select {
        on: Box<Node>,
        field: Box<str>,
        known: Option<F>,
        /// `has(on.field)`.
        test: bool,
    },
    Call(Op, Vec<Node>),
    /// A comparison (`==`, `<`, `in`...) with a literal on its right, as most checks end:
    /// the literal made a value once and compared in place.
    Compare {
        op: Op,
        left: Box<Node>,
        right: Val<'static>,
    },
    List(Vec<Node>),
    Map(Vec<(Node, Node)>),
    Loop(Box<Loop>),
    Path(Box<Path>),
}

/// `reachable` or `distance` with conditions on the spaces and links a path may use:
/// `reachable(a, b, s, <over s>)`, `reachable(a, b, s, <over s>, l, <over l>)`.
#[derive(Debug)]
pub struct Path {
    /// `Distance` or `Reachable`.
    pub op: Op,
    pub from: Node,
    pub to: Node,
    /// The slot each condition's variable takes while it is judged.
    pub slot: usize,
    /// What a space entered must satisfy (`a` itself is not judged: the path starts there).
    pub space: Node,
    /// What a link followed must satisfy.
    pub link: Option<Node>,
}

/// The conditions of a path function that names its variables (`reachable(a, b, s, cond)`,
/// `..., l, cond)`): (variable, condition) for the spaces, then for the links. None for any
/// other call, which is judged as one.
pub fn path_conditions(call: &CallExpr) -> Option<Vec<(&str, &cel::parser::Expression)>> {
    let named = |i: usize| match &call.args.get(i)?.expr {
        Expr::Ident(n) => Some((n.as_str(), call.args.get(i + 1)?)),
        _ => None,
    };
    let path = matches!(call.func_name.as_str(), "reachable" | "distance");
    match call.args.len() {
        4 if path && call.target.is_none() => Some(vec![named(2)?]),
        6 if path && call.target.is_none() => Some(vec![named(2)?, named(4)?]),
        _ => None,
    }
}

/// A comprehension: `all`, `exists`, `exists_one`, `map` and `filter` as CEL expands them.
#[derive(Debug)]
pub struct Loop {
    pub range: Node,
    /// The slot of the item; the accumulator's is the next one.
    pub slot: usize,
    pub init: Node,
    pub cond: Node,
    pub step: Node,
    pub result: Node,
    /// `all` or `exists` as CEL expands them: judged item by item on the predicate alone.
    pub quick: Option<Quick>,
}

/// A comprehension whose answer is known at the first item its predicate gives `stop`
/// (`exists`: true, `all`: false): its accumulator and loop condition need not be
/// evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quick {
    pub stop: bool,
}

impl Loop {
    /// `all(x, p)` is `true` then `@not_strictly_false(acc) ... acc && p`; `exists(x, p)` is
    /// `false` then `@not_strictly_false(!acc) ... acc || p`; both give `acc`.
    fn quick(&self) -> Option<Quick> {
        let acc = self.slot + 1;
        let is_acc = |n: &Node| matches!(n, Node::Var(s) if *s == acc);
        let Node::Call(op, step) = &self.step else {
            return None;
        };
        let stop = match (&self.init, op) {
            (Node::Bool(true), Op::And) => false,
            (Node::Bool(false), Op::Or) => true,
            _ => return None,
        };
        let cond_reads_acc = match &self.cond {
            Node::Call(Op::NotStrictlyFalse, c) => match c.as_slice() {
                [n] if !stop => is_acc(n),
                [Node::Call(Op::Not, n)] if stop => n.len() == 1 && is_acc(&n[0]),
                _ => false,
            },
            _ => false,
        };
        (cond_reads_acc && step.len() == 2 && is_acc(&step[0]) && is_acc(&self.result))
            .then_some(Quick { stop })
    }

    /// The predicate of a quick comprehension.
    pub fn predicate(&self) -> &Node {
        match &self.step {
            Node::Call(_, args) => &args[1],
            other => other,
        }
    }
}

/// The names every expression of a check of `scope` may read, in their slots: the entity,
/// then its scenario (a placement's or stack's `scenario`; the slot is kept, unnamed, in the
/// other scopes: a scenario's check reads the scenario it judges, as an example changed it).
pub fn roots(scope: Scope) -> Vec<String> {
    let scenario = match scope {
        Scope::Placement | Scope::Stack => "scenario",
        _ => "@scenario",
    };
    vec![scope.var().to_owned(), scenario.to_owned()]
}

/// Makes `e` a node, with `vars` the names in scope ([`roots`] first).
pub fn compile(e: &Expression, vars: &mut Vec<String>) -> Result<Node, String> {
    Ok(match &e.expr {
        Expr::Literal(l) => match l {
            LiteralValue::Boolean(b) => Node::Bool(*b.inner()),
            LiteralValue::Int(i) => Node::Int(*i.inner()),
            LiteralValue::UInt(u) => Node::UInt(*u.inner()),
            LiteralValue::Double(d) => Node::Float(*d.inner()),
            LiteralValue::String(s) => Node::Str(s.inner().into()),
            LiteralValue::Null => Node::Null,
            LiteralValue::Bytes(_) => return Err("a check cannot use bytes".into()),
        },
        Expr::Ident(name) => Node::Var(slot(vars, name)?),
        Expr::Select(s) => match (compile(&s.operand, vars)?, F::parse(&s.field), s.test) {
            (Node::Var(slot), Some(known), false) => Node::Field {
                slot,
                field: s.field.as_str().into(),
                known,
            },
            (on, known, test) => Node::Select {
                on: Box::new(on),
                known,
                field: s.field.as_str().into(),
                test,
            },
        },
        Expr::List(l) => {
            let items: Vec<Node> = l
                .elements
                .iter()
                .map(|x| compile(x, vars))
                .collect::<Result<_, _>>()?;
            match items.iter().map(literal).collect::<Option<Vec<_>>>() {
                Some(values) => Node::Const(Val::list(values)),
                None => Node::List(items),
            }
        }
        Expr::Map(m) => Node::Map(
            m.entries
                .iter()
                .map(|entry| match &entry.expr {
                    EntryExpr::MapEntry(me) => {
                        Ok((compile(&me.key, vars)?, compile(&me.value, vars)?))
                    }
                    EntryExpr::StructField(_) => Err("a check cannot build typed messages".into()),
                })
                .collect::<Result<_, String>>()?,
        ),
        Expr::Comprehension(c) => {
            if c.iter_var2.is_some() {
                return Err("a comprehension over two variables is not supported".into());
            }
            let range = compile(&c.iter_range, vars)?;
            let init = compile(&c.accu_init, vars)?;
            let depth = vars.len();
            vars.push(c.iter_var.clone());
            vars.push(c.accu_var.clone());
            let body = (|| {
                Ok::<_, String>((
                    compile(&c.loop_cond, vars)?,
                    compile(&c.loop_step, vars)?,
                    compile(&c.result, vars)?,
                ))
            })();
            vars.truncate(depth);
            let (cond, step, result) = body?;
            let mut l = Loop {
                range,
                slot: depth,
                init,
                cond,
                step,
                result,
                quick: None,
            };
            l.quick = l.quick();
            Node::Loop(Box::new(l))
        }
        Expr::Call(call) if path_conditions(call).is_some() => {
            let conditions = path_conditions(call).unwrap_or_default();
            let slot = vars.len();
            let mut judged = Vec::new();
            for (name, cond) in conditions {
                vars.push(name.to_owned());
                let c = compile(cond, vars);
                vars.truncate(slot);
                judged.push(c?);
            }
            let mut judged = judged.into_iter();
            Node::Path(Box::new(Path {
                op: Op::of(&call.func_name).unwrap_or(Op::Reachable),
                from: compile(&call.args[0], vars)?,
                to: compile(&call.args[1], vars)?,
                slot,
                space: judged.next().unwrap_or(Node::Bool(true)),
                link: judged.next(),
            }))
        }
        Expr::Call(call) => {
            let op = Op::of(&call.func_name)
                .ok_or_else(|| format!("unknown function `{}`", call.func_name))?;
            let mut args = Vec::with_capacity(call.args.len() + 1);
            if let Some(t) = &call.target {
                args.push(compile(t, vars)?);
            }
            for (k, a) in call.args.iter().enumerate() {
                // `@result + [item]`: the accumulator is read once, so it may be grown in place
                let accumulator = matches!(&a.expr, Expr::Ident(n) if n.starts_with('@'));
                args.push(match compile(a, vars)? {
                    Node::Var(s) if op == Op::Add && k == 0 && accumulator => Node::Take(s),
                    n => n,
                });
            }
            let compares = matches!(
                op,
                Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::In
            );
            let right = match args.get(1) {
                Some(Node::Const(v)) => Some(v.clone()),
                Some(n) => literal(n),
                None => None,
            };
            match right {
                Some(right) if compares && args.len() == 2 => Node::Compare {
                    op,
                    left: Box::new(args.swap_remove(0)),
                    right,
                },
                _ => Node::Call(op, args),
            }
        }
        Expr::Struct(_) => return Err("a check cannot build typed messages".into()),
        Expr::Unspecified => return Err("the expression is incomplete".into()),
    })
}

/// A literal node's value.
fn literal(n: &Node) -> Option<Val<'static>> {
    Some(match n {
        Node::Null => Val::Null,
        Node::Bool(b) => Val::Bool(*b),
        Node::Int(i) => Val::Int(*i),
        Node::UInt(u) => Val::UInt(*u),
        Node::Float(f) => Val::Float(*f),
        Node::Str(s) => Val::text(s),
        _ => return None,
    })
}

/// How deep the node's operations nest (the evaluator recurses once per level).
pub fn depth(n: &Node) -> usize {
    1 + match n {
        Node::Select { on, .. } => depth(on),
        Node::Compare { left, .. } => depth(left),
        Node::Call(_, args) | Node::List(args) => args.iter().map(depth).max().unwrap_or(0),
        Node::Map(entries) => entries
            .iter()
            .map(|(k, v)| depth(k).max(depth(v)))
            .max()
            .unwrap_or(0),
        Node::Loop(l) => [&l.range, &l.init, &l.cond, &l.step, &l.result]
            .into_iter()
            .map(depth)
            .max()
            .unwrap_or(0),
        Node::Path(p) => [&p.from, &p.to, &p.space]
            .into_iter()
            .chain(&p.link)
            .map(depth)
            .max()
            .unwrap_or(0),
        _ => 0,
    }
}

fn slot(vars: &[String], name: &str) -> Result<usize, String> {
    vars.iter()
        .rposition(|v| v == name)
        .ok_or_else(|| format!("unknown name `{name}`"))
}
