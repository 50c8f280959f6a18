//! Issue 29, the guard's view of other windows, live under Xvfb and jwm. A game window closed
//! (killed, destroyed, quit from its own keyboard) and a new game opened where it was: the new game
//! is played and won, never refused because of the closed one, also while the window manager is too
//! busy to take the closed window's frame down at once (jwm stopped for a moment). A window over
//! the game is named as a user knows it (a panel of jwm; an untitled window by its program), never
//! by a bare window id, and told for the game's own (a dialog transient for it, a window of its
//! process) or another program's. Needs xvfb, jwm, sgt-puzzles and xdotool; Linux only.
#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};
use std::time::Duration;

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt as _, CreateWindowAux, PropMode, WindowClass};
use x11rb::wrapper::ConnectionExt as _;

use crate::common::desktops::Desk;
use crate::common::generate;

/// The bot won, and no message named a bare window id or a cover.
#[track_caller]
fn won(out: &std::process::Output) {
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!stderr.contains("covers"), "refused because of another window: {stderr}");
    assert!(out.status.success() && stdout.lines().any(|l| l.starts_with("won:")), "{stdout}{stderr}");
}

/// The bot stopped because `by` covers the game; the message names no bare window id.
#[track_caller]
fn covered_by(out: &std::process::Output, by: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains(&format!("another window, {by}, covers the game window")), "expected {by:?}: {stderr}");
    assert!(!stderr.contains("0x"), "a bare window id: {stderr}");
}

const PLAY: [&str; 4] = ["play", "flood", "--calibration-dir", "/nonexistent"];

#[test]
fn a_new_game_opened_where_a_closed_one_was_is_played() {
    let mut desk = Desk::start(&["-screen", "0", "1280x1024x24"], &[]);
    for close in [["windowkill"], ["windowclose"], ["key"]] {
        let id = generate("sgt-flood", "6x6c6m0");
        desk.open("sgt-flood", &[&id], &[], "Flood");
        let window = desk.window_id("Flood");
        desk.move_window(&window, 200, 150);
        match close[0] {
            "key" => drop(desk.xdotool(&["windowactivate", "--sync", &window, "key", "q"])),
            how => drop(desk.xdotool(&[how, &window])),
        }
        let id = generate("sgt-flood", "6x6c6m0");
        desk.open("sgt-flood", &[&id], &[], "Flood");
        desk.move_window(&desk.window_id("Flood"), 200, 150);
        println!("after {}:", close[0]);
        won(&desk.gamebot(&PLAY));
        desk.xdotool(&["windowkill", &desk.window_id("Flood")]);
    }
}

/// The closed window's frame lingers over the new game while jwm is stopped (a window manager too
/// busy to take it down); the bot waits for it rather than refusing, and wins once jwm goes on.
#[test]
fn an_empty_frame_left_by_a_closed_window_is_waited_for() {
    let mut desk = Desk::start(&["-screen", "0", "1280x1024x24"], &[]);
    let id = generate("sgt-flood", "6x6c6m0");
    desk.open("sgt-flood", &[&id], &[], "Flood");
    desk.move_window(&desk.window_id("Flood"), 100, 100);
    desk.open("sgt-pegs", &["7x7cross"], &[], "Pegs");
    let pegs = desk.window_id("Pegs");
    desk.move_window(&pegs, 140, 140);
    let manager = desk.window_manager().to_string();
    let signal = |which: &str| assert!(Command::new("kill").args([which, &manager]).status().unwrap().success());
    signal("-STOP");
    desk.xdotool(&["windowkill", &pegs]);
    let bot =
        crate::common::bot(&PLAY, Some(&desk.display)).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    signal("-CONT");
    let out = bot.wait_with_output().unwrap();
    println!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    won(&out);
}

#[test]
fn what_covers_the_game_is_named_by_its_kind_and_program() {
    let mut desk = Desk::start(&["-screen", "0", "1280x1024x24"], &[]);
    let id = generate("sgt-flood", "6x6c6m0");
    let game = desk.open("sgt-flood", &[&id], &[], "Flood");
    let window = desk.window_id("Flood");
    // Its bottom under jwm's panel (the bottom 25 rows of the screen): asked what covers a point
    // there, the display names the panel by its kind and program.
    desk.move_window(&window, 300, 600);
    let (at, w, h) = game.geometry().unwrap();
    desk.move_window(&window, 300, 1024 - i32::from(h));
    let display = gamebot::screen::x11::Display::open_on(Some(&desk.display)).unwrap();
    let id: u32 = window.parse().unwrap();
    let bottom = gamebot::frame::Point::new(at.x + i32::from(w) / 2, 1020);
    assert_eq!(display.covering(id, &[bottom]), Some(Some(("the panel of jwm".to_string(), false))));
    assert_eq!(display.covering(id, &[gamebot::frame::Point::new(bottom.x, 990)]), Some(None));
    // An untitled window of this test's own program over the whole game.
    desk.move_window(&window, 300, 200);
    let (at, w, h) = game.geometry().unwrap();
    let (conn, screen) = x11rb::connect(Some(&desk.display)).unwrap();
    let root = conn.setup().roots[screen].root;
    let cover = conn.generate_id().unwrap();
    let aux = CreateWindowAux::new().override_redirect(1).background_pixel(0x00336699);
    conn.create_window(0, cover, root, at.x as i16, at.y as i16, w, h, 0, WindowClass::INPUT_OUTPUT, 0, &aux).unwrap();
    conn.map_window(cover).unwrap();
    conn.get_input_focus().unwrap().reply().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let me = std::fs::read_to_string("/proc/self/comm").unwrap();
    covered_by(&desk.gamebot(&PLAY), &format!("an untitled window of {}", me.trim()));
    let middle = [gamebot::frame::Point::new(at.x + i32::from(w) / 2, at.y + i32::from(h) / 2)];
    assert!(matches!(display.covering(id, &middle), Some(Some((_, false)))), "another program's window");
    // The same window declaring itself the game's dialog (transient for it): the game's own.
    let (transient, window_kind) = (AtomEnum::WM_TRANSIENT_FOR, AtomEnum::WINDOW);
    conn.change_property32(PropMode::REPLACE, cover, transient, window_kind, &[id]).unwrap();
    conn.get_input_focus().unwrap().reply().unwrap();
    assert!(matches!(display.covering(id, &middle), Some(Some((_, true)))), "a dialog of the game's");
    conn.delete_property(cover, u32::from(transient)).unwrap();
    conn.get_input_focus().unwrap().reply().unwrap();
    assert!(matches!(display.covering(id, &middle), Some(Some((_, false)))), "no longer the game's");
    // A titled window that says it was made by the game's process (`_NET_WM_PID`): the game's own.
    let pid: u32 = desk.xdotool(&["getwindowpid", &window]).trim().parse().unwrap();
    let net_wm_pid = conn.intern_atom(false, b"_NET_WM_PID").unwrap().reply().unwrap().atom;
    conn.change_property32(PropMode::REPLACE, cover, net_wm_pid, AtomEnum::CARDINAL, &[pid]).unwrap();
    conn.change_property8(PropMode::REPLACE, cover, AtomEnum::WM_NAME, AtomEnum::STRING, b"Solved").unwrap();
    conn.get_input_focus().unwrap().reply().unwrap();
    assert_eq!(display.covering(id, &middle), Some(Some(("\"Solved\"".to_string(), true))));
}
