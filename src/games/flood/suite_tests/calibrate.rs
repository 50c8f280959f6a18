//! `gamebot calibrate` and its use by `play`: the layout is saved atomically and never over an
//! existing file unless asked; `play` uses it when the window size matches and finds the board
//! anew when it does not; `replay` reads with it too (`--calibration-dir`); a dry run writes its
//! annotated picture and clicks nothing.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::gamebot;

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

#[test]
fn replay_reads_with_a_saved_calibration_for_the_image_size() {
    let (small, _) = two_captures();
    let case = small.with_extension("toml");
    let dir = tempfile::tempdir().unwrap();
    let cal_dir = dir.path().join("calibration");
    let cal = cal_dir.to_str().unwrap();
    let out = gamebot(&["--calibration-dir", cal, "calibrate", "flood", "--from", small.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let replay = gamebot(&["--calibration-dir", cal, "replay", case.to_str().unwrap()]);
    assert!(replay.status.success() && text(&replay).contains("1 passed, 0 failed"), "{}", text(&replay));

    // A layout that reads cleanly but covers only the board's top-left quarter: used, the case
    // fails on the board's size; without the calibration folder, the board is found anew.
    let path = cal_dir.join("sgt-flood.toml");
    let mut saved: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let grid = saved["grid"].as_table_mut().unwrap();
    let (rows, cols) = (grid["rows"].as_integer().unwrap(), grid["cols"].as_integer().unwrap());
    assert!(rows >= 2 && cols >= 2, "{grid:?}");
    grid.insert("rows".into(), (rows / 2).into());
    grid.insert("cols".into(), (cols / 2).into());
    let rect = grid["rect"].as_table_mut().unwrap();
    let (w, h) = (rect["width"].as_float().unwrap(), rect["height"].as_float().unwrap());
    rect.insert("width".into(), (w * (cols / 2) as f64 / cols as f64).into());
    rect.insert("height".into(), (h * (rows / 2) as f64 / rows as f64).into());
    std::fs::write(&path, toml::to_string(&saved).unwrap()).unwrap();
    let replay = gamebot(&["--calibration-dir", cal, "replay", case.to_str().unwrap()]);
    assert!(!replay.status.success() && text(&replay).contains("0 passed, 1 failed"), "{}", text(&replay));
    let elsewhere = dir.path().join("none");
    let replay = gamebot(&["--calibration-dir", elsewhere.to_str().unwrap(), "replay", case.to_str().unwrap()]);
    assert!(replay.status.success(), "{}", text(&replay));
}
