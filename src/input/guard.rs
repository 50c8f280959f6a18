//! The one guarded path every action takes: an action is performed only if it lies inside the game
//! window on a part a monitor shows, the failsafe allows it (no Esc, no mouse the bot did not move),
//! the window is still where the last capture saw it and uncovered at the action's points, and, for
//! a key, the game has the keyboard focus. Here too the action's frame pixels become desktop units
//! (`Frame::to_desktop`: the frame's origin and scale), the unit the platform's input takes, on
//! every platform and monitor layout. Start buttons, moves, drags and keys of every game go through
//! here; the tolerances come from the profile's `[guard]` section.

use anyhow::bail;

use super::failsafe::Failsafe;
use super::{Action, InputDevice};
use crate::frame::Frame;
use crate::profile::GuardSettings;
use crate::screen::{Screen, ScreenError};

/// The input device, behind the checks every action needs.
pub struct Guard<'a> {
    device: &'a mut dyn InputDevice,
    failsafe: Failsafe,
}

impl<'a> Guard<'a> {
    pub fn new(device: &'a mut dyn InputDevice, settings: &GuardSettings) -> Guard<'a> {
        Guard { device, failsafe: Failsafe::new(settings.mouse_tolerance_px) }
    }

    /// Performs one action given in pixels of `window` (the latest capture of the game's window),
    /// after checking that it lies inside the window where a monitor shows it, that the failsafe
    /// allows it, and that a key goes only while the game has the keyboard focus.
    pub fn perform(&mut self, action: &Action, window: &Frame, screen: &dyn Screen) -> anyhow::Result<()> {
        if !action.points().iter().all(|p| window.contains(*p)) {
            bail!("refusing to {action}: it lies outside the game window ({}x{})", window.width(), window.height());
        }
        if let Some(hidden) = action.points().into_iter().find(|p| !window.shows(*p)) {
            // Hidden by another window or off the screen: the screen says which, else this.
            screen.check_target(window, &[window.to_desktop(hidden)])?;
            let detail = format!(
                "the capture does not show its pixel ({}, {}), where the bot would {action}",
                hidden.x, hidden.y
            );
            return Err(ScreenError::OffScreen { detail }.into());
        }
        self.failsafe.check(self.device)?;
        if matches!(action, Action::Key(_)) {
            ensure_focus(screen)?;
        }
        let on_screen = action.place(window);
        // The window may have moved, shrunk, closed or been covered since `window` was captured:
        // asked now, so the input lands in the game or nowhere.
        screen.check_target(window, &on_screen.points())?;
        self.device.perform(&on_screen)?;
        self.failsafe.performed(&on_screen);
        Ok(())
    }

    /// Waits `time` (a profile's pause after an action), asking the failsafe every 50 ms, so Esc
    /// or a mouse movement during a long pause stops the bot at once, not after it.
    pub fn pause(&mut self, time: std::time::Duration) -> anyhow::Result<()> {
        let until = std::time::Instant::now() + time;
        loop {
            self.failsafe.check(self.device)?;
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            std::thread::sleep(left.min(std::time::Duration::from_millis(50)));
        }
    }

    /// Presses a key (keys have no position) after the failsafe and focus checks.
    pub fn key(&mut self, key: &str, screen: &dyn Screen) -> anyhow::Result<()> {
        self.failsafe.check(self.device)?;
        ensure_focus(screen)?;
        self.device.perform(&Action::Key(key.to_string()))?;
        Ok(())
    }
}

/// An error when another window has the keyboard focus (a key would go there, not to the game).
pub fn ensure_focus(screen: &dyn Screen) -> anyhow::Result<()> {
    match screen.focus_elsewhere() {
        Some(other) => {
            bail!("stopped: the keyboard focus is on {other}, not the game; click the game's window and run again")
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Point;
    use crate::input::failsafe::Stop;
    use crate::input::recorder::Recorder;
    use crate::screen::ScreenError;

    struct Blank(Frame);

    impl Screen for Blank {
        fn capture(&mut self) -> Result<Frame, ScreenError> {
            Ok(self.0.clone())
        }
        fn describe(&self) -> String {
            "blank".into()
        }
    }

    struct Unfocused;

    impl Screen for Unfocused {
        fn capture(&mut self) -> Result<Frame, ScreenError> {
            Err(ScreenError::WindowGone)
        }
        fn describe(&self) -> String {
            "unfocused".into()
        }
        fn focus_elsewhere(&self) -> Option<String> {
            Some("\"Terminal\"".into())
        }
    }

    fn window() -> Frame {
        let mut frame = Frame::from_image(image::RgbaImage::new(100, 80));
        frame.origin = Point::new(10, 20);
        frame
    }

    #[test]
    fn an_action_inside_the_window_is_placed_on_screen() {
        let mut device = Recorder::new(Point::new(0, 0));
        let frame = window();
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        guard.perform(&Action::Click(Point::new(5, 6)), &frame, &Blank(frame.clone())).unwrap();
        assert_eq!(device.performed, vec![Action::Click(Point::new(15, 26))]);
    }

    #[test]
    fn an_action_outside_the_window_is_refused_before_anything_happens() {
        let mut device = Recorder::new(Point::new(0, 0));
        let frame = window();
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        let err = guard.perform(&Action::Click(Point::new(100, 6)), &frame, &Blank(frame.clone())).unwrap_err();
        assert!(err.to_string().contains("outside the game window"), "{err}");
        assert!(device.performed.is_empty());
    }

    #[test]
    fn a_key_is_refused_while_another_window_has_the_focus() {
        let mut device = Recorder::new(Point::new(0, 0));
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        let err = guard.perform(&Action::Key("Left".into()), &window(), &Unfocused).unwrap_err();
        assert!(err.to_string().contains("keyboard focus is on \"Terminal\""), "{err}");
        assert!(guard.key("Left", &Unfocused).is_err());
        assert!(device.performed.is_empty());
    }

    #[test]
    fn the_failsafe_stops_the_next_action() {
        let mut device = Recorder::new(Point::new(0, 0));
        device.escape_after(1);
        let frame = window();
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        guard.perform(&Action::Click(Point::new(1, 1)), &frame, &Blank(frame.clone())).unwrap();
        let err = guard.perform(&Action::Click(Point::new(2, 2)), &frame, &Blank(frame.clone())).unwrap_err();
        assert_eq!(err.downcast_ref::<Stop>(), Some(&Stop::Escape));
    }
}
