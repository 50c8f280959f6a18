//! Builds the table of profiles shipped with the program into the library, so that a profile is
//! found by its name from any folder. The folder is the one the environment variable
//! `GAMEBOT_PROFILES_DIR` names, else the workspace's `config/` (two folders up) when there is one;
//! with neither the table is empty and profiles are found in the folder the caller names. A new
//! profile is built in by being in that folder: no source file lists them.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-env-changed=GAMEBOT_PROFILES_DIR");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let workspace = Path::new(&manifest).join("../../config");
    let folder = match std::env::var("GAMEBOT_PROFILES_DIR") {
        Ok(named) => Some(std::path::PathBuf::from(named)),
        Err(_) => workspace.is_dir().then_some(workspace),
    };
    let mut table = String::from("&[\n");
    if let Some(dir) = &folder {
        let dir = dir.as_path();
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("the profiles folder {}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        names.sort();
        for path in &names {
            println!("cargo:rerun-if-changed={}", path.display());
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("a profile file name in UTF-8");
            writeln!(table, "    ({stem:?}, include_str!({:?})),", path.display().to_string()).expect("a string");
        }
    }
    table.push(']');
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("built_in_profiles.rs"), table).expect("writing the built-in profile table");
}
