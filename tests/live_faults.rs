//! Faults during live play of the real sgt-flood under Xvfb, play slowed by the profile's
//! `[timing] after_action_ms` (400 ms) so each fault lands mid-game: the window moved or resized (the bot
//! finds it again and plays on to the win), covered by another window, minimised or closed, the
//! mouse moved by the user (the bot stops within 1 s with a message naming it and a non-zero
//! exit). Each test puts a "trap" window of its own where stray clicks would land and asserts it
//! received no button or key event. Needs xvfb, jwm, sgt-puzzles and xdotool; Linux only.
#![cfg(target_os = "linux")]

mod common;

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{ConnectionExt, CreateWindowAux, EventMask, PropMode, WindowClass};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

/// A plain window of our own that counts the clicks and keys it receives.
struct Trap {
    conn: RustConnection,
    window: u32,
    display: String,
}

impl Trap {
    /// Opens the trap on `display` at (x, y), `width`x`height`, on top of everything.
    fn open(display: &str, (x, y): (i32, i32), (width, height): (u16, u16)) -> Trap {
        let (conn, screen) = x11rb::connect(Some(display)).unwrap();
        let root = conn.setup().roots[screen].root;
        let window = conn.generate_id().unwrap();
        let events =
            EventMask::BUTTON_PRESS | EventMask::BUTTON_RELEASE | EventMask::KEY_PRESS | EventMask::KEY_RELEASE;
        let aux = CreateWindowAux::new().background_pixel(0x00ff00ff).event_mask(events);
        conn.create_window(0, window, root, x as i16, y as i16, width, height, 0, WindowClass::INPUT_OUTPUT, 0, &aux)
            .unwrap();
        conn.change_property8(
            PropMode::REPLACE,
            window,
            x11rb::protocol::xproto::AtomEnum::WM_NAME,
            x11rb::protocol::xproto::AtomEnum::STRING,
            b"trap",
        )
        .unwrap();
        conn.map_window(window).unwrap();
        conn.flush().unwrap();
        let trap = Trap { conn, window, display: display.into() };
        std::thread::sleep(Duration::from_millis(100));
        // The window manager places new windows itself: put it exactly where asked, on top.
        let id = window.to_string();
        xdotool(&trap.display, &["windowmove", "--sync", &id, &x.to_string(), &y.to_string()]);
        xdotool(&trap.display, &["windowraise", &id]);
        trap
    }

    /// Button and key events the trap has received so far.
    fn hits(&self) -> usize {
        let mut hits = 0;
        while let Ok(Some(event)) = self.conn.poll_for_event() {
            if matches!(
                event,
                Event::ButtonPress(_) | Event::ButtonRelease(_) | Event::KeyPress(_) | Event::KeyRelease(_)
            ) {
                hits += 1;
            }
        }
        let _ = self.window;
        hits
    }
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out =
        Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("xdotool (apt-get install xdotool)");
    assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A live sgt-flood game on its own display and the bot playing it, slowed to `pause_ms` a move.
struct Session {
    game: common::LiveGame,
    bot: Child,
    window: String,
    _dir: tempfile::TempDir,
}

impl Session {
    fn start(pause_ms: u64) -> Session {
        let id = common::generate("sgt-flood", "12x12c6m5");
        let game = common::LiveGame::start("sgt-flood", &[&id], "Flood", None);
        let dir = tempfile::tempdir().unwrap();
        let profile = dir.path().join("slow-flood.toml");
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/sgt-flood.toml"))
            .unwrap()
            .replace("after_action_ms = 0", &format!("after_action_ms = {pause_ms}"));
        std::fs::write(&profile, text).unwrap();
        let window = xdotool(&game.display, &["search", "--name", "^Flood$"]).lines().next().unwrap().to_string();
        let bot = Command::new(env!("CARGO_BIN_EXE_gamebot"))
            .args(["play", "flood", "--profile", profile.to_str().unwrap(), "--calibration-dir", "/nonexistent"])
            .env("DISPLAY", &game.display)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // A few moves first.
        std::thread::sleep(Duration::from_millis(2500));
        Session { game, bot, window, _dir: dir }
    }

    /// The game window's (x, y, width, height) on the screen.
    fn geometry(&self) -> (i32, i32, u16, u16) {
        let (at, w, h) = self.game.screen.geometry().unwrap();
        (at.x, at.y, w, h)
    }

    fn xdotool(&self, args: &[&str]) {
        xdotool(&self.game.display, args);
    }

    /// Waits for the bot to end (at most `limit`): (exited 0, stdout, stderr, time taken).
    fn finish(mut self, limit: Duration) -> (bool, String, String, Duration) {
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.bot.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > limit {
                let _ = self.bot.kill();
                break self.bot.wait().unwrap();
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = started.elapsed();
        let (mut out, mut err) = (String::new(), String::new());
        self.bot.stdout.take().unwrap().read_to_string(&mut out).unwrap();
        self.bot.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        println!("{out}{err}");
        (status.success(), out, err, took)
    }
}

/// The fault must stop the bot within 1 s, naming `what`, with a non-zero exit.
#[track_caller]
fn stops_naming(result: (bool, String, String, Duration), what: &str) {
    let (success, out, err, took) = result;
    println!("stopped {} ms after the fault ({what})", took.as_millis());
    assert!(!success, "the bot must stop unsuccessfully: {out}{err}");
    assert!(err.lines().any(|l| l.starts_with("error") && l.contains(what)), "expected {what:?}: {err}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "it played before the fault: {out}");
    assert!(took < Duration::from_secs(1), "it stopped {took:?} after the fault");
}

#[test]
fn a_moved_window_is_found_again_and_no_click_lands_where_it_was() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    session.xdotool(&["windowmove", &session.window, &(x + 500).to_string(), &(y + 60).to_string()]);
    let trap = Trap::open(&session.game.display, (x, y), (w.min(480), h));
    std::thread::sleep(Duration::from_millis(300));
    let (nx, ny, _, _) = session.geometry();
    assert_ne!((nx, ny), (x, y), "the window moved");
    let (success, out, err, _) = session.finish(Duration::from_secs(60));
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
    let (success, out, err, _) = session.finish(Duration::from_secs(60));
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
    let mut result = session.finish(Duration::from_secs(10));
    result.3 = fault.elapsed();
    assert_eq!(trap.hits(), 0, "a click or key reached the covering window");
    stops_naming(result, "covers the game window");
}

#[test]
fn a_minimised_window_stops_the_bot() {
    let session = Session::start(400);
    let (x, y, w, h) = session.geometry();
    let fault = Instant::now();
    session.xdotool(&["windowminimize", &session.window]);
    let trap = Trap::open(&session.game.display, (x, y), (w, h));
    let mut result = session.finish(Duration::from_secs(10));
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
    let mut result = session.finish(Duration::from_secs(10));
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
    let mut result = session.finish(Duration::from_secs(10));
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
    let (success, out, err, _) = session.finish(Duration::from_secs(60));
    assert_eq!(trap.hits(), 0, "a click or key reached the trap");
    assert!(success, "the bot plays the new board to the win: {out}{err}");
    assert!(out.contains("re-planning") || out.contains("reading the board again"), "{out}");
}
