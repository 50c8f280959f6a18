//! The live input device: enigo moves the real mouse and presses real keys; device_query tells where
//! the pointer is and (through a watch thread, `watch.rs`) whether Esc was pressed, for the failsafe.
//! The same code runs on Linux (X11), Windows and macOS.
//!
//! enigo's Linux delay is set to 0 (its default adds 12 ms to every press and release).
//!
//! The display may answer "where is the pointer?" before it has carried out the moves just sent
//! (X11 serves its clients in turn; a busy machine makes the gap longer): after every action that
//! moves the pointer, `perform` waits until the pointer is seen where the action left it, so the
//! failsafe never takes the bot's own move, not yet carried out, for the user's.

use device_query::{DeviceQuery, DeviceState};
use enigo::{Button, Coordinate, Direction, Enigo, Key, Keyboard, Mouse, Settings};

use super::watch::Watch;
use super::{Action, InputDevice, InputError};
use crate::frame::Point;

/// The pause between the steps of a click (move, press, release).
const CLICK_STEP: std::time::Duration = std::time::Duration::from_millis(12);

/// How long to wait, at most, for the display to show the pointer where an action left it (a
/// platform whose pointer reports other units never shows it there: the wait just ends).
const POINTER_LANDS: std::time::Duration = std::time::Duration::from_millis(1000);

pub struct LiveInput {
    enigo: Enigo,
    device: DeviceState,
    watch: Watch,
}

impl LiveInput {
    /// Opens the input device on `$DISPLAY` (Linux), or the desktop (Windows, macOS).
    pub fn open() -> Result<LiveInput, InputError> {
        let settings = Settings { linux_delay: 0, ..Settings::default() };
        let enigo = Enigo::new(&settings).map_err(|e| InputError::Open(e.to_string()))?;
        let device = DeviceState::checked_new().ok_or_else(|| {
            InputError::Open("cannot read the mouse and keyboard: no display (is DISPLAY set?)".into())
        })?;
        Ok(LiveInput { enigo, device, watch: Watch::start()? })
    }
}

impl LiveInput {
    /// Waits, up to `POINTER_LANDS`, until the display reports the pointer at `point`.
    fn wait_for_pointer_at(&mut self, point: Point) {
        let until = std::time::Instant::now() + POINTER_LANDS;
        while self.pointer() != Some(point) && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
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
                // A person's click rests a moment at each step; browsers drop some clicks whose
                // press comes in the same instant as the move (a second click right after a first).
                self.enigo.move_mouse(p.x, p.y, Coordinate::Abs).map_err(device)?;
                std::thread::sleep(CLICK_STEP);
                self.enigo.button(Button::Left, Direction::Press).map_err(device)?;
                std::thread::sleep(CLICK_STEP);
                self.enigo.button(Button::Left, Direction::Release).map_err(device)?;
            }
            Action::Drag { from, to } => {
                self.enigo.move_mouse(from.x, from.y, Coordinate::Abs).map_err(device)?;
                self.enigo.button(Button::Left, Direction::Press).map_err(device)?;
                self.enigo.move_mouse(to.x, to.y, Coordinate::Abs).map_err(device)?;
                self.enigo.button(Button::Left, Direction::Release).map_err(device)?;
            }
            Action::Key(name) => self.enigo.key(key_by_name(name)?, Direction::Click).map_err(device)?,
            Action::Move(p) => self.enigo.move_mouse(p.x, p.y, Coordinate::Abs).map_err(device)?,
        }
        if let Some(last) = action.points().last() {
            self.wait_for_pointer_at(*last);
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<Point> {
        let (x, y) = self.device.get_mouse().coords;
        Some(Point::new(x, y))
    }

    /// True when Esc is down now, or was pressed at any moment since the device was opened.
    fn escape_down(&mut self) -> bool {
        self.watch.escape_pressed() || self.device.get_keys().contains(&device_query::Keycode::Escape)
    }
}
