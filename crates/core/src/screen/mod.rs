//! Screens: where frames come from. A live window found by its title (xcap, on every platform), a
//! whole monitor, or PNG files. `desktop` holds the monitors and the units input takes; `native`
//! what each platform's window system tells beyond xcap (on Linux through `x11`, which also drives
//! windows for the tests).
//!
//! The rest of gamebot sees only `Frame`s, so live play and replay share every line of reading code.

pub mod desktop;
pub mod monitor;
mod native;
mod png;
#[cfg(windows)]
mod win32_window;
pub mod window;
mod window_screen;

/// One top-level window as the platform lists it: xcap's; on Windows the system's own list
/// (`win32_window`), which xcap's leaves windows out of where there is no compositor (Wine).
#[cfg(not(windows))]
pub(crate) type SysWindow = xcap::Window;
#[cfg(windows)]
pub(crate) type SysWindow = win32_window::Win32Window;
#[cfg(target_os = "linux")]
pub mod x11;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::frame::Frame;
pub use png::{Decoded, MAX_PIXELS, decode_png, load_png};

#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    #[error("{path}: cannot read the file: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: not a readable PNG image: {reason}")]
    Decode { path: PathBuf, reason: String },
    #[error("{path}: the image is empty (0 pixels)")]
    Empty { path: PathBuf },
    #[error("cannot connect to the X display ({0}); is DISPLAY set and an X server running?")]
    NoDisplay(String),
    #[error("no window titled \"{title}\" is open{}", if .others.is_empty() { String::new() } else { format!("; open windows: {}", .others.join(", ")) })]
    WindowNotFound { title: String, others: Vec<String> },
    #[error("the X server failed: {0}")]
    X11(String),
    #[error("the game window is gone (closed or unmapped)")]
    WindowGone,
    #[error("the game window is minimised: restore it and run again")]
    Minimised,
    #[error("the game window moved or changed size since it was last seen")]
    Moved,
    #[error("stopped: another window, {by}, covers the game window where the bot would act; uncover it and run again")]
    /// `by_the_game`: the covering window is the game's own (a dialog it opened: the same
    /// program, or a window it declares itself transient for), not another program's.
    Covered { by: String, by_the_game: bool },
    #[error(
        "stopped: the game window is not fully on the screen ({detail}) and the bot would need that part; move the window onto the screen and run again"
    )]
    OffScreen { detail: String },
    #[error("cannot capture the game window: {0}")]
    Capture(String),
    #[error("there is no monitor {index}: {} monitors found (the first is 0){}", .monitors.len(), if .monitors.is_empty() { String::new() } else { format!(": {}", .monitors.join("; ")) })]
    NoMonitor { index: usize, monitors: Vec<String> },
}

/// A source of frames.
pub trait Screen {
    fn capture(&mut self) -> Result<Frame, ScreenError>;
    /// A short description for messages ("window \"Flood\" 480x542 at (4, 27)").
    fn describe(&self) -> String;
    /// The title of another window that has the keyboard focus, if one clearly does: key presses
    /// would go there, not to the game. None when the game has it or it cannot be told.
    fn focus_elsewhere(&self) -> Option<String> {
        None
    }
    /// Checks, just before an input, that `frame` (the latest capture) still shows where the
    /// window is and that nothing covers it at `points` (screen coordinates): an error says what
    /// changed (`Moved`, `Covered`, `Minimised`, `WindowGone`). Screens that cannot change say Ok.
    fn check_target(&self, _frame: &Frame, _points: &[crate::frame::Point]) -> Result<(), ScreenError> {
        Ok(())
    }
    /// Checks, just before a key, that the window is still open and shown (`WindowGone`,
    /// `Minimised`). Screens that cannot change say Ok.
    fn check_open(&self) -> Result<(), ScreenError> {
        Ok(())
    }
    /// The platform's id of the live window (the X window on Linux, the HWND on Windows), which a
    /// live input device asks about in the instant of a press; None for screens that are no window.
    fn window_id(&self) -> Option<u32> {
        None
    }
}

/// Which window to play in.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WindowMatch {
    /// The window's title, or a part of it.
    pub title: String,
    /// True: the title must be exactly `title`; false (the default): it must contain `title`, as a
    /// browser tab's window does ("Game - Chromium") or an editor's ("notes.txt - Game").
    #[serde(default)]
    pub exact: bool,
}

impl WindowMatch {
    /// True when a window titled `title` is one this names.
    pub fn matches(&self, title: &str) -> bool {
        if self.exact { title == self.title } else { title.contains(&self.title) }
    }
}

/// How long to wait for a game to react and draw.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Timing {
    /// Pause between two captures while waiting for the screen to settle.
    pub poll_ms: u64,
    /// Identical consecutive captures needed to call the screen settled.
    pub stable_frames: u32,
    /// Give up waiting for the screen to settle after this long.
    pub settle_timeout_ms: u64,
    /// Extra pause after each action, for games that need it (tests also use it to slow play).
    pub after_action_ms: u64,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing { poll_ms: 30, stable_frames: 2, settle_timeout_ms: 3000, after_action_ms: 0 }
    }
}

/// Opens the live window `wanted` (on Linux, on `$DISPLAY`); `hint` says what to do when it is
/// not there.
pub fn open_window(wanted: &WindowMatch, hint: &str) -> anyhow::Result<window::LiveWindow> {
    use anyhow::Context as _;
    // A window that has just opened reaches the window manager's list a moment after it is drawn:
    // look again for a little while before saying it is not there.
    let started = Instant::now();
    loop {
        match window::LiveWindow::find(wanted) {
            Err(ScreenError::WindowNotFound { .. }) if started.elapsed() < WINDOW_PATIENCE => {
                std::thread::sleep(Duration::from_millis(100));
            }
            found => return found.with_context(|| hint.to_string()),
        }
    }
}

/// How long `open_window` looks for a window that is not (yet) listed.
const WINDOW_PATIENCE: Duration = Duration::from_secs(3);

/// Captures until the screen settles, with a profile's timings.
pub fn settled(screen: &mut dyn Screen, timing: &Timing) -> Result<Frame, ScreenError> {
    let poll = Duration::from_millis(timing.poll_ms);
    Ok(capture_settled(screen, poll, timing.stable_frames, Duration::from_millis(timing.settle_timeout_ms))?.0)
}

/// A screen that shows one PNG file, always the same.
pub struct PngScreen {
    path: PathBuf,
    frame: Frame,
}

impl PngScreen {
    pub fn open(path: &Path) -> Result<PngScreen, ScreenError> {
        Ok(PngScreen { path: path.into(), frame: load_png(path)? })
    }
}

impl Screen for PngScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        Ok(self.frame.clone())
    }

    fn describe(&self) -> String {
        format!("file {}", self.path.display())
    }
}

/// Sleeps between captures, never failing: the wait of the functions below when nothing can
/// interrupt it.
fn plain_sleep(time: Duration) -> Result<(), ScreenError> {
    std::thread::sleep(time);
    Ok(())
}

/// Captures until `stable_frames` consecutive captures are identical (the game has finished
/// drawing), or until `timeout`, then returns the last capture and whether it had settled.
pub fn capture_settled(
    screen: &mut dyn Screen,
    poll: Duration,
    stable_frames: u32,
    timeout: Duration,
) -> Result<(Frame, bool), ScreenError> {
    capture_settled_with(screen, poll, stable_frames, timeout, &mut plain_sleep)
}

/// `capture_settled`, waiting between captures with `wait` (the play loop's waits ask the failsafe,
/// so Esc or a mouse movement ends a settle at once with `wait`'s error).
pub fn capture_settled_with<E: From<ScreenError>>(
    screen: &mut dyn Screen,
    poll: Duration,
    stable_frames: u32,
    timeout: Duration,
    wait: &mut dyn FnMut(Duration) -> Result<(), E>,
) -> Result<(Frame, bool), E> {
    let started = Instant::now();
    let mut last = screen.capture()?;
    let mut same = 1;
    while same < stable_frames.max(1) {
        if started.elapsed() >= timeout {
            return Ok((last, false));
        }
        wait(poll)?;
        let next = screen.capture()?;
        same = if next.differing_pixels(&last, 0) == 0 { same + 1 } else { 1 };
        last = next;
    }
    Ok((last, true))
}

/// After an action: captures until the screen differs from `before` (the game has reacted), then
/// until it settles, waiting between captures with `wait`. Returns the last capture and whether a
/// change was seen before `timeout`.
pub fn capture_after_change<E: From<ScreenError>>(
    screen: &mut dyn Screen,
    before: &Frame,
    poll: Duration,
    stable_frames: u32,
    timeout: Duration,
    wait: &mut dyn FnMut(Duration) -> Result<(), E>,
) -> Result<(Frame, bool), E> {
    let started = Instant::now();
    loop {
        let next = screen.capture()?;
        if next.differing_pixels(before, 0) != 0 {
            let left = timeout.saturating_sub(started.elapsed());
            let (settled, _) = capture_settled_with(screen, poll, stable_frames, left, wait)?;
            return Ok((settled, true));
        }
        if started.elapsed() >= timeout {
            return Ok((next, false));
        }
        wait(poll)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corrupt_png_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("corrupt.png");
        std::fs::write(&path, b"\x89PNG\r\n\x1a\nthis is not really a png").unwrap();
        let err = load_png(&path).unwrap_err().to_string();
        assert!(err.contains("corrupt.png") && err.contains("not a readable PNG"), "{err}");
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let err = load_png(Path::new("/no/such/shot.png")).unwrap_err().to_string();
        assert!(err.contains("/no/such/shot.png"), "{err}");
    }

    /// Regression (issue 20): a PNG header claiming a huge image is refused from its header, before
    /// any allocation the size of the claim.
    #[test]
    fn a_huge_claimed_size_is_refused_without_allocating_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.png");
        let mut bytes = Vec::new();
        image::RgbaImage::new(1, 1).write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
        // IHDR's width and height sit at bytes 16..24; claim 100000 x 100000 (the CRC then fails,
        // or the limits do: either way a clear error, never an allocation of 40 GB).
        bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let err = load_png(&path).unwrap_err().to_string();
        assert!(err.contains("huge.png") && err.contains("not a readable PNG"), "{err}");
    }

    #[test]
    fn an_empty_image_is_rejected() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("empty.png");
        // A valid PNG header claiming 0x0 pixels is refused by the decoder or by us; either way an error.
        let err = image::RgbaImage::new(0, 0).save(&path).err();
        if err.is_none() {
            assert!(load_png(&path).is_err());
        } else {
            std::fs::write(&path, b"").unwrap();
            assert!(load_png(&path).unwrap_err().to_string().contains("empty.png"));
        }
    }
}
