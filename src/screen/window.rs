//! A live game window on every platform, through xcap: found by its title among the open windows
//! (the topmost match, the one the user sees). How it is captured, where it is and what covers it
//! (its `Screen`) is `window_screen.rs`.

use super::native::Native;
use super::{ScreenError, WindowMatch};

/// A live window found by title.
pub struct LiveWindow {
    pub(super) window: xcap::Window,
    pub(super) id: u32,
    pub(super) title: String,
    pub(super) native: Native,
}

fn listing<E: std::fmt::Display>(e: E) -> ScreenError {
    ScreenError::NoDisplay(e.to_string())
}

/// Every open window's title, topmost first.
pub fn titles() -> Result<Vec<String>, ScreenError> {
    Ok(xcap::Window::all().map_err(listing)?.iter().filter_map(|w| w.title().ok()).collect())
}

impl LiveWindow {
    /// Finds the topmost window `wanted` names; the error lists the windows that are open.
    pub fn find(wanted: &WindowMatch) -> Result<LiveWindow, ScreenError> {
        let windows = xcap::Window::all().map_err(listing)?;
        let mut others = Vec::new();
        for window in windows {
            let Ok(title) = window.title() else { continue };
            let hit = if wanted.exact { title == wanted.title } else { title.contains(&wanted.title) };
            if hit && let Ok(id) = window.id() {
                return Ok(LiveWindow { window, id, title, native: Native::open() });
            }
            if !title.is_empty() {
                others.push(format!("\"{title}\""));
            }
        }
        Err(ScreenError::WindowNotFound { title: wanted.title.clone(), others })
    }

    /// The platform's id of the window (the X window on Linux).
    pub fn id(&self) -> u32 {
        self.id
    }

    pub fn title(&self) -> &str {
        &self.title
    }
}
