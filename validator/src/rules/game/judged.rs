//! One declared check with the game it judges: its verdict on one entity, and its examples,
//! each run on a real entity changed as it says.

use cel::Env;

use crate::diagnostic::{Diagnostic, Location};
use crate::load::Doc;
use crate::model::{ChecksFile, Example, GameCheck, Scope};

use super::compile::Compiled;
use super::data::Data;
use super::entities::{names, parallel, scenario_of};
use super::eval::{Eval, set};
use super::example_with::{Want, unfit, want};
use super::g003_check_examples::G003;
use super::node::{self, Node};
use super::value::{Obj, Val};

/// Where an example finds its entity when no entity of the scope has its id (a stack example
/// on a location with no units at the start), with its scenario.
pub type OrElse<'f, 'd> = dyn Fn(&Example) -> Option<(Val<'d>, Option<usize>)> + 'f;

/// One check, compiled, with the game it judges.
pub struct Judged<'d, 'a> {
    pub data: &'d Data<'a>,
    pub check: &'d GameCheck,
    pub when: Option<&'d Compiled>,
    pub assertion: &'d Compiled,
}

impl<'d, 'a> Judged<'d, 'a> {
    /// Whether the check holds on one entity (true also when `when` excludes it).
    pub fn verdict<'e>(
        &self,
        ev: &mut Eval<'e, 'a>,
        scenario: Option<usize>,
        entity: &Val<'e>,
    ) -> Result<bool, String>
    where
        'd: 'e,
    {
        ev.set_entity(scenario, entity.clone());
        self.holds(ev)
    }

    /// Whether the check holds on the entity `ev` holds (true also when `when` excludes it).
    pub fn holds<'e>(&self, ev: &mut Eval<'e, 'a>) -> Result<bool, String>
    where
        'd: 'e,
    {
        if let Some(w) = self.when
            && !ev.truth(&w.node, "when")?
        {
            return Ok(true);
        }
        ev.truth(&self.assertion.node, "assert")
    }

    /// Runs the check's examples: each must fire (or stay silent) as it says.
    #[allow(clippy::too_many_arguments)]
    pub fn examples(
        &self,
        env: &Env,
        file: &Doc<ChecksFile>,
        i: usize,
        entities: &[Obj],
        or_else: &OrElse<'_, 'd>,
        here: &dyn Fn(&Example) -> bool,
        locate: &dyn Fn(Obj) -> Location,
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
                // each key names a field or a declared attribute, whatever the entity
                let key_at =
                    |path: &str| file.at_key(&format!("/checks/{i}/{list}/{k}/with/{path}"));
                let wants: Vec<Option<Want>> = ex
                    .with
                    .keys()
                    .map(|path| match want(self.data.game, check.for_each, path) {
                        Ok(w) => Some(w),
                        Err(u) => {
                            out.push(
                                Diagnostic::new(&G003, u.message, key_at(path)).with_help(u.help),
                            );
                            None
                        }
                    })
                    .collect();
                if wants.iter().any(Option::is_none) {
                    continue;
                }
                let scenario = ex.scenario.as_ref().map(|s| s.as_str());
                if let Some(kinds) = parallel(self.data, entities, &ex.on) {
                    // two links join those ends: which one the example means must be said
                    out.push(
                        Diagnostic::new(
                            &G003,
                            format!(
                                "the example's link `{}` is one of {} parallel links (kinds {})",
                                ex.on,
                                kinds.len(),
                                kinds.join(", ")
                            ),
                            at,
                        )
                        .with_help(format!(
                            "add the link's kind to its ends: `{}:{}`",
                            ex.on, kinds[0]
                        )),
                    );
                    continue;
                }
                let found = entities.iter().find(|&&o| {
                    names(self.data, o, &ex.on)
                        && (scenario.is_none()
                            || scenario_of(o)
                                .and_then(|s| self.data.starts.get(s))
                                .map(|s| s.scenario.id.as_str())
                                == scenario)
                });
                let subject = found.map(|&o| locate(o));
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
                        node::compile(program.expression(), &mut node::roots(check.for_each))
                    })
                    .collect();
                let mut ev = Eval::new(self.data, scenario, entity.clone());
                let mut view = entity.clone();
                let mut failed = false;
                for ((path, value), w) in ex.with.keys().zip(&values).zip(wants.iter().flatten()) {
                    let value = value.as_ref().map_err(Clone::clone).and_then(|n| {
                        ev.set_entity(scenario, entity.clone());
                        ev.eval(n)
                    });
                    match value {
                        Ok(v) => match unfit(self.data.game, path, *w, &v) {
                            None => view = set(self.data, &view, path, v),
                            Some(u) => {
                                out.push(
                                    Diagnostic::new(&G003, u.message, key_at(path))
                                        .with_help(u.help),
                                );
                                failed = true;
                            }
                        },
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
                // the entity an example's verdict is about: nothing is judged on it while its
                // data has an error (held.rs)
                let about = |d: Diagnostic| match &subject {
                    Some(l) => d.with_related(
                        l.clone(),
                        format!("the example's {} `{}`", check.for_each.var(), ex.on),
                    ),
                    None => d,
                };
                match self.verdict(&mut ev, scenario, &view) {
                    Ok(holds) if holds == fires => out.push(about(
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
                    )),
                    Ok(_) => {}
                    Err(why) => out.push(about(
                        Diagnostic::new(
                            &G003,
                            format!(
                                "check `{}` cannot be judged on this example: {why}",
                                check.id
                            ),
                            at,
                        )
                        .with_help("fix the expression, or the example"),
                    )),
                }
            }
        }
    }
}
