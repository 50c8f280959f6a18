//! The live input device: enigo moves the real mouse and presses real keys; X11 queries tell where
//! the pointer is and whether Esc is held, for the failsafe.
//!
//! enigo's Linux delay is set to 0 (its default adds 12 ms to every press and release).

use enigo::{Button, Coordinate, Direction, Enigo, Key, Keyboard, Mouse, Settings};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt, Window};
use x11rb::rust_connection::RustConnection;

use super::{Action, InputDevice, InputError};
use crate::frame::Point;

/// The keysym of Escape in X11.
const XK_ESCAPE: u32 = 0xff1b;

pub struct LiveInput {
    enigo: Enigo,
    conn: RustConnection,
    root: Window,
    escape_keycode: Option<u8>,
}

impl LiveInput {
    /// Opens the input device on a named display (e.g. ":99"), or `$DISPLAY` when None.
    pub fn open_on(display: Option<&str>) -> Result<LiveInput, InputError> {
        let settings = Settings { linux_delay: 0, x11_display: display.map(String::from), ..Settings::default() };
        let enigo = Enigo::new(&settings).map_err(|e| InputError::Open(e.to_string()))?;
        let (conn, screen_num) = x11rb::connect(display).map_err(|e| InputError::Open(e.to_string()))?;
        let root = conn.setup().roots[screen_num].root;
        let escape_keycode = find_keycode(&conn, XK_ESCAPE);
        Ok(LiveInput { enigo, conn, root, escape_keycode })
    }
}

fn find_keycode(conn: &RustConnection, keysym: u32) -> Option<u8> {
    let setup = conn.setup();
    let (min, max) = (setup.min_keycode, setup.max_keycode);
    let reply = conn.get_keyboard_mapping(min, max - min + 1).ok()?.reply().ok()?;
    let per = reply.keysyms_per_keycode as usize;
    let index = reply.keysyms.iter().position(|&k| k == keysym)?;
    Some(min + (index / per.max(1)) as u8)
}

fn key_by_name(name: &str) -> Result<Key, InputError> {
    Ok(match name {
        "Left" => Key::LeftArrow,
        "Right" => Key::RightArrow,
        "Up" => Key::UpArrow,
        "Down" => Key::DownArrow,
        "Return" | "Enter" => Key::Return,
        "Escape" => Key::Escape,
        "space" | "Space" => Key::Space,
        other => {
            let mut chars = other.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Key::Unicode(c),
                _ => return Err(InputError::UnknownKey(other.to_string())),
            }
        }
    })
}

fn device<E: std::fmt::Display>(e: E) -> InputError {
    InputError::Device(e.to_string())
}

impl InputDevice for LiveInput {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        match action {
            Action::Click(p) => {
                self.enigo.move_mouse(p.x, p.y, Coordinate::Abs).map_err(device)?;
                self.enigo.button(Button::Left, Direction::Click).map_err(device)?;
            }
            Action::Drag { from, to } => {
                self.enigo.move_mouse(from.x, from.y, Coordinate::Abs).map_err(device)?;
                self.enigo.button(Button::Left, Direction::Press).map_err(device)?;
                self.enigo.move_mouse(to.x, to.y, Coordinate::Abs).map_err(device)?;
                self.enigo.button(Button::Left, Direction::Release).map_err(device)?;
            }
            Action::Key(name) => self.enigo.key(key_by_name(name)?, Direction::Click).map_err(device)?,
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<Point> {
        let reply = self.conn.query_pointer(self.root).ok()?.reply().ok()?;
        Some(Point::new(reply.root_x as i32, reply.root_y as i32))
    }

    fn escape_down(&mut self) -> bool {
        let Some(code) = self.escape_keycode else { return false };
        let Ok(Ok(reply)) = self.conn.query_keymap().map(|c| c.reply()) else { return false };
        reply.keys[code as usize / 8] & (1 << (code % 8)) != 0
    }
}
