//! Starting the programs a live game needs: an X server (Xvfb) with a window manager when there is no
//! display, and the game itself, waiting until its window is up. Used by `demo` and the live tests.
//!
//! Everything started here is stopped when the handle is dropped, so nothing is left running.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::screen::WindowMatch;
use crate::screen::x11::{Display, WindowScreen};

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("{program} is not installed; install it with: apt-get install {package}")]
    Missing { program: String, package: String },
    #[error("cannot start {program}: {source}")]
    Spawn { program: String, source: std::io::Error },
    #[error("{what} did not come up within {seconds} s")]
    Timeout { what: String, seconds: u64 },
    #[error("{program} failed: {detail}")]
    Failed { program: String, detail: String },
}

/// Finds a program on PATH or in /usr/games (where Debian puts games, often not on PATH).
pub fn find_program(name: &str, package: &str) -> Result<PathBuf, SessionError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games"), PathBuf::from("/usr/bin")])
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| SessionError::Missing { program: name.into(), package: package.into() })
}

/// Processes started for a session, stopped (in reverse order) when dropped.
#[derive(Default)]
pub struct Children(Vec<Child>);

impl Children {
    pub fn push(&mut self, child: Child) {
        self.0.push(child);
    }

    /// The process ids, in the order they were started.
    pub fn ids(&self) -> Vec<u32> {
        self.0.iter().map(Child::id).collect()
    }
}

impl Drop for Children {
    /// Asks each process to terminate (so Xvfb removes its lock and socket), then kills any
    /// that are still running a second later.
    fn drop(&mut self) {
        for child in self.0.iter_mut().rev() {
            let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).stderr(Stdio::null()).status();
            let deadline = Instant::now() + Duration::from_secs(1);
            while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn spawn(program: &PathBuf, args: &[&str], display: &str, env: &[(&str, &str)]) -> Result<Child, SessionError> {
    Command::new(program)
        .args(args)
        .env("DISPLAY", display)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|source| SessionError::Spawn { program: program.display().to_string(), source })
}

fn wait_for<T>(what: &str, seconds: u64, mut probe: impl FnMut() -> Option<T>) -> Result<T, SessionError> {
    let started = Instant::now();
    loop {
        if let Some(found) = probe() {
            return Ok(found);
        }
        if started.elapsed() > Duration::from_secs(seconds) {
            return Err(SessionError::Timeout { what: what.into(), seconds });
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// True when an X server answers on `display`.
pub fn display_works(display: &str) -> bool {
    x11rb::connect(Some(display)).is_ok()
}

/// The screen of `start_virtual_display`, in pixels.
pub const SCREEN_SIZE: (u32, u32) = (1280, 1024);

/// Starts Xvfb (`SCREEN_SIZE`, 24-bit) on a display number the server picks itself (so parallel
/// sessions never collide) and a window manager (jwm, else openbox) on it. Returns the display
/// name; the processes live as long as `children`.
pub fn start_virtual_display(children: &mut Children) -> Result<String, SessionError> {
    start_virtual_display_of(SCREEN_SIZE, children)
}

/// `start_virtual_display` with a screen of `(width, height)` pixels, for windows larger than the
/// default screen holds.
pub fn start_virtual_display_of(size: (u32, u32), children: &mut Children) -> Result<String, SessionError> {
    let screen = format!("{}x{}x24", size.0, size.1);
    let display = start_xvfb(children, &["-screen", "0", &screen])?;
    start_window_manager(children, &display)?;
    Ok(display)
}

/// Starts Xvfb with `screens` (its screen and extension arguments, e.g. `["-screen", "0",
/// "2560x1024x24"]`, or `["+xinerama", "-screen", "0", ..., "-screen", "1", ...]`) on a display
/// number the server picks itself, and waits until it answers. Returns the display name.
pub fn start_xvfb(children: &mut Children, screens: &[&str]) -> Result<String, SessionError> {
    let xvfb = find_program("Xvfb", "xvfb")?;
    let mut server = Command::new(&xvfb)
        .args(["-displayfd", "1", "-nolisten", "tcp"])
        .args(screens)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|source| SessionError::Spawn { program: xvfb.display().to_string(), source })?;
    let stdout = server.stdout.take();
    children.push(server);
    let mut line = String::new();
    if let Some(stdout) = stdout {
        use std::io::BufRead;
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
    }
    let number: u32 = line.trim().parse().map_err(|_| SessionError::Failed {
        program: "Xvfb".into(),
        detail: format!("it did not report a display number ({line:?})"),
    })?;
    let display = format!(":{number}");
    wait_for("the Xvfb display", 10, || display_works(&display).then_some(()))?;
    Ok(display)
}

/// Starts a window manager (jwm, else openbox) on `display` and waits until it announces itself.
pub fn start_window_manager(children: &mut Children, display: &str) -> Result<(), SessionError> {
    let wm = find_program("jwm", "jwm").or_else(|_| find_program("openbox", "openbox"))?;
    // A window manager started while the new server is still loading its keymap sometimes exits
    // at once; start it again until it announces itself.
    let mut manager = spawn(&wm, &[], display, &[])?;
    let result = wait_for("the window manager", 10, || {
        if wm_running(display) {
            return Some(());
        }
        if let Ok(Some(_)) = manager.try_wait() {
            std::thread::sleep(Duration::from_millis(200));
            manager = spawn(&wm, &[], display, &[]).ok()?;
        }
        None
    });
    children.push(manager);
    result
}

/// True when a window manager has announced itself on `display` (EWMH _NET_SUPPORTING_WM_CHECK).
fn wm_running(display: &str) -> bool {
    use x11rb::connection::Connection;
    use x11rb::protocol::xproto::{AtomEnum, ConnectionExt};
    let Ok((conn, screen)) = x11rb::connect(Some(display)) else { return false };
    let root = conn.setup().roots[screen].root;
    let Ok(Ok(atom)) = conn.intern_atom(false, b"_NET_SUPPORTING_WM_CHECK").map(|c| c.reply()) else { return false };
    conn.get_property(false, root, atom.atom, AtomEnum::WINDOW, 0, 1)
        .ok()
        .and_then(|c| c.reply().ok())
        .is_some_and(|r| !r.value.is_empty())
}

/// Starts a game program on `display` and waits for its window.
pub fn launch_game(
    program: &PathBuf,
    args: &[&str],
    display: &str,
    window: &WindowMatch,
    children: &mut Children,
) -> Result<WindowScreen, SessionError> {
    launch_game_with(program, args, &[], display, window, children)
}

/// Like `launch_game`, with extra environment variables for the game (e.g. `GDK_SCALE=2`).
pub fn launch_game_with(
    program: &PathBuf,
    args: &[&str],
    env: &[(&str, &str)],
    display: &str,
    window: &WindowMatch,
    children: &mut Children,
) -> Result<WindowScreen, SessionError> {
    children.push(spawn(program, args, display, env)?);
    let what = format!("the window \"{}\" of {}", window.title, program.display());
    wait_for(&what, 15, || Display::open_on(Some(display)).ok().and_then(|d| d.find(window).ok()))
}

/// Runs `sgt-flood --generate 1 <params>` and returns the game ID it prints.
pub fn generate_id(program: &PathBuf, params: &str) -> Result<String, SessionError> {
    let out = Command::new(program)
        .args(["--generate", "1", params])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|source| SessionError::Spawn { program: program.display().to_string(), source })?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().next().filter(|l| l.contains(':')).map(|l| l.trim().to_string()).ok_or_else(|| SessionError::Failed {
        program: program.display().to_string(),
        detail: format!("--generate printed {text:?}"),
    })
}
