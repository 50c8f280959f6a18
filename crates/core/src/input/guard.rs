//! The one guarded path every action takes: an action is performed only if it lies inside the game
//! window on a part a monitor shows, the failsafe allows it (no Esc, no mouse the bot did not move),
//! the window is still where the last capture saw it and uncovered at the action's points, and, for
//! a key, the game has the keyboard focus. Here too the action's frame pixels become desktop units
//! (`Frame::to_desktop`: the frame's origin and scale), the unit the platform's input takes, on
//! every platform and monitor layout. Start buttons, moves, drags and keys of every game go through
//! here; the tolerances and rests come from the profile's `[guard]` section.
//!
//! A live device makes clicks and drags as people do (`InputDevice::stepwise`): the pointer moves
//! and rests, the button goes down, stays down, comes up. The checks are made again immediately
//! before each press, each release and each key, not once before the action, and the device asks
//! once more in the instant of the press where it can (`PressTarget`): a window closed, moved or
//! covered during a rest gets no press. Every rest asks the failsafe every few milliseconds, so Esc
//! or the user's mouse stops the bot wherever it is in a move.

use std::time::{Duration, Instant};

use super::failsafe::{Failsafe, Stop};
use super::{Action, InputDevice, InputError, PressTarget, Refusal, Step};
use crate::frame::{Frame, Point};
use crate::profile::GuardSettings;
use crate::screen::{Screen, ScreenError};

/// How often a rest asks the failsafe.
const FAILSAFE_POLL: Duration = Duration::from_millis(5);
/// A drag passes through its way in steps of at most this many pixels, a pause apart.
const DRAG_STEP_PX: f64 = 8.0;
const DRAG_PAUSE: Duration = Duration::from_millis(8);

/// Why the guard did not act, or stopped acting: the user took over, the window (gone, moved,
/// covered, off the screen), the device, the keyboard focus elsewhere, or an action it refuses.
#[derive(Debug, thiserror::Error)]
pub enum Halt {
    #[error(transparent)]
    User(#[from] Stop),
    #[error(transparent)]
    Window(#[from] ScreenError),
    #[error(transparent)]
    Device(#[from] InputError),
    #[error("stopped: the keyboard focus is on {0}, not the game; click the game's window and run again")]
    Focus(String),
    #[error("{0}")]
    Refused(String),
}

/// The input device, behind the checks every action needs.
pub struct Guard<'a> {
    device: &'a mut dyn InputDevice,
    failsafe: Failsafe,
    rest: Duration,
    hold: Duration,
    /// How long a key is held down (zero: pressed and released at once).
    key_hold: Duration,
}

impl<'a> Guard<'a> {
    pub fn new(device: &'a mut dyn InputDevice, settings: &GuardSettings) -> Guard<'a> {
        Guard {
            device,
            failsafe: Failsafe::new(settings.mouse_tolerance_px),
            rest: Duration::from_millis(settings.rest_ms),
            hold: Duration::from_millis(settings.hold_ms),
            key_hold: Duration::ZERO,
        }
    }

    /// Performs one action given in pixels of `window` (the latest capture of the game's window),
    /// after checking that it lies inside the window where a monitor shows it, that the failsafe
    /// allows it, and that a key goes only while the game has the keyboard focus.
    pub fn perform(&mut self, action: &Action, window: &Frame, screen: &dyn Screen) -> Result<(), Halt> {
        if !action.points().iter().all(|p| window.contains(*p)) {
            let (w, h) = (window.width(), window.height());
            return Err(Halt::Refused(format!("refusing to {action}: it lies outside the game window ({w}x{h})")));
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
        if let Action::Key(key) = action {
            return self.key(key, screen);
        }
        self.failsafe.check(self.device)?;
        let on_screen = action.place(window);
        // The window may have moved, shrunk, closed or been covered since `window` was captured:
        // asked now, so the input lands in the game or nowhere.
        screen.check_target(window, &on_screen.points())?;
        if !self.device.stepwise() {
            self.device.perform(&on_screen)?;
            self.failsafe.performed(&on_screen);
            return Ok(());
        }
        let to = Target { window, screen };
        match on_screen {
            Action::Click(p) => {
                self.move_to(p)?;
                self.pause(self.rest)?;
                self.press(p, &to)?;
                let held = self.pause(self.hold);
                self.release(p, &to, held)
            }
            Action::Drag { from, to: end } => self.drag(from, end, &to),
            Action::Move(p) => self.move_to(p),
            Action::Key(_) => unreachable!("keys are pressed above"),
        }
    }

    /// Where the device says the pointer is (desktop units), None where it cannot tell.
    pub fn pointer(&mut self) -> Option<Point> {
        self.device.pointer()
    }

    /// A drag as a person makes it: press where it starts (after a rest), pass through the way in
    /// small steps with short pauses (toolkits that track the motion see it move), rest, release.
    fn drag(&mut self, from: Point, end: Point, to: &Target) -> Result<(), Halt> {
        self.move_to(from)?;
        self.pause(self.rest)?;
        self.press(from, to)?;
        let mut held = self.pause(self.hold);
        let mut at = from;
        let (dx, dy) = (f64::from(end.x - from.x), f64::from(end.y - from.y));
        let steps = (dx.hypot(dy) / DRAG_STEP_PX).ceil().max(1.0) as i32;
        for i in 1..=steps {
            if held.is_err() {
                break;
            }
            let t = f64::from(i) / f64::from(steps);
            at = Point::new(from.x + (dx * t).round() as i32, from.y + (dy * t).round() as i32);
            held = self.move_to(at).and_then(|()| self.pause(DRAG_PAUSE));
        }
        if held.is_ok() {
            held = self.pause(self.hold);
        }
        self.release(at, to, held)
    }

    /// Puts the pointer at `p` (desktop units) after the failsafe's check.
    fn move_to(&mut self, p: Point) -> Result<(), Halt> {
        self.failsafe.check(self.device)?;
        self.device.step(Step::MoveTo(p), None)?;
        self.failsafe.performed(&Action::Move(p));
        Ok(())
    }

    /// The button down at `at`, where the pointer is: the failsafe and the window asked immediately
    /// before, and the device asked to press only where it lands on the game.
    fn press(&mut self, at: Point, to: &Target) -> Result<(), Halt> {
        self.failsafe.check(self.device)?;
        to.screen.check_target(to.window, &[at])?;
        match self.device.step(Step::Press, to.press_target(at).as_ref()) {
            Err(InputError::Refused(why)) => Err(refused(why, at, to)),
            result => Ok(result?),
        }
    }

    /// The button up at `at` after a press, whatever happened while it was down (`held`: Esc, the
    /// user's mouse, a window gone): a button left held would act on whatever the user's pointer
    /// meets next. The device asks in the same instant whether it lands on the game and catches it
    /// where it can when not. A game covered or moved since its press (its own end dialog, say)
    /// still takes the release: it holds the pointer since the press (X's implicit grab, the
    /// capture of Windows' toolkits), and nothing else can take it; the play loop's reading then
    /// says what the screen shows.
    fn release(&mut self, at: Point, to: &Target, held: Result<(), Halt>) -> Result<(), Halt> {
        let stop = held.and_then(|()| Ok(self.failsafe.check(self.device)?));
        let released = self.device.step(Step::Release, to.press_target(at).as_ref());
        stop?;
        match released {
            Err(InputError::Refused(why @ (Refusal::Gone | Refusal::PointerElsewhere(_)))) => Err(refused(why, at, to)),
            Err(InputError::Refused(_)) => Ok(()),
            result => Ok(result?),
        }
    }

    /// Waits `time` (a rest in a move, a profile's pause after an action), asking the failsafe every
    /// few milliseconds, so Esc or a mouse movement stops the bot at once, not after it.
    pub fn pause(&mut self, time: Duration) -> Result<(), Halt> {
        let until = Instant::now() + time;
        loop {
            self.failsafe.check(self.device)?;
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            std::thread::sleep(left.min(FAILSAFE_POLL));
        }
    }

    /// Presses a key (keys have no position) after the failsafe's check, immediately after asking
    /// that the game's window is still open and has the keyboard focus.
    /// A device that can ask in the instant of the key (`InputDevice::key_for`) asks itself; a
    /// refusal is then named by asking the screen why.
    pub fn key(&mut self, key: &str, screen: &dyn Screen) -> Result<(), Halt> {
        if !self.key_hold.is_zero() {
            return self.key_held(key, screen, self.key_hold);
        }
        self.failsafe.check(self.device)?;
        if let Some(sent) = screen.window_id().and_then(|window| self.device.key_for(key, window)) {
            return sent.map_err(|e| match e {
                InputError::Refused(why) => key_refused(why, screen),
                other => other.into(),
            });
        }
        screen.check_open()?;
        ensure_focus(screen)?;
        self.device.perform(&Action::Key(key.to_string()))?;
        Ok(())
    }

    /// Puts a key down for `hold`, then up, with the checks of `key` before it goes down: for a
    /// program that looks at its keys once a frame (a press and release sent together fall
    /// between two of its looks). The key comes up whatever happens while it is down (Esc, the
    /// user's mouse): a key left down would go on acting.
    pub fn key_held(&mut self, key: &str, screen: &dyn Screen, hold: Duration) -> Result<(), Halt> {
        self.failsafe.check(self.device)?;
        match screen.window_id().and_then(|window| self.device.key_down_for(key, window)) {
            Some(sent) => sent.map_err(|e| match e {
                InputError::Refused(why) => key_refused(why, screen),
                other => other.into(),
            })?,
            None => {
                screen.check_open()?;
                ensure_focus(screen)?;
                self.device.key_step(key, true)?;
            }
        }
        let held = self.pause(hold);
        let up = self.device.key_step(key, false);
        held?;
        Ok(up?)
    }

    /// Keys from now on held down this long each (`key_held`); zero: pressed and released at once.
    pub fn set_key_hold(&mut self, hold: Duration) {
        self.key_hold = hold;
    }
}

/// The game's window as the guard knows it while it acts: its last capture and its screen.
struct Target<'a> {
    window: &'a Frame,
    screen: &'a dyn Screen,
}

impl Target<'_> {
    /// What a live device asks about in the instant of a press or release at `at`.
    fn press_target(&self, at: Point) -> Option<PressTarget> {
        self.screen.window_id().map(|window| PressTarget { window, area: self.window.desktop_area(), at })
    }
}

/// The error for a press or release the device refused at the last instant: the user's mouse, or
/// what the screen says changed (asked again to name it), or the refusal itself.
fn refused(why: Refusal, at: Point, to: &Target) -> Halt {
    if let Refusal::PointerElsewhere(found) = why {
        return Stop::MouseMoved { expected: at, found }.into();
    }
    if let Err(e) = to.screen.check_target(to.window, &[at]) {
        return e.into();
    }
    match why {
        Refusal::Gone => ScreenError::WindowGone.into(),
        Refusal::Moved => ScreenError::Moved.into(),
        _ => Halt::Refused(format!("stopped: {why}; nothing was pressed")),
    }
}

/// The error for a key the device refused at the last instant, named by what the screen says now.
fn key_refused(why: Refusal, screen: &dyn Screen) -> Halt {
    if let Err(e) = screen.check_open() {
        return e.into();
    }
    match (why, screen.focus_elsewhere()) {
        (_, Some(other)) => Halt::Focus(other),
        (Refusal::Gone, None) => ScreenError::WindowGone.into(),
        (why, None) => Halt::Refused(format!("stopped: {why}; no key was pressed")),
    }
}

/// An error when another window has the keyboard focus (a key would go there, not to the game).
pub fn ensure_focus(screen: &dyn Screen) -> Result<(), Halt> {
    match screen.focus_elsewhere() {
        Some(other) => Err(Halt::Focus(other)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Area;
    use crate::input::recorder::Recorder;

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

    /// A live window that closes after `open_for` checks: every later check says it is gone.
    struct Closing {
        frame: Frame,
        open_for: usize,
        checks: std::cell::Cell<usize>,
    }

    impl Closing {
        fn new(open_for: usize) -> Closing {
            Closing { frame: window(), open_for, checks: std::cell::Cell::new(0) }
        }
    }

    impl Screen for Closing {
        fn capture(&mut self) -> Result<Frame, ScreenError> {
            Ok(self.frame.clone())
        }
        fn describe(&self) -> String {
            "closing".into()
        }
        fn check_target(&self, _frame: &Frame, _points: &[Point]) -> Result<(), ScreenError> {
            self.checks.set(self.checks.get() + 1);
            if self.checks.get() > self.open_for { Err(ScreenError::WindowGone) } else { Ok(()) }
        }
        fn window_id(&self) -> Option<u32> {
            Some(7)
        }
    }

    #[test]
    fn a_stepwise_click_moves_rests_and_presses_on_the_window_it_checked() {
        let mut device = Recorder::stepwise(Point::new(0, 0));
        let frame = window();
        let settings = GuardSettings { rest_ms: 0, hold_ms: 0, ..GuardSettings::default() };
        let mut guard = Guard::new(&mut device, &settings);
        guard.perform(&Action::Click(Point::new(5, 6)), &frame, &Closing::new(usize::MAX)).unwrap();
        let at = Point::new(15, 26);
        let target = PressTarget { window: 7, area: Area::new(10, 20, 100, 80), at };
        assert_eq!(
            device.steps,
            vec![(Step::MoveTo(at), None), (Step::Press, Some(target)), (Step::Release, Some(target))]
        );
    }

    /// Regression (issue 34): the window closed during the rest before the press; the check made
    /// before the action had passed, and the press reached the desktop behind.
    #[test]
    fn a_window_that_closes_during_the_rest_before_a_press_gets_no_press() {
        let mut device = Recorder::stepwise(Point::new(0, 0));
        let frame = window();
        // The first check (before the action) passes; the one immediately before the press does not.
        let err = Guard::new(&mut device, &GuardSettings::default())
            .perform(&Action::Click(Point::new(5, 6)), &frame, &Closing::new(1))
            .unwrap_err();
        assert!(matches!(err, Halt::Window(ScreenError::WindowGone)), "{err}");
        assert_eq!(device.steps, vec![(Step::MoveTo(Point::new(15, 26)), None)], "moved, never pressed");
    }

    #[test]
    fn a_press_the_device_refuses_at_the_last_instant_is_not_made_and_says_why() {
        for (why, says) in [
            (Refusal::Gone, "window is gone"),
            (Refusal::Moved, "moved or changed size"),
            (Refusal::NotOver, "not over the game window"),
            (Refusal::PointerElsewhere(Point::new(300, 4)), "mouse was moved by the user"),
        ] {
            let mut device = Recorder::stepwise(Point::new(0, 0));
            device.refuse_presses(why);
            let frame = window();
            let err = Guard::new(&mut device, &GuardSettings::default())
                .perform(&Action::Click(Point::new(5, 6)), &frame, &Closing::new(usize::MAX))
                .unwrap_err();
            assert!(err.to_string().contains(says), "{why:?}: {err}");
            assert!(device.steps.iter().all(|(s, _)| *s != Step::Press), "{why:?}: {:?}", device.steps);
        }
    }

    #[test]
    fn a_release_is_made_whatever_happened_while_the_button_was_down() {
        // The window closed during the hold: the release still goes (the device catches it), and
        // the stop names the window gone.
        let mut device = Recorder::stepwise(Point::new(0, 0));
        device.refuse_releases(Refusal::Gone);
        let frame = window();
        let err = Guard::new(&mut device, &GuardSettings::default())
            .perform(&Action::Click(Point::new(5, 6)), &frame, &Closing::new(2))
            .unwrap_err();
        assert!(err.to_string().contains("window is gone"), "{err}");
        let made: Vec<Step> = device.steps.iter().map(|(s, _)| *s).collect();
        assert_eq!(made, vec![Step::MoveTo(Point::new(15, 26)), Step::Press, Step::Release]);
        // Esc during the hold: released, then stopped.
        let mut device = Recorder::stepwise(Point::new(0, 0));
        device.escape_after(2);
        let err = Guard::new(&mut device, &GuardSettings::default())
            .perform(&Action::Click(Point::new(5, 6)), &frame, &Closing::new(usize::MAX))
            .unwrap_err();
        assert!(matches!(err, Halt::User(Stop::Escape)), "{err}");
        assert_eq!(device.steps.last().map(|(s, _)| *s), Some(Step::Release), "{:?}", device.steps);
    }

    /// Regression (a live peg game): the program's own "solved" dialog came up over the board while
    /// the last drag's button was down; the check before the release took it for a cover and
    /// stopped the won game. The game that took the press takes the release.
    #[test]
    fn a_game_covered_by_its_own_dialog_during_the_hold_still_gets_its_release() {
        let mut device = Recorder::stepwise(Point::new(0, 0));
        device.refuse_releases(Refusal::NotOver);
        let frame = window();
        Guard::new(&mut device, &GuardSettings::default())
            .perform(&Action::Drag { from: Point::new(5, 6), to: Point::new(40, 6) }, &frame, &Closing::new(2))
            .unwrap();
        assert_eq!(device.steps.last().map(|(s, _)| *s), Some(Step::Release));
    }

    #[test]
    fn escape_during_the_rest_before_a_press_stops_before_the_press() {
        let mut device = Recorder::stepwise(Point::new(0, 0));
        device.escape_after(1);
        let frame = window();
        let settings = GuardSettings { rest_ms: 10_000, ..GuardSettings::default() };
        let started = std::time::Instant::now();
        let err = Guard::new(&mut device, &settings)
            .perform(&Action::Click(Point::new(5, 6)), &frame, &Closing::new(usize::MAX))
            .unwrap_err();
        assert!(matches!(err, Halt::User(Stop::Escape)), "{err}");
        assert_eq!(device.steps.len(), 1, "moved, then stopped in the rest: {:?}", device.steps);
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "the rest was cut short");
    }

    #[test]
    fn the_failsafe_stops_the_next_action() {
        let mut device = Recorder::new(Point::new(0, 0));
        device.escape_after(1);
        let frame = window();
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        guard.perform(&Action::Click(Point::new(1, 1)), &frame, &Blank(frame.clone())).unwrap();
        let err = guard.perform(&Action::Click(Point::new(2, 2)), &frame, &Blank(frame.clone())).unwrap_err();
        assert!(matches!(err, Halt::User(Stop::Escape)), "{err}");
    }

    /// A key held down (for a program that looks at its keys once a frame) goes down after the
    /// checks and comes up after the hold; Esc during the hold stops the bot, the key let up first.
    #[test]
    fn a_held_key_comes_up_after_its_hold_whatever_happens_meanwhile() {
        let mut device = Recorder::stepwise(Point::new(0, 0));
        let frame = window();
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        guard.set_key_hold(std::time::Duration::from_millis(30));
        let started = std::time::Instant::now();
        guard.key("Left", &Blank(frame.clone())).unwrap();
        assert!(started.elapsed() >= std::time::Duration::from_millis(30), "held for its hold");
        assert_eq!(device.key_steps, vec![("Left".to_string(), true), ("Left".to_string(), false)]);
        assert!(device.performed.is_empty(), "no press-and-release at once");

        let mut device = Recorder::stepwise(Point::new(0, 0));
        device.escape_after(1);
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        let err = guard.key_held("Left", &Blank(frame.clone()), std::time::Duration::from_secs(10)).unwrap_err();
        assert!(matches!(err, Halt::User(Stop::Escape)), "{err}");
        assert_eq!(device.key_steps.last(), Some(&("Left".to_string(), false)), "let up: {:?}", device.key_steps);

        let mut device = Recorder::stepwise(Point::new(0, 0));
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        guard.set_key_hold(std::time::Duration::from_millis(30));
        assert!(guard.key("Left", &Unfocused).is_err());
        assert!(device.key_steps.is_empty(), "nothing down while another window has the focus");
    }
}
