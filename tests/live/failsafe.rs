//! The failsafe against the real sgt-flood under Xvfb: a short press of Esc (200 ms, between two
//! moves) stops the bot before its next move, with a message and a non-zero exit (how soon is
//! printed, and measured by `cargo bench --bench stop_latency`, never asserted). Play is slowed by
//! the profile's `[timing] after_action_ms`, so the press lands mid-game. Needs xvfb, jwm,
//! sgt-puzzles and xdotool (which presses the key as a user would, through the X server).

#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use crate::common::GIVE_UP;
use crate::common::faults::Session;

#[test]
fn a_short_escape_press_between_moves_stops_the_bot() {
    let session = Session::start_on("20x20c6m0", 600);
    // The first move has been made: press Esc briefly, as a user would.
    let pressed = Instant::now();
    session.xdotool(&["keydown", "Escape"]);
    std::thread::sleep(Duration::from_millis(200));
    session.xdotool(&["keyup", "Escape"]);
    let (success, stdout, stderr, _) = session.finish(GIVE_UP);
    println!("stopped {} ms after the press", pressed.elapsed().as_millis());
    assert!(!success, "the bot must stop unsuccessfully");
    assert!(stderr.contains("stopped: Esc was pressed"), "{stderr}");
    let moves = stdout.lines().filter(|l| l.starts_with("move ")).count();
    assert!(moves >= 1, "it played before the press");
}
