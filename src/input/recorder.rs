//! A recording input device: remembers every action instead of performing it.
//!
//! Used by `--dry-run` and by tests, where it can also play a user who presses Esc or moves the
//! mouse after a given number of actions, to test the failsafe without a display.

use crate::frame::Point;

use super::{Action, InputDevice, InputError};

#[derive(Debug, Default)]
pub struct Recorder {
    /// The actions performed so far, in screen coordinates.
    pub performed: Vec<Action>,
    pointer: Point,
    escape_after: Option<usize>,
    user_move: Option<(usize, Point)>,
}

impl Recorder {
    pub fn new(pointer: Point) -> Recorder {
        Recorder { pointer, ..Recorder::default() }
    }

    /// From the `n`th performed action on, Esc reads as held down.
    pub fn escape_after(&mut self, n: usize) {
        self.escape_after = Some(n);
    }

    /// After the `n`th performed action, the "user" moves the mouse to `to`.
    pub fn user_moves_after(&mut self, n: usize, to: Point) {
        self.user_move = Some((n, to));
    }
}

impl InputDevice for Recorder {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        if let Some(last) = action.points().last() {
            self.pointer = *last;
        }
        self.performed.push(action.clone());
        if let Some((n, to)) = self.user_move
            && self.performed.len() == n
        {
            self.pointer = to;
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<Point> {
        Some(self.pointer)
    }

    fn escape_down(&mut self) -> bool {
        self.escape_after.is_some_and(|n| self.performed.len() >= n)
    }
}
