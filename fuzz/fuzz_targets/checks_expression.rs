//! (c') One CEL expression from raw bytes, as the `when` and `assert` of checks of every scope.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| orbat_fuzz::checks_expression(data));
