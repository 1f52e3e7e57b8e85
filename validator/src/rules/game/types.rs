//! The static check of a declared check's expression, before it runs on anything: every
//! name, field, attribute and function must exist, and a comparison must compare things of
//! one kind. What it cannot know (a value read from a map of unknown shape) it lets through,
//! to be judged when the check runs.

use crate::model::{AttrKind, Game, Holder, Scope};
use crate::suggest::did_you_mean;
use cel::common::ast::{Expr, LiteralValue};
use cel::parser::Expression;

use super::functions::FUNCTIONS;
use super::node::path_conditions;
pub use super::views::{FieldTy, fields};

/// What an expression is known to give.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    Bool,
    Num,
    Text,
    Null,
    List(Box<Ty>),
    /// An entity's view: `space`, `unit`, `stack`...
    View(&'static str),
    Attrs(Holder),
    Dyn,
}

impl Ty {
    fn describe(&self) -> String {
        match self {
            Ty::Bool => "true or false".into(),
            Ty::Num => "a number".into(),
            Ty::Text => "a text".into(),
            Ty::Null => "null".into(),
            Ty::List(_) => "a list".into(),
            Ty::View(k) => format!("a {k}"),
            Ty::Attrs(_) => "attributes".into(),
            Ty::Dyn => "a value".into(),
        }
    }

    /// The class of value compared, when known.
    fn class(&self) -> Option<u8> {
        match self {
            Ty::Bool => Some(0),
            Ty::Num => Some(1),
            Ty::Text => Some(2),
            Ty::List(_) => Some(3),
            Ty::View(_) | Ty::Attrs(_) => Some(4),
            Ty::Null | Ty::Dyn => None,
        }
    }
}

use Ty::*;

fn field_ty(f: FieldTy) -> Ty {
    match f {
        FieldTy::T => Text,
        FieldTy::OptT | FieldTy::OptN | FieldTy::D => Dyn,
        FieldTy::N => Num,
        FieldTy::B => Bool,
        FieldTy::Ids => List(Box::new(Text)),
        FieldTy::A(h) => Attrs(h),
        FieldTy::V(k) => View(k),
        FieldTy::Vs(k) => List(Box::new(View(k))),
    }
}

/// A problem found, at the expression node `id`.
pub struct TypeError {
    pub node: u64,
    pub message: String,
    pub help: Option<String>,
}

pub struct Checker<'g> {
    pub game: &'g Game,
    pub scope: Scope,
    vars: Vec<(String, Ty)>,
}

/// CEL's own functions and macros a check may use.
const STD: &[&str] = &[
    "size",
    "contains",
    "startsWith",
    "endsWith",
    "string",
    "int",
    "double",
    "uint",
    "bool",
    "type",
    "max",
    "min",
    "sum",
    "sort",
    "distinct",
    "indexOf",
    "lastIndexOf",
    "join",
    "has",
    "all",
    "exists",
    "exists_one",
    "map",
    "filter",
    "dyn",
];

impl<'g> Checker<'g> {
    pub fn new(game: &'g Game, scope: Scope) -> Self {
        let view = scope.var();
        let mut vars = vec![(view.to_owned(), View(view))];
        // a placement's or stack's check reads its scenario too ([`super::node::roots`])
        if scope.in_scenario() && scope != Scope::Scenario {
            vars.push(("scenario".to_owned(), View("scenario")));
        }
        Checker { game, scope, vars }
    }

    pub fn check(&mut self, e: &Expression) -> Result<Ty, TypeError> {
        let err = |message: String, help: Option<String>| TypeError {
            node: e.id,
            message,
            help,
        };
        Ok(match &e.expr {
            Expr::Literal(l) => match l {
                LiteralValue::Boolean(_) => Bool,
                LiteralValue::Int(_) | LiteralValue::UInt(_) | LiteralValue::Double(_) => Num,
                LiteralValue::String(_) => Text,
                LiteralValue::Null => Null,
                LiteralValue::Bytes(_) => Dyn,
            },
            Expr::Ident(name) => match self.vars.iter().rev().find(|(n, _)| n == name) {
                Some((_, t)) => t.clone(),
                None => {
                    let names: Vec<&str> = self
                        .vars
                        .iter()
                        .map(|(n, _)| n.as_str())
                        .filter(|n| !n.starts_with('@'))
                        .collect();
                    let help = did_you_mean(name, names.iter().copied())
                        .map(|c| format!("did you mean `{c}`?"))
                        .unwrap_or_else(|| {
                            format!("this check's entity is `{}`", self.scope.var())
                        });
                    return Err(err(format!("unknown name `{name}`"), Some(help)));
                }
            },
            Expr::Select(s) => {
                let on = self.check(&s.operand)?;
                let t = self.select(&on, &s.field).map_err(|(m, h)| err(m, h))?;
                if s.test { Bool } else { t }
            }
            Expr::List(l) => {
                let mut item = Dyn;
                for (i, x) in l.elements.iter().enumerate() {
                    let t = self.check(x)?;
                    if i == 0 {
                        item = t;
                    }
                }
                List(Box::new(item))
            }
            Expr::Map(m) => {
                for entry in &m.entries {
                    if let cel::common::ast::EntryExpr::MapEntry(me) = &entry.expr {
                        self.check(&me.key)?;
                        self.check(&me.value)?;
                    }
                }
                Dyn
            }
            Expr::Struct(_) => {
                return Err(err(
                    "a check cannot build typed messages".into(),
                    Some("use a map, `{\"key\": value}`".into()),
                ));
            }
            Expr::Unspecified => Dyn,
            Expr::Comprehension(c) => {
                let range = self.check(&c.iter_range)?;
                let item = match &range {
                    List(t) => (**t).clone(),
                    Num | Bool | Text => {
                        return Err(err(
                            format!("cannot go through {} as a list", range.describe()),
                            None,
                        ));
                    }
                    _ => Dyn,
                };
                // a comprehension's accumulator starts as its init (`cel.bind`'s name: the value)
                let accu = self.check(&c.accu_init)?;
                let depth = self.vars.len();
                self.vars.push((c.iter_var.clone(), item));
                if let Some(v2) = &c.iter_var2 {
                    self.vars.push((v2.clone(), Dyn));
                }
                self.vars.push((c.accu_var.clone(), accu));
                let r = (|| {
                    self.check(&c.loop_cond)?;
                    self.check(&c.loop_step)?;
                    self.check(&c.result)
                })();
                self.vars.truncate(depth);
                r?
            }
            Expr::Call(call) if path_conditions(call).is_some() => {
                self.check(&call.args[0])?;
                self.check(&call.args[1])?;
                let views = ["space", "link"];
                for ((name, cond), view) in path_conditions(call)
                    .unwrap_or_default()
                    .into_iter()
                    .zip(views)
                {
                    let depth = self.vars.len();
                    self.vars.push((name.to_owned(), View(view)));
                    let ty = self.check(cond);
                    self.vars.truncate(depth);
                    if let t @ (Num | Text | List(_) | View(_)) = ty? {
                        return Err(err(
                            format!(
                                "the condition on each {view} of a path is {}, not true or false",
                                t.describe()
                            ),
                            Some(format!(
                                "write a condition over `{name}`, e.g. `control({name}.id) == 'fr'`"
                            )),
                        ));
                    }
                }
                if call.func_name == "distance" {
                    Num
                } else {
                    Bool
                }
            }
            Expr::Call(call) => {
                let target = match &call.target {
                    Some(t) => Some(self.check(t)?),
                    None => None,
                };
                let args = call
                    .args
                    .iter()
                    .map(|a| self.check(a))
                    .collect::<Result<Vec<_>, _>>()?;
                self.call(&call.func_name, target, &args)
                    .map_err(|(m, h)| err(m, h))?
            }
        })
    }

    fn select(&self, on: &Ty, field: &str) -> Result<Ty, (String, Option<String>)> {
        match on {
            View(k) => {
                let table = fields(k);
                match table.iter().find(|(n, _)| *n == field) {
                    Some((_, t)) => Ok(field_ty(*t)),
                    None => Err((
                        format!("a {k} has no field `{field}`"),
                        Some(
                            did_you_mean(field, table.iter().map(|(n, _)| *n))
                                .map(|c| format!("did you mean `{c}`?"))
                                .unwrap_or_else(|| {
                                    format!(
                                        "a {k}'s fields: {}",
                                        table
                                            .iter()
                                            .map(|(n, _)| *n)
                                            .collect::<Vec<_>>()
                                            .join(", ")
                                    )
                                }),
                        ),
                    )),
                }
            }
            Attrs(h) => {
                let decls: Vec<_> = self
                    .game
                    .attributes
                    .iter()
                    .filter(|d| d.on.contains(h))
                    .collect();
                match decls.iter().find(|d| d.id == field) {
                    Some(d) => {
                        let item = match d.kind {
                            AttrKind::Bool => Bool,
                            AttrKind::Int | AttrKind::Number => Num,
                            AttrKind::Text | AttrKind::OneOf | AttrKind::Ref => Text,
                        };
                        let entry = if d.list { List(Box::new(item)) } else { item };
                        // a map by id (`keys`): its values are read by key, `m['us']`
                        Ok(if d.keys.is_some() { Dyn } else { entry })
                    }
                    None => Err((
                        format!("the game declares no attribute `{field}` for {h}s"),
                        Some(
                            did_you_mean(field, decls.iter().map(|d| d.id.as_str()))
                                .map(|c| format!("did you mean `{c}`?"))
                                .unwrap_or_else(|| "declare it in game.ron `attributes`".into()),
                        ),
                    )),
                }
            }
            Num | Bool | Text | List(_) => {
                Err((format!("{} has no fields (`{field}`)", on.describe()), None))
            }
            Null | Dyn => Ok(Dyn),
        }
    }

    fn call(
        &self,
        name: &str,
        target: Option<Ty>,
        args: &[Ty],
    ) -> Result<Ty, (String, Option<String>)> {
        let compare = |a: &Ty, b: &Ty| match (a.class(), b.class()) {
            (Some(x), Some(y)) if x != y => Err((
                format!("compares {} with {}", a.describe(), b.describe()),
                Some("compare values of one kind".to_owned()),
            )),
            _ => Ok(Bool),
        };
        Ok(match name {
            "_==_" | "_!=_" | "_<_" | "_<=_" | "_>_" | "_>=_" => compare(&args[0], &args[1])?,
            "_&&_" | "_||_" | "!_" | "@not_strictly_false" => {
                for a in args {
                    if matches!(a, Num | Text | List(_) | View(_)) {
                        return Err((
                            format!("{} is not true or false", a.describe()),
                            Some("write a condition, e.g. `x > 0`".into()),
                        ));
                    }
                }
                Bool
            }
            "@in" => Bool,
            "_+_" | "_-_" | "_*_" | "_/_" | "_%_" | "-_" => args[0].clone(),
            "_?_:_" => args[1].clone(),
            "_[_]" => match &args[0] {
                List(t) => (**t).clone(),
                _ => Dyn,
            },
            "size" | "int" | "uint" | "double" | "sum" | "indexOf" | "lastIndexOf" => Num,
            // over a list (the target, or the one argument): its items' kind
            "sort" | "distinct" | "max" | "min" => {
                let on = target.clone().or_else(|| args.first().cloned());
                match (name, on, args.len() + usize::from(target.is_some())) {
                    ("max" | "min", Some(List(t)), 1) => *t,
                    ("max" | "min", Some(t), _) => t,
                    (_, Some(t @ List(_)), _) => t,
                    (_, Some(t @ (Num | Text | Bool)), _) => {
                        return Err((format!("`{name}` takes a list, not {}", t.describe()), None));
                    }
                    _ => Dyn,
                }
            }
            "contains" | "startsWith" | "endsWith" | "bool" | "has" | "all" | "exists"
            | "exists_one" => Bool,
            "string" | "join" => Text,
            _ if STD.contains(&name) => Dyn,
            _ => {
                if target.is_some() {
                    return Err((format!("no method `{name}`"), None));
                }
                let Some((_, _, scenario)) = FUNCTIONS.iter().find(|(n, _, _)| *n == name) else {
                    let all = FUNCTIONS
                        .iter()
                        .map(|(n, _, _)| *n)
                        .chain(STD.iter().copied());
                    let help = did_you_mean(name, all)
                        .map(|c| format!("did you mean `{c}`?"))
                        .unwrap_or_else(|| "docs/designing-checks.md lists the functions".into());
                    return Err((format!("unknown function `{name}`"), Some(help)));
                };
                if *scenario && !self.scope.in_scenario() {
                    return Err((
                        format!(
                            "`{name}` reads a scenario's start, and this check runs for each {}",
                            self.scope.var()
                        ),
                        Some("use it in a check `for_each` Placement, Stack or Scenario".into()),
                    ));
                }
                match name {
                    "space" | "unit" | "card" | "faction" | "area" | "deck" | "scenario"
                    | "marker_kind" | "track" | "game" => View(fn_view(name)),
                    "spaces" | "units" | "cards" | "factions" | "areas" => {
                        List(Box::new(View(fn_view(name))))
                    }
                    "links" => List(Box::new(View("link"))),
                    "units_at" => List(Box::new(View("unit"))),
                    "neighbours" | "neutral" | "markers_at" | "sources_at" => List(Box::new(Text)),
                    "distance" => Num,
                    "reachable" => Bool,
                    _ => Dyn,
                }
            }
        })
    }
}

fn fn_view(name: &str) -> &'static str {
    match name.trim_end_matches('s') {
        "scenario" => "scenario",
        "marker_kind" => "marker_kind",
        "track" => "track",
        "game" => "game",
        "space" => "space",
        "unit" => "unit",
        "card" => "card",
        "faction" => "faction",
        "area" => "area",
        _ => "deck",
    }
}
