//! Issue 29, live: the real sgt-flood under Xvfb and jwm on desktops of several monitors and in odd
//! places, played by `gamebot` as a user runs it. Two and three RandR monitors (the game on the
//! second, and moved to the third mid-game), a two-screen Xinerama server, a window hanging off
//! the screen (played while its board is in view, else stopped with a message saying the window is
//! not fully on the screen, never a bare protocol error), a full-screen game captured by monitor
//! (`--monitor N`), and the GTK game drawn at `GDK_SCALE=2`. Needs xvfb, jwm, sgt-puzzles and
//! xdotool; Linux only.
#![cfg(target_os = "linux")]

use std::process::Stdio;
use std::time::Duration;

use gamebot::frame::Area;
use gamebot::game::TurnBased;
use gamebot::games::Flood;
use gamebot::profile::Profile;
use gamebot::screen::Screen;
use gamebot::screen::x11::Display;

use crate::common::desktops::Desk;
use crate::common::faults::WatchedBot;
use crate::common::{GIVE_UP, generate};

/// `gamebot play flood` ended in a win, and said nothing of a protocol error.
#[track_caller]
fn won(out: &std::process::Output) -> String {
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!stderr.contains("protocol error") && !stdout.contains("protocol error"), "{stdout}{stderr}");
    assert!(out.status.success() && stdout.lines().any(|l| l.starts_with("won:")), "{stdout}{stderr}");
    stdout.into_owned()
}

/// `gamebot play flood` stopped, saying the window is not fully on the screen, before any move.
#[track_caller]
fn stopped_off_screen(out: &std::process::Output) {
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "{stdout}{stderr}");
    assert!(!stderr.contains("protocol error"), "{stderr}");
    assert!(stderr.contains("not fully on the screen"), "{stderr}");
    assert!(!stdout.lines().any(|l| l.starts_with("move ")), "no move is made: {stdout}");
}

/// The monitors gamebot sees on `desk`.
fn monitors(desk: &Desk) -> Vec<Area> {
    let desktop = Display::open_on(Some(&desk.display)).unwrap().desktop().unwrap();
    desktop.monitors.iter().map(|m| m.area).collect()
}

#[test]
fn a_game_on_the_second_of_two_randr_monitors_is_found_played_and_won() {
    let mut desk = Desk::start(&["-screen", "0", "2560x1024x24"], &[(0, 0, 1280, 1024), (1280, 0, 1280, 1024)]);
    assert_eq!(monitors(&desk), vec![Area::new(0, 0, 1280, 1024), Area::new(1280, 0, 1280, 1024)]);
    let id = generate("sgt-flood", "10x10c6m0");
    desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.move_window(&window, 1700, 300);
    let stdout = won(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
    assert!(stdout.contains("at (17"), "played where it is, on the second monitor: {stdout}");
}

/// Three monitors side by side; the bot plays slowly (400 ms after each move) and the window is
/// moved from the first to the third mid-game: the bot finds it there and wins.
#[test]
fn a_game_moved_to_another_monitor_mid_game_is_still_won() {
    let mut desk = Desk::start(
        &["-screen", "0", "3840x1024x24"],
        &[(0, 0, 1280, 1024), (1280, 0, 1280, 1024), (2560, 0, 1280, 1024)],
    );
    assert_eq!(monitors(&desk).len(), 3);
    let id = generate("sgt-flood", "12x12c6m5");
    let game = desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.move_window(&window, 200, 200);
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("slow-flood.toml");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/sgt-flood.toml"))
        .unwrap()
        .replace("after_action_ms = 0", "after_action_ms = 400");
    std::fs::write(&profile, text).unwrap();
    let args = ["play", "flood", "--profile", profile.to_str().unwrap(), "--calibration-dir", "/nonexistent"];
    let bot =
        crate::common::bot(&args, Some(&desk.display)).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut bot = WatchedBot::new(bot);
    // Once the first move is made, the window goes to the third monitor.
    bot.wait_for_moves(1);
    desk.move_window(&window, 2900, 150);
    let (at, _, _) = game.geometry().unwrap();
    assert!(at.x >= 2560, "the window is on the third monitor: {at:?}");
    let (success, out, err, _) = bot.finish(GIVE_UP);
    println!("{out}{err}");
    assert!(!err.contains("protocol error") && !out.contains("protocol error"), "{out}{err}");
    assert!(success, "the bot did not win: {out}{err}");
    assert!(out.lines().any(|l| l.starts_with("won:")), "{out}");
    assert!(out.lines().filter(|l| l.starts_with("move ")).count() > 1, "{out}");
}

/// A Xinerama server of two screens: the game is played and won. Xvfb lays both screens at the
/// origin, so the part of the desktop only the larger second screen shows is out of the pointer's
/// reach (it stays on the first): a game moved there is stopped as not fully on the screen, before
/// any click, never with a protocol error.
#[test]
fn a_game_on_a_two_screen_xinerama_desktop_is_played_and_won() {
    let mut desk = Desk::start(&["+xinerama", "-screen", "0", "1280x1024x24", "-screen", "1", "1600x1200x24"], &[]);
    assert_eq!(monitors(&desk), vec![Area::new(0, 0, 1280, 1024)], "the screen the pointer reaches");
    let id = generate("sgt-flood", "8x8c6m0");
    desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.move_window(&window, 700, 400);
    won(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
    desk.xdotool(&["windowkill", &window]);
    let id = generate("sgt-flood", "8x8c6m0");
    desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.move_window(&window, 1250, 700);
    stopped_off_screen(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
}

/// The board's area in a capture of the window (frame pixels), by the game's own locator.
fn board_area(screen: &mut gamebot::screen::x11::WindowScreen) -> Area {
    let settle = (Duration::from_millis(50), 4, Duration::from_secs(5));
    let (frame, _) = gamebot::screen::capture_settled(screen, settle.0, settle.1, settle.2).unwrap();
    let profile =
        Profile::load("sgt-flood", std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/config"))).unwrap();
    let config = Flood::config(&profile).unwrap();
    let grid = Flood::to_calibration(&Flood::locate(&frame, &config).unwrap()).unwrap();
    let r = grid.rect;
    Area::new(r.x as i32, r.y as i32, r.width.ceil() as u32, r.height.ceil() as u32)
}

/// A tall window hanging below the bottom of the screen, its board above the panel and the edge:
/// played and won. The same window cut through its board, at the bottom or at the right edge:
/// stopped, saying the window is not fully on the screen, before any move.
#[test]
fn a_window_partly_off_the_screen_is_played_only_while_its_board_is_in_view() {
    let mut desk = Desk::start(&["-screen", "0", "1280x1024x24"], &[]);
    let id = generate("sgt-flood", "8x8c6m0");
    let mut game = desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.xdotool(&["windowsize", "--sync", &window, "400", "760"]);
    std::thread::sleep(Duration::from_millis(500));
    desk.move_window(&window, 300, 100);
    let board = board_area(&mut game);
    let (_, _, height) = game.geometry().unwrap();
    // Hanging 40 pixels below the screen: the board must end well above jwm's 25-pixel panel.
    let top = 1024 + 40 - i32::from(height);
    assert!(top + board.y + board.height as i32 + 20 < 1024 - 25, "the board is in view: {board:?} at {top}");
    desk.move_window(&window, 300, top);
    let (at, _, _) = game.geometry().unwrap();
    assert!(at.y + i32::from(height) > 1024, "the window hangs below the screen");
    won(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
    desk.xdotool(&["windowkill", &window]);

    let id = generate("sgt-flood", "8x8c6m0");
    let mut game = desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.xdotool(&["windowsize", "--sync", &window, "400", "760"]);
    std::thread::sleep(Duration::from_millis(500));
    desk.move_window(&window, 300, 100);
    let board = board_area(&mut game);
    // The screen's bottom through the middle of the board.
    desk.move_window(&window, 300, 1024 - board.y - board.height as i32 / 2);
    stopped_off_screen(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
    // The screen's right edge through the middle of the board.
    desk.move_window(&window, 1280 - board.x - board.width as i32 / 2, 100);
    stopped_off_screen(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
}

/// A game filling the second of two RandR monitors, captured whole as that monitor
/// (`--monitor 1`) and won; a monitor that is not there is named with the ones that are.
#[test]
fn a_full_screen_game_is_captured_by_monitor_and_won() {
    let mut desk = Desk::start(&["-screen", "0", "2560x1024x24"], &[(0, 0, 1280, 1024), (1280, 0, 1280, 1024)]);
    let id = generate("sgt-flood", "10x10c6m0");
    let mut game = desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    desk.move_window(&window, 1400, 100);
    desk.fullscreen(&window);
    let (at, w, h) = game.geometry().unwrap();
    assert_eq!((at.x, at.y, w, h), (1280, 0, 1280, 1024), "the game fills the second monitor");
    let _ = game.capture().unwrap();
    let stdout = won(&desk.gamebot(&["play", "flood", "--monitor", "1", "--calibration-dir", "/nonexistent"]));
    assert!(stdout.contains("monitor 1"), "{stdout}");
    let out = desk.gamebot(&["play", "flood", "--monitor", "5"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("no monitor 5") && stderr.contains("DESK-1"), "{stderr}");
}

/// sgt-flood (GTK) drawn at twice its size by `GDK_SCALE=2`: X11 input still counts root pixels,
/// so the bot plays it as any window, and wins.
#[test]
fn a_gtk_game_drawn_at_gdk_scale_2_is_won() {
    let mut desk = Desk::start(&["-screen", "0", "1600x1200x24"], &[]);
    let id = generate("sgt-flood", "8x8c6m0");
    let mut game = desk.open("sgt-flood", &[&id], &[("GDK_SCALE", "2")], "Flood");
    let (_, w, _) = game.geometry().unwrap();
    let board = board_area(&mut game);
    assert!(w > 400 && board.width > 400, "drawn at scale 2: window {w} wide, board {board:?}");
    won(&desk.gamebot(&["play", "flood", "--calibration-dir", "/nonexistent"]));
}
