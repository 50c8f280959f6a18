//! Input: the actions a game asks for, and the devices that carry them out.
//!
//! Games produce `Action`s in frame-relative pixels; the guard checks each lies inside the game's
//! window, places it on the desktop (`Action::place`, through `Frame::to_desktop`: desktop units,
//! the unit the platform's input takes), and hands it to an `InputDevice`. The live device
//! (enigo for input, X11 queries for the failsafe) is the only code that touches the real mouse
//! and keyboard; the `Recorder` stands in for it in tests and `--dry-run`.
//!
//! A live device makes clicks and drags step by step (`Step`: move, press, release), the guard
//! resting between them and asking immediately before each press and release whether the input
//! would land on the game (`PressTarget`); where the platform lets it, the device asks once more
//! itself in the same instant as the press (on X11 under a server grab: `x11_pointer`), so nothing
//! that happens between the check and the act can send a press elsewhere. Keys likewise: on X11 a
//! key goes under a grab only while the game is shown and has the keyboard focus (`x11_key`).

pub mod failsafe;
pub mod guard;
pub mod live;
pub mod park;
pub mod recorder;
pub mod watch;
#[cfg(target_os = "linux")]
mod x11_key;
#[cfg(target_os = "linux")]
mod x11_pointer;

use std::fmt;

use crate::frame::Point;

/// One input, in frame-relative pixels (or desktop units once the guard has placed it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the mouse to the point and click the left button.
    Click(Point),
    /// Press the left button at `from`, move to `to`, release.
    Drag { from: Point, to: Point },
    /// Press and release a key, by its name (e.g. "Left", "Return", "a").
    Key(String),
    /// Move the mouse to the point without clicking (off something that reacts to hovering).
    Move(Point),
}

impl Action {
    /// The points the action touches (none for a key).
    pub fn points(&self) -> Vec<Point> {
        match self {
            Action::Click(p) | Action::Move(p) => vec![*p],
            Action::Drag { from, to } => vec![*from, *to],
            Action::Key(_) => Vec::new(),
        }
    }

    /// The same action with every point mapped by `to`.
    pub fn map(&self, to: impl Fn(Point) -> Point) -> Action {
        match self {
            Action::Click(p) => Action::Click(to(*p)),
            Action::Move(p) => Action::Move(to(*p)),
            Action::Drag { from, to: end } => Action::Drag { from: to(*from), to: to(*end) },
            Action::Key(k) => Action::Key(k.clone()),
        }
    }

    /// The action given in pixels of `frame`, placed on the desktop: in desktop units, the unit
    /// the platform's input takes (`Frame::to_desktop`).
    pub fn place(&self, frame: &crate::frame::Frame) -> Action {
        self.map(|p| frame.to_desktop(p))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Click(p) => write!(f, "click ({}, {})", p.x, p.y),
            Action::Drag { from, to } => write!(f, "drag ({}, {}) -> ({}, {})", from.x, from.y, to.x, to.y),
            Action::Key(k) => write!(f, "key {k}"),
            Action::Move(p) => write!(f, "move to ({}, {})", p.x, p.y),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot open the input device: {0}")]
    Open(String),
    #[error("the input device failed: {0}")]
    Device(String),
    #[error("unknown key name \"{0}\"")]
    UnknownKey(String),
    #[error("{0}; nothing was pressed")]
    Refused(Refusal),
}

/// Why a device refused a press or release at the last instant (`Step::Press`, `Step::Release`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game window is gone")]
    Gone,
    #[error("the game window moved or changed size")]
    Moved,
    #[error("the pointer is at ({}, {}), not where the bot put it", .0.x, .0.y)]
    PointerElsewhere(Point),
    #[error("the pointer is not over the game window: another window is there")]
    NotOver,
    #[error("another window has the keyboard focus")]
    FocusElsewhere,
}

/// One step of a click or a drag, made by a live device (`InputDevice::step`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Put the pointer at a point (desktop units), the button as it is.
    MoveTo(Point),
    /// The left button goes down, or comes up, where the pointer is.
    Press,
    Release,
}

/// Where a press or release must land: the game's window (its platform id, where the last capture
/// saw it, in desktop units) and the point the pointer was put at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PressTarget {
    pub window: u32,
    pub area: crate::frame::Area,
    pub at: Point,
}

/// Something that can perform actions and tell what the user is doing.
pub trait InputDevice {
    /// Performs one action, in screen coordinates, at once.
    fn perform(&mut self, action: &Action) -> Result<(), InputError>;
    /// Where the mouse pointer is now, in screen coordinates (None if it cannot be known).
    fn pointer(&mut self) -> Option<Point>;
    /// True while the Esc key is held down.
    fn escape_down(&mut self) -> bool;
    /// True for a device that makes clicks and drags as people do, step by step with rests between
    /// (`step`), the guard checking before each press and release. False (simulations, the
    /// recorder): `perform` makes the whole action at once.
    fn stepwise(&self) -> bool {
        false
    }
    /// Makes one step. For a press or release with a `target`, a device that can tell what is under
    /// the pointer in the same instant as it presses refuses (`InputError::Refused`) one that would
    /// not land on the game.
    fn step(&mut self, step: Step, target: Option<&PressTarget>) -> Result<(), InputError> {
        let _ = (step, target);
        Err(InputError::Device("this input device makes whole actions only".into()))
    }
    /// Presses `key` for the game's `window` (its platform id) if the device can ask, in the same
    /// instant as it presses, whether the window is still shown and has the keyboard focus: then
    /// Some, refused (`InputError::Refused`) when the key would not go to the game. None: the
    /// device cannot; the guard checks before and presses with `perform`.
    fn key_for(&mut self, key: &str, window: u32) -> Option<Result<(), InputError>> {
        let _ = (key, window);
        None
    }
    /// Puts `key` down (`down`) or lets it up, at once and with no check: a key held a while
    /// (`Guard::key_held`), for a program that looks at its keys once a frame and misses a press
    /// and release sent together. A device that makes whole keys only says so.
    fn key_step(&mut self, key: &str, down: bool) -> Result<(), InputError> {
        let _ = (key, down);
        Err(InputError::Device("this input device presses whole keys only".into()))
    }
    /// As `key_for`, the key only put down (let up later by `key_step`).
    fn key_down_for(&mut self, key: &str, window: u32) -> Option<Result<(), InputError>> {
        let _ = (key, window);
        None
    }
}
