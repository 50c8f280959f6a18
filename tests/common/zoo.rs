//! Running the zoo's programs (issue 26) as a person would, for the capture harness and the live
//! tests: each Flood-it or peg solitaire gamebot was not built on runs on its own virtual display,
//! and its own state (never gamebot's reader) says what the board is. Python programs run under an
//! embedded harness (`PYTHON_HARNESS`) that imports them and, every tenth of a second, writes the
//! program's state as TOML (`rows`, `moves`, `targets`: where to click, from the program's own
//! objects); each program's part is in `zoo_programs`. Browser programs are read through DevTools.
//! Moves are made as people make them: real X clicks through xdotool (move, rest, press, rest,
//! release), or DevTools mouse events in Chromium. None of the programs is in this repository:
//! each is found through its environment variable (GAMEBOT_BUTTONPAD_DIR, ...).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gamebot::frame::{Frame, Point};
use gamebot::screen::WindowMatch;
use gamebot::screen::capture_settled;
use gamebot::screen::x11::{Display, WindowScreen};
use gamebot::xsession::{Children, start_virtual_display};

/// Imports a Python program and keeps its state in a TOML file. The program's part is appended:
/// it defines `state()` (a dict of `rows`, `moves`, `targets`, ...) and then runs the program.
/// `on_main_thread(fn)` lets a Tk program's `state()` run in Tk's own thread instead.
pub const PYTHON_HARNESS: &str = r#"
import gc, json, os, random, sys, threading, time
random.seed(int(os.environ["ZOO_SEED"]))
os.chdir(os.environ["ZOO_DIR"])
sys.path.insert(0, os.environ["ZOO_DIR"])
OUT = os.environ["ZOO_STATE"]

def objects(name):
    return [o for o in gc.get_objects() if type(o).__name__ == name]

def write_state():
    try:
        s = state()
    except Exception as e:
        s = {"error": repr(e)}
    text = "".join("%s = %s\n" % (k, json.dumps(v)) for k, v in s.items())
    with open(OUT + ".tmp", "w") as f:
        f.write(text)
    os.replace(OUT + ".tmp", OUT)

def poll_in_thread():
    while True:
        time.sleep(0.1)
        write_state()

def on_main_thread(after):
    def tick():
        write_state()
        after(100, tick)
    after(100, tick)
"#;

/// The program's state as its harness or page reported it.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct State {
    /// One string per row, in the case format (`spec/CASES.md`).
    #[serde(default)]
    pub rows: Vec<String>,
    /// Moves made so far, as the program counts them.
    #[serde(default)]
    pub moves: i64,
    /// Where to click, in screen pixels (Tk) or window pixels (others); what each is, per program.
    #[serde(default)]
    pub targets: Vec<[f64; 2]>,
    /// A Minesweeper's mine layout (rows of `*` and `.`), where the program's part gives it.
    #[serde(default)]
    pub layout: Vec<String>,
    /// The program's own verdict where its part gives one ("playing", "won", "lost").
    #[serde(default)]
    pub verdict: String,
    /// Set when the program's `state()` failed.
    #[serde(default)]
    pub error: Option<String>,
}

/// A program running on its own display.
pub struct Session {
    pub display: String,
    pub screen: WindowScreen,
    state_file: PathBuf,
    _dir: tempfile::TempDir,
    _children: Children,
}

/// The directory a program was fetched to, from its environment variable.
pub fn program_dir(var: &str) -> PathBuf {
    let dir = PathBuf::from(std::env::var(var).unwrap_or_else(|_| panic!("{var} is not set")));
    assert!(dir.is_dir(), "{var}={} is not a directory", dir.display());
    dir
}

/// The Python to run the zoo's Python programs with (they need tkinter, pygame-ce, pymsgbox).
pub fn python() -> String {
    std::env::var("GAMEBOT_ZOO_PYTHON").unwrap_or_else(|_| "python3".into())
}

impl Session {
    /// Starts Xvfb + jwm and `python -c HARNESS+program` in `dir` with `seed`, and waits for the
    /// window titled `title`.
    pub fn python(dir: &Path, program: &str, seed: u64, title: &str, extra_env: &[(&str, &str)]) -> Session {
        let mut children = Children::default();
        let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
        let work = tempfile::tempdir().unwrap();
        let state_file = work.path().join("state.toml");
        let mut command = Command::new(python());
        command
            .arg("-c")
            .arg(format!("{PYTHON_HARNESS}\n{program}"))
            .env("DISPLAY", &display)
            .env("ZOO_SEED", seed.to_string())
            .env("ZOO_DIR", dir)
            .env("ZOO_STATE", &state_file)
            .env("SDL_AUDIODRIVER", "dummy")
            .env("HOME", work.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(work.path().join("stderr")).unwrap());
        for (k, v) in extra_env {
            command.env(k, v);
        }
        children.push(command.spawn().expect("the zoo's Python (GAMEBOT_ZOO_PYTHON)"));
        let screen = wait_for_window(&display, title, &work.path().join("stderr"));
        Session { display, screen, state_file, _dir: work, _children: children }
    }

    /// Starts Xvfb + jwm and Chromium as an app window on `url`, `size` "W,H", with DevTools on
    /// two named pipes (see `tests/common/cdp.rs`).
    pub fn chromium(url: &str, size: (u32, u32), title: &str) -> (Session, crate::common::cdp::Cdp) {
        Session::chromium_with(url, size, title, &[])
    }

    /// As `chromium`, with more of Chromium's options (e.g. `--force-device-scale-factor=1.25`,
    /// a page drawn as at 125% zoom).
    pub fn chromium_with(
        url: &str,
        size: (u32, u32),
        title: &str,
        extra: &[&str],
    ) -> (Session, crate::common::cdp::Cdp) {
        let mut children = Children::default();
        let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
        let work = tempfile::tempdir().unwrap();
        for pipe in ["in", "out"] {
            assert!(Command::new("mkfifo").arg(work.path().join(pipe)).status().unwrap().success());
        }
        let d = work.path().display();
        let command = format!(
            "exec chromium --no-sandbox --test-type --no-first-run --disable-gpu --window-size={},{} --window-position=0,0 \
             --user-data-dir={d}/profile --remote-debugging-pipe {} --app={url} 3<>{d}/in 4<>{d}/out",
            size.0,
            size.1,
            extra.join(" ")
        );
        let child = Command::new("bash")
            .args(["-c", &command])
            .env("DISPLAY", &display)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium");
        children.push(child);
        let cdp = crate::common::cdp::Cdp::open(work.path());
        let screen = wait_for_window(&display, title, &work.path().join("none"));
        let state_file = work.path().join("state.toml");
        (Session { display, screen, state_file, _dir: work, _children: children }, cdp)
    }

    /// The program's latest state, if it has written one.
    pub fn state_now(&self) -> Option<State> {
        toml::from_str(&std::fs::read_to_string(&self.state_file).ok()?).ok()
    }

    /// The program's latest state once `ready` holds for it (waits up to 10 s).
    pub fn state_when(&self, ready: impl Fn(&State) -> bool) -> State {
        crate::common::wait_until(
            "the program's state getting ready",
            Duration::from_millis(100),
            || {
                let text = std::fs::read_to_string(&self.state_file).unwrap_or_default();
                let state = toml::from_str::<State>(&text).ok()?;
                assert!(state.error.is_none(), "the program's state: {:?}", state.error);
                ready(&state).then_some(state)
            },
            || {
                let text = std::fs::read_to_string(&self.state_file).unwrap_or_default();
                let log = std::fs::read_to_string(self._dir.path().join("stderr")).unwrap_or_default();
                format!("{text}\n{log}")
            },
        )
    }

    /// Resizes the window and waits for the window manager to do it.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.screen.resize(width, height).unwrap();
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(5) {
            let (_, w, h) = self.screen.geometry().unwrap();
            if (w as u32, h as u32) == (width, height) {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        std::thread::sleep(Duration::from_millis(700));
    }

    /// The window once it has held still (five equal captures 80 ms apart), with the pointer
    /// moved off it first (nothing shows a hover).
    pub fn capture(&mut self) -> Frame {
        self.xdotool(&["mousemove", "--sync", "1279", "1023"]);
        let (frame, settled) = capture_settled(&mut self.screen, Duration::from_millis(80), 5, super::GIVE_UP).unwrap();
        assert!(settled, "the window did not hold still");
        frame
    }

    /// The window's top-left corner on the screen.
    pub fn origin(&self) -> Point {
        self.screen.geometry().unwrap().0
    }

    /// A person's click at a screen point: move there, rest, press, rest, release.
    pub fn click_screen(&self, x: f64, y: f64) {
        let (x, y) = (x.round().to_string(), y.round().to_string());
        self.xdotool(&["mousemove", "--sync", &x, &y]);
        std::thread::sleep(Duration::from_millis(60));
        self.xdotool(&["mousedown", "1"]);
        std::thread::sleep(Duration::from_millis(60));
        self.xdotool(&["mouseup", "1"]);
        std::thread::sleep(Duration::from_millis(150));
    }

    /// The pointer moved to a screen point and left there, as a person's hand after a click.
    pub fn point_at(&self, x: f64, y: f64) {
        let (x, y) = (x.round().to_string(), y.round().to_string());
        self.xdotool(&["mousemove", "--sync", &x, &y]);
        std::thread::sleep(Duration::from_millis(300));
    }

    /// A click at a point of the window.
    pub fn click_window(&self, x: f64, y: f64) {
        let o = self.origin();
        self.click_screen(x + o.x as f64, y + o.y as f64);
    }

    /// Presses a key (xdotool's name for it) with the window focused.
    pub fn key(&self, key: &str) {
        self.xdotool(&["key", key]);
        std::thread::sleep(Duration::from_millis(200));
    }

    fn xdotool(&self, args: &[&str]) {
        let ok = Command::new("xdotool").args(args).env("DISPLAY", &self.display).status();
        assert!(ok.is_ok_and(|s| s.success()), "xdotool {args:?} failed (apt-get install xdotool)");
    }
}

fn wait_for_window(display: &str, title: &str, log: &Path) -> WindowScreen {
    let wanted = WindowMatch { title: title.into(), exact: true };
    let screen = crate::common::wait_until(
        &format!("a window \"{title}\" coming up"),
        Duration::from_millis(100),
        || Display::open_on(Some(display)).ok().and_then(|d| d.find(&wanted).ok()),
        || std::fs::read_to_string(log).unwrap_or_default(),
    );
    std::thread::sleep(Duration::from_millis(500));
    screen
}

/// A Flood-it move worth making: the colour of the first cell outside the flood's colour, reading
/// row by row (a person's obvious choice).
pub fn next_colour(rows: &[String]) -> usize {
    let first = rows[0].as_bytes()[0];
    let other = rows.iter().flat_map(|r| r.bytes()).find(|&c| c != first).expect("the board is not flooded yet");
    (other - b'0') as usize
}

/// The first legal jump in reading order (peg, then direction up, left, right, down).
pub fn first_jump(rows: &[String]) -> ((usize, usize), (usize, usize)) {
    legal_jump(rows).expect("no legal jump left")
}

/// The first legal jump along a row or column in reading order, if any is left.
pub fn legal_jump(rows: &[String]) -> Option<((usize, usize), (usize, usize))> {
    let at = |r: i64, c: i64| -> u8 {
        if r < 0 || c < 0 {
            return b'#';
        }
        rows.get(r as usize).and_then(|row| row.as_bytes().get(c as usize)).copied().unwrap_or(b'#')
    };
    for (r, row) in rows.iter().enumerate() {
        for c in 0..row.len() {
            let (r, c) = (r as i64, c as i64);
            for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                if at(r, c) == b'o' && at(r + dr, c + dc) == b'o' && at(r + 2 * dr, c + 2 * dc) == b'.' {
                    return Some(((r as usize, c as usize), ((r + 2 * dr) as usize, (c + 2 * dc) as usize)));
                }
            }
        }
    }
    None
}

/// Applies one peg-solitaire jump to rows of `o` / `.` / `#`, checking it is legal.
pub fn jump(rows: &mut [String], from: (usize, usize), to: (usize, usize)) {
    let mid = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
    let mut grid: Vec<Vec<u8>> = rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    assert_eq!(
        (grid[from.0][from.1], grid[mid.0][mid.1], grid[to.0][to.1]),
        (b'o', b'o', b'.'),
        "jump {from:?}>{to:?}"
    );
    grid[from.0][from.1] = b'.';
    grid[mid.0][mid.1] = b'.';
    grid[to.0][to.1] = b'o';
    for (row, g) in rows.iter_mut().zip(grid) {
        *row = String::from_utf8(g).unwrap();
    }
}

/// A Minesweeper's layout (rows of `*` for a mine, `.` for none): the cell nearest the board's
/// centre that it makes a 0 (no mine on it or beside it), for a first click that opens an area.
pub fn a_zero(layout: &[String]) -> (usize, usize) {
    let (h, w) = (layout.len(), layout[0].len());
    let mine = |r: usize, c: usize| layout[r].as_bytes()[c] == b'*';
    let zero = |r: usize, c: usize| {
        (r.saturating_sub(1)..(r + 2).min(h)).all(|rr| (c.saturating_sub(1)..(c + 2).min(w)).all(|cc| !mine(rr, cc)))
    };
    let mut cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    cells.sort_by_key(|&(r, c)| (r as i64 - h as i64 / 2).abs() + (c as i64 - w as i64 / 2).abs());
    cells.into_iter().find(|&(r, c)| zero(r, c)).expect("a 0 on the board")
}
