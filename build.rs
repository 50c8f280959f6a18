//! Builds the table of profiles shipped in `config/` into the binary, so gamebot works from any
//! folder and a new game's profile is built in by being there (no source file lists them); and the
//! list of games' own live tests (`src/games/<game>/live_tests.rs`), which the `live` test binary
//! includes, so a game's live tests live in its folder and no other file names them.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The manifest folder of this build, read when the script runs: `env!` would keep the folder
    // the script was compiled in, so a target/ copied from another checkout read that one's profiles.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("config");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("the config folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    names.sort();
    let mut table = String::from("&[\n");
    for path in &names {
        println!("cargo:rerun-if-changed={}", path.display());
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("a profile file name in UTF-8");
        writeln!(table, "    ({stem:?}, include_str!({:?})),", path.display().to_string()).expect("a string");
    }
    table.push(']');
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("built_in_profiles.rs"), table).expect("writing the built-in profile table");
    std::fs::write(out.join("game_live_tests.rs"), live_tests(&Path::new(&manifest).join("src/games")))
        .expect("writing the list of live tests");
}

/// `#[path = ".../src/games/<game>/live_tests.rs"] mod game_<game>;` for every game folder that has
/// live tests, for `tests/live/main.rs` to include.
fn live_tests(games: &Path) -> String {
    println!("cargo:rerun-if-changed={}", games.display());
    let mut folders: Vec<_> = std::fs::read_dir(games)
        .expect("the games folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("live_tests.rs").is_file())
        .collect();
    folders.sort();
    let mut list = String::new();
    for folder in folders {
        let file = folder.join("live_tests.rs");
        println!("cargo:rerun-if-changed={}", file.display());
        let game = folder.file_name().and_then(|s| s.to_str()).expect("a game folder name in UTF-8");
        writeln!(list, "#[path = {:?}]\nmod game_{game};", file.display().to_string()).expect("a string");
    }
    list
}
