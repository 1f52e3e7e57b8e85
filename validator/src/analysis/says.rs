//! The words a game gives its events' conditions: every `If`'s `says` (a card's `effects`,
//! the game's and each scenario's `schedule`). A `says` key `label:<id>` makes `<id>` one of
//! the game's labels, so its entry in a text file names something (R002), `orbat-po export`
//! offers it, and orbat-print prints it.

use crate::load::GameFolder;
use crate::model::Step;

/// The ids of the labels the folder's `If` steps say, in file order (repeats included).
pub fn label_ids(folder: &GameFolder) -> Vec<&str> {
    let mut out = Vec::new();
    if let Some(c) = &folder.cards {
        for card in &c.value.cards {
            collect(&card.effects, &mut out);
        }
    }
    if let Some(g) = &folder.game {
        for s in &g.value.schedule {
            collect(&s.steps, &mut out);
        }
    }
    for sc in &folder.scenarios {
        for s in &sc.value.schedule {
            collect(&s.steps, &mut out);
        }
    }
    out
}

fn collect<'a>(steps: &'a [Step], out: &mut Vec<&'a str>) {
    for step in steps {
        match step {
            Step::If {
                says,
                then,
                otherwise,
                ..
            } => {
                if let Some(id) = says.as_deref().and_then(|k| k.strip_prefix("label:")) {
                    out.push(id);
                }
                collect(then, out);
                collect(otherwise, out);
            }
            Step::OneOf(options) => options.iter().for_each(|o| collect(o, out)),
            Step::UpTo { of, .. } => collect(of, out),
            _ => {}
        }
    }
}
