//! Runs one target on one input file, with the panic shown: `cargo run --release --example
//! repro -- TARGET FILE`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data = std::fs::read(&args[2]).expect("input");
    match args[1].as_str() {
        "checks_file" => orbat_fuzz::checks_file(&data),
        "one_file" => orbat_fuzz::one_file(&data),
        "writer" => orbat_fuzz::writer(&data),
        "events" => orbat_fuzz::events(&data),
        _ => panic!("usage: repro checks_file|one_file|writer|events FILE"),
    }
    println!("no crash");
}
