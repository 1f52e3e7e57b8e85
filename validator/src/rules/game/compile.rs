//! A declared check's expressions made ready to run: bounded before parsing (length, nesting),
//! parsed by the `cel` crate, checked by [`super::types`], their cost bounded, made a
//! [`Node`] to evaluate; every problem located inside the expression's string in checks.ron.

use cel::common::ast::{ComprehensionExpr, Expr, ListExpr, LiteralValue};
use cel::parser::{Expression, Macro, MacroExprHelper};
use cel::{Env, IdedExpr, ParseError};

use crate::diagnostic::Location;
use crate::load::Doc;
use crate::model::{ChecksFile, Game, Scope};

use super::data::Data;
use super::node::{self, Node, path_conditions};
use super::start::Start;
use super::types::{Checker, TypeError};

/// The longest expression: a check is a line or a few, not a program.
pub const MAX_LEN: usize = 4096;
/// The deepest nesting of brackets (the parser recurses on each).
pub const MAX_NESTING: usize = 32;
/// The deepest nesting of operations (`a + b + c...` nests one per `+`): as CEL's own
/// implementations limit it (cel-go: 250), so the evaluator's recursion fits any thread's stack.
pub const MAX_DEPTH: usize = 250;
/// The most steps a check may take over one folder, as estimated before it runs: each
/// comprehension counts its body once for each item of the largest list it could go through.
pub const MAX_COST: f64 = 2e8;

/// A compiled expression.
pub struct Compiled {
    pub node: Node,
}

/// A problem in an expression, located in checks.ron.
pub struct Problem {
    pub location: Location,
    pub message: String,
    pub help: Option<String>,
}

/// What an expression is compiled for: the file and game it belongs to, the scope its check
/// runs over, the largest list it could go through and how many entities it runs on.
pub struct For<'a> {
    pub env: &'a Env,
    pub file: &'a Doc<ChecksFile>,
    pub game: &'a Game,
    pub scope: Scope,
    pub bounds: Bounds,
    pub entities: f64,
}

/// How long the lists an expression may go through can be, in the game checked: each kind
/// of list by its own real size (an area's check over the game's areas counts the areas, not
/// the spaces), so a sound check is not refused for how it is phrased.
#[derive(Clone, Copy)]
pub struct Bounds {
    /// The longest list of entities, and the bound of any list not known better.
    pub largest: f64,
    /// The most units in one location at a start (`stack.units`, `units_at()`).
    pub stack: f64,
    /// The most links of one space (`neighbours()`, `links(space)`).
    pub degree: f64,
    /// The cards (`cards()`, `deck.cards`).
    pub cards: f64,
    pub spaces: f64,
    pub links: f64,
    pub units: f64,
    pub factions: f64,
    pub areas: f64,
    /// The most markers, placements of one scenario (`scenario.markers`, `markers_at()`).
    pub markers: f64,
    pub placements: f64,
}

impl Bounds {
    /// The sizes of `data`'s game.
    pub fn of(data: &Data<'_>) -> Bounds {
        let n = |x: usize| x.max(1) as f64;
        let most =
            |f: &dyn Fn(&Start<'_>) -> usize| n(data.starts.iter().map(f).max().unwrap_or(0));
        let (spaces, links, units, cards) = (
            data.spaces.len(),
            data.links.len(),
            data.units.len(),
            data.cards.len(),
        );
        let placements = data.starts.iter().map(|s| s.scenario.placements.len());
        let largest = [spaces, links, units, cards]
            .into_iter()
            .chain(placements)
            .max()
            .unwrap_or(0);
        Bounds {
            largest: n(largest),
            stack: most(&|s| {
                (0..s.stacks.len())
                    .map(|k| s.units(k).len())
                    .max()
                    .unwrap_or(0)
            }),
            degree: n(data
                .world
                .map(|w| {
                    (0..spaces)
                        .map(|s| w.adjacency.of(s).count())
                        .max()
                        .unwrap_or(0)
                })
                .unwrap_or(0)),
            cards: n(cards),
            spaces: n(spaces),
            links: n(links),
            units: n(units),
            factions: n(data.game.factions.len()),
            areas: n(data.game.areas.len()),
            markers: most(&|s| s.scenario.markers.len()),
            placements: most(&|s| s.scenario.placements.len()),
        }
    }
}

/// The environment a check's expressions are parsed in: CEL's standard macros, and
/// `cel.bind(name, value, expr)`, which names a value once for the expression that follows.
pub fn env() -> Env {
    let mut env = Env::stdlib();
    env.add_macro(Macro::receiver("bind", 3, bind))
        .expect("`bind` is declared once");
    env
}

/// Expands `cel.bind(name, value, expr)` as cel-go does: a comprehension over no items whose
/// accumulator, named `name`, starts as `value` and which gives `expr`.
fn bind(
    helper: &mut MacroExprHelper<'_>,
    target: &mut Option<IdedExpr>,
    args: &mut Vec<IdedExpr>,
) -> Result<Option<IdedExpr>, ParseError> {
    if !matches!(target.as_ref().map(|t| &t.expr), Some(Expr::Ident(n)) if n == "cel") {
        return Ok(None);
    }
    let Expr::Ident(name) = &args[0].expr else {
        return Err(helper.new_error(
            args[0].id,
            "`cel.bind` names its value first: `cel.bind(name, value, expression)`",
        ));
    };
    let name = name.clone();
    let (Some(result), Some(value)) = (args.pop(), args.pop()) else {
        return Ok(None);
    };
    let bound = ComprehensionExpr {
        iter_range: helper.next_expr(Expr::List(ListExpr::new(Vec::new()))),
        iter_var: "#unused".to_owned(),
        iter_var2: None,
        accu_var: name.clone(),
        accu_init: value,
        loop_cond: helper.next_expr(Expr::Literal(LiteralValue::Boolean(false.into()))),
        loop_step: helper.next_expr(Expr::Ident(name)),
        result,
    };
    Ok(Some(helper.next_expr(Expr::Comprehension(Box::new(bound)))))
}

/// Compiles the expression at `pointer` of checks.ron.
pub fn compile(f: &For<'_>, pointer: &str, text: &str) -> Result<Compiled, Box<Problem>> {
    let (env, file, game, scope, bounds, entities) =
        (f.env, f.file, f.game, f.scope, f.bounds, f.entities);
    let at = |from: usize, to: usize| locate(file, pointer, text, from, to);
    if let Some(i) = too_deep(text) {
        return Err(Box::new(Problem {
            location: at(i, i + 1),
            message: format!("brackets nested more than {MAX_NESTING} deep"),
            help: Some("write it flatter, or as several checks".into()),
        }));
    }
    if text.len() > MAX_LEN {
        return Err(Box::new(Problem {
            location: file.at(pointer),
            message: format!(
                "the expression is {} bytes long, over the limit of {MAX_LEN}",
                text.len()
            ),
            help: Some("split it into several checks".into()),
        }));
    }
    let program = env.compile(text).map_err(|e| {
        let first = e.errors.first();
        let (line, col) = first.map_or((1, 1), |p| p.pos);
        let offset = offset_of(text, line.max(1) as usize, col.max(1) as usize);
        let msg = first.map_or("syntax error".into(), |p| p.msg.clone());
        Box::new(Problem {
            location: at(offset, offset + 1),
            message: format!(
                "the expression does not parse: {}",
                msg.trim_start_matches("Syntax error: ")
            ),
            help: Some("docs/designing-checks.md shows the syntax".into()),
        })
    })?;
    let node_at = |node: u64| {
        let (a, b) = program.source_info().offset_for(node).unwrap_or((0, 0));
        let (a, b) = (
            char_to_byte(text, a as usize),
            char_to_byte(text, b as usize + 1),
        );
        at(a, b.max(a + 1))
    };
    let mut checker = Checker::new(game, scope);
    if let Err(TypeError {
        node,
        message,
        help,
    }) = checker.check(program.expression())
    {
        return Err(Box::new(Problem {
            location: node_at(node),
            message,
            help,
        }));
    }
    let cost = cost(program.expression(), &bounds) * entities;
    if cost > MAX_COST {
        return Err(Box::new(Problem {
            location: at(0, text.len()),
            message: format!(
                "the check could take some {cost:.0} steps on this game, over the limit of {MAX_COST:.0}"
            ),
            help: Some(
                "go through fewer lists inside one another, or filter with `when` first".into(),
            ),
        }));
    }
    let node = node::compile(program.expression(), &mut node::roots(scope)).map_err(|message| {
        Box::new(Problem {
            location: at(0, text.len()),
            message,
            help: Some("docs/designing-checks.md lists what a check may use".into()),
        })
    })?;
    let depth = node::depth(&node);
    if depth > MAX_DEPTH {
        return Err(Box::new(Problem {
            location: at(0, text.len()),
            message: format!(
                "the expression nests its operations {depth} deep, over the limit of {MAX_DEPTH}"
            ),
            help: Some("split it into several checks, or go through a list with `all`".into()),
        }));
    }
    Ok(Compiled { node })
}

/// Where the nesting first goes too deep (outside strings), as a byte offset.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// An upper bound on the steps of one run of `e`.
fn cost(e: &Expression, b: &Bounds) -> f64 {
    match &e.expr {
        Expr::Comprehension(c) => {
            cost(&c.iter_range, b)
                + cost(&c.accu_init, b)
                + items(&c.iter_range, b) * (cost(&c.loop_cond, b) + cost(&c.loop_step, b))
                + cost(&c.result, b)
        }
        Expr::Call(call) if path_conditions(call).is_some() => {
            // each space's condition judged once, each link's once from each end
            let conditions = path_conditions(call).unwrap_or_default();
            let per = [b.spaces, 2.0 * b.links];
            let judged: f64 = (conditions.iter().zip(per))
                .map(|((_, c), n)| n * cost(c, b))
                .sum();
            b.spaces + b.links + judged + cost(&call.args[0], b) + cost(&call.args[1], b)
        }
        Expr::Call(call) => {
            let own = match call.func_name.as_str() {
                "distance" | "reachable" => b.spaces + b.links,
                "spaces" | "units" | "cards" | "links" | "factions" | "areas" => items(e, b),
                "sum" | "sort" | "distinct" | "indexOf" | "lastIndexOf" | "join" | "max"
                | "min" => call
                    .target
                    .as_deref()
                    .or(call.args.first())
                    .map_or(1.0, |l| items(l, b)),
                _ => 1.0,
            };
            own + call.target.iter().map(|t| cost(t, b)).sum::<f64>()
                + call.args.iter().map(|a| cost(a, b)).sum::<f64>()
        }
        Expr::Select(s) => 1.0 + cost(&s.operand, b),
        Expr::List(l) => 1.0 + l.elements.iter().map(|x| cost(x, b)).sum::<f64>(),
        _ => 1.0,
    }
}

/// The most items the list `range` can hold: each kind of list by its own size in this game
/// (a list filtered or mapped by the size of the one it came from); else the longest.
fn items(range: &Expression, b: &Bounds) -> f64 {
    match &range.expr {
        Expr::List(l) => l.elements.len() as f64,
        Expr::Select(s) => match s.field.as_str() {
            "units" => b.stack,
            "cards" => b.cards,
            "markers" => b.markers,
            "areas" => b.areas,
            "factions" | "neutral" | "limited_entry" | "supply_source_for" => b.factions,
            _ => b.largest,
        },
        Expr::Call(c) => match (c.func_name.as_str(), c.args.is_empty()) {
            ("units_at", _) => b.stack,
            ("neighbours", _) | ("links", false) => b.degree,
            ("markers_at", _) => b.markers,
            ("spaces", _) => b.spaces,
            ("links", true) => b.links,
            ("units", _) => b.units,
            ("cards", _) => b.cards,
            ("factions" | "neutral" | "sources_at", _) => b.factions,
            ("areas", _) => b.areas,
            _ => b.largest,
        },
        // `filter` and `map` give no more items than the list they go through
        Expr::Comprehension(c) => items(&c.iter_range, b),
        _ => b.largest,
    }
}

fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    char_to_byte(&text[start.min(text.len())..], col - 1) + start.min(text.len())
}

fn char_to_byte(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(b, _)| b)
}

/// The location of bytes `from..to` of the expression held at `pointer`: exact when the
/// string is written without escapes, else the whole string.
pub fn locate(
    file: &Doc<ChecksFile>,
    pointer: &str,
    text: &str,
    from: usize,
    to: usize,
) -> Location {
    let whole = file.at(pointer);
    let Some(span) = whole.span.clone() else {
        return whole;
    };
    // (the body: a large file's text may be stowed while it is checked)
    let written = file.src.body().get(span.clone()).unwrap_or_default();
    match written.find(text) {
        Some(i) if !text.is_empty() => {
            let base = span.start + i;
            // on character boundaries: a byte past a position may fall inside a character
            let mut from = from.min(text.len());
            while !text.is_char_boundary(from) {
                from -= 1;
            }
            let mut to = to.min(text.len()).max(from);
            while !text.is_char_boundary(to) {
                to += 1;
            }
            let mut loc = file.src.at_span(base + from..base + to);
            loc.pointer = whole.pointer;
            loc
        }
        _ => whole,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10,000-space game of 20 areas, 50 markers at most in a scenario.
    fn big() -> Bounds {
        Bounds {
            largest: 10_000.0,
            stack: 12.0,
            degree: 8.0,
            cards: 110.0,
            spaces: 10_000.0,
            links: 20_000.0,
            units: 600.0,
            factions: 9.0,
            areas: 20.0,
            markers: 50.0,
            placements: 400.0,
        }
    }

    fn cost_of(text: &str) -> f64 {
        cost(env().compile(text).unwrap().expression(), &big())
    }

    #[test]
    fn each_list_counts_by_its_own_size() {
        // areas, their spaces, the scenario's markers: some 10 million steps, not 10^12
        let areas = cost_of(
            "areas().all(a, spaces().filter(s, a.id in s.areas).all(s, scenario.markers.exists(m, m.at == s.id)))",
        );
        assert!(areas < MAX_COST, "{areas}");
        // an influence cap per area, with a sum
        let cap = cost_of(
            "areas().all(a, spaces().filter(s, a.id in s.areas).map(s, size(units_at(s.id))).sum() <= 6)",
        );
        assert!(cap < MAX_COST, "{cap}");
        // three walks over every space inside one another are still refused
        let cubed = cost_of("spaces().all(a, spaces().all(b, spaces().all(c, a != b)))");
        assert!(cubed > MAX_COST, "{cubed}");
    }
}
