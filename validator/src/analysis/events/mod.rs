//! What events and turns change: steps applied to a state of play ([`board`]), their choices
//! expanded ([`expand`]). The engine judges every state they make (`engine/states.rs`).

pub mod at;
pub mod board;
pub mod expand;
pub mod pieces;

pub use at::{Origin, StepAt};
pub use board::{Board, Failure};
pub use expand::{Ask, BOUND, Expanded, WORK, With, expand};
