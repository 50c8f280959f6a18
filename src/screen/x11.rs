//! Live capture from an X11 window, found by its title (through the window manager's client list,
//! or by walking the window tree when no window manager runs).
//!
//! Pixels are read from the root window at the game window's position, so what is captured is what
//! the user sees. The frame's origin is the window's position on the screen.

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, ImageFormat, ImageOrder, Window};
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

    /// The title of another window that has the keyboard focus when `window` does not (None when
    /// it has, or when the focus follows the pointer).
    pub fn focus_elsewhere(&self, window: Window) -> Option<String> {
        let conn = &self.conn;
        let focus = conn.get_input_focus().ok()?.reply().ok()?.focus;
        // None, PointerRoot (1) or the root: the focus follows the pointer; nothing to tell.
        if focus == x11rb::NONE || focus == 1 || focus == self.root {
            return None;
        }
        // Ours when the focus is our window, inside it, or a frame around it.
        let ancestors = |start: Window| -> Vec<Window> {
            let mut chain = vec![start];
            while let Some(tree) = conn.query_tree(chain[chain.len() - 1]).ok().and_then(|c| c.reply().ok()) {
                if tree.parent == x11rb::NONE || tree.parent == self.root || chain.len() > 64 {
                    break;
                }
                chain.push(tree.parent);
            }
            chain
        };
        let (of_focus, of_ours) = (ancestors(focus), ancestors(window));
        if of_focus.contains(&window) || of_ours.contains(&focus) {
            return None;
        }
        let clients = self.windows().ok()?;
        let owner = clients.iter().find(|c| of_focus.contains(&c.id) || ancestors(c.id).contains(&focus));
        Some(owner.map_or_else(|| format!("window 0x{focus:x}"), |c| format!("\"{}\"", c.title)))
    }

    /// The title of a mapped window stacked above `window` that holds one of `points` (screen
    /// coordinates), from the X server's own stacking order of the top-level windows (root's
    /// children, bottom to top; menus and other unmanaged windows included). Some(None): nothing
    /// covers them; None: it cannot be told.
    pub fn covering(&self, window: Window, points: &[Point]) -> Option<Option<String>> {
        use x11rb::protocol::xproto::MapState;
        let conn = &self.conn;
        let mut top = window;
        for _ in 0..64 {
            let tree = conn.query_tree(top).ok()?.reply().ok()?;
            if tree.parent == self.root || tree.parent == x11rb::NONE {
                break;
            }
            top = tree.parent;
        }
        let stack = conn.query_tree(self.root).ok()?.reply().ok()?.children;
        let at = stack.iter().position(|&w| w == top)?;
        for &above in &stack[at + 1..] {
            let Some(attrs) = conn.get_window_attributes(above).ok().and_then(|c| c.reply().ok()) else { continue };
            if attrs.map_state != MapState::VIEWABLE {
                continue;
            }
            let Some(g) = conn.get_geometry(above).ok().and_then(|c| c.reply().ok()) else { continue };
            let (x, y) = (i32::from(g.x), i32::from(g.y));
            let (w, h) = (
                i32::from(g.width) + 2 * i32::from(g.border_width),
                i32::from(g.height) + 2 * i32::from(g.border_width),
            );
            if points.iter().any(|p| p.x >= x && p.y >= y && p.x < x + w && p.y < y + h) {
                return Some(Some(self.title_within(above).unwrap_or_else(|| format!("window 0x{above:x}"))));
            }
        }
        Some(None)
    }

    /// The title of `window` or of the first titled window inside it (a frame's client).
    fn title_within(&self, window: Window) -> Option<String> {
        let mut queue = vec![window];
        for _ in 0..16 {
            let Some(w) = queue.pop() else { break };
            if let Ok(Some(title)) = self.title(w) {
                return Some(title);
            }
            if let Some(tree) = self.conn.query_tree(w).ok().and_then(|c| c.reply().ok()) {
                queue.extend(tree.children);
            }
        }
        None
    }

    /// Finds the window a profile names; the error lists the windows that are open.
    pub fn find(self, wanted: &WindowMatch) -> Result<WindowScreen, ScreenError> {
        let windows = self.windows()?;
        // The topmost match: the one the user sees.
        let hit = windows.iter().rfind(|w| wanted.matches(&w.title));
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
        let conn = &self.display.conn;
        let geometry = conn.get_geometry(self.window).map_err(x11)?.reply().map_err(|_| ScreenError::WindowGone)?;
        let at = conn
            .translate_coordinates(self.window, self.display.root, 0, 0)
            .map_err(x11)?
            .reply()
            .map_err(|_| ScreenError::WindowGone)?;
        Ok((Point::new(at.dst_x as i32, at.dst_y as i32), geometry.width, geometry.height))
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
}

impl Screen for WindowScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let (at, width, height) = self.geometry()?;
        // Clip to the screen: only what is visible can be read.
        let (sw, sh) = (self.display.screen_size.0 as i32, self.display.screen_size.1 as i32);
        let (x0, y0) = (at.x.max(0), at.y.max(0));
        let (x1, y1) = ((at.x + width as i32).min(sw), (at.y + height as i32).min(sh));
        if x1 <= x0 || y1 <= y0 {
            return Err(ScreenError::WindowGone);
        }
        let (w, h) = ((x1 - x0) as u16, (y1 - y0) as u16);
        let conn = &self.display.conn;
        let reply = conn
            .get_image(ImageFormat::Z_PIXMAP, self.display.root, x0 as i16, y0 as i16, w, h, !0)
            .map_err(x11)?
            .reply()
            .map_err(x11)?;
        let bytes_per_pixel = reply.data.len() / (w as usize * h as usize);
        if bytes_per_pixel != 4 || conn.setup().image_byte_order != ImageOrder::LSB_FIRST {
            return Err(ScreenError::X11(format!(
                "unsupported pixel format ({} bytes per pixel, depth {}); a 24-bit TrueColor display is needed",
                bytes_per_pixel, reply.depth
            )));
        }
        let rgba: Vec<u8> = reply.data.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], 255]).collect();
        let image = image::RgbaImage::from_raw(w as u32, h as u32, rgba).ok_or_else(|| x11("image size mismatch"))?;
        Ok(Frame { image, origin: Point::new(x0, y0) })
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
