//! Running a folder's declared checks: each compiled once and its examples run, then judged on
//! every entity of its scope (the scenario scopes once per scenario), the entities in parts
//! shared out to as many threads as the folder may use. CEL's parser and our evaluator
//! recurse, so each runs on a large stack of its own ([`on_own_stack`]): a hostile checks.ron
//! cannot overflow the stack of the thread that runs it.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::diagnostic::{Diagnostic, Location};
use crate::load::{Doc, ruleset_view};
use crate::model::{ChecksFile, Example, Game, GameCheck, Scope};
use crate::rule::Rule;
use crate::rules::context::Context;
use crate::spread;

use super::compile::{Bounds, Compiled, For, compile};
use super::data::Data;
use super::entities::{entities, id, location, scenario_of};
use super::eval::Eval;
use super::g001_bad_check_expression::G001;
use super::g002_check_failed_on_entity::G002;
use super::interned;
use super::judged::Judged;
use super::message::{Text, compile_text};
use super::skipped::skipped;
use super::value::{Obj, Val};

/// The stack of each thread the checks run on.
const STACK: usize = 256 << 20;
/// How many entities a thread takes at a time (and judges between two looks at the clock).
const PART: usize = 1024;
/// How long one check may run over one folder before it is stopped (a backstop: the cost
/// estimate refuses what would take longer on any sane machine).
const DEADLINE: Duration = Duration::from_secs(20);

/// A check compiled and its examples run: ready to judge its entities.
struct Ready<'d> {
    /// Its place in checks.ron.
    i: usize,
    check: &'d GameCheck,
    when: Option<Compiled>,
    assertion: Compiled,
    message: Text,
    help: Option<Text>,
    entities: &'d [Obj],
    rule: &'static Rule,
    /// When its first part was taken: its deadline counts from there.
    began: OnceLock<Instant>,
}

/// What one thread found: findings, and how many entities of each ready check it judged.
struct Share {
    found: Vec<Diagnostic>,
    judged: Vec<usize>,
}

pub fn run(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(file) = &cx.folder.checks else {
        return;
    };
    super::replaces::check(cx, file, out);
    // a check reading a file that failed to load would fail or pass falsely on what is
    // missing: it is not run (its file's own findings say what is wrong: no cascades), and
    // that is said once; the others run
    let skipped = skipped(cx.folder, file, out);
    let Some(game) = &cx.folder.game else {
        return;
    };
    if file.value.checks.is_empty() || !skipped.contains(&false) {
        return;
    }
    let game = &game.value;
    let data = Data::new(cx, game);
    // each scope's entities once, for every check over it
    let scenario_only = cx.folder.view.as_ref().is_some_and(|v| v.scenario_only);
    let mut scopes: Vec<Scope> = file
        .value
        .checks
        .iter()
        .zip(&skipped)
        .filter(|(_, skip)| !**skip)
        .map(|(c, _)| c.for_each)
        .filter(|s| !scenario_only || s.bound_to_scenario())
        .collect();
    scopes.sort_by_key(|s| *s as usize);
    scopes.dedup();
    let sets: Vec<(Scope, Vec<Obj>)> = scopes
        .into_iter()
        .map(|s| (s, entities(&data, s)))
        .collect();
    // CEL's parser and our evaluator recurse: all of it runs on a stack of the checks' own
    // size, switched to on the thread already at work (a new thread's first allocations
    // touch fresh memory, which costs more than compiling the checks: BENCHMARKS.md, session 35)
    let prepared = on_own_stack(|| {
        let mut found = Vec::new();
        let ready = prepare(cx, (file, &skipped), game, &data, &sets, &mut found);
        (ready, found)
    });
    let done = prepared.and_then(|(ready, mut found)| {
        // the checks of each scope together, so each entity is read once for all of them;
        // their entities in parts, each taken by the next thread free
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (r, x) in ready.iter().enumerate() {
            match groups
                .iter_mut()
                .find(|g| ready[g[0]].check.for_each == x.check.for_each)
            {
                Some(g) => g.push(r),
                None => groups.push(vec![r]),
            }
        }
        let parts: Vec<(&[usize], &[Obj])> = groups
            .iter()
            .flat_map(|g| ready[g[0]].entities.chunks(PART).map(move |p| (&g[..], p)))
            .collect();
        let next = AtomicUsize::new(0);
        let workers: Vec<usize> = (0..spread::threads()).collect();
        let shares = spread::filter_map(&workers, |_| {
            on_own_stack(|| {
                let mut share = Share {
                    found: Vec::new(),
                    judged: vec![0; ready.len()],
                };
                while let Some(&(group, part)) = parts.get(next.fetch_add(1, Ordering::Relaxed)) {
                    judge(cx, file, &data, (&ready, group), part, &mut share);
                }
                share
            })
        });
        if shares.len() < workers.len() {
            return None;
        }
        let mut judged = vec![0; ready.len()];
        for share in shares {
            found.extend(share.found);
            judged
                .iter_mut()
                .zip(share.judged)
                .for_each(|(j, n)| *j += n);
        }
        for (r, n) in ready.iter().zip(judged) {
            if n < r.entities.len() {
                found.push(stopped(file, r, n));
            }
        }
        Some(found)
    });
    match done {
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

/// `f` on a stack of the checks' size (`stacker` maps a new one and switches to it on this
/// thread); None if `f` panicked.
fn on_own_stack<T>(f: impl FnOnce() -> T) -> Option<T> {
    let f = std::panic::AssertUnwindSafe(f);
    std::panic::catch_unwind(|| stacker::grow(STACK, f)).ok()
}

/// Each check compiled and its examples run; what is wrong with a check is a finding, and
/// the check is left out.
fn prepare<'d>(
    cx: &Context<'_>,
    (file, skipped): (&'d Doc<ChecksFile>, &[bool]),
    game: &'d Game,
    data: &Data<'_>,
    sets: &'d [(Scope, Vec<Obj>)],
    out: &mut Vec<Diagnostic>,
) -> Vec<Ready<'d>> {
    let env = super::compile::env();
    let bounds = Bounds::of(data);
    let mut ready = Vec::new();
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
        if skipped[i] {
            continue;
        }
        let Some((_, entities)) = sets.iter().find(|(s, _)| *s == check.for_each) else {
            continue;
        };
        // a state of play that changed only its scenario: the other scopes judge as at start
        if cx.folder.view.as_ref().is_some_and(|v| v.scenario_only)
            && !check.for_each.bound_to_scenario()
        {
            continue;
        }
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
        let texts = compile_text(&target, &format!("/checks/{i}/message"), &check.message)
            .and_then(|message| {
                let help = (!check.help.is_empty())
                    .then(|| compile_text(&target, &format!("/checks/{i}/help"), &check.help))
                    .transpose()?;
                Ok((message, help))
            });
        let (message, help) = match texts {
            Ok(t) => t,
            Err(p) => {
                out.push(Diagnostic::new(&G001, p.message, p.location).maybe_help(p.help));
                continue;
            }
        };
        let when_ref = when.as_ref();
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
            when: when_ref,
            assertion: &assertion,
        };
        judged.examples(
            &env,
            file,
            i,
            entities,
            &empty_stack,
            &|ex| ruleset_view::example_here(cx.folder, ex, check.for_each),
            &|o| location(cx.folder, data, o),
            out,
        );
        ready.push(Ready {
            i,
            check,
            when,
            assertion,
            message,
            help,
            entities,
            rule: interned::rule(check),
            began: OnceLock::new(),
        });
    }
    ready
}

/// Judges one part of the entities of a group of checks (`ready`'s, of one scope), every
/// check on an entity before the next entity; a check whose deadline has passed is skipped.
fn judge(
    cx: &Context<'_>,
    file: &Doc<ChecksFile>,
    data: &Data<'_>,
    (ready, group): (&[Ready<'_>], &[usize]),
    part: &[Obj],
    share: &mut Share,
) {
    let mut live = Vec::with_capacity(group.len());
    for &r in group {
        let x = &ready[r];
        if x.began.get_or_init(Instant::now).elapsed() <= DEADLINE {
            share.judged[r] += part.len();
            let judged = Judged {
                data,
                check: x.check,
                when: x.when.as_ref(),
                assertion: &x.assertion,
            };
            live.push((x, judged));
        }
    }
    let mut ev = Eval::new(data, None, Val::Null);
    for &o in part {
        ev.set_entity(scenario_of(o), Val::Obj(o));
        for (r, judged) in &live {
            match judged.holds(&mut ev) {
                Ok(true) => {}
                verdict => share
                    .found
                    .push(finding(cx, file, data, r, o, verdict.err())),
            }
        }
    }
}

/// The finding on entity `o` of check `r`: it fails, or (`why`) could not be judged.
fn finding(
    cx: &Context<'_>,
    file: &Doc<ChecksFile>,
    data: &Data<'_>,
    r: &Ready<'_>,
    o: Obj,
    why: Option<String>,
) -> Diagnostic {
    let (check, i) = (r.check, r.i);
    let Some(why) = why else {
        let msg = r.message.fill(data, o);
        let d = Diagnostic::new(r.rule, msg, location(cx.folder, data, o)).with_related(
            file.at(&format!("/checks/{i}/id")),
            format!("declared as `{}`", check.id),
        );
        return match &r.help {
            None => d,
            Some(help) => d.with_help(help.fill(data, o)),
        };
    };
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
    .with_help(guard(&why))
}

/// What to do about a check that failed on an entity, by why it failed: `has()` tests an
/// attribute or a key, not whether an id names something.
fn guard(why: &str) -> String {
    let unknown = why
        .split_once(": no ")
        .and_then(|(_, rest)| rest.split_once(" has the id `"))
        .and_then(|(kind, rest)| Some((kind, rest.split_once('`')?.0)));
    match unknown {
        Some((kind, id)) if kind != "deck" => format!(
            "the id `{id}` names no {kind}: fix it in the data, or let the check test it first, e.g. `{kind}s().exists(x, x.id == <the id>) && ...`"
        ),
        Some((kind, id)) => format!("the id `{id}` names no {kind}: fix it in the data"),
        None if why.contains("has no `") => {
            "guard the expression: `has(x.attrs.y) && ...` tests whether an attribute has a value"
                .to_owned()
        }
        None if why.contains("of null") => {
            "guard the expression: `x.y != null && ...` tests a field that may be null".to_owned()
        }
        None => "guard the expression, or fix the data it reads".to_owned(),
    }
}

/// The finding for a check stopped at its deadline with `judged` of its entities judged.
fn stopped(file: &Doc<ChecksFile>, r: &Ready<'_>, judged: usize) -> Diagnostic {
    Diagnostic::new(
        &G002,
        format!(
            "check `{}` was stopped after {} s, with {} of {} entities judged",
            r.check.id,
            DEADLINE.as_secs(),
            judged,
            r.entities.len()
        ),
        file.at(&format!("/checks/{}/assert", r.i)),
    )
    .with_help("make it cheaper: filter with `when`, go through fewer lists")
}
