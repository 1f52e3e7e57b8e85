//! `orbat_validator::check` on the folders given, with the system allocator: for heap
//! profilers that see only malloc (valgrind's massif, heaptrack), which the validator's
//! mimalloc hides. `cargo run --release -p orbat-gen --example check -- DIR`
fn main() {
    let paths: Vec<std::path::PathBuf> = std::env::args_os().skip(1).map(Into::into).collect();
    match orbat_validator::check(&paths) {
        Ok(report) => println!("{} diagnostics", report.diagnostics.len()),
        Err(e) => eprintln!("{e}"),
    }
}
