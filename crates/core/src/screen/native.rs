//! The platform's own window system, for what xcap does not tell or does not do alike everywhere:
//! on Linux an X connection (x11rb) kept open for the whole game, which captures windows from the
//! root as the user sees them on any layout of monitors, lists the monitors, reads the keyboard
//! focus (also focus set without the window manager) and tells what covers the game; elsewhere
//! xcap's view (window positions, captures, the focused window) with the monitors' scale factors.
//! Keys are sent only while the game has the focus (`input::guard`), so it is asked before every key.

use super::ScreenError;
use super::SysWindow;
use super::desktop::{Desktop, declare_dpi_awareness};
use crate::frame::{Area, Frame, Point};

/// The window system, asked about a live window.
pub struct Native {
    #[cfg(target_os = "linux")]
    display: Option<super::x11::Display>,
}

impl Native {
    /// The window system of the current display (on Linux, `$DISPLAY`; without one it can tell
    /// nothing and captures go through xcap). On Windows, declares the process DPI aware first.
    pub fn open() -> Native {
        declare_dpi_awareness();
        #[cfg(target_os = "linux")]
        {
            Native { display: super::x11::Display::open().ok() }
        }
        #[cfg(not(target_os = "linux"))]
        {
            Native {}
        }
    }

    /// The monitors, now.
    pub fn desktop(&self) -> Result<Desktop, ScreenError> {
        #[cfg(target_os = "linux")]
        if let Some(display) = &self.display {
            return display.desktop();
        }
        Desktop::current()
    }

    /// Where window `window` (platform id `id`) lies, in desktop units.
    pub fn place(&self, window: &SysWindow, id: u32) -> Result<Area, ScreenError> {
        #[cfg(target_os = "linux")]
        if let Some(display) = &self.display {
            return display.window_area(id);
        }
        let _ = id;
        let at = (window.x(), window.y(), window.width(), window.height());
        match at {
            (Ok(x), Ok(y), Ok(w), Ok(h)) => Ok(Area::new(x, y, w, h)),
            _ => Err(ScreenError::WindowGone),
        }
    }

    /// Captures the window as the monitors show it: its full size, its origin and scale, and
    /// which parts are on a monitor.
    pub fn capture(&self, window: &SysWindow, id: u32) -> Result<Frame, ScreenError> {
        #[cfg(target_os = "linux")]
        if let Some(display) = &self.display {
            return display.capture_window(id);
        }
        let area = self.place(window, id)?;
        let desktop = self.desktop()?;
        let shown_at_1 = desktop.shown_parts(area, 1.0, &[]);
        match window.capture_image() {
            Ok(image) if image.width() > 0 && image.height() > 0 => {
                // The capture's pixels per desktop unit: 1 on Linux and Windows (DPI aware), the
                // display's backing scale on macOS.
                let scale = if area.width > 0 { image.width() as f64 / area.width as f64 } else { 1.0 };
                let shown = desktop.shown_parts(area, scale, &[]);
                Ok(Frame { image, origin: Point::new(area.x, area.y), scale, shown })
            }
            // A window partly off the monitors may not be captured at all on some platforms: say why.
            _ if shown_at_1.is_some() => Err(ScreenError::OffScreen { detail: desktop.where_cut(area) }),
            Ok(_) => Err(ScreenError::WindowGone),
            Err(e) => Err(ScreenError::Capture(format!(
                "{e} (window {}x{} at ({}, {}))",
                area.width, area.height, area.x, area.y
            ))),
        }
    }

    /// What covers window `id` at any of `points` (desktop units): Some(Some((name, the game's
    /// own))) when a window stacked above it does, Some(None) when none does, None when it cannot
    /// be told here (then the caller uses xcap's stacking order).
    pub fn covering(&self, id: u32, points: &[Point]) -> Option<Option<(String, bool)>> {
        #[cfg(target_os = "linux")]
        {
            self.display.as_ref()?.covering(id, points)
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = (id, points);
            None
        }
    }

    /// For each of `ids`, its place in the window system's own stacking of the shown top-level
    /// windows (higher is nearer the top; None: not shown); None when only xcap's order is known
    /// here (topmost first, as Windows and macOS list windows).
    pub fn stacking(&self, ids: &[u32]) -> Option<Vec<Option<usize>>> {
        #[cfg(target_os = "linux")]
        {
            Some(self.display.as_ref()?.stacking(ids))
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = ids;
            None
        }
    }

    /// Whether window `id` is open and shown (mapped, viewable), asked of the window system in one
    /// round trip; None when it cannot be told here.
    pub fn shown(&self, id: u32) -> Option<bool> {
        #[cfg(target_os = "linux")]
        {
            Some(self.display.as_ref()?.viewable(id))
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = id;
            None
        }
    }

    /// The name of another window that clearly has the keyboard focus, or None.
    #[cfg(target_os = "linux")]
    pub fn elsewhere(&self, _window: &SysWindow, id: u32) -> Option<String> {
        self.display.as_ref()?.focus_elsewhere(id)
    }

    /// The name of another window that clearly has the keyboard focus, or None.
    #[cfg(not(target_os = "linux"))]
    pub fn elsewhere(&self, window: &SysWindow, _id: u32) -> Option<String> {
        if window.is_focused().unwrap_or(true) {
            return None;
        }
        let all = SysWindow::all().ok()?;
        let focused = all.iter().find(|w| w.is_focused().unwrap_or(false))?;
        Some(window_name(focused))
    }
}

/// A window as xcap knows it, for messages: its title, else its program; never a bare id.
pub fn window_name(window: &SysWindow) -> String {
    let title = window.title().unwrap_or_default();
    let program = window.app_name().unwrap_or_default();
    match (title.trim().is_empty(), program.trim().is_empty()) {
        (false, _) => format!("\"{title}\""),
        (true, false) => format!("an untitled window of {program}"),
        (true, true) => match (window.x(), window.y(), window.width(), window.height()) {
            (Ok(x), Ok(y), Ok(w), Ok(h)) => format!("an untitled window of an unknown program, {w}x{h} at ({x}, {y})"),
            _ => "an untitled window of an unknown program".into(),
        },
    }
}
