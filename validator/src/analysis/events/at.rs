//! Where a step is written, and where a placement of a state comes from: what a finding of a
//! state points at.

/// Where a step is written: its file's index in the folder's sources and its JSON pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepAt {
    pub file: usize,
    pub pointer: String,
}

/// Where a placement of a state comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The placement of this index in the scenario as set up.
    Start(usize),
    /// Made, or last changed, by this step.
    Step(StepAt),
}
