//! One fault, one finding: once every rule of a folder ran, a declared check's finding on an
//! entity that already has an error (an id naming nothing, an attribute undeclared or of the
//! wrong type) is set aside, and an example contradicted on data holding such an error is not
//! judged (G003 means the check is wrong, never the data). What was held back is said once,
//! as a note (G004). The checks run beside the other rules, so this is judged after them,
//! from the findings themselves: a check's finding is located at its entity, and an
//! example's G003 names its entity as related.

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Location};
use crate::file_kind::FileKind;
use crate::load::GameFolder;
use crate::rule::Severity;

use super::g002_check_failed_on_entity::G002;
use super::g003_check_examples::G003;
use super::g004_checks_held_back::G004;
use super::interned::PREFIX;
use super::reads::reads;

/// The codes of a value's own fault: after one of them, no finding of a declared check on the
/// same value.
const FAULTS: &[&str] = &["R002", "A001", "A002"];

/// A fault: its file, and where in it.
struct Fault {
    file: PathBuf,
    pointer: String,
    at: Location,
    /// A declared check's own finding on the data (its code): it holds back only that
    /// check's examples on the same entity, which judge the same faulty data.
    check: Option<&'static str>,
}

/// Whether `d` is a value's own fault, after which no declared check says more about it.
pub fn is_fault(d: &Diagnostic) -> bool {
    d.severity == Severity::Error && FAULTS.contains(&d.code)
}

/// Holds back the findings of declared checks among `found` (one folder's, every rule's)
/// that are about data with an error, and notes it once.
pub fn settle(folder: &GameFolder, found: &mut Vec<Diagnostic>) {
    settle_with(folder, found, &[], true);
}

/// As [`settle`], quietly, in a state of play (engine/states): the rules that judge values
/// do not run again there, so the faults are those the start found (`known`), and the start
/// said what was held back.
pub fn set_aside(folder: &GameFolder, found: &mut Vec<Diagnostic>, known: &[Diagnostic]) {
    settle_with(folder, found, known, false);
}

/// As [`settle`], for the verdicts of the examples judged after the start's rules (those
/// that change the start, `then`): `known` is what the start found.
pub fn settle_examples(folder: &GameFolder, found: &mut Vec<Diagnostic>, known: &[Diagnostic]) {
    settle_with(folder, found, known, true);
}

fn settle_with(folder: &GameFolder, found: &mut Vec<Diagnostic>, known: &[Diagnostic], say: bool) {
    let Some(checks) = &folder.checks else { return };
    let on_data = folder.view.as_ref().is_none_or(|v| v.example.is_none());
    let mut faults: Vec<Fault> = found
        .iter()
        .chain(known)
        // a check's own findings in the state an example made are that example's verdict
        .filter(|d| is_fault(d) || (d.code.starts_with(PREFIX) && on_data))
        .filter(|d| d.state.is_none())
        .filter(|d| d.location.file != checks.src.path)
        .filter_map(|d| {
            Some(Fault {
                file: d.location.file.clone(),
                pointer: d.location.pointer.clone()?,
                at: d.location.clone(),
                check: (!is_fault(d)).then_some(d.code),
            })
        })
        .collect();
    if faults.is_empty() {
        return;
    }
    // the rules ran in parallel: the findings come in no set order, the note always the same
    faults.sort_by(|a, b| (&a.file, a.at.start).cmp(&(&b.file, b.at.start)));
    // what was held back: (an example, or a finding), its check, where in checks.ron, why
    let mut held: Vec<(bool, String, Location, &Fault)> = Vec::new();
    found.retain(|d| {
        let in_checks = |l: &Location| l.file == checks.src.path;
        let check = |l: &Location| {
            index(l)
                .filter(|_| in_checks(l))
                .and_then(|i| checks.value.checks.get(i))
        };
        if d.code == G003.code && !d.related.is_empty() {
            // an example's verdict: held when its entity, or a file its check reads, is faulty
            let Some(c) = check(&d.location) else {
                return true;
            };
            let read = reads(c);
            // a value's fault, or this check's own finding on the data, in the example's entity
            let code = format!("{PREFIX}{}", c.id);
            let judged = |f: &&Fault| f.check.is_none_or(|k| k == code);
            // (a value's fault first: the note points at what to fix)
            let on_entity = (d.related.iter())
                .find_map(|r| within(&faults, &r.location, |f| f.check.is_none()))
                .or_else(|| (d.related.iter()).find_map(|r| within(&faults, &r.location, judged)));
            let in_file = || {
                faults.iter().find(|f| {
                    f.check.is_none() && kind_of(&f.file).is_some_and(|k| read.contains(&k))
                })
            };
            if let Some(f) = on_entity.or_else(in_file) {
                held.push((true, c.id.to_string(), d.location.clone(), f));
                return false;
            }
            return true;
        }
        let of_check = d.code == G002.code || d.code.starts_with(PREFIX);
        if !of_check || in_checks(&d.location) {
            return true;
        }
        let declared = d
            .related
            .iter()
            .find_map(|r| Some((check(&r.location)?, r)));
        match (
            declared,
            within(&faults, &d.location, |f| f.check.is_none()),
        ) {
            (Some((c, r)), Some(f)) => {
                held.push((false, c.id.to_string(), r.location.clone(), f));
                false
            }
            _ => true,
        }
    });
    // examples first, then by their place in checks.ron
    held.sort_by_key(|(example, _, at, _)| (!*example, at.start));
    let Some((_, _, at, fault)) = held.first().filter(|_| say) else {
        return;
    };
    let part = |examples: bool| {
        let n = held.iter().filter(|h| h.0 == examples).count();
        let mut ids: Vec<String> = Vec::new();
        for (_, id, _, _) in held.iter().filter(|h| h.0 == examples) {
            if !ids.contains(&format!("`{id}`")) {
                ids.push(format!("`{id}`"));
            }
        }
        let what = if examples { "example" } else { "finding" };
        let done = if examples { "not judged" } else { "set aside" };
        (n > 0).then(|| {
            format!(
                "{n} {what}{} of check{} {} {done}",
                plural(n),
                plural(ids.len()),
                ids.join(", ")
            )
        })
    };
    let parts: Vec<String> = [part(true), part(false)].into_iter().flatten().collect();
    let message = format!(
        "{}: the data {} read{} has errors",
        parts.join(", and "),
        if held.len() == 1 { "it" } else { "they" },
        if held.len() == 1 { "s" } else { "" },
    );
    found.push(note(message, at.clone(), fault.at.clone()));
}

/// The note: at `at` (in checks.ron), with the first fault as related.
fn note(message: String, at: Location, fault: Location) -> Diagnostic {
    Diagnostic::new(&G004, message, at)
        .with_related(fault, "an error in the data it reads")
        .with_help("fix the errors in the data first (their own findings say how): the examples are judged, and the checks' findings given, once the data is sound")
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The check a location in checks.ron is inside (`/checks/3/silent/0`: 3).
fn index(at: &Location) -> Option<usize> {
    at.pointer
        .as_deref()?
        .strip_prefix("/checks/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

fn kind_of(file: &Path) -> Option<FileKind> {
    FileKind::of(file.file_name()?.to_str()?)
}

/// The first fault inside the entity written at `at` (its id, or the location of a stack:
/// the entity is what holds it; a scenario's id: the whole scenario).
fn within<'f>(
    faults: &'f [Fault],
    at: &Location,
    counts: impl Fn(&&Fault) -> bool,
) -> Option<&'f Fault> {
    let pointer = at.pointer.as_deref()?;
    let root = pointer
        .strip_suffix("/id")
        .or_else(|| pointer.strip_suffix("/at"))
        .unwrap_or(pointer);
    faults.iter().filter(counts).find(|f| {
        f.file == at.file
            && (root.is_empty()
                || f.pointer == root
                || f.pointer
                    .strip_prefix(root)
                    .is_some_and(|r| r.starts_with('/')))
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::{Fault, index, within};
    use crate::diagnostic::Location;

    fn at(file: &str, pointer: &str) -> Location {
        Location {
            pointer: Some(pointer.to_owned()),
            ..Location::file(PathBuf::from(file))
        }
    }

    fn fault(file: &str, pointer: &str) -> Fault {
        Fault {
            file: PathBuf::from(file),
            pointer: pointer.to_owned(),
            at: at(file, pointer),
            check: None,
        }
    }

    fn within_any<'f>(faults: &'f [Fault], at: &Location) -> Option<&'f Fault> {
        within(faults, at, |_| true)
    }

    #[test]
    fn a_fault_is_inside_the_entity_written_around_it() {
        let faults = [fault("a.scenario.ron", "/placements/4/at")];
        // a placement, a stack (its location), the whole scenario (its id)
        for inside in ["/placements/4", "/placements/4/at", "/id"] {
            assert!(
                within_any(&faults, &at("a.scenario.ron", inside)).is_some(),
                "{inside}"
            );
        }
        // another placement (even one whose index begins alike), another file
        assert!(within_any(&faults, &at("a.scenario.ron", "/placements/40")).is_none());
        assert!(within_any(&faults, &at("a.scenario.ron", "/placements/3/at")).is_none());
        assert!(within_any(&faults, &at("b.scenario.ron", "/id")).is_none());
    }

    #[test]
    fn the_check_a_location_in_checks_ron_is_inside() {
        assert_eq!(index(&at("checks.ron", "/checks/3/silent/0")), Some(3));
        assert_eq!(index(&at("checks.ron", "/rules/3")), None);
    }
}
