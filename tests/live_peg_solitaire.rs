//! Issue 18, live: Debian's desktop `peg-solitaire` (Qt 5; shaded balls on a white board beside a
//! list of 343 boards), a peg solitaire the bot was not built on, played with the profile that
//! calibration learned from one screenshot of it (`config/debian-peg-solitaire.toml`), in a window
//! of another size than that screenshot's. Every jump is verified on screen by the play loop. The
//! win is checked in the program's own state: the personal record it saves for a solved board.
//! Needs the Debian packages xvfb, jwm and peg-solitaire.

mod common;

use std::path::Path;

use common::LiveGame;

/// The program's saved settings and records under `home`.
fn records(home: &Path) -> String {
    std::fs::read_to_string(home.join(".config/De Marchi/Solitari.conf")).unwrap_or_default()
}

#[test]
fn solves_the_english_board_of_debian_peg_solitaire_with_its_learned_profile() {
    let program = gamebot::xsession::find_program("peg-solitaire", "peg-solitaire")
        .unwrap_or_else(|e| panic!("{e} (apt-get install peg-solitaire)"));
    let home = tempfile::tempdir().unwrap();
    let home_var = format!("HOME={}", home.path().display());
    // Without a locale the program lists no boards and draws none; its title is then Catalan.
    let args = [home_var.as_str(), "LANG=en_US.UTF-8", program.to_str().unwrap()];
    let mut game = LiveGame::start_from("env", "coreutils", &args, "Peg-solitaire", Some((900, 700)));
    std::thread::sleep(std::time::Duration::from_millis(500));
    let _ = game.capture();
    assert!(!records(home.path()).contains("record="), "a fresh home holds no record yet");

    let out = game.gamebot(&["play", "pegs", "--profile", "debian-peg-solitaire"]);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("won:"), "{text}");

    // The board the program starts with is its first, "Classic 1" (section [1] of its records); it
    // saves a record for it only when it has been solved to one peg.
    let mut saved = String::new();
    for _ in 0..20 {
        saved = records(home.path());
        if saved.contains("[1]") && saved.contains("record=") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    }
    assert!(saved.contains("[1]") && saved.contains("record="), "the program saved no solved record:\n{saved}\n{text}");
}
