//! Builds the lists of games' own live tests, fixture captures and display-free suite tests
//! (`src/games/<game>/live_tests.rs`, `capture_tests.rs` and `suite_tests.rs`), which the `live`,
//! `capture` and `suite` test binaries include, so they live in the game's folder and no other file
//! names them. (The profiles shipped in `config/` are built
//! into the core library by its own build script.)

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The manifest folder of this build, read when the script runs: `env!` would keep the folder
    // the script was compiled in, so a target/ copied from another checkout read that one's games.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let games = Path::new(&manifest).join("src/games");
    for kind in ["live_tests", "capture_tests", "suite_tests"] {
        std::fs::write(out.join(format!("game_{kind}.rs")), modules(&games, kind)).expect("writing a list of tests");
    }
}

/// `#[path = ".../src/games/<game>/<file>.rs"] mod game_<game>;` for every game folder that has
/// that file, for a test binary to include.
fn modules(games: &Path, file: &str) -> String {
    println!("cargo:rerun-if-changed={}", games.display());
    let mut folders: Vec<_> = std::fs::read_dir(games)
        .expect("the games folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join(format!("{file}.rs")).is_file())
        .collect();
    folders.sort();
    let mut list = String::new();
    for folder in folders {
        let path = folder.join(format!("{file}.rs"));
        println!("cargo:rerun-if-changed={}", path.display());
        let game = folder.file_name().and_then(|s| s.to_str()).expect("a game folder name in UTF-8");
        writeln!(list, "#[path = {:?}]\nmod game_{game};", path.display().to_string()).expect("a string");
    }
    list
}
