//! The live input device: enigo moves the real mouse and presses real keys; device_query tells where
//! the pointer is and (through a watch thread, `watch.rs`) whether Esc was pressed, for the failsafe.
//! The same code runs on Linux (X11), Windows and macOS; points come in desktop units
//! (`screen::desktop`), which is what each platform's pointer takes: X11 root pixels, macOS points
//! (enigo's events are in global points, negative left of or above the main display), and Windows
//! physical pixels. On Windows the pointer is placed with `SetCursorPos`, which takes any point of the
//! virtual desktop (monitors left of or above the primary included), where enigo's absolute move
//! reaches only the primary monitor.
//!
//! enigo's Linux delay is set to 0 (its default adds 12 ms to every press and release).
//! Clicks and drags are made as people make them (`human_click`, `human_drag`): a rest before the
//! press, a held press, a drag through its way in steps; toolkits ignore some that are not.
//!
//! The display may answer "where is the pointer?" before it has carried out the moves just sent
//! (X11 serves its clients in turn; a busy machine makes the gap longer): after every action that
//! moves the pointer, `perform` waits until the pointer is seen where the action left it, so the
//! failsafe never takes the bot's own move, not yet carried out, for the user's.

use std::time::Duration;

use device_query::{DeviceQuery, DeviceState};
use enigo::{Button, Direction, Enigo, Key, Keyboard, Mouse, Settings};

use super::watch::Watch;
use super::{Action, InputDevice, InputError};
use crate::frame::Point;

/// How long the pointer rests where it arrives before the button goes down.
const REST: Duration = Duration::from_millis(30);
/// How long the button stays down in a click (a person's is 50 to 150 ms).
const HOLD: Duration = Duration::from_millis(60);
/// A drag passes through its way in steps of at most this many pixels, a pause apart.
const DRAG_STEP_PX: f64 = 8.0;
const DRAG_PAUSE: Duration = Duration::from_millis(8);

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
        crate::screen::desktop::declare_dpi_awareness();
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

/// Puts the pointer at desktop point `p`.
#[cfg(not(windows))]
fn move_to(enigo: &mut Enigo, p: Point) -> Result<(), InputError> {
    enigo.move_mouse(p.x, p.y, enigo::Coordinate::Abs).map_err(device)
}

/// Puts the pointer at desktop point `p` (physical pixels of the virtual desktop).
#[cfg(windows)]
fn move_to(_enigo: &mut Enigo, p: Point) -> Result<(), InputError> {
    // SAFETY: a plain Win32 call with two integers; it touches no memory of ours.
    let done = unsafe { windows_sys::Win32::UI::WindowsAndMessaging::SetCursorPos(p.x, p.y) };
    if done == 0 { Err(InputError::Device(format!("cannot put the pointer at ({}, {})", p.x, p.y))) } else { Ok(()) }
}

impl InputDevice for LiveInput {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        match action {
            Action::Click(p) => human_click(&mut self.enigo, *p)?,
            Action::Drag { from, to } => human_drag(&mut self.enigo, *from, *to)?,
            Action::Key(name) => self.enigo.key(key_by_name(name)?, Direction::Click).map_err(device)?,
            Action::Move(p) => move_to(&mut self.enigo, *p)?,
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

/// A click as a person makes it, so that every toolkit takes it: the pointer moves there and rests,
/// the button goes down, stays down a moment, and comes up (browsers drop clicks whose press comes
/// in the instant of the move; some toolkits ignore a press and release in one instant).
fn human_click(enigo: &mut Enigo, p: Point) -> Result<(), InputError> {
    move_to(enigo, p)?;
    std::thread::sleep(REST);
    enigo.button(Button::Left, Direction::Press).map_err(device)?;
    std::thread::sleep(HOLD);
    enigo.button(Button::Left, Direction::Release).map_err(device)?;
    Ok(())
}

/// A drag as a person makes it: press where it starts (after a rest), pass through the way in
/// small steps with short pauses (toolkits that track the motion see it move), rest, release.
fn human_drag(enigo: &mut Enigo, from: Point, to: Point) -> Result<(), InputError> {
    move_to(enigo, from)?;
    std::thread::sleep(REST);
    enigo.button(Button::Left, Direction::Press).map_err(device)?;
    std::thread::sleep(HOLD);
    let (dx, dy) = ((to.x - from.x) as f64, (to.y - from.y) as f64);
    let steps = (dx.hypot(dy) / DRAG_STEP_PX).ceil().max(1.0) as i32;
    for i in 1..=steps {
        let t = i as f64 / steps as f64;
        let (x, y) = (from.x + (dx * t).round() as i32, from.y + (dy * t).round() as i32);
        move_to(enigo, Point::new(x, y))?;
        std::thread::sleep(DRAG_PAUSE);
    }
    std::thread::sleep(HOLD);
    enigo.button(Button::Left, Direction::Release).map_err(device)?;
    Ok(())
}
