//! Why a run printed nothing: the game's findings, or an error that says what to do.

/// Why nothing was printed.
#[derive(Debug)]
pub enum Failure {
    /// The game has errors: the validator's findings, rendered as orbat-validate renders them.
    Findings(String),
    /// Anything else (a missing folder, an unknown language, an unwritable output).
    Error(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Findings(s) | Failure::Error(s) => f.write_str(s),
        }
    }
}
