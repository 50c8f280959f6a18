//! Which window has the keyboard focus, from each platform's own API: on Linux the X server's input
//! focus (x11rb), which also sees focus set without the window manager; elsewhere xcap's view of the
//! focused window. Keys are sent only while the game has it (`input::guard`).

/// The title of another window that clearly has the keyboard focus, or None.
#[cfg(target_os = "linux")]
pub fn elsewhere(_window: &xcap::Window, id: u32) -> Option<String> {
    super::x11::Display::open().ok()?.focus_elsewhere(id)
}

/// The title of another window that clearly has the keyboard focus, or None.
#[cfg(not(target_os = "linux"))]
pub fn elsewhere(window: &xcap::Window, _id: u32) -> Option<String> {
    if window.is_focused().unwrap_or(true) {
        return None;
    }
    let all = xcap::Window::all().ok()?;
    let focused = all.iter().find(|w| w.is_focused().unwrap_or(false))?;
    focused.title().ok().map(|t| format!("\"{t}\""))
}
