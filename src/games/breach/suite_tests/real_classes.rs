//! Issue 29, the two classes of real Cyberpunk 2077 screens the reader once misread: a 1024x768
//! screen whose daemon codes are drawn too small for the shape features to be sure (read by the
//! screen's own glyphs, learned from its matrix), and a 1920x1080 start screen in Korean, where a
//! small token of the UI's text beside a matrix row once split it (no matrix found).
//!
//! The real screens are the test registry of breach-protocol-autosolver (MIT), fetched outside the
//! project: `GAMEBOT_BREACH_REGISTRY` names its `bp-registry` folder (registry.json with each
//! screen's truth, as the registry gives it; the screens beside it), or several such folders
//! separated by `:` (the registry's older versions hold other real screens, named by `fileName`
//! under their resolution). Every screen there must read exactly. The registry holds one screen of
//! each class, so they are not held out; the other screens are. Without the variable the test is
//! ignored. The learned glyphs are also checked held out on the shared corpus
//! (`src/games/breach/read/learned.rs`), the stray token by a regression test in `matrix.rs`.

use std::path::PathBuf;

use gamebot::games::breach::board::{Code, Puzzle};
use gamebot::games::breach::read;

fn codes(text: &[serde_json::Value]) -> Vec<Code> {
    text.iter().map(|v| v.as_str().expect("a code").parse().expect("a code the registry writes")).collect()
}

#[test]
#[ignore = "needs GAMEBOT_BREACH_REGISTRY: the bp-registry folder of breach-protocol-autosolver"]
fn every_registry_screen_reads_exactly() {
    let dirs = std::env::var_os("GAMEBOT_BREACH_REGISTRY").expect("GAMEBOT_BREACH_REGISTRY");
    let (mut checked, mut failed) = (Vec::new(), Vec::new());
    for dir in std::env::split_paths(&dirs) {
        let text = std::fs::read_to_string(dir.join("registry.json"))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join("registry.json").display()));
        let registry: serde_json::Value = serde_json::from_str(&text).expect("registry.json is JSON");
        for (resolution, entries) in registry.as_object().expect("screens by resolution") {
            for entry in entries.as_array().expect("a list of screens") {
                let path: PathBuf = match (entry["path"].as_str(), entry["fileName"].as_str()) {
                    (Some(path), _) => dir.join(path),
                    (None, Some(name)) => dir.join(resolution).join(name),
                    (None, None) => panic!("{}: a screen with neither path nor fileName", dir.display()),
                };
                if !path.is_file() {
                    continue;
                }
                let grid = codes(entry["grid"].as_array().expect("grid"));
                let side = (grid.len() as f64).sqrt() as usize;
                let want = Puzzle {
                    grid: grid.chunks(side).map(<[Code]>::to_vec).collect(),
                    daemons: entry["daemons"]
                        .as_array()
                        .expect("daemons")
                        .iter()
                        .map(|d| codes(d.as_array().unwrap()))
                        .collect(),
                    buffer: entry["bufferSize"].as_u64().expect("bufferSize") as usize,
                };
                let frame = gamebot::screen::load_png(&path).expect("the screen");
                match read::read(&frame) {
                    Ok(screen) if screen.puzzle == want => {}
                    Ok(screen) => failed.push(format!("{}: read {:?}, want {want:?}", path.display(), screen.puzzle)),
                    Err(e) => failed.push(format!("{}: {e}", path.display())),
                }
                checked.push(path);
            }
        }
    }
    let has = |part: &str| checked.iter().any(|p| p.to_string_lossy().contains(part));
    assert!(has("1024x768/") && has("1920x1080/ko.png"), "both real classes are in the registry: {checked:?}");
    assert!(failed.is_empty(), "{} of {} screens misread:\n{}", failed.len(), checked.len(), failed.join("\n"));
}
