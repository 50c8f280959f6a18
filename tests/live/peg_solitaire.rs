//! Issue 18, live: Debian's desktop `peg-solitaire` (Qt 5; shaded balls on a white board beside a
//! list of 343 boards), a peg solitaire the bot was not built on, played with the profile that
//! calibration learned from one screenshot of it (`config/debian-peg-solitaire.toml`), in a window
//! of another size than that screenshot's. Every jump is verified on screen by the play loop. The
//! win is checked in the program's own state: the personal record it saves for a solved board.
//! A second test learns a profile from the live window alone (no screenshot, no known board) and
//! wins with it. Needs the Debian packages xvfb, jwm and peg-solitaire.

use crate::common;

use std::path::Path;

use common::LiveGame;

/// The program's saved settings and records under `home`.
fn records(home: &Path) -> String {
    std::fs::read_to_string(home.join(".config/De Marchi/Solitari.conf")).unwrap_or_default()
}

/// Starts the program with a fresh home on a virtual display, in a window of `size`.
fn start(home: &Path, size: (u32, u32)) -> LiveGame {
    let program = gamebot::xsession::find_program("peg-solitaire", "peg-solitaire")
        .unwrap_or_else(|e| panic!("{e} (apt-get install peg-solitaire)"));
    let home_var = format!("HOME={}", home.display());
    // Without a locale the program lists no boards and draws none; its title is then Catalan.
    let args = [home_var.as_str(), "LANG=en_US.UTF-8", program.to_str().unwrap()];
    let mut game = LiveGame::start_from("env", "coreutils", &args, "Peg-solitaire", Some(size));
    std::thread::sleep(std::time::Duration::from_millis(500));
    let _ = game.capture();
    assert!(!records(home).contains("record="), "a fresh home holds no record yet");
    game
}

/// Plays with `args`, then checks the program saved a record for its first board, "Classic 1"
/// (section [1] of its records), which it does only when that board is solved to one peg.
fn play_and_check(game: &LiveGame, home: &Path, args: &[&str]) -> String {
    let out = game.gamebot(args);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("won:"), "{text}");
    let mut saved = String::new();
    for _ in 0..20 {
        saved = records(home);
        if saved.contains("[1]") && saved.contains("record=") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    }
    assert!(saved.contains("[1]") && saved.contains("record="), "the program saved no solved record:\n{saved}\n{text}");
    text
}

#[test]
fn solves_the_english_board_of_debian_peg_solitaire_with_its_learned_profile() {
    let home = tempfile::tempdir().unwrap();
    let game = start(home.path(), (900, 700));
    let config = common::config_copy("debian-peg-solitaire");
    let config = config.path().to_str().unwrap();
    play_and_check(&game, home.path(), &["--config-dir", config, "play", "pegs", "--profile", "debian-peg-solitaire"]);
}

#[test]
fn a_profile_learned_from_the_live_window_alone_solves_it() {
    // A new user's way: no screenshot, no known board; calibration captures the window by its
    // title, proposes a reading, learns from it, and the new profile plays.
    let home = tempfile::tempdir().unwrap();
    let game = start(home.path(), (700, 520));
    let dir = tempfile::tempdir().unwrap();
    let (config, calibration) = (dir.path().join("config"), dir.path().join("calibration"));
    let (config, calibration) = (config.to_str().unwrap(), calibration.to_str().unwrap());
    let learn = [
        "--config-dir",
        config,
        "--calibration-dir",
        calibration,
        "calibrate",
        "pegs",
        "--profile",
        "new-pegs",
        "--title",
        "Peg-solitaire",
        "--moves",
        "click",
    ];
    let out = game.gamebot(&learn);
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains("PROPOSED"));
    let play = ["--config-dir", config, "--calibration-dir", calibration, "play", "pegs", "--profile", "new-pegs"];
    let text = play_and_check(&game, home.path(), &play);
    // The first jumps confirmed the proposal, and play recorded the window's size in it.
    assert!(text.contains("is confirmed on a "), "{text}");
    let learned = std::fs::read_to_string(Path::new(config).join("new-pegs.toml")).unwrap();
    assert!(learned.contains("confirmed = [["), "{learned}");
}
