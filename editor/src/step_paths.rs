//! Where a list of steps sits in a card's `effects` (the card's own list, an `If`'s `then`, a
//! `OneOf`'s second choice...), every list of a card named as the Event section names them, and
//! the moves that cross lists: a step moved into another list, a choice moved up or down.

use orbat_validator::model::Step;

/// One step down into a step that holds steps: which of its lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Then,
    Otherwise,
    Choice(usize),
    Of,
}

/// A list of steps: the card's own (empty), else the steps walked down, each by its index in
/// its list and the part of it.
pub type ListPath = Vec<(usize, Part)>;

/// The name the Event section gives the list at `path` ("" for the card's own): `step 1 then`,
/// `step 2 choice 1 step 1 of`.
pub fn list_name(path: &[(usize, Part)]) -> String {
    let mut name = String::new();
    for (i, part) in path {
        if !name.is_empty() {
            name.push(' ');
        }
        name.push_str(&format!("step {}", i + 1));
        match part {
            Part::Then => name.push_str(" then"),
            Part::Otherwise => name.push_str(" otherwise"),
            Part::Choice(j) => name.push_str(&format!(" choice {}", j + 1)),
            Part::Of => name.push_str(" of"),
        }
    }
    name
}

/// The lists `step` holds, each with its part, in the order they are drawn.
pub fn parts(step: &Step) -> Vec<(Part, &Vec<Step>)> {
    match step {
        Step::If {
            then, otherwise, ..
        } => vec![(Part::Then, then), (Part::Otherwise, otherwise)],
        Step::OneOf(choices) => choices
            .iter()
            .enumerate()
            .map(|(j, c)| (Part::Choice(j), c))
            .collect(),
        Step::UpTo { of, .. } => vec![(Part::Of, of)],
        _ => Vec::new(),
    }
}

fn part_mut(step: &mut Step, part: Part) -> Option<&mut Vec<Step>> {
    match (step, part) {
        (Step::If { then, .. }, Part::Then) => Some(then),
        (Step::If { otherwise, .. }, Part::Otherwise) => Some(otherwise),
        (Step::OneOf(choices), Part::Choice(j)) => choices.get_mut(j),
        (Step::UpTo { of, .. }, Part::Of) => Some(of),
        _ => None,
    }
}

/// Every list of `steps` (the card's own first), depth first in the order they are drawn.
pub fn lists(steps: &[Step]) -> Vec<ListPath> {
    let mut out = vec![Vec::new()];
    walk(steps, &mut Vec::new(), &mut out);
    out
}

fn walk(steps: &[Step], path: &mut ListPath, out: &mut Vec<ListPath>) {
    for (i, step) in steps.iter().enumerate() {
        for (part, list) in parts(step) {
            path.push((i, part));
            out.push(path.clone());
            walk(list, path, out);
            path.pop();
        }
    }
}

/// The list at `path`, if there is one.
pub fn list_mut<'s>(steps: &'s mut Vec<Step>, path: &[(usize, Part)]) -> Option<&'s mut Vec<Step>> {
    let mut list = steps;
    for &(i, part) in path {
        list = part_mut(list.get_mut(i)?, part)?;
    }
    Some(list)
}

/// The lists step `i` of the list at `from` may move to: every other list but its own and
/// those inside it (a step cannot hold itself).
pub fn targets(all: &[ListPath], from: &[(usize, Part)], i: usize) -> Vec<ListPath> {
    all.iter()
        .filter(|p| p.as_slice() != from)
        .filter(|p| !(p.len() > from.len() && p[..from.len()] == *from && p[from.len()].0 == i))
        .cloned()
        .collect()
}

/// Moves step `i` of the list at `from` into the list at `to`: right after the step holding
/// it when `to` holds that step (moved out), else at the end. Returns whether it moved; a
/// path that names no list, or a list inside the step, moves nothing.
pub fn relocate(
    steps: &mut Vec<Step>,
    from: &[(usize, Part)],
    i: usize,
    to: &[(usize, Part)],
) -> bool {
    if !targets(&lists(steps), from, i).iter().any(|p| p == to) {
        return false;
    }
    let Some(step) = list_mut(steps, from)
        .filter(|l| i < l.len())
        .map(|l| l.remove(i))
    else {
        return false;
    };
    // the paths after `from`'s step `i` in that list shift down by one
    let mut to = to.to_vec();
    if to.len() > from.len() && to[..from.len()] == *from && to[from.len()].0 > i {
        to[from.len()].0 -= 1;
    }
    let at = if from.len() > to.len() && from[..to.len()] == *to {
        // moved out: beside the step it came out of
        Some(from[to.len()].0 + 1)
    } else {
        None
    };
    let list = list_mut(steps, &to).expect("the list is still there");
    match at {
        Some(at) => list.insert(at.min(list.len()), step),
        None => list.push(step),
    }
    true
}

/// Swaps choice `j` of the `OneOf` at step `i` of the list at `path` with the next choice.
/// Returns whether it did.
pub fn choice_down(steps: &mut Vec<Step>, path: &[(usize, Part)], i: usize, j: usize) -> bool {
    match list_mut(steps, path).and_then(|l| l.get_mut(i)) {
        Some(Step::OneOf(choices)) if j + 1 < choices.len() => {
            choices.swap(j, j + 1);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(n: i32) -> Step {
        Step::ShiftTrack {
            track: "vp".into(),
            by: n,
        }
    }

    fn card() -> Vec<Step> {
        vec![
            t(1),
            Step::If {
                when: "true".into(),
                says: None,
                then: vec![t(2), t(3)],
                otherwise: vec![],
            },
            Step::OneOf(vec![vec![t(4)], vec![]]),
        ]
    }

    #[test]
    fn every_list_is_named_as_the_event_section_names_it() {
        let names: Vec<String> = lists(&card()).iter().map(|p| list_name(p)).collect();
        assert_eq!(
            names,
            [
                "",
                "step 2 then",
                "step 2 otherwise",
                "step 3 choice 1",
                "step 3 choice 2"
            ]
        );
    }

    #[test]
    fn a_step_moved_out_lands_after_its_holder_and_moved_in_at_the_end() {
        let mut s = card();
        assert!(relocate(&mut s, &[(1, Part::Then)], 0, &[]));
        assert_eq!(s[2], t(2), "right after the If");
        assert_eq!(s.len(), 4);
        // into the second choice of the OneOf, now step 4
        assert!(relocate(&mut s, &[], 0, &[(3, Part::Choice(1))]));
        assert_eq!(s[2], Step::OneOf(vec![vec![t(4)], vec![t(1)]]));
        // a step before the target's holder: the target's index shifts
        let mut s = card();
        assert!(relocate(&mut s, &[], 0, &[(2, Part::Choice(0))]));
        assert_eq!(s[1], Step::OneOf(vec![vec![t(4), t(1)], vec![]]));
    }

    #[test]
    fn a_step_never_moves_into_itself_nor_to_a_list_that_is_not_there() {
        let mut s = card();
        let before = s.clone();
        assert!(!relocate(&mut s, &[], 1, &[(1, Part::Then)]));
        assert!(!relocate(&mut s, &[], 0, &[]));
        assert!(!relocate(&mut s, &[], 0, &[(0, Part::Then)]));
        assert!(!relocate(&mut s, &[(1, Part::Then)], 5, &[]));
        assert_eq!(s, before);
    }

    #[test]
    fn choices_swap_and_stop_at_the_end() {
        let mut s = card();
        assert!(choice_down(&mut s, &[], 2, 0));
        assert_eq!(s[2], Step::OneOf(vec![vec![], vec![t(4)]]));
        assert!(!choice_down(&mut s, &[], 2, 1));
        assert!(!choice_down(&mut s, &[], 0, 0));
    }
}
