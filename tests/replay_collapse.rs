//! `gamebot replay fixtures/collapse`: the project's own captures of the real Collapse game (start
//! and mid-game, easy and hard, n from 1 to 20), truth taken from the game's own objects, all pass:
//! every board read exactly, and from the centre the solver's path collects the case's `best`.

use std::path::Path;
use std::process::Command;

#[test]
fn every_real_collapse_capture_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/collapse");
    let out = Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .arg("replay")
        .arg(&dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let last = lines.last().copied().unwrap_or_default();
    assert_eq!(last, "13 passed, 0 failed", "{lines:#?}");
    let cases = &lines[..lines.len() - 1];
    assert!(cases.iter().all(|l| l.starts_with("PASS /") && l.contains("fixtures/collapse/")), "{cases:#?}");
    let solved = cases.iter().filter(|l| l.contains(" best ") && l.contains(" moves")).count();
    assert_eq!(solved, 8, "every start position's best is checked by solving: {cases:#?}");
    for mode in ["easy", "hard"] {
        assert!(cases.iter().any(|l| l.contains(&format!("/{mode}_n20_start.toml"))), "a large {mode} board");
        assert!(cases.iter().any(|l| l.contains(&format!("/{mode}_")) && l.contains("_mid")), "a {mode} mid-game");
    }
}
