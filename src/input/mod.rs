//! Input: the actions a game asks for, and the devices that carry them out.
//!
//! Games produce `Action`s in frame-relative pixels; the runner checks each lies inside the game's
//! window, converts it to screen coordinates, and hands it to an `InputDevice`. The live device
//! (enigo for input, X11 queries for the failsafe) is the only code that touches the real mouse
//! and keyboard; the `Recorder` stands in for it in tests and `--dry-run`.

pub mod failsafe;
pub mod guard;
pub mod live;
pub mod recorder;
pub mod watch;

use std::fmt;

use crate::frame::Point;

/// One input, in frame-relative pixels (or screen pixels once the runner has placed it).
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

    /// The same action shifted by `by` (frame → screen coordinates).
    pub fn offset(&self, by: Point) -> Action {
        match self {
            Action::Click(p) => Action::Click(p.offset(by)),
            Action::Move(p) => Action::Move(p.offset(by)),
            Action::Drag { from, to } => Action::Drag { from: from.offset(by), to: to.offset(by) },
            Action::Key(k) => Action::Key(k.clone()),
        }
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
}

/// Something that can perform actions and tell what the user is doing.
pub trait InputDevice {
    /// Performs one action, in screen coordinates.
    fn perform(&mut self, action: &Action) -> Result<(), InputError>;
    /// Where the mouse pointer is now, in screen coordinates (None if it cannot be known).
    fn pointer(&mut self) -> Option<Point>;
    /// True while the Esc key is held down.
    fn escape_down(&mut self) -> bool;
}
