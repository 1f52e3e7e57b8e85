//! A real client: headless Neovim, with the configuration users are given
//! (editors/neovim/orbat.lua), opens a broken map.ron, waits for the server's diagnostics and
//! checks them from Lua (tests/nvim/check.lua), then asks for a definition.

mod client;

use std::process::Command;

#[test]
fn neovim_shows_the_servers_diagnostic_on_the_right_line() {
    let under_ci = std::env::var_os("CI").is_some();
    if Command::new("nvim").arg("--version").output().is_err() {
        assert!(
            !under_ci,
            "nvim is not installed (.ci/run installs the neovim package)"
        );
        eprintln!("skipped: nvim not installed");
        return;
    }
    let (_tmp, dir) = client::game_copy("italian-front");
    let map = dir.join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    let broken = text.replacen(
        "(a: \"gorizia\", b: \"san-michele\"",
        "(a: \"gorizzia\", b: \"san-michele\"",
        1,
    );
    std::fs::write(&map, &broken).unwrap();
    let line = broken[..broken.find("\"gorizzia\"").unwrap()]
        .matches('\n')
        .count();
    let out = dir.join("nvim-result.txt");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nvim/check.lua");
    let status = Command::new("nvim")
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {script}"))
        .env("ORBAT_LSP", env!("CARGO_BIN_EXE_orbat-lsp"))
        .env(
            "ORBAT_CONFIG",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../editors/neovim/orbat.lua"),
        )
        .env("ORBAT_FILE", &map)
        .env("ORBAT_OUT", &out)
        .env("ORBAT_LINE", line.to_string())
        .status()
        .unwrap();
    let said = std::fs::read_to_string(&out).unwrap_or_default();
    assert!(status.success(), "neovim's checks failed:\n{said}");
    assert!(
        said.contains("diagnostic R002") && said.contains("definition at line"),
        "{said}"
    );
}
