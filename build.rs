//! Builds the table of profiles shipped in `config/` into the binary, so gamebot works from any
//! folder and a new game's profile is built in by being there (no source file lists them).

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
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("built_in_profiles.rs");
    std::fs::write(out, table).expect("writing the built-in profile table");
}
