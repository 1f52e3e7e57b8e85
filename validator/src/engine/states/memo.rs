//! The conditions asked of one state remembered, so that the many events played on one base
//! whose first step asks the same (`'nx' in neutral()`) judge it once: each answer reads a whole
//! state (its data built for the checks' language), which costs more than comparing states.

use std::sync::Mutex;

use crate::analysis::events::Board;

/// The most answers remembered (the oldest forgotten first).
const KEPT: usize = 32;

/// A condition, the state it was asked of, and its answer.
type Answer = (String, Board, Result<bool, String>);

#[derive(Default)]
pub struct Memo {
    answers: Mutex<Vec<Answer>>,
}

impl Memo {
    /// The answer to `expr` in `board`, asked of `ask` unless a state the same was asked it.
    pub fn holds(
        &self,
        board: &Board,
        expr: &str,
        ask: impl FnOnce() -> Result<bool, String>,
    ) -> Result<bool, String> {
        let found = self.answers.lock().ok().and_then(|a| {
            a.iter()
                .find(|(e, b, _)| e == expr && b.same_state(board))
                .map(|(.., r)| r.clone())
        });
        if let Some(r) = found {
            return r;
        }
        let r = ask();
        if let Ok(mut a) = self.answers.lock() {
            if a.len() >= KEPT {
                a.drain(..1);
            }
            a.push((expr.to_owned(), board.clone(), r.clone()));
        }
        r
    }
}
