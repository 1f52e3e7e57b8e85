//! Running a folder's declared checks: each compiled once, then run over every entity of its
//! scope (the scenario scopes once per scenario); its examples run first, on real entities
//! changed as they say. Runs on a thread of its own with a known, large stack (CEL's parser
//! and our evaluator recurse), so a hostile checks.ron cannot overflow a worker's stack.
//! Everything on that thread is done in turn: the worker that started it waits for it, and
//! handing work back to the pool could wait for that very worker (a deadlock with one thread).

use std::time::{Duration, Instant};

use cel::Env;

use crate::diagnostic::{Diagnostic, Location};
use crate::file_kind::FileKind;
use crate::load::{Doc, ruleset_view};
use crate::model::{ChecksFile, Example, Game, GameCheck, Scope};
use crate::rules::context::Context;

use super::compile::{Bounds, Compiled, For, compile};
use super::data::Data;
use super::entities::{entities, id, location, scenario_of};
use super::eval::{Eval, set};
use super::g001_bad_check_expression::G001;
use super::g002_check_failed_on_entity::G002;
use super::g003_check_examples::G003;
use super::interned;
use super::message::{fill, placeholders};
use super::node::{self, Node};
use super::value::{Obj, Val};

/// The stack of the thread the checks run on.
const STACK: usize = 256 << 20;
/// How many entities are judged between two looks at the clock.
const PART: usize = 1024;
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

fn run_all(cx: &Context<'_>, file: &Doc<ChecksFile>, game: &Game, out: &mut Vec<Diagnostic>) {
    let env = Env::stdlib();
    let data = Data::new(cx.folder, game, cx.ids, cx.world);
    let largest = [
        data.spaces.len(),
        data.links.len(),
        data.units.len(),
        data.cards.len(),
    ]
    .into_iter()
    .chain(data.starts.iter().map(|s| s.scenario.placements.len()))
    .max()
    .unwrap_or(0)
    .max(1) as f64;
    let bounds = Bounds {
        largest,
        stack: data
            .starts
            .iter()
            .flat_map(|s| (0..s.stacks.len()).map(|k| s.units(k).len()))
            .max()
            .unwrap_or(0)
            .max(1) as f64,
        degree: cx
            .world
            .map(|w| {
                (0..data.spaces.len())
                    .map(|s| w.adjacency.of(s).count())
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0)
            .max(1) as f64,
        cards: data.cards.len().max(1) as f64,
    };
    // each scope's entities once, for every check over it
    let mut scopes: Vec<Scope> = file.value.checks.iter().map(|c| c.for_each).collect();
    scopes.sort_by_key(|s| *s as usize);
    scopes.dedup();
    let sets: Vec<(Scope, Vec<Obj>)> = scopes
        .into_iter()
        .map(|s| (s, entities(&data, s)))
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
        let target = For {
            env: &env,
            file,
            game,
            scope: check.for_each,
            bounds,
            entities: entities.len().max(1) as f64,
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
        let (data, when) = (&data, when.as_ref());
        // a stack example may name a location with no units at the start, for `with` to fill
        let empty_stack = |ex: &Example| -> Option<(Val, Option<usize>)> {
            if check.for_each != Scope::Stack {
                return None;
            }
            let space = data.find(Scope::Space, &ex.on)?;
            let s = match &ex.scenario {
                Some(name) => data.starts.iter().position(|d| d.scenario.id == *name)?,
                None => 0,
            };
            let start = data.starts.get(s)?;
            let at = Val::Str(&data.spaces[space].id);
            let val = Val::map(vec![
                (Val::Str("id"), at.clone()),
                (Val::Str("at"), at),
                (Val::Str("space"), Val::Obj(Obj::new(Scope::Space, space))),
                (Val::Str("units"), Val::list(Vec::new())),
                (Val::Str("factions"), Val::list(Vec::new())),
                (Val::Str("scenario"), Val::Str(&start.scenario.id)),
            ]);
            Some((val, Some(s)))
        };
        let judged = Judged {
            data,
            check,
            when,
            assertion: &assertion,
        };
        judged.examples(
            &env,
            file,
            i,
            entities,
            &empty_stack,
            &|ex| ruleset_view::example_here(cx.folder, ex, check.for_each),
            out,
        );
        let rule = interned::rule(check);
        let started = Instant::now();
        let mut ev = Eval::new(data, None, Val::Null);
        let mut judged_count = 0;
        for part in entities.chunks(PART) {
            if started.elapsed() > DEADLINE {
                break;
            }
            judged_count += part.len();
            for &o in part {
                let val = Val::Obj(o);
                match judged.verdict(&mut ev, scenario_of(o), &val) {
                    Ok(true) => {}
                    Ok(false) => {
                        let msg = fill(&check.message, data, &val);
                        let mut d = Diagnostic::new(rule, msg, location(cx.folder, data, o))
                            .with_related(
                                file.at(&format!("/checks/{i}/id")),
                                format!("declared as `{}`", check.id),
                            );
                        if !check.help.is_empty() {
                            d = d.with_help(fill(&check.help, data, &val));
                        }
                        out.push(d);
                    }
                    Err(why) => out.push(
                        Diagnostic::new(
                            &G002,
                            format!(
                                "check `{}` could not be judged on {} `{}`: {why}",
                                check.id,
                                check.for_each.var(),
                                id(data, o)
                            ),
                            location(cx.folder, data, o),
                        )
                        .with_related(file.at(&format!("/checks/{i}/assert")), "the check")
                        .with_help(
                            "guard the expression (e.g. `has(x.attrs.y) && ...`), or fix the data it reads",
                        ),
                    ),
                }
            }
        }
        if judged_count < entities.len() {
            out.push(
                Diagnostic::new(
                    &G002,
                    format!(
                        "check `{}` was stopped after {} s, with {} of {} entities judged",
                        check.id,
                        DEADLINE.as_secs(),
                        judged_count,
                        entities.len()
                    ),
                    file.at(&format!("/checks/{i}/assert")),
                )
                .with_help("make it cheaper: filter with `when`, go through fewer lists"),
            );
        }
    }
}

/// Where an example finds its entity when no entity of the scope has its id (a stack example
/// on a location with no units at the start), with its scenario.
type OrElse<'f, 'd> = dyn Fn(&Example) -> Option<(Val<'d>, Option<usize>)> + 'f;

/// One check, compiled, with the game it judges.
struct Judged<'d, 'a> {
    data: &'d Data<'a>,
    check: &'d GameCheck,
    when: Option<&'d Compiled>,
    assertion: &'d Compiled,
}

impl<'d, 'a> Judged<'d, 'a> {
    /// Whether the check holds on one entity (true also when `when` excludes it).
    fn verdict<'e>(
        &self,
        ev: &mut Eval<'e, 'a>,
        scenario: Option<usize>,
        entity: &Val<'e>,
    ) -> Result<bool, String>
    where
        'd: 'e,
    {
        ev.scenario = scenario;
        ev.vars.clear();
        ev.vars.push(entity.clone());
        if let Some(w) = self.when
            && !ev.truth(&w.node, "when")?
        {
            return Ok(true);
        }
        ev.vars.truncate(1);
        ev.truth(&self.assertion.node, "assert")
    }

    /// Runs the check's examples: each must fire (or stay silent) as it says.
    #[allow(clippy::too_many_arguments)]
    fn examples(
        &self,
        env: &Env,
        file: &Doc<ChecksFile>,
        i: usize,
        entities: &[Obj],
        or_else: &OrElse<'_, 'd>,
        here: &dyn Fn(&Example) -> bool,
        out: &mut Vec<Diagnostic>,
    ) {
        let check = self.check;
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
                let found = entities.iter().find(|&&o| {
                    id(self.data, o) == ex.on.as_str()
                        && (scenario.is_none()
                            || scenario_of(o)
                                .and_then(|s| self.data.starts.get(s))
                                .map(|s| s.scenario.id.as_str())
                                == scenario)
                });
                let found = match found {
                    Some(&o) => Some((Val::Obj(o), scenario_of(o))),
                    None => or_else(ex),
                };
                let Some((entity, scenario)) = found else {
                    // an id of a kind the reference walk follows is R002's (did-you-mean, --fix)
                    if matches!(check.for_each, Scope::Link | Scope::Scenario) {
                        out.push(
                            Diagnostic::new(
                                &G003,
                                format!(
                                    "the example names no {} `{}`",
                                    check.for_each.var(),
                                    ex.on
                                ),
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
                // the values the example gives, each an expression over the entity as it is
                let values: Vec<Result<Node, String>> = ex
                    .with
                    .values()
                    .map(|expr| {
                        let program = env.compile(expr).map_err(|e| e.to_string())?;
                        node::compile(
                            program.expression(),
                            &mut vec![check.for_each.var().to_owned()],
                        )
                    })
                    .collect();
                let mut ev = Eval::new(self.data, scenario, entity.clone());
                let mut view = entity.clone();
                let mut failed = false;
                for (path, value) in ex.with.keys().zip(&values) {
                    let value = value.as_ref().map_err(Clone::clone).and_then(|n| {
                        ev.vars.clear();
                        ev.vars.push(entity.clone());
                        ev.eval(n)
                    });
                    match value {
                        Ok(v) => view = set(self.data, &view, path, v),
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
                match self.verdict(&mut ev, scenario, &view) {
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
}
