//! The pointer on an X display, moved and pressed through the XTEST extension on a connection of our
//! own, so that a press is sent only where it lands on the game, whatever races it.
//!
//! A press or release with a target is made under a server grab: while the grab holds, no other
//! program's request is served (no window closes, moves, maps or raises), and in that instant the
//! server itself is asked whether the game window is still there, where the last capture saw it,
//! whether the pointer is where the bot put it, and whether the top-level window under the pointer
//! (the server's own answer, which counts menus and other unmanaged windows and respects input
//! shapes) is the game's. Only then is the button event sent, and a round trip made so the server
//! has handled it before the grab ends. A release that would not land on the game still goes (a
//! button left held would act wherever the user's pointer goes next), over an invisible window of
//! ours put under the pointer for that instant, so no desktop or other program takes it. A move is followed by a round trip too: once it returns,
//! every client (the failsafe's included) sees the pointer where the bot put it, with no waiting.

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt as _, MapState, Window};
use x11rb::protocol::xtest::ConnectionExt as _;
use x11rb::rust_connection::RustConnection;

use super::{InputError, PressTarget, Refusal};
use crate::frame::{Area, Point};

/// XTEST's event types (the core protocol's event codes).
const BUTTON_PRESS: u8 = 4;
const BUTTON_RELEASE: u8 = 5;
const MOTION_NOTIFY: u8 = 6;
/// The left button.
const LEFT: u8 = 1;

/// The pointer of an X display with the XTEST extension.
pub struct X11Pointer {
    conn: RustConnection,
    root: Window,
    /// The keyboard, for keys sent on this connection (`x11_key`); None if its mapping was not read.
    keys: Option<super::x11_key::X11Keys>,
}

fn device<E: std::fmt::Display>(e: E) -> InputError {
    InputError::Device(format!("X server: {e}"))
}

/// Ends a server grab however the checks inside it end.
struct Grabbed<'a>(&'a RustConnection);

impl Drop for Grabbed<'_> {
    fn drop(&mut self) {
        let _ = self.0.ungrab_server();
        let _ = self.0.flush();
    }
}

impl X11Pointer {
    /// Connects to `$DISPLAY`; None when there is no display or it lacks XTEST.
    pub fn open() -> Option<X11Pointer> {
        let (conn, screen) = x11rb::connect(None).ok()?;
        let root = conn.setup().roots.get(screen)?.root;
        conn.xtest_get_version(2, 2).ok()?.reply().ok()?;
        let keys = super::x11_key::X11Keys::read(&conn);
        Some(X11Pointer { conn, root, keys })
    }

    /// Presses and releases `key` for `window` under a grab, only while the game is shown and has
    /// the keyboard focus (`x11_key`). None for a key this keyboard has no plain keycode for.
    /// With `release` false, the key is only put down (`key_step` lets it up).
    pub fn key(&self, key: enigo::Key, window: u32, release: bool) -> Option<Result<(), InputError>> {
        let keys = self.keys.as_ref()?;
        let code = keys.code(key)?;
        Some(keys.key(&self.conn, self.root, code, window, release))
    }

    /// Puts `key` down or up at once, unchecked. None for a key with no plain keycode here.
    pub fn key_step(&self, key: enigo::Key, down: bool) -> Option<Result<(), InputError>> {
        let keys = self.keys.as_ref()?;
        let code = keys.code(key)?;
        Some(keys.step(&self.conn, code, down))
    }

    /// Puts the pointer at `p` (root pixels); when this returns, the server has moved it.
    pub fn move_to(&self, p: Point) -> Result<(), InputError> {
        let (x, y) = (clamp(p.x), clamp(p.y));
        self.conn.xtest_fake_input(MOTION_NOTIFY, 0, 0, self.root, x, y, 0).map_err(device)?;
        self.sync()
    }

    /// The left button down (`down`) or up where the pointer is. With a target, only after the
    /// server, grabbed, says the button lands on the game there; else a press is not sent, and a
    /// release (which must go, or the button stays held) is caught by a window of our own
    /// (`caught_release`); either way `Refused` says why.
    pub fn button(&self, down: bool, target: Option<&PressTarget>) -> Result<(), InputError> {
        let kind = if down { BUTTON_PRESS } else { BUTTON_RELEASE };
        let Some(target) = target else {
            self.conn.xtest_fake_input(kind, LEFT, 0, x11rb::NONE, 0, 0, 0).map_err(device)?;
            return self.sync();
        };
        self.conn.grab_server().map_err(device)?;
        let grabbed = Grabbed(&self.conn);
        match self.lands_on_game(target) {
            Ok(()) => {
                self.conn.xtest_fake_input(kind, LEFT, 0, x11rb::NONE, 0, 0, 0).map_err(device)?;
                // The round trip inside the grab: the server handles the event before anything
                // else moves.
                self.sync()?;
            }
            Err(refused) if !down => {
                self.caught_release()?;
                return Err(refused);
            }
            Err(refused) => return Err(refused),
        }
        drop(grabbed);
        Ok(())
    }

    /// Under the grab: lets the button up over an invisible window of our own, put on top of
    /// everything under the pointer for that instant, so that no other program sees a release it
    /// never had the press of (a desktop opens its menu on one). A program that took the press and
    /// still lives keeps its grab of the pointer and gets the release as ever.
    fn caught_release(&self) -> Result<(), InputError> {
        use x11rb::protocol::xproto::{CreateWindowAux, EventMask, WindowClass};
        let conn = &self.conn;
        let pointer = conn.query_pointer(self.root).map_err(device)?.reply().map_err(device)?;
        let catcher = conn.generate_id().map_err(device)?;
        let aux = CreateWindowAux::new().override_redirect(1).event_mask(EventMask::BUTTON_RELEASE);
        conn.create_window(
            0,
            catcher,
            self.root,
            pointer.root_x - 8,
            pointer.root_y - 8,
            16,
            16,
            0,
            WindowClass::INPUT_ONLY,
            0,
            &aux,
        )
        .map_err(device)?;
        conn.map_window(catcher).map_err(device)?;
        conn.xtest_fake_input(BUTTON_RELEASE, LEFT, 0, x11rb::NONE, 0, 0, 0).map_err(device)?;
        self.sync()?;
        conn.destroy_window(catcher).map_err(device)?;
        self.sync()
    }

    /// Asked under the grab: the game window there and unchanged, the pointer where the bot put it,
    /// and the game's top-level window the one under it.
    fn lands_on_game(&self, target: &PressTarget) -> Result<(), InputError> {
        let conn = &self.conn;
        let refused = |why| InputError::Refused(why);
        let attrs = conn.get_window_attributes(target.window).map_err(device)?.reply();
        match attrs {
            Ok(a) if a.map_state == MapState::VIEWABLE => {}
            _ => return Err(refused(Refusal::Gone)),
        }
        let geometry = conn.get_geometry(target.window).map_err(device)?.reply().map_err(|_| refused(Refusal::Gone))?;
        let at = conn
            .translate_coordinates(target.window, self.root, 0, 0)
            .map_err(device)?
            .reply()
            .map_err(|_| refused(Refusal::Gone))?;
        let area = target.area;
        let now = Area::new(at.dst_x.into(), at.dst_y.into(), geometry.width.into(), geometry.height.into());
        if !area.same_place(&now) {
            return Err(refused(Refusal::Moved));
        }
        let pointer = conn.query_pointer(self.root).map_err(device)?.reply().map_err(device)?;
        let found = Point::new(pointer.root_x.into(), pointer.root_y.into());
        if found != target.at {
            return Err(refused(Refusal::PointerElsewhere(found)));
        }
        if !area.contains(found) || pointer.child != self.top_level(target.window)? {
            return Err(refused(Refusal::NotOver));
        }
        Ok(())
    }

    /// The root's child that holds `window` (its window manager's frame, or itself).
    fn top_level(&self, window: Window) -> Result<Window, InputError> {
        let mut at = window;
        for _ in 0..64 {
            let tree =
                self.conn.query_tree(at).map_err(device)?.reply().map_err(|_| InputError::Refused(Refusal::Gone))?;
            if tree.parent == self.root || tree.parent == x11rb::NONE {
                return Ok(at);
            }
            at = tree.parent;
        }
        Ok(at)
    }

    /// A round trip: every request sent before it has been handled when it returns.
    fn sync(&self) -> Result<(), InputError> {
        self.conn.get_input_focus().map_err(device)?.reply().map_err(device)?;
        Ok(())
    }
}

/// A root coordinate as the protocol carries it.
fn clamp(v: i32) -> i16 {
    v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}
