//! Shared by the test binaries: `gamebot` run with no display, and for the live tests a virtual X display with a window manager, a real game opened on it,
//! and `gamebot` run against it as a user would run it.

#![allow(dead_code)]

#[cfg(target_os = "linux")]
pub mod capture;
pub mod cdp;
#[cfg(target_os = "linux")]
pub mod desktops;
#[cfg(target_os = "linux")]
pub mod faults;
#[cfg(target_os = "linux")]
pub mod file_server;
#[cfg(target_os = "linux")]
pub mod zoo;
#[cfg(target_os = "linux")]
pub mod zoo_ashish;
#[cfg(target_os = "linux")]
pub mod zoo_b21phiro;
#[cfg(target_os = "linux")]
pub mod zoo_fede;
#[cfg(target_os = "linux")]
pub mod zoo_hailey;
#[cfg(target_os = "linux")]
pub mod zoo_programs;
#[cfg(target_os = "linux")]
pub mod zoo_ripexz;
#[cfg(target_os = "linux")]
pub mod zoo_rwpz;
#[cfg(target_os = "linux")]
pub mod zoo_setko;
#[cfg(target_os = "linux")]
pub mod zoo_toke;
#[cfg(target_os = "linux")]
pub mod zoo_u469;

use std::process::{Command, Output};
use std::time::Duration;

use gamebot::frame::Frame;
use gamebot::profile::WindowMatch;
use gamebot::screen::capture_settled;
use gamebot::screen::x11::WindowScreen;
use gamebot::xsession::{Children, find_program, launch_game, start_virtual_display};

/// How long a wait for a program to come up gives it before the test gives up: not a timing goal
/// (that is for benchmarks), only a bound on a program that hung, patient with a busy machine.
pub const GIVE_UP: Duration = Duration::from_secs(180);

/// Waits until `probe` gives something, asking every `every`; panics naming `what` (and what
/// `explain` says then) only when a program has hung for `GIVE_UP`.
pub fn wait_until<T>(
    what: &str,
    every: Duration,
    mut probe: impl FnMut() -> Option<T>,
    explain: impl Fn() -> String,
) -> T {
    let started = std::time::Instant::now();
    loop {
        if let Some(found) = probe() {
            return found;
        }
        if started.elapsed() > GIVE_UP {
            panic!("{what} did not happen in {} s:\n{}", GIVE_UP.as_secs(), explain());
        }
        std::thread::sleep(every);
    }
}

/// A real game running on its own virtual display; everything stops when it is dropped.
pub struct LiveGame {
    pub display: String,
    pub screen: WindowScreen,
    _children: Children,
}

impl LiveGame {
    /// Starts Xvfb and jwm, then `program args...`, waits for its window and resizes it if asked.
    pub fn start(program: &str, args: &[&str], title: &str, resize: Option<(u32, u32)>) -> LiveGame {
        LiveGame::start_from(program, "sgt-puzzles", args, title, resize)
    }

    /// Like `start`, for a program of the Debian package `package`.
    pub fn start_from(
        program: &str,
        package: &str,
        args: &[&str],
        title: &str,
        resize: Option<(u32, u32)>,
    ) -> LiveGame {
        LiveGame::start_window(program, package, args, WindowMatch { title: title.into(), exact: true }, resize)
    }

    /// Like `start`, waiting for a window whose title contains `title` (a browser adds its own
    /// name to a page's title: "Game - Chromium").
    pub fn start_titled(program: &str, args: &[&str], title: &str) -> LiveGame {
        LiveGame::start_window(program, "sgt-puzzles", args, WindowMatch { title: title.into(), exact: false }, None)
    }

    fn start_window(
        program: &str,
        package: &str,
        args: &[&str],
        window: WindowMatch,
        resize: Option<(u32, u32)>,
    ) -> LiveGame {
        let mut children = Children::default();
        let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
        let path = find_program(program, package).unwrap_or_else(|e| panic!("{e} (apt-get install {package})"));
        let screen = launch_game(&path, args, &display, &window, &mut children).unwrap();
        if let Some((w, h)) = resize {
            screen.resize(w, h).unwrap();
            std::thread::sleep(Duration::from_millis(800));
        }
        let mut game = LiveGame { display, screen, _children: children };
        if let Some((w, _)) = resize {
            let frame = game.capture();
            assert!(frame.width().abs_diff(w) < 40, "the window was resized to {}x{}", frame.width(), frame.height());
        }
        game
    }

    /// Like `start_from`, with `env` added to the program's environment (through `env`, so nothing
    /// is set in this test process, whose other tests run side by side).
    pub fn start_with_env(
        program: &str,
        package: &str,
        env: &[(&str, String)],
        args: &[&str],
        title: &str,
    ) -> LiveGame {
        let path = find_program(program, package).unwrap_or_else(|e| panic!("{e} (apt-get install {package})"));
        let mut words: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        words.push(path.display().to_string());
        words.extend(args.iter().map(|a| a.to_string()));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        LiveGame::start_from("env", "coreutils", &words, title, None)
    }

    /// A capture once the window has held still.
    pub fn capture(&mut self) -> Frame {
        capture_settled(&mut self.screen, Duration::from_millis(50), 3, Duration::from_secs(5)).expect("capture").0
    }

    /// Runs `gamebot args...` against this display, printing its output.
    pub fn gamebot(&self, args: &[&str]) -> Output {
        gamebot_on(&self.display, args)
    }
}

/// The one place the tests start the binary: `gamebot args...` from the project's folder, on the X
/// display `display`, or with None on no display at all (as a user without one). Its standard
/// streams are Command's defaults: pipe them to watch a bot that runs on.
pub fn bot(args: &[&str], display: Option<&str>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamebot"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    match display {
        Some(display) => command.env("DISPLAY", display),
        None => command.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY"),
    };
    command
}

/// Runs `gamebot args...` against the X display `display`, printing its output.
pub fn gamebot_on(display: &str, args: &[&str]) -> Output {
    let out = bot(args, Some(display)).output().unwrap();
    println!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    out
}

/// A copy of the committed profile `config/<name>.toml` in a folder of its own, to play with as
/// `--config-dir`: play records a learned profile's confirmation in its file, never in the
/// project's own.
pub fn config_copy(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config").join(format!("{name}.toml"));
    std::fs::copy(&from, dir.path().join(format!("{name}.toml"))).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    dir
}

/// Runs `gamebot args...` from the project's folder with no display, as a user with none would.
pub fn gamebot(args: &[&str]) -> Output {
    bot(args, None).output().unwrap()
}

/// Generates one game ID with `<program> --generate 1 <params>`.
pub fn generate(program: &str, params: &str) -> String {
    let path = find_program(program, "sgt-puzzles").expect("the game (apt-get install sgt-puzzles)");
    gamebot::xsession::generate_id(&path, params).unwrap()
}

/// The files ending in `.ext` in `dir` (relative to the project), sorted by name.
pub fn files_in(dir: &str, ext: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    found.sort();
    found
}

/// The number after `key=` in gamebot's summary line (e.g. `lines=200`).
pub fn figure(stdout: &str, key: &str) -> f64 {
    stdout
        .split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{key}="))?.parse().ok())
        .unwrap_or_else(|| panic!("no {key}= in the summary:\n{stdout}"))
}
