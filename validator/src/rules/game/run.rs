//! Running a folder's declared checks: each compiled once, then run over every entity of its
//! scope (the scenario scopes once per scenario); its examples run first, on real entities
//! changed as they say. Runs on a thread of its own with a known, large stack (CEL's parser
//! and evaluator recurse), so a hostile checks.ron cannot overflow a worker's stack.

use std::sync::Arc;
use std::time::{Duration, Instant};

use std::sync::atomic::{AtomicUsize, Ordering};

use cel::common::value::{CowVal, Val};
use cel::context::VariableResolver;
use cel::{Context as Cel, Env, Value};

use crate::diagnostic::{Diagnostic, Location};
use crate::file_kind::FileKind;
use crate::load::{Doc, ruleset_view};
use crate::model::{ChecksFile, Example, Game, GameCheck, Scope};
use crate::rules::context::Context;

use super::compile::{Bounds, Compiled, For, compile};
use super::functions;
use super::g001_bad_check_expression::G001;
use super::g002_check_failed_on_entity::G002;
use super::g003_check_examples::G003;
use super::interned;
use cel::objects::{Key, Map};

use super::entities::{Entity, Where, entities, to_val};
use super::message::{fill, placeholders};
use super::view::{GameView, ScenarioView, stack_view};

/// The stack of the thread the checks run on.
const STACK: usize = 256 << 20;
/// How long one check may run over one folder before it is stopped (a backstop: the cost
/// estimate refuses what would take longer on any sane machine).
const DEADLINE: Duration = Duration::from_secs(20);

pub fn run(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(file), Some(game)) = (&cx.folder.checks, &cx.folder.game) else {
        return;
    };
    // a file the view reads that failed to load would make every check fail or pass falsely
    // on what is missing: its own findings say what is wrong (no cascades)
    if file.value.checks.is_empty() || cx.folder.failed.iter().any(|k| *k != FileKind::Text) {
        return;
    }
    let found = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("declared checks".into())
            .stack_size(STACK)
            .spawn_scoped(s, || {
                let mut found = Vec::new();
                run_all(cx, file, &game.value, &mut found);
                found
            })
            .ok()
            .and_then(|h| h.join().ok())
    });
    match found {
        Some(found) => out.extend(found),
        None => out.push(
            Diagnostic::new(
                &G002,
                "the game's checks could not be run",
                Location::file(&file.src.path),
            )
            .with_help("please report this, with checks.ron"),
        ),
    }
}

/// The entity a check is judged on, handed to CEL by reference: set for each entity in turn;
/// `usize::MAX` while none is (an example binds its own, changed view).
struct Current<'e> {
    name: &'static str,
    vals: Vec<Option<&'e (dyn Val + 'static)>>,
    at: AtomicUsize,
}

impl VariableResolver for Current<'_> {
    fn resolve<'b>(&'b self, variable: &str) -> Option<CowVal<'b, 'b>> {
        if variable != self.name {
            return None;
        }
        let val = (*self.vals.get(self.at.load(Ordering::Relaxed))?)?;
        Some(CowVal::Borrowed(val))
    }
}

fn run_all<'a>(cx: &Context<'a>, file: &Doc<ChecksFile>, game: &Game, out: &mut Vec<Diagnostic>) {
    let env = Arc::new(Env::stdlib());
    let view = Arc::new(GameView::build(cx));
    let starts: Vec<Arc<ScenarioView>> = cx
        .folder
        .scenarios
        .iter()
        .map(|s| Arc::new(ScenarioView::build(cx, game, &view, &s.value)))
        .collect();
    let largest = [
        view.spaces.len(),
        view.links.len(),
        view.units.len(),
        view.cards.len(),
    ]
    .into_iter()
    .chain(starts.iter().map(|s| s.placements.len()))
    .max()
    .unwrap_or(0)
    .max(1) as f64;
    let bounds = Bounds {
        largest,
        stack: starts
            .iter()
            .flat_map(|s| s.stacks.iter().map(|(_, units, _)| units.len()))
            .max()
            .unwrap_or(0)
            .max(1) as f64,
        degree: view
            .adjacency
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .max(1) as f64,
        cards: view.cards.len().max(1) as f64,
    };
    // each scope's entities once, for every check over it
    let mut scopes: Vec<Scope> = file.value.checks.iter().map(|c| c.for_each).collect();
    scopes.sort_by_key(|s| *s as usize);
    scopes.dedup();
    let sets: Vec<(Scope, Vec<Entity>)> = scopes
        .into_iter()
        .map(|s| (s, entities(cx, &view, &starts, s)))
        .collect();
    for (i, check) in file.value.checks.iter().enumerate() {
        if file.value.checks[..i].iter().any(|c| c.id == check.id) {
            out.push(
                Diagnostic::new(
                    &G001,
                    format!("a check `{}` is declared above already", check.id),
                    file.at(&format!("/checks/{i}/id")),
                )
                .with_help("give each check its own id"),
            );
            continue;
        }
        let Some((_, entities)) = sets.iter().find(|(s, _)| *s == check.for_each) else {
            continue;
        };
        let n = entities.len().max(1) as f64;
        let target = For {
            env: &env,
            file,
            game,
            scope: check.for_each,
            bounds,
            entities: n,
        };
        let compiled =
            |field: &str, text: &str| compile(&target, &format!("/checks/{i}/{field}"), text);
        let when = match check
            .when
            .as_deref()
            .map(|w| compiled("when", w))
            .transpose()
        {
            Ok(w) => w,
            Err(p) => {
                out.push(Diagnostic::new(&G001, p.message, p.location).maybe_help(p.help));
                continue;
            }
        };
        let assertion = match compiled("assert", &check.assertion) {
            Ok(a) => a,
            Err(p) => {
                out.push(Diagnostic::new(&G001, p.message, p.location).maybe_help(p.help));
                continue;
            }
        };
        if let Some(p) = placeholders(check) {
            out.push(
                Diagnostic::new(&G001, p, file.at(&format!("/checks/{i}/message"))).with_help(
                    format!(
                        "a {}'s fields: {}",
                        check.for_each.var(),
                        super::types::fields(check.for_each.var())
                            .iter()
                            .map(|(n, _)| *n)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
            );
            continue;
        }
        let current = Current {
            name: check.for_each.var(),
            vals: entities.iter().map(|e| e.val.as_deref()).collect(),
            at: AtomicUsize::new(usize::MAX),
        };
        let contexts: Vec<Cel> = std::iter::once(None)
            .chain(starts.iter().map(Some))
            .map(|start| {
                let mut ctx = Cel::with_env(env.clone());
                functions::add(&mut ctx, &view, start);
                ctx.set_variable_resolver(&current);
                ctx
            })
            .collect();
        let ctx_of = |e: &Entity| &contexts[e.scenario.map_or(0, |s| s + 1)];
        // a stack example may name a location with no units at the start, for `with` to fill
        let empty_stack = |ex: &Example| -> Option<Entity<'a>> {
            if check.for_each != Scope::Stack {
                return None;
            }
            view.find("space", &ex.on)?;
            let s = match &ex.scenario {
                Some(name) => cx
                    .folder
                    .scenarios
                    .iter()
                    .position(|d| d.value.id == *name)?,
                None => 0,
            };
            let doc = cx.folder.scenarios.get(s)?;
            let sid = doc.value.id.to_string();
            let view = stack_view(&view, &ex.on, &[], &sid);
            Some(Entity {
                id: ex.on.to_string(),
                val: to_val(&view),
                view,
                at: Where {
                    src: Some(&doc.src),
                    list: "",
                    index: 0,
                    tail: "/id",
                },
                scenario: Some(s),
                scenario_id: Some(sid),
            })
        };
        examples(
            &env,
            file,
            i,
            check,
            entities,
            &empty_stack,
            &|ex| ruleset_view::example_here(cx.folder, ex, check.for_each),
            &ctx_of,
            when.as_ref(),
            &assertion,
            out,
        );
        let rule = interned::rule(check);
        let started = Instant::now();
        for (k, e) in entities.iter().enumerate() {
            if started.elapsed() > DEADLINE {
                out.push(
                    Diagnostic::new(
                        &G002,
                        format!(
                            "check `{}` was stopped after {} s, at {} of {} entities",
                            check.id,
                            DEADLINE.as_secs(),
                            k,
                            entities.len()
                        ),
                        file.at(&format!("/checks/{i}/assert")),
                    )
                    .with_help("make it cheaper: filter with `when`, go through fewer lists"),
                );
                break;
            }
            current.at.store(k, Ordering::Relaxed);
            match verdict(ctx_of(e), when.as_ref(), &assertion) {
                Ok(true) => {}
                Ok(false) => {
                    let msg = fill(&check.message, check.for_each, &e.view);
                    let mut d = Diagnostic::new(rule, msg, e.at.location(&cx.folder.dir))
                        .with_related(file.at(&format!("/checks/{i}/id")), format!("declared as `{}`", check.id));
                    if !check.help.is_empty() {
                        d = d.with_help(fill(&check.help, check.for_each, &e.view));
                    }
                    out.push(d);
                }
                Err(why) => out.push(
                    Diagnostic::new(&G002, format!("check `{}` could not be judged on {} `{}`: {why}", check.id, check.for_each.var(), e.id), e.at.location(&cx.folder.dir))
                        .with_related(file.at(&format!("/checks/{i}/assert")), "the check")
                        .with_help("guard the expression (e.g. `has(x.attrs.y) && ...`), or fix the data it reads"),
                ),
            }
        }
    }
}

/// Whether the check holds on one entity (true also when `when` excludes it).
fn verdict(
    ctx: &Cel<'_, '_>,
    when: Option<&Compiled>,
    assertion: &Compiled,
) -> Result<bool, String> {
    let truth = |c: &Compiled, what: &str| match c.program.execute(ctx) {
        Ok(Value::Bool(b)) => Ok(b),
        Ok(other) => Err(format!("its `{what}` gave {other:?}, not true or false")),
        Err(e) => Err(say(e)),
    };
    if let Some(w) = when
        && !truth(w, "when")?
    {
        return Ok(true);
    }
    truth(assertion, "assert")
}

/// Runs the check's examples: each must fire (or stay silent) as it says.
#[allow(clippy::too_many_arguments)]
fn examples<'a, 'c>(
    env: &Arc<Env>,
    file: &Doc<ChecksFile>,
    i: usize,
    check: &GameCheck,
    entities: &[Entity<'a>],
    or_else: &dyn Fn(&Example) -> Option<Entity<'a>>,
    here: &dyn Fn(&Example) -> bool,
    ctx_of: &dyn Fn(&Entity<'a>) -> &'c Cel<'c, 'c>,
    when: Option<&Compiled>,
    assertion: &Compiled,
    out: &mut Vec<Diagnostic>,
) {
    if check.fires.is_empty() || check.silent.is_empty() {
        let missing = if check.fires.is_empty() {
            "fires"
        } else {
            "silent"
        };
        out.push(
            Diagnostic::new(&G003, format!("check `{}` has no example where it {}", check.id, if missing == "fires" { "fires" } else { "stays silent" }), file.at(&format!("/checks/{i}/id")))
                .with_help(format!("add `{missing}: [(on: \"<an entity's id>\", with: {{\"<field>\": \"<CEL value>\"}})]`, so the check is proven to do what it says")),
        );
    }
    for (list, fires) in [("fires", true), ("silent", false)] {
        let examples: &[Example] = if fires { &check.fires } else { &check.silent };
        for (k, ex) in examples.iter().enumerate().filter(|(_, ex)| here(ex)) {
            let at = file.at(&format!("/checks/{i}/{list}/{k}"));
            let scenario = ex.scenario.as_ref().map(|s| s.as_str());
            let found = entities.iter().find(|e| {
                e.id == ex.on.as_str()
                    && (scenario.is_none() || e.scenario_id.as_deref() == scenario)
            });
            let made;
            let found = match found {
                Some(e) => Some(e),
                None => {
                    made = or_else(ex);
                    made.as_ref()
                }
            };
            let Some(e) = found else {
                // an id of a kind the reference walk follows is R002's (did-you-mean, --fix)
                if matches!(check.for_each, Scope::Link | Scope::Scenario) {
                    out.push(
                        Diagnostic::new(
                            &G003,
                            format!("the example names no {} `{}`", check.for_each.var(), ex.on),
                            at,
                        )
                        .with_help(format!(
                            "name a {} of this game by its id",
                            check.for_each.var()
                        )),
                    );
                }
                continue;
            };
            let ctx = ctx_of(e);
            let mut view = e.view.clone();
            let mut failed = false;
            for (path, expr) in &ex.with {
                let value = env.compile(expr).map_err(|e| e.to_string()).and_then(|p| {
                    let mut inner = ctx.new_inner_scope();
                    inner.add_variable_from_value(check.for_each.var(), e.view.clone());
                    p.execute(&inner).map_err(|e| e.to_string())
                });
                match value {
                    Ok(v) => view = set(&view, path, v),
                    Err(why) => {
                        out.push(
                            Diagnostic::new(
                                &G003,
                                format!(
                                    "the example's value for `{path}` cannot be worked out: {why}"
                                ),
                                file.at(&format!("/checks/{i}/{list}/{k}/with/{path}")),
                            )
                            .with_help(
                                "write a CEL value, e.g. \"3\", \"'rail'\" or \"[unit('x')]\"",
                            ),
                        );
                        failed = true;
                    }
                }
            }
            if failed {
                continue;
            }
            let mut inner = ctx.new_inner_scope();
            match to_val(&view) {
                Some(val) => inner.add_variable_as_val(check.for_each.var(), val),
                None => inner.add_variable_from_value(check.for_each.var(), view.clone()),
            }
            match verdict(&inner, when, assertion) {
                Ok(holds) if holds == fires => out.push(
                    Diagnostic::new(
                        &G003,
                        format!(
                            "check `{}` {} on this example, which says it {}",
                            check.id,
                            if fires { "stays silent" } else { "fires" },
                            if fires { "fires" } else { "stays silent" }
                        ),
                        at,
                    )
                    .with_help("fix the expression, or the example"),
                ),
                Ok(_) => {}
                Err(why) => out.push(
                    Diagnostic::new(
                        &G003,
                        format!(
                            "check `{}` cannot be judged on this example: {why}",
                            check.id
                        ),
                        at,
                    )
                    .with_help("fix the expression, or the example"),
                ),
            }
        }
    }
}

/// The view with field `path` (`attrs.command`) set to `value`.
fn set(view: &Value, path: &str, value: Value) -> Value {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let mut fields = match view {
        Value::Map(m) => (*m.map).clone(),
        _ => Default::default(),
    };
    let key = Key::String(Arc::new(head.to_owned()));
    let new = match rest {
        Some(r) => set(fields.get(&key).unwrap_or(&Value::Null), r, value),
        None => value,
    };
    fields.insert(key, new);
    Value::Map(Map {
        map: Arc::new(fields),
    })
}

/// A run-time error in a designer's words.
fn say(e: cel::ExecutionError) -> String {
    match e {
        cel::ExecutionError::NoSuchKey(k) => {
            format!("it has no `{k}` (an attribute it does not write, with no default?)")
        }
        cel::ExecutionError::DivisionByZero(_) => "it divides by zero".into(),
        cel::ExecutionError::FunctionError { function, message } => {
            format!("`{function}`: {message}")
        }
        other => other.to_string(),
    }
}
