//! Faults during live play of the real sgt-flood under Xvfb, play slowed by the profile's
//! `[timing] after_action_ms` (400 ms) so each fault lands mid-game: the window moved or resized (the bot
//! finds it again and plays on to the win), covered by another window, minimised or closed, the
//! mouse moved by the user (the bot stops with a message naming it and a non-zero exit). Each test
//! puts a "trap" window of its own where stray clicks would land and asserts it received no button
//! or key event. How soon the bot stops is printed here and measured by the stop-latency benchmark
//! (`cargo bench --bench stop_latency`), never asserted. Needs xvfb, jwm, sgt-puzzles and xdotool;
//! Linux only.
#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use crate::common::GIVE_UP;
use crate::common::faults::{Session, Trap};

/// The fault must stop the bot, naming `what`, with a non-zero exit, after playing before it.
#[track_caller]
fn stops_naming(result: (bool, String, String, Duration), what: &str) {
    let (success, out, err, took) = result;
    println!("stopped {} ms after the fault ({what})", took.as_millis());
    assert!(!success, "the bot must stop unsuccessfully: {out}{err}");
    assert!(err.lines().any(|l| l.starts_with("error") && l.contains(what)), "expected {what:?}: {err}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "it played before the fault: {out}");
}

#[test]
fn a_moved_window_is_found_again_and_no_click_lands_where_it_was() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    // `--sync`: the trap opens where the game was only once the window manager has moved it; else,
    // on a busy machine, the bot may still see the game there under the trap and stop (rightly).
    session.xdotool(&["windowmove", "--sync", &session.window, &(x + 500).to_string(), &(y + 60).to_string()]);
    let trap = Trap::open(&session.game.display, (x, y), (w.min(480), h));
    std::thread::sleep(Duration::from_millis(300));
    let (nx, ny, _, _) = session.geometry();
    assert_ne!((nx, ny), (x, y), "the window moved");
    let (success, out, err, _) = session.finish(GIVE_UP);
    assert_eq!(trap.hits(), 0, "a click or key reached the trap where the game was");
    // The move is seen either by the capture after a move (the frame's new origin) or by the
    // check before a click (then the line below), depending on when it lands.
    assert!(success, "the bot plays on to the win: {out}{err}");
}

#[test]
fn a_resized_window_is_found_again_and_no_click_lands_outside_it() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    session.xdotool(&["windowsize", &session.window, &(w * 2 / 3).to_string(), &(h * 2 / 3).to_string()]);
    std::thread::sleep(Duration::from_millis(200));
    let trap = Trap::open(&session.game.display, (x + w as i32 * 2 / 3 + 10, y), (w / 3, h));
    let (success, out, err, _) = session.finish(GIVE_UP);
    assert_eq!(trap.hits(), 0, "a click or key reached the trap beside the smaller window");
    assert!(success, "the bot plays on to the win: {out}{err}");
    assert!(out.contains("moved or changed size") || out.contains("finding the board again"), "{out}");
}

#[test]
fn a_covered_window_stops_the_bot_and_the_cover_gets_no_click() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    // The fault is the trap itself, counted from before it is opened (placing it takes a moment).
    let fault = Instant::now();
    let trap = Trap::open(&session.game.display, (x, y), (w, h));
    let mut result = session.finish(GIVE_UP);
    result.3 = fault.elapsed();
    assert_eq!(trap.hits(), 0, "a click or key reached the covering window");
    stops_naming(result, "covers the game window");
}

#[test]
fn a_minimised_window_stops_the_bot() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    let fault = Instant::now();
    // `--sync`: the trap opens only once the window is minimised; else, on a busy machine, the bot
    // may see the trap over a game still shown and stop (rightly) for the cover instead.
    session.xdotool(&["windowminimize", "--sync", &session.window]);
    let trap = Trap::open(&session.game.display, (x, y), (w, h));
    let mut result = session.finish(GIVE_UP);
    result.3 = fault.elapsed();
    assert_eq!(trap.hits(), 0, "a click or key reached the trap where the game was");
    stops_naming(result, "minimised");
}

#[test]
fn a_closed_window_stops_the_bot() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    let fault = Instant::now();
    session.xdotool(&["windowkill", &session.window]);
    let trap = Trap::open(&session.game.display, (x, y), (w, h));
    let mut result = session.finish(GIVE_UP);
    result.3 = fault.elapsed();
    assert_eq!(trap.hits(), 0, "a click or key reached the trap where the game was");
    stops_naming(result, "window is gone");
}

#[test]
fn the_user_moving_the_mouse_stops_the_bot() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    let trap = Trap::open(&session.game.display, (x + w as i32 + 20, y), (200, h));
    let fault = Instant::now();
    session.xdotool(&["mousemove", &(x + w as i32 + 60).to_string(), &(y + 40).to_string()]);
    let mut result = session.finish(GIVE_UP);
    result.3 = fault.elapsed();
    assert_eq!(trap.hits(), 0, "a click or key reached the trap under the user's mouse");
    stops_naming(result, "mouse was moved");
}

/// The game switching to another screen under the bot: a new game started from the game's own
/// keyboard ('n'), so the board on screen is no longer the one planned for. The screen disagrees
/// with the rules' prediction, the bot reads what is there and plays the new board to the win.
#[test]
fn a_new_board_in_the_window_is_read_again_and_played() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    session.xdotool(&["windowactivate", "--sync", &session.window]);
    session.xdotool(&["key", "n"]);
    let trap = Trap::open(&session.game.display, (x + w as i32 + 20, y), (200, h));
    let (success, out, err, _) = session.finish(GIVE_UP);
    assert_eq!(trap.hits(), 0, "a click or key reached the trap");
    assert!(success, "the bot plays the new board to the win: {out}{err}");
    assert!(out.contains("re-planning") || out.contains("reading the board again"), "{out}");
}
