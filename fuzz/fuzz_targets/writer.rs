//! (d) The in-place writer: a shipped game file or valid fixture, its model edited (add,
//! remove, rename, move, change values, reorder), saved into its own text; what is written
//! must read back, with our loader and with the `ron` crate, as the model saved.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| orbat_fuzz::writer(data));
