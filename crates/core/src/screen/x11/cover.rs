//! What stands between the bot and the game on an X display: another window with the keyboard
//! focus, or a window stacked above the game where an input would land. Such a window is named as a
//! user knows it: its title (`_NET_WM_NAME` / `WM_NAME`, its own or its client's inside a frame),
//! else its program (`_NET_WM_PID`, else the X-Resource extension's client PID, read in
//! `/proc/<pid>/comm`) or class (`WM_CLASS`), with its kind where it declares one (a panel, a
//! menu); never by a bare window id.
//!
//! Windows that neither show nor take input at the points are not in the way: unmapped ones, ones
//! being destroyed (gone by the time they are asked about), ones whose input shape leaves the points
//! out (or is empty), and, under a window manager, an empty frame whose client has already closed
//! (the manager has yet to take it down: the game window closed and a new one opened where it was).

use x11rb::connection::RequestConnection;
use x11rb::protocol::res::{ClientIdMask, ClientIdSpec, ConnectionExt as _};
use x11rb::protocol::shape::{ConnectionExt as _, SK};
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, MapState, Window, WindowClass};

use super::Display;
use crate::frame::{Area, Point};

/// A top-level window above the game that is in the way, or about to go.
pub struct Above {
    pub id: Window,
    /// Where it shows (root coordinates); None for an input-only window.
    pub area: Option<Area>,
    /// Where it takes input (root coordinates).
    pub input: Vec<Area>,
    /// An empty frame: its client has closed and the window manager has yet to take it down.
    pub dying: bool,
}

/// How far down a window's tree its client (a titled window) is looked for.
const SEARCH_DEPTH: usize = 3;

impl Display {
    /// The name of another window that has the keyboard focus when `window` does not (None when
    /// it has, or when the focus follows the pointer).
    pub fn focus_elsewhere(&self, window: Window) -> Option<String> {
        let focus = self.conn.get_input_focus().ok()?.reply().ok()?.focus;
        // None, PointerRoot (1) or the root: the focus follows the pointer; nothing to tell.
        if focus == x11rb::NONE || focus == 1 || focus == self.root {
            return None;
        }
        // Ours when the focus is our window, inside it, or a frame around it.
        let (of_focus, of_ours) = (self.ancestors(focus), self.ancestors(window));
        if of_focus.contains(&window) || of_ours.contains(&focus) {
            return None;
        }
        let top = *of_focus.last()?;
        Some(self.name_of(top))
    }

    /// `start` and its ancestors up to (not including) the root, innermost first.
    pub(super) fn ancestors(&self, start: Window) -> Vec<Window> {
        let mut chain = vec![start];
        while let Some(tree) = self.conn.query_tree(chain[chain.len() - 1]).ok().and_then(|c| c.reply().ok()) {
            if tree.parent == x11rb::NONE || tree.parent == self.root || chain.len() > 64 {
                break;
            }
            chain.push(tree.parent);
        }
        chain
    }

    /// The window stacked above `window` that takes input at one of `points` (root coordinates),
    /// from the X server's own stacking of the top-level windows (root's children, bottom to top;
    /// menus, panels and other unmanaged windows included): its name, and whether it is the game's
    /// own. Some(None): nothing covers them; None: it cannot be told.
    pub fn covering(&self, window: Window, points: &[Point]) -> Option<Option<(String, bool)>> {
        let above = self.above(window)?;
        let hit =
            above.iter().filter(|a| !a.dying).find(|a| points.iter().any(|&p| a.input.iter().any(|r| r.contains(p))));
        Some(hit.map(|a| (self.name_of(a.id), self.opened_by(a.id, window))))
    }

    /// True when top-level window `cover` is `game`'s own: a window inside it declares itself
    /// transient for the game (`WM_TRANSIENT_FOR`, a dialog it owns), or was made by the same
    /// program (`_NET_WM_PID`, else the X-Resource extension's client PID, of the client inside
    /// a window manager's frame; never the frame's own, which is the manager's).
    pub fn opened_by(&self, cover: Window, game: Window) -> bool {
        let of_game = self.ancestors(game);
        let inside = self.tree_of(cover);
        let transient = |v: Window| {
            let reply = self.conn.get_property(false, v, AtomEnum::WM_TRANSIENT_FOR, AtomEnum::WINDOW, 0, 1).ok();
            let owner = reply.and_then(|c| c.reply().ok()).and_then(|r| r.value32().and_then(|mut i| i.next()));
            owner.is_some_and(|o| of_game.contains(&o) || self.ancestors(o).contains(&game))
        };
        if inside.iter().any(|&v| transient(v)) {
            return true;
        }
        let program = |w: Window| {
            let clients: Vec<Window> = self.tree_of(w).into_iter().filter(|&v| self.is_client(v)).collect();
            clients
                .iter()
                .find_map(|&v| self.net_wm_pid(v))
                .or_else(|| clients.iter().find_map(|&v| self.client_pid(v)))
        };
        matches!((program(cover), program(game)), (Some(a), Some(b)) if a == b)
    }

    /// True when the window manager manages `v` (it bears `WM_STATE`) or it has a title: a
    /// program's own window, not a frame.
    fn is_client(&self, v: Window) -> bool {
        let Ok(wm_state) = self.atom("WM_STATE") else { return false };
        let state = self.conn.get_property(false, v, wm_state, AtomEnum::ANY, 0, 1).ok();
        state.and_then(|c| c.reply().ok()).is_some_and(|r| r.type_ != x11rb::NONE)
            || matches!(self.title(v), Ok(Some(_)))
    }

    /// The top-level windows stacked above `window` that are in the way (mapped, not being
    /// destroyed), with where they show and where they take input, empty frames marked. None when
    /// it cannot be told.
    pub fn above(&self, window: Window) -> Option<Vec<Above>> {
        let conn = &self.conn;
        let top = *self.ancestors(window).last()?;
        let stack = conn.query_tree(self.root).ok()?.reply().ok()?.children;
        let at = stack.iter().position(|&w| w == top)?;
        let managed = self.window_manager_runs();
        Some(stack[at + 1..].iter().filter_map(|&w| self.in_the_way(w, managed)).collect())
    }

    /// Top-level window `w`, when it is in the way.
    fn in_the_way(&self, w: Window, managed: bool) -> Option<Above> {
        let conn = &self.conn;
        // Being destroyed, or gone already: no reply.
        let attrs = conn.get_window_attributes(w).ok()?.reply().ok()?;
        if attrs.map_state != MapState::VIEWABLE {
            return None;
        }
        let g = conn.get_geometry(w).ok()?.reply().ok()?;
        if g.width == 0 || g.height == 0 {
            return None;
        }
        let border = 2 * u32::from(g.border_width);
        let area = Area::new(g.x.into(), g.y.into(), u32::from(g.width) + border, u32::from(g.height) + border);
        // An empty frame: a window manager's frame whose client has closed, about to be taken down.
        let dying = managed && !attrs.override_redirect && !self.holds_a_client(w);
        // Where it takes input: its input shape (its whole area when it has none of its own).
        let input = match self.has_extension(x11rb::protocol::shape::X11_EXTENSION_NAME) {
            false => vec![area],
            true => match conn.shape_get_rectangles(w, SK::INPUT).ok().and_then(|c| c.reply().ok()) {
                None => vec![area],
                Some(shape) => shape
                    .rectangles
                    .iter()
                    .map(|r| {
                        Area::new(area.x + i32::from(r.x), area.y + i32::from(r.y), r.width.into(), r.height.into())
                    })
                    .filter(|r| !r.is_empty())
                    .collect(),
            },
        };
        let shows = attrs.class != WindowClass::INPUT_ONLY;
        if !shows && input.is_empty() {
            return None;
        }
        Some(Above { id: w, area: shows.then_some(area), input, dying })
    }

    /// True when `w` or a window inside it is a client (has `WM_STATE`, set by the window manager
    /// on the windows it manages) or has a title.
    fn holds_a_client(&self, w: Window) -> bool {
        if self.atom("WM_STATE").is_err() {
            return true;
        }
        let mut level = vec![w];
        for _ in 0..SEARCH_DEPTH {
            let mut next = Vec::new();
            for &v in &level {
                if self.is_client(v) {
                    return true;
                }
                if let Some(tree) = self.conn.query_tree(v).ok().and_then(|c| c.reply().ok()) {
                    next.extend(tree.children);
                }
            }
            level = next;
        }
        false
    }

    /// True when a window manager has announced itself (EWMH `_NET_SUPPORTING_WM_CHECK`).
    fn window_manager_runs(&self) -> bool {
        let Ok(check) = self.atom("_NET_SUPPORTING_WM_CHECK") else { return false };
        self.conn
            .get_property(false, self.root, check, AtomEnum::WINDOW, 0, 1)
            .ok()
            .and_then(|c| c.reply().ok())
            .is_some_and(|r| !r.value.is_empty())
    }

    fn has_extension(&self, name: &'static str) -> bool {
        self.conn.extension_information(name).ok().flatten().is_some()
    }

    /// A window as a user knows it: `"Title"`, else `the panel of jwm`, `an untitled window of
    /// xclock`, `a window of class "XClock"`; as a last resort its size and place. Never a bare id.
    pub fn name_of(&self, w: Window) -> String {
        let inside = self.tree_of(w);
        if let Some(title) = inside.iter().find_map(|&v| self.title(v).ok().flatten()).filter(|t| !t.trim().is_empty())
        {
            return format!("\"{title}\"");
        }
        let program = inside.iter().find_map(|&v| self.program_of(v));
        let class = inside.iter().find_map(|&v| self.class_of(v));
        let kind = inside.iter().find_map(|&v| self.kind_of(v));
        match (kind, program, class) {
            (Some(kind), Some(program), _) => format!("the {kind} of {program}"),
            (Some(kind), None, Some(class)) => format!("the {kind} of class \"{class}\""),
            (None, Some(program), _) => format!("an untitled window of {program}"),
            (None, None, Some(class)) => format!("an untitled window of class \"{class}\""),
            (kind, None, None) => {
                let what = kind.map_or("an untitled window".to_string(), |k| format!("a {k}"));
                match self.conn.get_geometry(w).ok().and_then(|c| c.reply().ok()) {
                    Some(g) => format!("{what} of an unknown program, {}x{} at ({}, {})", g.width, g.height, g.x, g.y),
                    None => format!("{what} of an unknown program"),
                }
            }
        }
    }

    /// `w` and the windows inside it, breadth first, a few levels down.
    fn tree_of(&self, w: Window) -> Vec<Window> {
        let mut all = vec![w];
        let mut level = vec![w];
        for _ in 0..SEARCH_DEPTH {
            let next: Vec<Window> = level
                .iter()
                .filter_map(|&v| self.conn.query_tree(v).ok()?.reply().ok())
                .flat_map(|t| t.children)
                .collect();
            all.extend(&next);
            level = next;
        }
        all
    }

    /// The program that made `w`: `_NET_WM_PID`, else the client PID the X-Resource extension
    /// knows, read in /proc (local clients only).
    fn program_of(&self, w: Window) -> Option<String> {
        let pid = self.net_wm_pid(w).or_else(|| self.client_pid(w))?;
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
        Some(comm.trim().to_string()).filter(|c| !c.is_empty())
    }

    fn net_wm_pid(&self, w: Window) -> Option<u32> {
        let atom = self.atom("_NET_WM_PID").ok()?;
        let reply = self.conn.get_property(false, w, atom, AtomEnum::CARDINAL, 0, 1).ok()?.reply().ok()?;
        reply.value32()?.next().filter(|&pid| pid > 0)
    }

    fn client_pid(&self, w: Window) -> Option<u32> {
        if !self.has_extension(x11rb::protocol::res::X11_EXTENSION_NAME) {
            return None;
        }
        let spec = ClientIdSpec { client: w, mask: ClientIdMask::LOCAL_CLIENT_PID };
        let reply = self.conn.res_query_client_ids(&[spec]).ok()?.reply().ok()?;
        reply.ids.iter().find_map(|id| id.value.first().copied()).filter(|&pid| pid > 0)
    }

    /// The class of `WM_CLASS` (its second string), or its instance when there is no class.
    fn class_of(&self, w: Window) -> Option<String> {
        let reply = self.conn.get_property(false, w, AtomEnum::WM_CLASS, AtomEnum::STRING, 0, 64).ok()?.reply().ok()?;
        let text = String::from_utf8_lossy(&reply.value).into_owned();
        let mut parts = text.split('\0').filter(|s| !s.is_empty());
        let (instance, class) = (parts.next(), parts.next());
        class.or(instance).map(str::to_string)
    }

    /// What kind of window `w` declares itself (`_NET_WM_WINDOW_TYPE`), in words, when it is not a
    /// plain one.
    fn kind_of(&self, w: Window) -> Option<&'static str> {
        let atom = self.atom("_NET_WM_WINDOW_TYPE").ok()?;
        let reply = self.conn.get_property(false, w, atom, AtomEnum::ATOM, 0, 8).ok()?.reply().ok()?;
        let kinds = [
            ("_NET_WM_WINDOW_TYPE_DOCK", "panel"),
            ("_NET_WM_WINDOW_TYPE_DESKTOP", "desktop"),
            ("_NET_WM_WINDOW_TYPE_TOOLBAR", "toolbar"),
            ("_NET_WM_WINDOW_TYPE_MENU", "menu"),
            ("_NET_WM_WINDOW_TYPE_DROPDOWN_MENU", "menu"),
            ("_NET_WM_WINDOW_TYPE_POPUP_MENU", "menu"),
            ("_NET_WM_WINDOW_TYPE_TOOLTIP", "tooltip"),
            ("_NET_WM_WINDOW_TYPE_NOTIFICATION", "notification"),
            ("_NET_WM_WINDOW_TYPE_SPLASH", "splash screen"),
            ("_NET_WM_WINDOW_TYPE_DIALOG", "dialog"),
            ("_NET_WM_WINDOW_TYPE_UTILITY", "utility window"),
        ];
        let declared: Vec<u32> = reply.value32()?.collect();
        kinds.iter().find(|(name, _)| self.atom(name).is_ok_and(|a| declared.contains(&a))).map(|(_, words)| *words)
    }
}
