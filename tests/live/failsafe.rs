//! The failsafe against the real sgt-flood under Xvfb: a short press of Esc (200 ms, between two
//! moves) stops the bot before its next move, with a message and a non-zero exit (how soon is
//! printed, and measured by `cargo bench --bench stop_latency`, never asserted). Play is slowed by
//! the profile's `[timing] after_action_ms`, so the press lands mid-game. Needs xvfb, jwm,
//! sgt-puzzles and xdotool (which presses the key as a user would, through the X server).

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_short_escape_press_between_moves_stops_the_bot() {
    let id = common::generate("sgt-flood", "20x20c6m0");
    let game = common::LiveGame::start("sgt-flood", &[&id], "Flood", None);
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("slow-flood.toml");
    let text = std::fs::read_to_string("config/sgt-flood.toml")
        .unwrap()
        .replace("after_action_ms = 0", "after_action_ms = 600");
    assert!(text.contains("after_action_ms = 600"));
    std::fs::write(&profile, text).unwrap();
    let bot = Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .args(["play", "flood", "--profile", profile.to_str().unwrap()])
        .env("DISPLAY", &game.display)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Let a few moves happen, then press Esc briefly, as a user would.
    std::thread::sleep(Duration::from_millis(2500));
    let xdotool = |args: &[&str]| {
        let status = Command::new("xdotool").args(args).env("DISPLAY", &game.display).status();
        assert!(status.is_ok_and(|s| s.success()), "xdotool {args:?} (apt-get install xdotool)");
    };
    let pressed = Instant::now();
    xdotool(&["keydown", "Escape"]);
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&["keyup", "Escape"]);
    let out = bot.wait_with_output().unwrap();
    let took = pressed.elapsed();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{stdout}{stderr}");
    assert!(!out.status.success(), "the bot must stop unsuccessfully");
    assert!(stderr.contains("stopped: Esc was pressed"), "{stderr}");
    let moves = stdout.lines().filter(|l| l.starts_with("move ")).count();
    assert!(moves >= 1, "it played before the press");
    println!("stopped {} ms after the press", took.as_millis());
}
