//! The X display (Linux): windows found by their title (through the window manager's client list,
//! or by walking the window tree when no window manager runs), captured from the root window as the
//! user sees them (`capture`), the monitors (`monitors`), and what stands between the bot and the
//! game: the keyboard focus elsewhere, a window above the game (`cover`).

mod capture;
mod cover;
mod monitors;

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, Window};
use x11rb::rust_connection::RustConnection;

use super::{Screen, ScreenError};
use crate::frame::{Frame, Point};
use crate::screen::WindowMatch;

fn x11<E: std::fmt::Display>(e: E) -> ScreenError {
    ScreenError::X11(e.to_string())
}

/// A connection to the X server, for finding windows.
pub struct Display {
    conn: RustConnection,
    root: Window,
    screen_size: (u16, u16),
}

/// A top-level window with a title.
#[derive(Clone, Debug)]
pub struct WindowInfo {
    pub id: Window,
    pub title: String,
}

impl Display {
    /// Connects to the display named by `$DISPLAY`.
    pub fn open() -> Result<Display, ScreenError> {
        Display::open_on(None)
    }

    /// Connects to a named display (e.g. ":99"), or `$DISPLAY` when None.
    pub fn open_on(name: Option<&str>) -> Result<Display, ScreenError> {
        let (conn, screen_num) = x11rb::connect(name).map_err(|e| ScreenError::NoDisplay(e.to_string()))?;
        let screen = &conn.setup().roots[screen_num];
        let (root, screen_size) = (screen.root, (screen.width_in_pixels, screen.height_in_pixels));
        Ok(Display { conn, root, screen_size })
    }

    fn atom(&self, name: &str) -> Result<u32, ScreenError> {
        Ok(self.conn.intern_atom(false, name.as_bytes()).map_err(x11)?.reply().map_err(x11)?.atom)
    }

    fn title(&self, window: Window) -> Result<Option<String>, ScreenError> {
        let (net_name, utf8) = (self.atom("_NET_WM_NAME")?, self.atom("UTF8_STRING")?);
        for (property, kind) in [(net_name, utf8), (AtomEnum::WM_NAME.into(), AtomEnum::STRING.into())] {
            let Ok(cookie) = self.conn.get_property(false, window, property, kind, 0, 256) else { continue };
            if let Ok(reply) = cookie.reply()
                && !reply.value.is_empty()
            {
                return Ok(Some(String::from_utf8_lossy(&reply.value).into_owned()));
            }
        }
        Ok(None)
    }

    /// Every window with a title, bottom to top: the window manager's stacking list, or the whole
    /// tree without one.
    pub fn windows(&self) -> Result<Vec<WindowInfo>, ScreenError> {
        let client_list = self.atom("_NET_CLIENT_LIST_STACKING")?;
        let reply = self
            .conn
            .get_property(false, self.root, client_list, AtomEnum::WINDOW, 0, 4096)
            .map_err(x11)?
            .reply()
            .map_err(x11)?;
        let mut candidates: Vec<Window> = reply.value32().map(|v| v.collect()).unwrap_or_default();
        if candidates.is_empty() {
            let mut stack = vec![self.root];
            while let Some(w) = stack.pop() {
                let tree = self.conn.query_tree(w).map_err(x11)?.reply().map_err(x11)?;
                candidates.extend(&tree.children);
                stack.extend(&tree.children);
            }
        }
        let mut found = Vec::new();
        for id in candidates {
            if let Some(title) = self.title(id)? {
                found.push(WindowInfo { id, title });
            }
        }
        Ok(found)
    }

    /// True while `window` exists and is viewable (mapped, and its parents too).
    pub fn viewable(&self, window: Window) -> bool {
        let attrs = self.conn.get_window_attributes(window).ok().and_then(|c| c.reply().ok());
        attrs.is_some_and(|a| a.map_state == x11rb::protocol::xproto::MapState::VIEWABLE)
    }

    /// The X server's own stacking of the top-level windows: for each of `windows`, the place of
    /// the root's child that holds it among the root's children that are shown (bottom to top), or
    /// None when it is not shown (minimised, withdrawn, gone). A window manager's list of clients
    /// is not the truth of stacking: managers order it each their own way.
    pub fn stacking(&self, windows: &[Window]) -> Vec<Option<usize>> {
        let Some(tree) = self.conn.query_tree(self.root).ok().and_then(|c| c.reply().ok()) else {
            return vec![None; windows.len()];
        };
        let shown: Vec<Window> = tree.children.into_iter().filter(|&w| self.viewable(w)).collect();
        windows
            .iter()
            .map(|&w| {
                if !self.viewable(w) {
                    return None;
                }
                let top = *self.ancestors(w).last()?;
                shown.iter().position(|&s| s == top)
            })
            .collect()
    }

    /// Finds the window a profile names; the error lists the windows that are open.
    pub fn find(self, wanted: &WindowMatch) -> Result<WindowScreen, ScreenError> {
        let windows = self.windows()?;
        // The topmost match by the server's stacking: the one the user sees.
        let ids: Vec<Window> = windows.iter().map(|w| w.id).collect();
        let rank = self.stacking(&ids);
        let hit = windows
            .iter()
            .zip(&rank)
            .filter(|(w, _)| wanted.matches(&w.title))
            .max_by_key(|(_, r)| **r)
            .map(|(w, _)| w);
        match hit {
            Some(w) => Ok(WindowScreen { window: w.id, title: w.title.clone(), display: self }),
            None => Err(ScreenError::WindowNotFound {
                title: wanted.title.clone(),
                others: windows.iter().map(|w| format!("\"{}\"", w.title)).collect(),
            }),
        }
    }
}

/// A live window.
pub struct WindowScreen {
    display: Display,
    window: Window,
    title: String,
}

impl WindowScreen {
    /// The window's position on the screen and its size.
    pub fn geometry(&self) -> Result<(Point, u16, u16), ScreenError> {
        let area = self.display.window_area(self.window)?;
        Ok((Point::new(area.x, area.y), area.width as u16, area.height as u16))
    }

    /// Asks for the window to be resized (the window manager has the last word; wait for it).
    pub fn resize(&self, width: u32, height: u32) -> Result<(), ScreenError> {
        use x11rb::protocol::xproto::ConfigureWindowAux;
        let aux = ConfigureWindowAux::new().width(width).height(height);
        self.display.conn.configure_window(self.window, &aux).map_err(x11)?;
        self.display.conn.flush().map_err(x11)?;
        Ok(())
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    /// The X window.
    pub fn id(&self) -> u32 {
        self.window
    }
}

impl Screen for WindowScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        self.display.capture_window(self.window)
    }

    fn focus_elsewhere(&self) -> Option<String> {
        self.display.focus_elsewhere(self.window)
    }

    fn describe(&self) -> String {
        match self.geometry() {
            Ok((at, w, h)) => format!("window \"{}\" {w}x{h} at ({}, {})", self.title, at.x, at.y),
            Err(_) => format!("window \"{}\"", self.title),
        }
    }
}
