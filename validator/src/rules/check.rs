//! How a rule runs: its declaration and its check over a folder.

use crate::diagnostic::Diagnostic;
use crate::rule::Rule;

use super::context::Context;

/// How a rule runs.
pub struct Check {
    pub rule: &'static Rule,
    /// Its check over a folder, or None for a rule raised by a later pass (R006 judges the
    /// allowances after every other rule ran).
    pub run: Option<fn(&Context<'_>, &mut Vec<Diagnostic>)>,
    /// Whether the rule reads only each scenario's shared work (its placements, start, stacks,
    /// supply): it then runs on one scenario at a time, so that a folder of many large
    /// scenarios holds one scenario's shared work in memory, not all of them.
    pub per_scenario: bool,
    /// Whether the rule reads only the folder, its ids and its map (not the shared verdicts):
    /// it then starts at once, beside the shared work, instead of after it.
    pub early: bool,
    /// Whether a rule over the folder also reads its scenarios (through
    /// `Context::scenario_docs`): it judges a state of play again, where a rule over the
    /// folder's files alone would find what the start found ([`super::check_state`]).
    pub reads_scenarios: bool,
}

impl Check {
    /// A rule checked over each folder by `run`.
    pub const fn new(rule: &'static Rule, run: fn(&Context<'_>, &mut Vec<Diagnostic>)) -> Self {
        Check {
            rule,
            run: Some(run),
            per_scenario: false,
            early: false,
            reads_scenarios: false,
        }
    }

    /// A rule over the folder that also reads each of its scenarios.
    pub const fn reading_scenarios(
        rule: &'static Rule,
        run: fn(&Context<'_>, &mut Vec<Diagnostic>),
    ) -> Self {
        Check {
            reads_scenarios: true,
            ..Check::new(rule, run)
        }
    }

    /// A long rule that reads only the folder, its ids and its map: started before the
    /// shared work, so that it runs beside it.
    pub const fn early(rule: &'static Rule, run: fn(&Context<'_>, &mut Vec<Diagnostic>)) -> Self {
        Check {
            early: true,
            ..Check::new(rule, run)
        }
    }

    /// A rule checked over one scenario at a time: `run` sees a context whose scenario work
    /// (`placements`, `starts`, `stacks`, `traces`) covers one scenario.
    pub const fn per_scenario(
        rule: &'static Rule,
        run: fn(&Context<'_>, &mut Vec<Diagnostic>),
    ) -> Self {
        Check {
            rule,
            run: Some(run),
            per_scenario: true,
            early: false,
            reads_scenarios: true,
        }
    }

    /// A rule raised elsewhere (its file says where).
    pub const fn raised_elsewhere(rule: &'static Rule) -> Self {
        Check {
            rule,
            run: None,
            per_scenario: false,
            early: false,
            reads_scenarios: false,
        }
    }
}
