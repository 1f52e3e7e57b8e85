//! (c) A game's own checks.ron from raw bytes, beside a game that declares attributes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| orbat_fuzz::checks_file(data));
