//! Keys on an X display through XTEST on the pointer's own connection (`x11_pointer`), each sent
//! only where it lands on the game, whatever races it: under a server grab, the server is asked in
//! one round trip whether the game window is still shown and who has the keyboard focus, and only
//! when the focus is the game's (its window, a window inside it, or the frame around it) do the
//! press and the release go, before the grab ends. No other program's request is served between
//! the check and the key, and the whole key costs one round trip (the check before it used to take
//! several, each waiting behind the browser's drawing on a busy display).
//!
//! A key whose symbol is not on the keyboard's first level (a capital, a symbol needing Shift) is
//! not made here: the caller falls back to enigo, which can map it.

use std::cell::RefCell;
use std::collections::HashMap;

use enigo::Key;

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt as _, MapState, Window};
use x11rb::protocol::xtest::ConnectionExt as _;
use x11rb::rust_connection::RustConnection;

use super::{InputError, Refusal};

/// XTEST's event types (the core protocol's event codes).
const KEY_PRESS: u8 = 2;
const KEY_RELEASE: u8 = 3;
/// `PointerRoot` as a focus: the focus follows the pointer.
const POINTER_ROOT: Window = 1;

/// The keys of an X keyboard by their symbols, and what the focus check has learnt of the game's
/// windows.
pub struct X11Keys {
    /// First-level keysym → keycode.
    codes: HashMap<u32, u8>,
    /// Windows known to hold the keyboard for the game window (it, its frames, windows in it),
    /// with the game window they were found for.
    ours: RefCell<(Window, Vec<Window>)>,
}

fn device<E: std::fmt::Display>(e: E) -> InputError {
    InputError::Device(format!("X server: {e}"))
}

/// The X keysym of a key (as `live::key_by_name` reads the profiles' names), if it has one here.
fn keysym(key: Key) -> Option<u32> {
    Some(match key {
        Key::LeftArrow => 0xff51,
        Key::UpArrow => 0xff52,
        Key::RightArrow => 0xff53,
        Key::DownArrow => 0xff54,
        Key::Return => 0xff0d,
        Key::Escape => 0xff1b,
        Key::Space => 0x20,
        Key::Shift => 0xffe1,
        Key::Control => 0xffe3,
        Key::Tab => 0xff09,
        // Printable ASCII characters are their own keysyms.
        Key::Unicode(c) if (' '..='~').contains(&c) => u32::from(c),
        _ => return None,
    })
}

impl X11Keys {
    /// The keyboard's mapping, read once.
    pub fn read(conn: &RustConnection) -> Option<X11Keys> {
        let setup = conn.setup();
        let (first, last) = (setup.min_keycode, setup.max_keycode);
        let map = conn.get_keyboard_mapping(first, last - first + 1).ok()?.reply().ok()?;
        let per = usize::from(map.keysyms_per_keycode).max(1);
        let mut codes = HashMap::new();
        for (i, syms) in map.keysyms.chunks(per).enumerate() {
            if let Some(&sym) = syms.first().filter(|&&s| s != 0) {
                codes.entry(sym).or_insert(first + i as u8);
            }
        }
        Some(X11Keys { codes, ours: RefCell::new((x11rb::NONE, Vec::new())) })
    }

    /// The keycode that types `key` with no modifier, if the keyboard has one.
    pub fn code(&self, key: Key) -> Option<u8> {
        self.codes.get(&keysym(key)?).copied()
    }

    /// Presses and releases `code` for `window`: under a grab, only while `window` is shown and
    /// the keyboard focus is the game's; else refused (`Gone`, `FocusElsewhere`) with nothing sent.
    /// With `release` false, the key is only put down (`step` lets it up).
    pub fn key(
        &self,
        conn: &RustConnection,
        root: Window,
        code: u8,
        window: Window,
        release: bool,
    ) -> Result<(), InputError> {
        conn.grab_server().map_err(device)?;
        let result = self.focus_checked(conn, root, window).and_then(|()| {
            conn.xtest_fake_input(KEY_PRESS, code, 0, x11rb::NONE, 0, 0, 0).map_err(device)?;
            if release {
                conn.xtest_fake_input(KEY_RELEASE, code, 0, x11rb::NONE, 0, 0, 0).map_err(device)?;
            }
            Ok(())
        });
        let _ = conn.ungrab_server();
        conn.flush().map_err(device)?;
        result
    }

    /// Puts `code` down or up at once, with no check (a held key's release, which must go whatever
    /// has the focus by then, or the key stays down).
    pub fn step(&self, conn: &RustConnection, code: u8, down: bool) -> Result<(), InputError> {
        conn.xtest_fake_input(if down { KEY_PRESS } else { KEY_RELEASE }, code, 0, x11rb::NONE, 0, 0, 0)
            .map_err(device)?;
        conn.flush().map_err(device)
    }

    /// `Ok` when `window` is shown and the keyboard focus is the game's (`focus_is_ours`).
    fn focus_checked(&self, conn: &RustConnection, root: Window, window: Window) -> Result<(), InputError> {
        // Both asked at once: one round trip.
        let attrs = conn.get_window_attributes(window).map_err(device)?;
        let focus = conn.get_input_focus().map_err(device)?;
        let (attrs, focus) = (attrs.reply(), focus.reply().map_err(device)?.focus);
        if !attrs.is_ok_and(|a| a.map_state == MapState::VIEWABLE) {
            return Err(InputError::Refused(Refusal::Gone));
        }
        if !self.focus_is_ours(conn, root, focus, window) {
            return Err(InputError::Refused(Refusal::FocusElsewhere));
        }
        Ok(())
    }

    /// True when a key with the focus at `focus` goes to the game: no focus window (it follows the
    /// pointer, as the screen's own check allows), the game window, a frame around it or a window
    /// inside it. What was found is remembered for the next key (asked again only for a new focus).
    fn focus_is_ours(&self, conn: &RustConnection, root: Window, focus: Window, window: Window) -> bool {
        if focus == x11rb::NONE || focus == POINTER_ROOT || focus == root || focus == window {
            return true;
        }
        let mut ours = self.ours.borrow_mut();
        if ours.0 != window {
            *ours = (window, chain(conn, root, window));
        }
        if ours.1.contains(&focus) {
            return true;
        }
        if chain(conn, root, focus).contains(&window) {
            ours.1.push(focus);
            return true;
        }
        false
    }
}

/// `start` and its ancestors below the root, innermost first (asked under the grab).
fn chain(conn: &RustConnection, root: Window, start: Window) -> Vec<Window> {
    let mut windows = vec![start];
    while let Some(tree) = conn.query_tree(windows[windows.len() - 1]).ok().and_then(|c| c.reply().ok()) {
        if tree.parent == x11rb::NONE || tree.parent == root || windows.len() > 64 {
            break;
        }
        windows.push(tree.parent);
    }
    windows
}
