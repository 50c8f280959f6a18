//! Two windows of one title (issue 34): two sgt-flood games open at once under jwm, both titled
//! "Flood". The bot must play the one on top, by the X server's stacking (jwm lists its clients top
//! first, other managers bottom first), name the other, and refuse a board that is already won
//! rather than call it a win for 0 moves. Raising the older window makes it the one played.
//! Needs xvfb, jwm, sgt-puzzles and xdotool; Linux only.
#![cfg(target_os = "linux")]

use std::time::Duration;

use gamebot::screen::x11::Display;
use gamebot::xsession::{Children, find_program, start_virtual_display};

use crate::common::faults::xdotool;
use crate::common::{gamebot_on, generate, wait_until};

/// Plays flood on `display`: (exited 0, stdout, stderr).
fn play(display: &str) -> (bool, String, String) {
    let out = gamebot_on(display, &["play", "flood", "--calibration-dir", "/nonexistent"]);
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// Where X window `window` is, as the bot names it ("at (x, y)").
fn place(display: &str, window: u32) -> String {
    let at = Display::open_on(Some(display)).unwrap().window_area(window).unwrap();
    format!("at ({}, {})", at.x, at.y)
}

/// Opens a new sgt-flood game on `display`; its X window, once it is open and titled.
fn open_game(display: &str, children: &mut Children) -> u32 {
    let flood = find_program("sgt-flood", "sgt-puzzles").expect("sgt-flood (apt-get install sgt-puzzles)");
    let open = || -> Vec<u32> {
        let windows = Display::open_on(Some(display)).and_then(|d| d.windows()).unwrap_or_default();
        windows.into_iter().filter(|w| w.title == "Flood").map(|w| w.id).collect()
    };
    let before = open();
    let child = std::process::Command::new(&flood)
        .arg(generate("sgt-flood", "6x6c4m3"))
        .env("DISPLAY", display)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    children.push(child);
    let id = wait_until(
        "the new game's window",
        Duration::from_millis(50),
        || open().into_iter().find(|w| !before.contains(w)),
        || "no new window titled Flood".into(),
    );
    std::thread::sleep(Duration::from_millis(300));
    id
}

/// The bot plays `window`, the one on top, to the win with at least one move.
#[track_caller]
fn wins_in(display: &str, window: u32) {
    let (success, out, err) = play(display);
    assert!(success, "{out}{err}");
    let first = out.lines().next().unwrap_or_default();
    let place = place(display, window);
    assert!(first.contains(&place), "the window on top ({place}) is played: {out}");
    assert!(format!("{out}{err}").contains("2 windows match"), "the other window is named: {out}{err}");
    let won = out.lines().find(|l| l.starts_with("won:")).unwrap_or_else(|| panic!("{out}"));
    assert!(!won.starts_with("won: 0 moves"), "{won}");
}

/// The bot refuses the board on top: it is already won.
#[track_caller]
fn refuses_as_won(display: &str) {
    let (success, out, err) = play(display);
    assert!(!success, "a finished board is no win: {out}{err}");
    assert!(err.contains("already won: start a new game"), "{out}{err}");
    assert!(!out.lines().any(|l| l.starts_with("won:") || l.starts_with("move ")), "{out}");
}

#[test]
fn of_two_windows_of_one_title_the_one_on_top_is_played_and_a_finished_one_refused() {
    let mut children = Children::default();
    let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
    let older = open_game(&display, &mut children);
    // The newer one opens over the older (the window manager places it where it likes).
    let newer = open_game(&display, &mut children);
    assert_ne!(place(&display, older), place(&display, newer), "their places tell them apart");

    wins_in(&display, newer);
    refuses_as_won(&display);
    // The older window raised over the finished one: it is the one played now.
    xdotool(&display, &["windowactivate", "--sync", &older.to_string()]);
    std::thread::sleep(Duration::from_millis(300));
    wins_in(&display, older);
    refuses_as_won(&display);
}
