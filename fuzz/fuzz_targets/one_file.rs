//! (a) One file of any kind from arbitrary bytes: UTF-8 decoding as the loader does it, RON
//! parse, span index, schema check, typed load, the folder rules, and every renderer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| orbat_fuzz::one_file(data));
