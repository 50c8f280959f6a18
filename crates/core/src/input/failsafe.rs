//! The failsafe: stops the bot before its next action when the user presses Esc or moves the mouse.
//!
//! After each action the bot knows where it left the pointer. If, at the next check, the pointer is
//! somewhere else, a person has taken the mouse: the bot stops rather than fight them.

use crate::frame::Point;

use super::{Action, InputDevice};

/// Why the bot stopped on the user's behalf.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Stop {
    #[error("stopped: Esc was pressed")]
    Escape,
    #[error("stopped: the mouse was moved by the user (from ({}, {}) to ({}, {}))", expected.x, expected.y, found.x, found.y)]
    MouseMoved { expected: Point, found: Point },
}

/// Watches for the user taking over.
#[derive(Debug, Default)]
pub struct Failsafe {
    /// Where the bot last left the pointer (or where it was when watching began).
    expected: Option<Point>,
    /// How far, in pixels on either axis, the pointer may drift before it counts as the user's.
    tolerance: i32,
}

impl Failsafe {
    pub fn new(tolerance: i32) -> Failsafe {
        Failsafe { expected: None, tolerance }
    }

    /// Call before every action. The first call records where the pointer is.
    pub fn check(&mut self, device: &mut dyn InputDevice) -> Result<(), Stop> {
        if device.escape_down() {
            return Err(Stop::Escape);
        }
        if let Some(found) = device.pointer() {
            match self.expected {
                Some(expected)
                    if (found.x - expected.x).abs() > self.tolerance
                        || (found.y - expected.y).abs() > self.tolerance =>
                {
                    return Err(Stop::MouseMoved { expected, found });
                }
                Some(_) => {}
                None => self.expected = Some(found),
            }
        }
        Ok(())
    }

    /// Call after performing an action (screen coordinates): the pointer now rests where it ended.
    pub fn performed(&mut self, action: &Action) {
        if let Some(last) = action.points().last() {
            self.expected = Some(*last);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::recorder::Recorder;

    #[test]
    fn nothing_happens_while_the_user_keeps_still() {
        let mut device = Recorder::new(Point::new(5, 5));
        let mut failsafe = Failsafe::new(2);
        for i in 0..3 {
            failsafe.check(&mut device).unwrap();
            let action = Action::Click(Point::new(10 * i, 10));
            device.perform(&action).unwrap();
            failsafe.performed(&action);
        }
        assert_eq!(device.performed.len(), 3);
    }

    #[test]
    fn escape_stops_before_the_next_action() {
        let mut device = Recorder::new(Point::new(0, 0));
        device.escape_after(1);
        let mut failsafe = Failsafe::new(2);
        failsafe.check(&mut device).unwrap();
        device.perform(&Action::Click(Point::new(1, 1))).unwrap();
        failsafe.performed(&Action::Click(Point::new(1, 1)));
        assert_eq!(failsafe.check(&mut device), Err(Stop::Escape));
    }

    #[test]
    fn a_user_mouse_movement_stops_the_bot() {
        let mut device = Recorder::new(Point::new(0, 0));
        device.user_moves_after(1, Point::new(300, 200));
        let mut failsafe = Failsafe::new(2);
        failsafe.check(&mut device).unwrap();
        let click = Action::Click(Point::new(50, 60));
        device.perform(&click).unwrap();
        failsafe.performed(&click);
        assert_eq!(
            failsafe.check(&mut device),
            Err(Stop::MouseMoved { expected: Point::new(50, 60), found: Point::new(300, 200) })
        );
    }

    #[test]
    fn a_small_jitter_is_not_a_user_movement() {
        let mut device = Recorder::new(Point::new(0, 0));
        device.user_moves_after(1, Point::new(51, 61));
        let mut failsafe = Failsafe::new(2);
        failsafe.check(&mut device).unwrap();
        let click = Action::Click(Point::new(50, 60));
        device.perform(&click).unwrap();
        failsafe.performed(&click);
        assert_eq!(failsafe.check(&mut device), Ok(()));
    }
}
