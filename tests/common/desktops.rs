//! Desktops of several monitors under Xvfb, for the live tests of issue 29: an Xvfb screen cut into
//! RandR 1.5 monitors (`xrandr --setmonitor`, made here through x11rb), or a Xinerama server of
//! several screens, with jwm on top; games opened on it (with extra environment, e.g.
//! `GDK_SCALE=2`), moved with xdotool, and `gamebot` run against it as a user would.
//! Linux only.

use std::process::Output;

use gamebot::profile::WindowMatch;
use gamebot::screen::x11::WindowScreen;
use gamebot::xsession::{Children, find_program, launch_game_with, start_window_manager, start_xvfb};
use x11rb::connection::Connection;
use x11rb::protocol::randr::{ConnectionExt as _, MonitorInfo};
use x11rb::protocol::xproto::ConnectionExt as _;

/// A virtual desktop with jwm; everything stops when it is dropped.
pub struct Desk {
    pub display: String,
    children: Children,
}

impl Desk {
    /// Xvfb with `screens` (its screen arguments), cut into RandR `monitors` (x, y, width,
    /// height) when any are given (the first takes the screen's output, so the output's own
    /// monitor gives way), then jwm.
    pub fn start(screens: &[&str], monitors: &[(i16, i16, u16, u16)]) -> Desk {
        let mut children = Children::default();
        // -noreset: the monitors are made by a client that leaves before the next one comes.
        let args: Vec<&str> = ["-noreset"].iter().chain(screens).copied().collect();
        let display = start_xvfb(&mut children, &args).expect("Xvfb (apt-get install xvfb)");
        if !monitors.is_empty() {
            set_monitors(&display, monitors);
        }
        start_window_manager(&mut children, &display).expect("a window manager (apt-get install jwm)");
        Desk { display, children }
    }

    /// The window manager's process id.
    pub fn window_manager(&self) -> u32 {
        self.children.ids()[1]
    }

    /// Opens `program args...` (of sgt-puzzles) with `env`, and waits for its window `title`.
    pub fn open(&mut self, program: &str, args: &[&str], env: &[(&str, &str)], title: &str) -> WindowScreen {
        let path = find_program(program, "sgt-puzzles").expect("the game (apt-get install sgt-puzzles)");
        let window = WindowMatch { title: title.into(), exact: true };
        launch_game_with(&path, args, env, &self.display, &window, &mut self.children).unwrap()
    }

    /// `xdotool args...` on this display; its output.
    pub fn xdotool(&self, args: &[&str]) -> String {
        super::faults::xdotool(&self.display, args)
    }

    /// The X id of the topmost window titled exactly `title`, for xdotool.
    pub fn window_id(&self, title: &str) -> String {
        let found = self.xdotool(&["search", "--name", &format!("^{title}$")]);
        found.lines().last().unwrap_or_else(|| panic!("no window {title}")).to_string()
    }

    /// Moves window `id` so its client area's top-left is at (x, y), and waits for it.
    pub fn move_window(&self, id: &str, x: i32, y: i32) {
        self.xdotool(&["windowmove", "--sync", id, &x.to_string(), &y.to_string()]);
        std::thread::sleep(std::time::Duration::from_millis(300));
    }

    /// Asks the window manager to make window `id` full screen (EWMH `_NET_WM_STATE_FULLSCREEN`).
    pub fn fullscreen(&self, id: &str) {
        use x11rb::protocol::xproto::{ClientMessageEvent, EventMask};
        let (conn, screen) = x11rb::connect(Some(&self.display)).unwrap();
        let root = conn.setup().roots[screen].root;
        let atom = |name: &str| conn.intern_atom(false, name.as_bytes()).unwrap().reply().unwrap().atom;
        let (state, full) = (atom("_NET_WM_STATE"), atom("_NET_WM_STATE_FULLSCREEN"));
        let window: u32 = id.parse().unwrap();
        let event = ClientMessageEvent::new(32, window, state, [1, full, 0, 1, 0]);
        let mask = EventMask::SUBSTRUCTURE_REDIRECT | EventMask::SUBSTRUCTURE_NOTIFY;
        conn.send_event(false, root, mask, event).unwrap();
        conn.get_input_focus().unwrap().reply().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(800));
    }

    /// Runs `gamebot args...` against this display, printing its output.
    pub fn gamebot(&self, args: &[&str]) -> Output {
        super::gamebot_on(&self.display, args)
    }
}

/// Cuts the screen of `display` into RandR monitors named DESK-0, DESK-1, ...
fn set_monitors(display: &str, monitors: &[(i16, i16, u16, u16)]) {
    let (conn, screen) = x11rb::connect(Some(display)).unwrap();
    let root = conn.setup().roots[screen].root;
    conn.randr_query_version(1, 5).unwrap().reply().unwrap();
    let resources = conn.randr_get_screen_resources(root).unwrap().reply().unwrap();
    for (i, &(x, y, width, height)) in monitors.iter().enumerate() {
        let name = conn.intern_atom(false, format!("DESK-{i}").as_bytes()).unwrap().reply().unwrap().atom;
        let outputs = if i == 0 { resources.outputs.first().copied().into_iter().collect() } else { Vec::new() };
        let info = MonitorInfo {
            name,
            primary: i == 0,
            automatic: false,
            x,
            y,
            width,
            height,
            width_in_millimeters: u32::from(width) / 4,
            height_in_millimeters: u32::from(height) / 4,
            outputs,
        };
        conn.randr_set_monitor(root, info).unwrap().check().unwrap_or_else(|e| panic!("RandR set monitor {i}: {e:?}"));
    }
    conn.get_input_focus().unwrap().reply().unwrap();
}
