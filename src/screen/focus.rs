//! Which window has the keyboard focus, from each platform's own API: on Linux the X server's input
//! focus (x11rb), which also sees focus set without the window manager; elsewhere xcap's view of the
//! focused window. Keys are sent only while the game has it (`input::guard`), so this is asked before
//! every key: the Linux probe keeps one X connection open rather than opening one per key.

/// Asks which window has the keyboard focus.
pub struct FocusProbe {
    #[cfg(target_os = "linux")]
    display: Option<super::x11::Display>,
}

impl FocusProbe {
    /// A probe for the current display (on Linux, `$DISPLAY`; without one it can tell nothing).
    pub fn open() -> FocusProbe {
        #[cfg(target_os = "linux")]
        {
            FocusProbe { display: super::x11::Display::open().ok() }
        }
        #[cfg(not(target_os = "linux"))]
        {
            FocusProbe {}
        }
    }

    /// What covers window `id` at any of `points` (screen coordinates): Some(Some(title)) when a
    /// window stacked above it does, Some(None) when none does, None when it cannot be told here
    /// (then the caller uses xcap's stacking order).
    pub fn covering(&self, id: u32, points: &[crate::frame::Point]) -> Option<Option<String>> {
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

    /// The title of another window that clearly has the keyboard focus, or None.
    #[cfg(target_os = "linux")]
    pub fn elsewhere(&self, _window: &xcap::Window, id: u32) -> Option<String> {
        self.display.as_ref()?.focus_elsewhere(id)
    }

    /// The title of another window that clearly has the keyboard focus, or None.
    #[cfg(not(target_os = "linux"))]
    pub fn elsewhere(&self, window: &xcap::Window, _id: u32) -> Option<String> {
        if window.is_focused().unwrap_or(true) {
            return None;
        }
        let all = xcap::Window::all().ok()?;
        let focused = all.iter().find(|w| w.is_focused().unwrap_or(false))?;
        focused.title().ok().map(|t| format!("\"{t}\""))
    }
}
