//! The failsafe: stops the bot before its next action when the user presses Esc or moves the mouse.
//!
//! After each action the bot knows where it left the pointer. If, at the next check, the pointer is
//! somewhere else, and still is when asked again over the next 30 ms, a person has taken the mouse:
//! the bot stops rather than fight them.

use std::time::Duration;

use crate::frame::Point;

use super::{Action, InputDevice};

/// How long a pointer seen away from the bot's place is watched before it counts as the user's.
const CONFIRM: Duration = Duration::from_millis(30);
const CONFIRM_READS: u32 = 3;

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
        let Some(found) = device.pointer() else { return Ok(()) };
        let Some(expected) = self.expected else {
            self.expected = Some(found);
            return Ok(());
        };
        if !self.strays(expected, found) {
            return Ok(());
        }
        match self.seen_again(device, expected) {
            Some(found) => Err(Stop::MouseMoved { expected, found }),
            None => Ok(()),
        }
    }

    fn strays(&self, expected: Point, found: Point) -> bool {
        (found.x - expected.x).abs() > self.tolerance || (found.y - expected.y).abs() > self.tolerance
    }

    /// A pointer seen away from where the bot left it is asked again over `CONFIRM`: where the
    /// system reports a stale place for a moment after the bot's own move (Wine: an X motion event
    /// from before the move, handled after it), the pointer is soon back where the bot put it. A
    /// user's hand stays away. Some(where) when it stayed away.
    fn seen_again(&self, device: &mut dyn InputDevice, expected: Point) -> Option<Point> {
        let mut last = None;
        for _ in 0..CONFIRM_READS {
            std::thread::sleep(CONFIRM / CONFIRM_READS);
            match device.pointer() {
                Some(found) if self.strays(expected, found) => last = Some(found),
                Some(_) => return None,
                None => {}
            }
        }
        last
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

    /// A device whose pointer is reported once at a stale place, then where it really is.
    struct StaleOnce {
        inner: Recorder,
        stale: Option<Point>,
    }

    impl InputDevice for StaleOnce {
        fn perform(&mut self, action: &Action) -> Result<(), crate::input::InputError> {
            self.inner.perform(action)
        }
        fn pointer(&mut self) -> Option<Point> {
            self.stale.take().or_else(|| self.inner.pointer())
        }
        fn escape_down(&mut self) -> bool {
            false
        }
    }

    #[test]
    fn a_pointer_reported_once_at_a_stale_place_is_not_a_user_movement() {
        let mut device = StaleOnce { inner: Recorder::new(Point::new(0, 0)), stale: None };
        let mut failsafe = Failsafe::new(2);
        failsafe.check(&mut device).unwrap();
        let click = Action::Click(Point::new(50, 60));
        device.perform(&click).unwrap();
        failsafe.performed(&click);
        device.stale = Some(Point::new(42, 60));
        assert_eq!(failsafe.check(&mut device), Ok(()));
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
