//! A live game window as a `Screen`: captured as the monitors show it (`Native::capture`: full size,
//! origin and scale in desktop units, the parts no monitor shows marked), and checked afresh before
//! every input: still open, not minimised, where and as large as the last capture saw it, the
//! input's points on a monitor, and no window above it there. Why a capture failed is asked only
//! when it fails (closed, minimised, off the screen), not on every capture.

use super::SysWindow;
use super::native::window_name;
use super::window::LiveWindow;
use super::{Screen, ScreenError};
use crate::frame::{Frame, Point};

impl LiveWindow {
    /// True while the window is still open.
    fn still_open(&self) -> bool {
        SysWindow::all().is_ok_and(|all| all.iter().any(|w| w.id().is_ok_and(|id| id == self.id)))
    }
}

impl Screen for LiveWindow {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        match self.native.capture(&self.window, self.id) {
            Ok(frame) => Ok(frame),
            Err(e @ ScreenError::OffScreen { .. }) => Err(e),
            Err(_) if !self.still_open() => Err(ScreenError::WindowGone),
            Err(_) if self.window.is_minimized().unwrap_or(false) => Err(ScreenError::Minimised),
            Err(e) => Err(e),
        }
    }

    fn describe(&self) -> String {
        match self.native.place(&self.window, self.id) {
            Ok(a) => format!("window \"{}\" {}x{} at ({}, {})", self.title, a.width, a.height, a.x, a.y),
            Err(_) => format!("window \"{}\"", self.title),
        }
    }

    fn focus_elsewhere(&self) -> Option<String> {
        self.native.elsewhere(&self.window, self.id)
    }

    fn check_open(&self) -> Result<(), ScreenError> {
        match self.native.shown(self.id) {
            Some(true) => Ok(()),
            Some(false) if self.window.is_minimized().unwrap_or(false) => Err(ScreenError::Minimised),
            Some(false) => Err(ScreenError::WindowGone),
            // Elsewhere xcap asks about this one window (not the list of all, before every key).
            None => match self.window.is_minimized() {
                Ok(false) => Ok(()),
                Ok(true) => Err(ScreenError::Minimised),
                Err(_) => Err(ScreenError::WindowGone),
            },
        }
    }

    fn window_id(&self) -> Option<u32> {
        Some(self.id)
    }

    /// Asks the window system afresh: the window must still be open, not minimised, where and as
    /// large as `frame` says, every one of `points` (desktop units) on a monitor, and no window
    /// above it may hold any of them (on Linux from the X server's stacking of top-level windows;
    /// elsewhere from xcap's listing, topmost first).
    fn check_target(&self, frame: &Frame, points: &[Point]) -> Result<(), ScreenError> {
        let all = SysWindow::all().map_err(|e| {
            ScreenError::Capture(format!(
                "cannot list the open windows to check that none covers the game ({e}); is a window manager running?"
            ))
        })?;
        let Some(at) = all.iter().position(|w| w.id().is_ok_and(|id| id == self.id)) else {
            return Err(ScreenError::WindowGone);
        };
        let ours = &all[at];
        if ours.is_minimized().unwrap_or(false) {
            return Err(ScreenError::Minimised);
        }
        let area = self.native.place(ours, self.id)?;
        if !frame.desktop_area().same_place(&area) {
            return Err(ScreenError::Moved);
        }
        let desktop = self.native.desktop()?;
        if !points.iter().all(|&q| desktop.shows(q)) {
            return Err(ScreenError::OffScreen { detail: desktop.where_cut(area) });
        }
        if let Some(cover) = self.native.covering(self.id, points) {
            return cover.map_or(Ok(()), |(by, by_the_game)| Err(ScreenError::Covered { by, by_the_game }));
        }
        for above in &all[..at] {
            if above.is_minimized().unwrap_or(false) {
                continue;
            }
            let place = (above.x(), above.y(), above.width(), above.height());
            let (Ok(ax), Ok(ay), Ok(aw), Ok(ah)) = place else { continue };
            if aw == 0 || ah == 0 {
                continue;
            }
            let inside = |p: &Point| p.x >= ax && p.y >= ay && p.x < ax + aw as i32 && p.y < ay + ah as i32;
            if points.iter().any(inside) {
                // The same program's window (its pid), where xcap can tell it.
                let by_the_game = matches!((above.pid(), ours.pid()), (Ok(a), Ok(b)) if a == b);
                return Err(ScreenError::Covered { by: window_name(above), by_the_game });
            }
        }
        Ok(())
    }
}
