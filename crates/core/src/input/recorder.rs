//! A recording input device: remembers every action instead of performing it.
//!
//! Used by `--dry-run` and by tests, where it can also play a user who presses Esc or moves the
//! mouse after a given number of actions, to test the failsafe without a display. A stepwise
//! recorder (`Recorder::stepwise`) takes clicks and drags step by step as a live device does, and
//! can refuse a press as a live device refuses one that would not land on the game. Keys held a
//! while come down and up one step at a time (`key_steps`).

use crate::frame::Point;

use super::{Action, InputDevice, InputError, PressTarget, Refusal, Step};

#[derive(Debug, Default)]
pub struct Recorder {
    /// The actions performed so far, in screen coordinates.
    pub performed: Vec<Action>,
    /// The steps made so far by a stepwise recorder, with the target each press and release had.
    pub steps: Vec<(Step, Option<PressTarget>)>,
    /// Keys put down (true) and let up (false) one at a time (`InputDevice::key_step`), in order.
    pub key_steps: Vec<(String, bool)>,
    pointer: Point,
    escape_after: Option<usize>,
    user_move: Option<(usize, Point)>,
    stepwise: bool,
    refuse: Option<Refusal>,
    refuse_release: Option<Refusal>,
}

impl Recorder {
    pub fn new(pointer: Point) -> Recorder {
        Recorder { pointer, ..Recorder::default() }
    }

    /// A recorder that takes clicks and drags step by step, as a live device does.
    pub fn stepwise(pointer: Point) -> Recorder {
        Recorder { pointer, stepwise: true, ..Recorder::default() }
    }

    /// Every press or release with a target is refused for `why`, as a live device refuses one that
    /// would not land on the game.
    pub fn refuse_presses(&mut self, why: Refusal) {
        self.refuse = Some(why);
    }

    /// Every release with a target is made but answered with `why`, as a live device answers one
    /// that would not land on the game (it still lets the button up).
    pub fn refuse_releases(&mut self, why: Refusal) {
        self.refuse_release = Some(why);
    }

    /// Actions and steps made so far.
    fn made(&self) -> usize {
        self.performed.len() + self.steps.len() + self.key_steps.len()
    }

    /// From the `n`th action or step made on, Esc reads as held down.
    pub fn escape_after(&mut self, n: usize) {
        self.escape_after = Some(n);
    }

    /// After the `n`th action or step made, the "user" moves the mouse to `to`.
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
        self.after_one();
        Ok(())
    }

    fn pointer(&mut self) -> Option<Point> {
        Some(self.pointer)
    }

    fn escape_down(&mut self) -> bool {
        self.escape_after.is_some_and(|n| self.made() >= n)
    }

    fn stepwise(&self) -> bool {
        self.stepwise
    }

    fn step(&mut self, step: Step, target: Option<&PressTarget>) -> Result<(), InputError> {
        if let (Some(why), Some(_)) = (self.refuse, target) {
            return Err(InputError::Refused(why));
        }
        if let Step::MoveTo(p) = step {
            self.pointer = p;
        }
        self.steps.push((step, target.copied()));
        self.after_one();
        match (step, self.refuse_release, target) {
            (Step::Release, Some(why), Some(_)) => Err(InputError::Refused(why)),
            _ => Ok(()),
        }
    }

    fn key_step(&mut self, key: &str, down: bool) -> Result<(), InputError> {
        self.key_steps.push((key.to_string(), down));
        self.after_one();
        Ok(())
    }
}

impl Recorder {
    /// After each action or step: the "user" moves the mouse when the time has come.
    fn after_one(&mut self) {
        if let Some((n, to)) = self.user_move
            && self.made() == n
        {
            self.pointer = to;
        }
    }
}
