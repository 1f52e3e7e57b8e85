//! `orbat-lsp`: Orbat's language server, speaking LSP over stdin and stdout.

use mimalloc::MiMalloc;

#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// Keeps transparent huge pages off this process. The server lives as long as the editor and
/// its heap grows and shrinks with every check: with huge pages, each partly used 2 MiB page
/// counts whole, and at 10,000 spaces it held 362-381 MB where 266 MB is in use, at the same
/// speed (BENCHMARKS.md). The switch mimalloc's `MIMALLOC_ALLOW_THP=0` sets, for this process
/// only: the validator, short-lived, is faster with huge pages.
#[cfg(target_os = "linux")]
fn without_huge_pages() {
    // SAFETY: PR_SET_THP_DISABLE takes integers only; where the kernel lacks it, the call fails
    // and nothing changes
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(not(target_os = "linux"))]
fn without_huge_pages() {}

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
    without_huge_pages();
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
