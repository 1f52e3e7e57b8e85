//! Stage timings on stderr when `ORBAT_LSP_TIMES` is set (for profiling the server in an
//! editor or in `benches/latency.rs`; the client shows stderr in its log).

use std::sync::OnceLock;
use std::time::Instant;

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("ORBAT_LSP_TIMES").is_some())
}

/// Times the stages of one piece of work.
pub struct Clock(Option<std::cell::Cell<Instant>>);

impl Clock {
    pub fn start() -> Self {
        Clock(enabled().then(|| std::cell::Cell::new(Instant::now())))
    }

    /// Prints the time since the last lap (or the start) under `stage`.
    pub fn lap(&self, stage: &str) {
        if let Some(last) = &self.0 {
            let now = Instant::now();
            eprintln!(
                "orbat-lsp: {stage} {:.1} ms",
                (now - last.get()).as_secs_f64() * 1e3
            );
            last.set(now);
        }
    }
}
