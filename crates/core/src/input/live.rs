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
//! Clicks and drags are made step by step (`InputDevice::step`), the guard resting between the
//! steps as people do and checking before each press and release. On X11 the pointer goes through
//! XTEST on a connection of our own (`x11_pointer`): a press is made only where the server, grabbed,
//! says it lands on the game, and a move has been carried out when it returns. Elsewhere enigo moves
//! and presses; on Windows the window under the point is asked just before a press (`windows_gate`).
//!
//! Where the display may answer "where is the pointer?" before it has carried out a move (enigo's
//! own connection), `step` waits until the pointer is seen where the move left it, or seen somewhere
//! else than where it was (the user took it: the failsafe then says so at once), so the failsafe
//! never takes the bot's own move, not yet carried out, for the user's.

use std::time::Duration;

use device_query::{DeviceQuery, DeviceState};
use enigo::{Button, Direction, Enigo, Key, Keyboard, Mouse, Settings};

use super::watch::Watch;
use super::{Action, InputDevice, InputError, PressTarget, Step};
use crate::frame::Point;

/// How long to wait, at most, for the display to show the pointer where a move left it (a
/// platform whose pointer reports other units never shows it there: the wait just ends).
const POINTER_LANDS: Duration = Duration::from_millis(1000);

pub struct LiveInput {
    enigo: Enigo,
    device: DeviceState,
    watch: Watch,
    #[cfg(target_os = "linux")]
    x11: Option<super::x11_pointer::X11Pointer>,
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
        Ok(LiveInput {
            enigo,
            device,
            watch: Watch::start()?,
            #[cfg(target_os = "linux")]
            x11: super::x11_pointer::X11Pointer::open(),
        })
    }
}

impl LiveInput {
    /// Puts the pointer at `p`; on return the display shows it there, or shows it moved by the user.
    fn move_pointer(&mut self, p: Point) -> Result<(), InputError> {
        #[cfg(target_os = "linux")]
        if let Some(x11) = &self.x11 {
            return x11.move_to(p);
        }
        let before = self.pointer();
        move_to(&mut self.enigo, p)?;
        self.wait_for_pointer_at(p, before);
        Ok(())
    }

    /// Waits, up to `POINTER_LANDS`, until the display reports the pointer at `point`, or anywhere
    /// but `point` and `before` (the user moved it: no use waiting).
    fn wait_for_pointer_at(&mut self, point: Point, before: Option<Point>) {
        let until = std::time::Instant::now() + POINTER_LANDS;
        loop {
            let now = self.pointer();
            if now == Some(point) || (now.is_some() && now != before) || std::time::Instant::now() >= until {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The left button down or up; with a target, only where it lands on the game.
    fn button(&mut self, down: bool, target: Option<&PressTarget>) -> Result<(), InputError> {
        #[cfg(target_os = "linux")]
        if let Some(x11) = &self.x11 {
            return x11.button(down, target);
        }
        // Windows: a press only where it lands on the game; a release always (the game captured
        // the mouse with its press), with the reason when it would not land there.
        #[cfg(windows)]
        let refusal = target.and_then(|t| windows_gate::lands_on_game(t).err());
        #[cfg(not(windows))]
        let refusal: Option<super::Refusal> = {
            let _ = target;
            None
        };
        if let (true, Some(why)) = (down, refusal) {
            return Err(InputError::Refused(why));
        }
        let direction = if down { Direction::Press } else { Direction::Release };
        self.enigo.button(Button::Left, direction).map_err(device)?;
        refusal.map_or(Ok(()), |why| Err(InputError::Refused(why)))
    }

    /// `key` for `window` through the X connection, down and (with `release`) up, checked there
    /// at the last instant; `None` where there is no such connection.
    fn checked_key(&mut self, key: &str, window: u32, release: bool) -> Option<Result<(), InputError>> {
        #[cfg(target_os = "linux")]
        if let Some(x11) = &self.x11 {
            return match key_by_name(key) {
                Ok(key) => x11.key(key, window, release),
                Err(e) => Some(Err(e)),
            };
        }
        let _ = (key, window, release);
        None
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
        "Shift" => Key::Shift,
        "Control" | "Ctrl" => Key::Control,
        "Tab" => Key::Tab,
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
    /// Makes a whole action at once, with no rest and no check (the guard makes clicks and drags
    /// step by step instead: `stepwise`).
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        match action {
            Action::Key(name) => self.enigo.key(key_by_name(name)?, Direction::Click).map_err(device),
            Action::Move(p) => self.move_pointer(*p),
            Action::Click(p) => {
                self.move_pointer(*p)?;
                self.button(true, None)?;
                self.button(false, None)
            }
            Action::Drag { from, to } => {
                self.move_pointer(*from)?;
                self.button(true, None)?;
                self.move_pointer(*to)?;
                self.button(false, None)
            }
        }
    }

    fn pointer(&mut self) -> Option<Point> {
        let (x, y) = self.device.get_mouse().coords;
        Some(Point::new(x, y))
    }

    /// True when Esc is down now, or was pressed at any moment since the device was opened.
    fn escape_down(&mut self) -> bool {
        self.watch.escape_pressed() || self.device.get_keys().contains(&device_query::Keycode::Escape)
    }

    fn stepwise(&self) -> bool {
        true
    }

    fn key_for(&mut self, key: &str, window: u32) -> Option<Result<(), InputError>> {
        self.checked_key(key, window, true)
    }

    fn key_down_for(&mut self, key: &str, window: u32) -> Option<Result<(), InputError>> {
        self.checked_key(key, window, false)
    }

    /// A key down or up, by the X connection where it has the key's plain keycode (as `key_for`
    /// sends it), else by enigo.
    fn key_step(&mut self, name: &str, down: bool) -> Result<(), InputError> {
        let key = key_by_name(name)?;
        #[cfg(target_os = "linux")]
        if let Some(sent) = self.x11.as_ref().and_then(|x11| x11.key_step(key, down)) {
            return sent;
        }
        let direction = if down { Direction::Press } else { Direction::Release };
        self.enigo.key(key, direction).map_err(device)
    }

    fn step(&mut self, step: Step, target: Option<&PressTarget>) -> Result<(), InputError> {
        match step {
            Step::MoveTo(p) => self.move_pointer(p),
            Step::Press => self.button(true, target),
            Step::Release => self.button(false, target),
        }
    }
}

/// Windows: the window under a point, asked just before a press (`WindowFromPoint`, its root
/// window), and the pointer's place (`GetCursorPos`).
#[cfg(windows)]
mod windows_gate {
    use windows_sys::Win32::Foundation::POINT;
    use windows_sys::Win32::UI::WindowsAndMessaging::{GA_ROOT, GetAncestor, GetCursorPos, IsWindow, WindowFromPoint};

    use super::super::{PressTarget, Refusal};
    use crate::frame::Point;

    pub fn lands_on_game(target: &PressTarget) -> Result<(), Refusal> {
        let game = target.window as usize as windows_sys::Win32::Foundation::HWND;
        // SAFETY: plain Win32 calls on a window handle and a POINT of our own.
        unsafe {
            if IsWindow(game) == 0 {
                return Err(Refusal::Gone);
            }
            let mut at = POINT { x: 0, y: 0 };
            if GetCursorPos(&mut at) != 0 && (at.x, at.y) != (target.at.x, target.at.y) {
                return Err(Refusal::PointerElsewhere(Point::new(at.x, at.y)));
            }
            let under = WindowFromPoint(POINT { x: target.at.x, y: target.at.y });
            if under.is_null() || GetAncestor(under, GA_ROOT) != GetAncestor(game, GA_ROOT) {
                return Err(Refusal::NotOver);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::key_by_name;
    use enigo::Key;

    #[test]
    fn profiles_name_the_usual_game_keys_and_an_unknown_name_is_an_error() {
        let named = [("Left", Key::LeftArrow), ("space", Key::Space), ("Shift", Key::Shift), ("Ctrl", Key::Control)];
        for (name, key) in named {
            assert_eq!(key_by_name(name).unwrap(), key, "{name}");
        }
        assert_eq!(key_by_name("x").unwrap(), Key::Unicode('x'));
        assert!(key_by_name("Hyper").is_err());
    }
}
