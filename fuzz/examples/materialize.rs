//! Writes the game folder a `folder` fuzz input stands for, so a finding can be replayed with
//! the real binary:
//!
//! ```text
//! cd fuzz && cargo run --release --example materialize -- INPUT OUT_DIR
//! target/release/orbat-validate OUT_DIR
//! ```

use arbitrary::{Arbitrary, Unstructured};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, out] = args.as_slice() else {
        eprintln!("usage: materialize INPUT OUT_DIR");
        std::process::exit(2);
    };
    let bytes = std::fs::read(input).unwrap_or_else(|e| panic!("cannot read {input}: {e}"));
    // as libfuzzer-sys reads a typed input
    let folder = orbat_fuzz::FolderInput::arbitrary_take_rest(Unstructured::new(&bytes))
        .unwrap_or_else(|e| panic!("not a folder input: {e}"));
    for (path, text) in orbat_fuzz::build_folder(&folder) {
        let name = path.file_name().expect("a file name");
        let to = std::path::Path::new(out).join(name);
        std::fs::create_dir_all(out).expect("create the output folder");
        std::fs::write(&to, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", to.display()));
        println!("{}", to.display());
    }
}
