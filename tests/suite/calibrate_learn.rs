//! Issues 18 and 26, on the command line: a profile learned from one screenshot alone (blind, a
//! proposed reading) or with its known board reads every other screenshot of the same program
//! (other boards, mid-game, other window sizes) and replays with the right answer; the committed
//! profile in `config/` is exactly what blind calibration learns from the program's first
//! screenshot; a learned profile is never written over without `--force`.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::gamebot;

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// The cases of one program's fixture folder, sorted by name (the first is the one calibrated from).
fn cases(game: &str, program: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(game).join(program);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    found.sort();
    found
}

/// The committed profile's game section (everything but the free-text description, the window and
/// what it was learned from).
fn settings(text: &str) -> toml::Table {
    let mut table: toml::Table = toml::from_str(text).unwrap();
    table.remove("description");
    table.remove("window");
    table.remove("learned");
    table
}

/// Learns `program`'s profile blind from its first case into a fresh folder (it must be the
/// committed one), then replays all its cases; then the same with the first case's known board.
fn learn_then_replay(game: &str, program: &str) {
    learn_then_replay_with(game, program, false);
    learn_then_replay_with(game, program, true);
}

fn learn_then_replay_with(game: &str, program: &str, known: bool) {
    let all = cases(game, program);
    assert!(all.len() >= 3, "{program}: a calibration shot and at least two others");
    let sizes: std::collections::BTreeSet<(u32, u32)> =
        all.iter().map(|c| image::image_dimensions(c.with_extension("png")).unwrap()).collect();
    // Two programs have a window of one size only (metulburr's pygame window, buttonpad's Tk
    // peg solitaire); every other has captures at several.
    let fixed = ["metulburr-flood", "buttonpad-pegs"].contains(&program);
    assert!(fixed || sizes.len() >= 2, "{program}: captures at two or more window sizes");
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let calibration = dir.path().join("calibration");
    let (config_s, calibration_s) = (config.to_str().unwrap(), calibration.to_str().unwrap());
    let first = &all[0];
    let png = first.with_extension("png");
    let mut learn = vec![
        "--config-dir",
        config_s,
        "--calibration-dir",
        calibration_s,
        "calibrate",
        game,
        "--from",
        png.to_str().unwrap(),
        "--profile",
        program,
        "--learn",
    ];
    if known {
        learn.extend(["--board", first.to_str().unwrap()]);
    }
    let out = gamebot(&learn);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(text(&out).contains("PROPOSED reading"), !known, "{}", text(&out));
    let learned = std::fs::read_to_string(config.join(format!("{program}.toml"))).unwrap();
    assert!(calibration.join(format!("{program}-calibration.png")).exists(), "{}", text(&out));
    if !known {
        let committed =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("config/{program}.toml")))
                .unwrap();
        assert_eq!(settings(&learned), settings(&committed), "config/{program}.toml is what blind calibration learns");
    }

    // Neither the picture nor the profile is written over without --force, and a refusal of the
    // picture leaves no profile behind.
    let again = gamebot(&learn);
    assert!(!again.status.success() && text(&again).contains("--force"), "{}", text(&again));
    if known {
        // Learning with the known board is checked by what it reads; the refusals once suffice.
        return replay_all(config_s, calibration_s, &all);
    }
    let elsewhere = dir.path().join("elsewhere.png");
    let mut again_out = learn.to_vec();
    again_out.extend(["--out", elsewhere.to_str().unwrap()]);
    let again = gamebot(&again_out);
    assert!(!again.status.success() && text(&again).contains("already exists; pass --force"), "{}", text(&again));
    assert_eq!(std::fs::read_to_string(config.join(format!("{program}.toml"))).unwrap(), learned);
    let fresh = dir.path().join("fresh");
    let mut picture_only = learn.to_vec();
    picture_only[1] = fresh.to_str().unwrap();
    let refused = gamebot(&picture_only);
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(!fresh.join(format!("{program}.toml")).exists(), "no profile when the picture is refused");

    replay_all(config_s, calibration_s, &all);
}

/// Replays `cases` with the profiles in `config` and the layouts in `calibration`: all must pass.
fn replay_all(config: &str, calibration: &str, cases: &[PathBuf]) {
    let mut replay = vec!["--config-dir", config, "--calibration-dir", calibration, "replay"];
    replay.extend(cases.iter().map(|c| c.to_str().unwrap()));
    let out = gamebot(&replay);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains(&format!("{} passed, 0 failed", cases.len())), "{}", text(&out));
}

#[test]
fn a_flood_it_with_pale_colours_and_buttons_beside_the_board() {
    learn_then_replay("flood", "cakeinpanic-flood");
}

#[test]
fn a_flood_it_on_a_blue_background_with_buttons_below() {
    learn_then_replay("flood", "olerichard-flood");
}

#[test]
fn a_peg_solitaire_with_shaded_pegs_and_small_holes() {
    learn_then_replay("pegs", "omerkel-pegs");
}

#[test]
fn a_peg_solitaire_with_flat_pegs_on_a_wooden_disc() {
    learn_then_replay("pegs", "fedelopez-pegs");
}

#[test]
fn a_desktop_peg_solitaire_with_shaded_balls_beside_a_list_of_boards() {
    learn_then_replay("pegs", "debian-peg-solitaire");
}

#[test]
fn a_tk_flood_it_with_its_colour_buttons_in_a_row_just_under_the_board() {
    learn_then_replay("flood", "buttonpad-flood");
}

#[test]
fn a_pygame_flood_it_beside_a_ticking_clock_in_a_tiny_window() {
    learn_then_replay("flood", "metulburr-flood");
}

#[test]
fn a_canvas_flood_it_of_small_cells_on_a_large_black_canvas() {
    learn_then_replay("flood", "phaser-flood");
}

#[test]
fn a_tk_peg_solitaire_of_push_buttons_with_a_glyph_for_a_peg() {
    learn_then_replay("pegs", "buttonpad-pegs");
}

#[test]
fn a_pygame_peg_solitaire_of_discs_and_thin_rings_on_brown() {
    learn_then_replay("pegs", "waissi-pegs");
}

/// Learns a profile named `learned` from one sgt capture and replays every sgt capture of that game
/// with it: calibration is general enough to relearn the programs the project began with.
fn relearn_sgt(game: &str, shot: &str) {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(game);
    let case = fixtures.join(format!("{shot}.toml"));
    let (config, case_s) = (dir.path().to_str().unwrap(), case.to_str().unwrap());
    let png = case.with_extension("png");
    let layouts = dir.path().join("layouts");
    let args = ["--config-dir", config, "--calibration-dir", layouts.to_str().unwrap(), "calibrate", game, "--from"];
    let mut learn = args.to_vec();
    learn.extend([png.to_str().unwrap(), "--board", case_s, "--profile", "learned"]);
    let out = gamebot(&learn);
    assert!(out.status.success(), "{}", text(&out));
    let mut replay = vec!["--config-dir".to_string(), config.to_string(), "replay".to_string()];
    let mut count = 0;
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let original = std::fs::read_to_string(&path).unwrap();
            let relabelled: String = original
                .lines()
                .filter(|l| !l.starts_with("profile"))
                .map(|l| if l.starts_with("game") { format!("{l}\nprofile = \"learned\"\n") } else { format!("{l}\n") })
                .collect();
            let copy = dir.path().join(path.file_name().unwrap());
            std::fs::write(&copy, relabelled).unwrap();
            std::fs::copy(path.with_extension("png"), copy.with_extension("png")).unwrap();
            replay.push(copy.to_str().unwrap().to_string());
            count += 1;
        }
    }
    let args: Vec<&str> = replay.iter().map(String::as_str).collect();
    let out = gamebot(&args);
    assert!(text(&out).contains(&format!("{count} passed, 0 failed")), "{}", text(&out));
}

#[test]
fn a_flood_profile_learned_from_one_sgt_capture_reads_every_sgt_capture() {
    relearn_sgt("flood", "sgt-14x14c6m0-01-default");
}

#[test]
fn a_pegs_profile_learned_from_one_sgt_capture_reads_every_sgt_capture() {
    relearn_sgt("pegs", "sgt-7x7cross-01-default");
}
