//! (e) Effects and schedules: a cards.ron, game.ron or scenario from arbitrary bytes (the
//! first byte picks the file and the game) in a small game whose cards have effects and whose
//! turns have a schedule; every state the steps make is built and judged by every rule.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| orbat_fuzz::events(data));
