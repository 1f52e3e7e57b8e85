//! E004: events play each other in a cycle (`Play` steps).

use crate::analysis::cycles::cycles;
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::Step;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::words::list_some;

declare_rule! {
    /// events play each other in a cycle
    ///
    /// A `Play` step applies another card's event; if that event plays the first again (directly or through others), playing either never ends. The message lists the whole cycle.
    ///
    /// Bad: `a`'s effects `[Play(card: "b")]`, `b`'s `[Play(card: "a")]`.
    /// Good: one of the two `Play` steps replaced by the steps it stands for.
    pub static E004 = {
        name: "play-cycle",
        severity: Error,
        family: Events,
        allow: Never,
        fires: &["invalid/E004_1"],
        silent: &["valid/events"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&E004, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &cx.folder.cards else {
        return;
    };
    let list = &cards.value.cards;
    let edges = list.iter().enumerate().flat_map(|(i, c)| {
        let mut played = Vec::new();
        plays(&c.effects, &mut played);
        played
            .into_iter()
            .filter_map(move |p| Some((i, cx.ids.cards.index(p)?)))
    });
    for members in cycles(list.len(), edges) {
        let names: Vec<&str> = members.iter().map(|&i| list[i].id.as_str()).collect();
        let message = match names.as_slice() {
            [one] => format!("the event of `{one}` plays itself"),
            _ => format!(
                "events play each other in a cycle: {}",
                list_some(&names, 12)
            ),
        };
        let first = members[0];
        out.push(
            Diagnostic::new(&E004, message, cards.at(&format!("/cards/{first}/effects")))
                .with_label("playing it never ends")
                .with_help("replace one `Play` of the cycle by the steps it stands for"),
        );
    }
}

/// The cards `steps` play, however deep.
fn plays<'s>(steps: &'s [Step], out: &mut Vec<&'s str>) {
    for s in steps {
        match s {
            Step::Play { card } => out.push(card),
            Step::If {
                then, otherwise, ..
            } => {
                plays(then, out);
                plays(otherwise, out);
            }
            Step::OneOf(options) => options.iter().for_each(|o| plays(o, out)),
            Step::UpTo { of, .. } => plays(of, out),
            _ => {}
        }
    }
}
