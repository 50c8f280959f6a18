//! End to end against the real quadrapassel (GNOME Tetris) under Xvfb: start it with private
//! settings (random block colours, so pieces must be told by shape; preview on; level 1), run
//! `gamebot play tetris --new-game --lines 200`, and require that the 200 lines are reached with no
//! top-out and no misread stack (every stack read matches the rules' prediction).
//! Needs the Debian packages xvfb, jwm and quadrapassel.

use crate::common;

use common::figure;

use std::path::Path;

/// Private settings (GSETTINGS_BACKEND=keyfile reads them from XDG_CONFIG_HOME) and a private
/// score table, so nothing depends on this machine's own quadrapassel settings: the environment
/// quadrapassel is started with.
pub fn private_settings(dir: &Path) -> Vec<(&'static str, String)> {
    let settings = dir.join("config/glib-2.0/settings");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(
        settings.join("keyfile"),
        "[org/gnome/Quadrapassel]\nsound=false\ndo-preview=true\nshow-shadow=false\nrandom-block-colors=true\n\
         theme='clean'\nstarting-level=1\nline-fill-height=0\npick-difficult-blocks=false\nwindow-width=595\nwindow-height=611\n",
    )
    .unwrap();
    vec![
        ("GSETTINGS_BACKEND", "keyfile".into()),
        ("XDG_CONFIG_HOME", dir.join("config").display().to_string()),
        ("XDG_DATA_HOME", dir.join("data").display().to_string()),
    ]
}

#[test]
fn clears_200_lines_in_the_real_quadrapassel_without_topping_out() {
    let dir = tempfile::tempdir().unwrap();
    let env = private_settings(dir.path());
    let game = common::LiveGame::start_with_env("quadrapassel", "quadrapassel", &env, &[], "Quadrapassel");
    let out = game.gamebot(&["play", "tetris", "--new-game", "--lines", "200"]);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "gamebot play tetris did not reach 200 lines");
    assert!(figure(&stdout, "lines") >= 200.0);
    assert_eq!(figure(&stdout, "misreads"), 0.0, "a stack on screen differed from the rules' prediction");
    assert!(figure(&stdout, "lost") <= 25.0, "too many pieces missed their place");

    assert!(stdout.contains("outcome=Reached"), "{stdout}");
}

/// Every key held down 40 ms (`[realtime] key_hold_ms`, what a calibration writes for a program
/// that looks at its keys once a frame): each goes down and comes up through the X server on the
/// game's window, and quadrapassel, which takes a key as it goes down, plays on as before. A key
/// left down would auto-repeat and misplace pieces; one never sent would place none.
#[test]
fn plays_quadrapassel_with_every_key_held_down_a_while() {
    let dir = tempfile::tempdir().unwrap();
    let env = private_settings(dir.path());
    let profile = dir.path().join("quadrapassel-held.toml");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("config/quadrapassel.toml")).unwrap();
    assert!(text.contains("\nkey_hold_ms = 0\n"), "the profile says it holds no key");
    std::fs::write(&profile, text.replace("\nkey_hold_ms = 0\n", "\nkey_hold_ms = 40\n")).unwrap();
    let game = common::LiveGame::start_with_env("quadrapassel", "quadrapassel", &env, &[], "Quadrapassel");
    let args = ["play", "tetris", "--profile", profile.to_str().unwrap(), "--new-game", "--lines", "20"];
    let out = game.gamebot(&args);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success() && stdout.contains("outcome=Reached"), "{stdout}\n{stderr}");
    assert_eq!(figure(&stdout, "misreads"), 0.0, "{stdout}");
    assert!(figure(&stdout, "lost") <= 3.0, "{stdout}");
}
