//! `orbat-lsp`: Orbat's language server, speaking LSP over stdin and stdout.

use mimalloc::MiMalloc;

#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

const HELP: &str = "\
orbat-lsp: the Orbat language server (LSP over stdin/stdout)

Start it from your editor, not by hand: it serves every game file (game.ron, map.ron,
units.ron, cards.ron, text.<language>.ron, <id>.scenario.ron) of the folders you open, with
the findings of orbat-validate while you type, go to definition, find references, rename,
completion, hover, quick fixes and symbols. Set-up for VS Code, Neovim and Helix:
docs/editors.md.

Usage: orbat-lsp [--stdio]

Options:
  --stdio      talk over stdin and stdout (the default and only transport)
  -h, --help   print this help
  -V, --version
";

fn main() -> std::process::ExitCode {
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--stdio" => {}
            "-h" | "--help" => {
                print!("{HELP}");
                return std::process::ExitCode::SUCCESS;
            }
            "-V" | "--version" => {
                println!("orbat-lsp {}", env!("CARGO_PKG_VERSION"));
                return std::process::ExitCode::SUCCESS;
            }
            other => {
                eprintln!("orbat-lsp: unknown argument `{other}` (try --help)");
                return std::process::ExitCode::from(2);
            }
        }
    }
    let (connection, io) = lsp_server::Connection::stdio();
    let result = orbat_lsp::server::run(connection);
    let joined = io.join();
    match (result, joined) {
        (Ok(()), Ok(())) => std::process::ExitCode::SUCCESS,
        (Err(e), _) => {
            eprintln!("orbat-lsp: {e}");
            std::process::ExitCode::FAILURE
        }
        (_, Err(e)) => {
            eprintln!("orbat-lsp: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
