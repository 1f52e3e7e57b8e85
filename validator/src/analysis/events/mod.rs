//! What events and turns change: steps applied to a state of play ([`board`]), their choices
//! expanded ([`expand`]). The engine judges every state they make (`engine/states.rs`).

pub mod board;
pub mod expand;

pub use board::{Board, Failure, Origin, StepAt};
pub use expand::{Ask, BOUND, Expanded, WORK, With, expand};
