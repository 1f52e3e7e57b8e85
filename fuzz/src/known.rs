//! Known bugs, found by these targets and reported, that would otherwise stop every
//! campaign at once (libFuzzer stops at the first crash). Each is pinned by an ignored
//! regression test in `tests/tests/hostile.rs`; delete the guard when the fix lands.

/// ron2 0.3 loops for ever, allocating, when brackets nest past its recursion limit (128)
/// and a wrong closing bracket follows (`[` x 128 then `)`): the CLI dies of memory.
/// Inputs whose brackets nest 120 deep or more (counted naively) are skipped.
pub const SKIP_DEEP_NESTING: bool = false;

/// L003 spans from ron2 can end inside a multibyte character (`"\฿"`, an unknown escape
/// before a 3-byte character, gives 1..3). Not a crash: the renderers cope. Not asserted.
pub const L003_SPANS_MAY_SPLIT_CHARACTERS: bool = false;

pub fn deeply_nested(text: &str) -> bool {
    let mut depth = 0usize;
    for b in text.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth >= 120 {
                    return true;
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Steps whose expansion grows exponentially, found by target `events` (its hostile seeds):
/// - `Play` steps nested through cards (a card playing itself twelve times, or a chain of
///   cards each playing the next twice): `analysis/events/expand.rs` counts the states
///   (`ways`) down 16 levels of plays and applies the steps of every play of a chain, each
///   time anew, so the work is the number of plays to the power of the depth (a hang);
/// - schedule entries of one turn each with a choice: `engine/states/mod.rs`'s `turn_states`
///   applies each entry to every state the entries before it made, with no bound (8 entries
///   of 8 alternatives: 16 million states, out of memory).
///
/// Inputs with more than [`MAX_PLAYS`] plays, or more than [`MAX_TURN_STATES`] states of a
/// turn, are skipped.
pub const SKIP_EXPONENTIAL_STEPS: bool = true;

/// The plays a card's event may make (counted down 16 levels, or through a chain of every
/// card) before the guard above skips the folder.
pub const MAX_PLAYS: u64 = 100_000;

/// The states one scheduled turn may make before the guard above skips the folder.
pub const MAX_TURN_STATES: u64 = 1024;

/// Whether the cards, game and scenarios of `files` make exponential work of the kinds
/// [`SKIP_EXPONENTIAL_STEPS`] names.
pub fn exponential_steps(files: &[(std::path::PathBuf, String)]) -> bool {
    use orbat_validator::model::Step;

    let wanted: Vec<_> = files
        .iter()
        .filter(|(p, _)| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            n == "cards.ron" || n == "game.ron" || n.ends_with(".scenario.ron")
        })
        .cloned()
        .collect();
    let mut found = Vec::new();
    let folder = orbat_validator::load::load_texts(
        std::path::Path::new(crate::names::DIR),
        &wanted,
        &mut found,
    );
    let cards: &[orbat_validator::model::Card] =
        folder.cards.as_ref().map_or(&[], |c| &c.value.cards);
    // plays: each Play followed down as deep as the longer of the two walks goes (16 for the
    // count of states, a chain through every card for the steps applied), memoised by card
    // and depth; saturating
    let depth_max = cards.len().max(16) + 1;
    let mut memo: std::collections::HashMap<(usize, usize), u64> = Default::default();
    fn plays(
        steps: &[Step],
        depth: usize,
        cx: (&[orbat_validator::model::Card], usize),
        memo: &mut std::collections::HashMap<(usize, usize), u64>,
    ) -> u64 {
        let mut n = 0u64;
        for s in steps {
            n = n.saturating_add(match s {
                Step::Play { card } if depth < cx.1 => {
                    match cx.0.iter().position(|c| c.id == *card) {
                        Some(k) => match memo.get(&(k, depth)) {
                            Some(v) => *v,
                            None => {
                                let v = 1u64.saturating_add(plays(
                                    &cx.0[k].effects,
                                    depth + 1,
                                    cx,
                                    memo,
                                ));
                                memo.insert((k, depth), v);
                                v
                            }
                        },
                        None => 1,
                    }
                }
                Step::If {
                    then, otherwise, ..
                } => plays(then, depth, cx, memo).saturating_add(plays(otherwise, depth, cx, memo)),
                Step::OneOf(options) => options
                    .iter()
                    .fold(0u64, |a, o| a.saturating_add(plays(o, depth, cx, memo))),
                Step::UpTo { of, .. } => plays(of, depth, cx, memo),
                _ => 0,
            });
        }
        n
    }
    if cards
        .iter()
        .any(|c| plays(&c.effects, 0, (cards, depth_max), &mut memo) > MAX_PLAYS)
    {
        return true;
    }
    // states of one turn: the product of each entry's choices (at most 64 each), as
    // `turn_states` makes them
    fn ways(steps: &[Step]) -> u64 {
        steps.iter().fold(1u64, |acc, s| {
            acc.saturating_mul(match s {
                Step::OneOf(options) => options.iter().fold(0u64, |a, o| a.saturating_add(ways(o))),
                Step::UpTo { of, .. } => 1u64
                    .checked_shl(of.len().min(63) as u32)
                    .unwrap_or(u64::MAX),
                Step::If {
                    then, otherwise, ..
                } => ways(then).max(ways(otherwise)),
                _ => 1,
            })
        })
    }
    let game = folder
        .game
        .as_ref()
        .map_or(&[][..], |g| &g.value.schedule[..]);
    folder.scenarios.iter().any(|s| {
        let all: Vec<_> = game.iter().chain(&s.value.schedule).collect();
        let mut turns: Vec<u32> = all.iter().flat_map(|e| e.turns.iter().copied()).collect();
        turns.sort_unstable();
        turns.dedup();
        turns.iter().any(|t| {
            all.iter()
                .filter(|e| e.turns.contains(t))
                .fold(1u64, |acc, e| acc.saturating_mul(ways(&e.steps).min(64)))
                > MAX_TURN_STATES
        })
    })
}
