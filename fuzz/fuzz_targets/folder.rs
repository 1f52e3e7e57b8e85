//! (b) The whole pipeline over a small game folder built from fuzz input: a real game folder
//! (the minimal fixture or a shipped scenario) changed by a structured list of edits.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: orbat_fuzz::FolderInput| orbat_fuzz::folder(&input));
