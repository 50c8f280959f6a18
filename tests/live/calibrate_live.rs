//! Issue 18, live: a Flood-it and a peg solitaire other than sgt's, played in Chromium under Xvfb
//! with the profiles calibration learned from one screenshot each (`config/cakeinpanic-flood.toml`,
//! `config/fedelopez-pegs.toml`), every move verified on screen by the play loop. The games are
//! not Debian packages: serve them on 127.0.0.1 and name the page in GAMEBOT_FLOOD_URL /
//! GAMEBOT_PEGS_URL (see calibration/README.md); the profile can be changed with
//! GAMEBOT_FLOOD_PROFILE / GAMEBOT_PEGS_PROFILE. The win is checked on the last frame's pixels,
//! not by gamebot's reader.

use crate::common;

use common::LiveGame;
use gamebot::frame::Frame;

/// Opens `url` as a Chromium app window titled `title` on a fresh virtual display.
fn open(url: &str, title: &str, profile_dir: &std::path::Path) -> LiveGame {
    let data = format!("--user-data-dir={}", profile_dir.display());
    let app = format!("--app={url}");
    let args = ["--no-sandbox", "--no-first-run", "--window-size=900,760", data.as_str(), app.as_str()];
    let mut game = LiveGame::start("chromium", &args, title, None);
    std::thread::sleep(std::time::Duration::from_secs(2));
    let _ = game.capture();
    game
}

/// How many pixels of the frame have exactly this colour.
fn count(frame: &Frame, rgb: [u8; 3]) -> usize {
    frame.image.pixels().filter(|p| [p[0], p[1], p[2]] == rgb).count()
}

/// The palette of a committed profile, entry 0 first.
fn profile_colours(profile: &str) -> Vec<[u8; 3]> {
    let text = std::fs::read_to_string(format!("{}/config/{profile}.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    table["palette"]["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| gamebot::vision::colour::parse_hex(c.as_str().unwrap()).unwrap())
        .collect()
}

/// The peg's colour of a committed pegs profile: the innermost ring of its learned `[looks]` peg
/// (a profile found by looks has no palette), else its palette's entry 0.
fn peg_colour(profile: &str) -> [u8; 3] {
    let text = std::fs::read_to_string(format!("{}/config/{profile}.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    match table.get("looks").and_then(|looks| looks.get("peg")).and_then(|rings| rings.as_array()) {
        Some(rings) => gamebot::vision::colour::parse_hex(rings[0].as_str().unwrap()).unwrap(),
        None => profile_colours(profile)[0],
    }
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

#[test]
#[ignore = "needs GAMEBOT_FLOOD_URL: a browser Flood-it served on 127.0.0.1 (cakeinpanic/flood-it-react dist/table.html)"]
fn plays_and_wins_a_browser_flood_it_with_its_learned_profile() {
    let url = std::env::var("GAMEBOT_FLOOD_URL").expect("GAMEBOT_FLOOD_URL");
    let profile = env_or("GAMEBOT_FLOOD_PROFILE", "cakeinpanic-flood");
    let dir = tempfile::tempdir().unwrap();
    let mut game = open(&url, "Flood it game", dir.path());
    let before = game.capture();
    let config = common::config_copy(&profile);
    let out = game.gamebot(&["--config-dir", config.path().to_str().unwrap(), "play", "flood", "--profile", &profile]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success() && text.contains("won:"), "{text}");
    // Independently of the reader: the profile's colours, counted on the screen. Before, several
    // of them cover the board; after a win, one colour covers it all (the buttons keep one blob each).
    let colours = profile_colours(&profile);
    let after = game.capture();
    let spread = |frame: &Frame| {
        let mut counts: Vec<usize> = colours.iter().map(|&c| count(frame, c)).collect();
        counts.sort_unstable();
        counts.iter().rev().skip(1).sum::<usize>() as f64 / counts.iter().sum::<usize>().max(1) as f64
    };
    assert!(spread(&before) > 0.3, "several colours on the board at the start: {}", spread(&before));
    assert!(spread(&after) < 0.1, "one colour covers the board at the end: {}", spread(&after));
}

#[test]
#[ignore = "needs GAMEBOT_PEGS_URL: a browser peg solitaire served on 127.0.0.1 (fedelopez/peg-solitaire-web, bundled)"]
fn plays_and_wins_a_browser_peg_solitaire_with_its_learned_profile() {
    let url = std::env::var("GAMEBOT_PEGS_URL").expect("GAMEBOT_PEGS_URL");
    let profile = env_or("GAMEBOT_PEGS_PROFILE", "fedelopez-pegs");
    let dir = tempfile::tempdir().unwrap();
    let mut game = open(&url, "Peg Solitaire", dir.path());
    let before = game.capture();
    let config = common::config_copy(&profile);
    let out = game.gamebot(&["--config-dir", config.path().to_str().unwrap(), "play", "pegs", "--profile", &profile]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success() && text.contains("won:"), "{text}");
    // Independently of the reader: the peg colour's pixels shrink from 32 pegs' worth to one's.
    let peg = peg_colour(&profile);
    let (start, end) = (count(&before, peg) as f64, count(&game.capture(), peg) as f64);
    let ratio = end / start;
    assert!((0.02..0.05).contains(&ratio), "one peg of 32 left: {end} of {start} peg pixels");
}
