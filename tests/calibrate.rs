//! `gamebot calibrate` and its use by `play`: the layout is saved atomically and never over an
//! existing file unless asked; `play` uses it when the window size matches and finds the board
//! anew when it does not; a dry run writes its annotated picture and clicks nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gamebot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// Two real captures of different sizes.
fn two_captures() -> (PathBuf, PathBuf) {
    let mut shots: Vec<(u32, PathBuf)> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/flood"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .map(|p| (image::image_dimensions(&p).unwrap().0, p))
            .collect();
    shots.sort();
    let (small, large) = (shots.first().unwrap(), shots.last().unwrap());
    assert_ne!(small.0, large.0, "fixtures come in several window sizes");
    (small.1.clone(), large.1.clone())
}

#[test]
fn calibration_is_saved_once_reused_and_refit() {
    let (small, large) = two_captures();
    let dir = tempfile::tempdir().unwrap();
    let cal_dir = dir.path().join("calibration");
    let cal = cal_dir.to_str().unwrap();
    let out = gamebot(&["--calibration-dir", cal, "calibrate", "flood", "--from", small.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("found a "), "{}", text(&out));
    let saved = std::fs::read_to_string(cal_dir.join("sgt-flood.toml")).unwrap();
    assert!(saved.contains("[grid]") && saved.contains("rows = "), "{saved}");
    assert!(cal_dir.join("sgt-flood.png").exists());

    let again = gamebot(&["--calibration-dir", cal, "calibrate", "flood", "--from", small.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(text(&again).contains("already exists; pass --force"), "{}", text(&again));
    assert_eq!(std::fs::read_to_string(cal_dir.join("sgt-flood.toml")).unwrap(), saved, "the file is untouched");

    let picture = dir.path().join("plan.png");
    let reuse = gamebot(&[
        "--calibration-dir",
        cal,
        "play",
        "flood",
        "--from",
        small.to_str().unwrap(),
        "--out",
        picture.to_str().unwrap(),
    ]);
    assert!(reuse.status.success(), "{}", text(&reuse));
    assert!(text(&reuse).contains("using the calibration"), "{}", text(&reuse));
    assert!(text(&reuse).contains("nothing was clicked"));
    assert!(picture.exists());

    let refit = gamebot(&[
        "--calibration-dir",
        cal,
        "play",
        "flood",
        "--from",
        large.to_str().unwrap(),
        "--out",
        dir.path().join("plan2.png").to_str().unwrap(),
    ]);
    assert!(refit.status.success(), "{}", text(&refit));
    assert!(text(&refit).contains("finding the board anew"), "{}", text(&refit));

    let forced =
        gamebot(&["--calibration-dir", cal, "calibrate", "flood", "--from", large.to_str().unwrap(), "--force"]);
    assert!(forced.status.success(), "{}", text(&forced));
    assert_ne!(std::fs::read_to_string(cal_dir.join("sgt-flood.toml")).unwrap(), saved);
}

#[test]
fn a_dry_run_never_overwrites_its_picture_unless_forced() {
    let (small, _) = two_captures();
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("plan.png");
    std::fs::write(&picture, b"precious").unwrap();
    let out = gamebot(&["play", "flood", "--from", small.to_str().unwrap(), "--out", picture.to_str().unwrap()]);
    assert!(!out.status.success());
    assert_eq!(std::fs::read(&picture).unwrap(), b"precious");
    let forced =
        gamebot(&["play", "flood", "--from", small.to_str().unwrap(), "--out", picture.to_str().unwrap(), "--force"]);
    assert!(forced.status.success(), "{}", text(&forced));
    assert!(image::open(&picture).is_ok());
}
