//! A key tried that pauses the game (issue 37): rwxdelir/mtwain-js pauses on Shift, one of the
//! usual keys tried, and lays a tinted sheet over its well with "PAUSE" on it. The tinted well read
//! as the piece dropped into a grown stack (a hard drop), and then as no falling piece at all: the
//! key trials stopped on "no falling piece in the well for 10 s". After a key whose trial could be
//! a game stopped (the piece gone, a drop, something unclear), the screen is watched for the game
//! going on (anything in the well changing) a while longer than a line clear or three gravity
//! steps take; when nothing changes, the key is pressed again, and when the well then shows the
//! same piece in the same columns over the same stack, the key is a pause: known as such and never
//! pressed again. Anything else is left to the trials as it is.

use std::time::{Duration, Instant};

use super::super::live::eyes::{LearnedWell, seen};
use super::super::live::shape;
use super::keys::Effect;
use super::read::Seen;
use crate::input::guard::Guard;
use crate::screen::Screen;

/// How long the well must show no change before a key is taken to have stopped the game, at the
/// least (a line clear's animation or banner is shorter), and in gravity steps where one was timed.
const STOPPED_AFTER: Duration = Duration::from_secs(3);
const STOPPED_STEPS: u32 = 3;
/// How long the game is given to go on after the key is pressed again, at the least, and in steps.
const RESUMED_WITHIN: Duration = Duration::from_secs(1);
const RESUMED_STEPS: u32 = 2;

/// True when a trial's outcome could be the game stopped by the key, so worth watching: no
/// falling piece after it, a drop or something unclear (a sheet laid over the well). A pause that
/// leaves the well as it was reads as a key doing nothing, and is not looked for: watching every
/// such trial for a few gravity steps more let mtwain-js's pieces pile up in the middle of its
/// well during the trials until its game ended.
pub(super) fn could_have_stopped(effect: Effect, after: &Seen) -> bool {
    after.falling.is_none() || matches!(effect, Effect::HardDrop | Effect::Unclear)
}

/// What the well shows, to tell whether anything changed.
fn reading(s: &Seen) -> (Option<Vec<(i32, i32)>>, Vec<String>) {
    (s.falling.as_ref().map(|f| f.cells.clone()), s.settled_rows())
}

/// True when `key`, just tried (`before` and `after` its trial), paused the game: nothing in the
/// well changed for a while after it, and pressing it again brought back the piece `before` showed
/// in the same columns over the same stack. False as soon as the game is seen going on.
pub(super) fn paused_by(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    well: &LearnedWell,
    poll: Duration,
    key: &str,
    (before, after): (&Seen, &Seen),
    gravity: Option<Duration>,
) -> anyhow::Result<bool> {
    let steps = |n: u32| gravity.map_or(Duration::ZERO, |step| step * n);
    let stopped = reading(after);
    let watched = Instant::now();
    while watched.elapsed() < STOPPED_AFTER.max(steps(STOPPED_STEPS)) {
        std::thread::sleep(poll);
        if reading(&seen(&screen.capture()?, well)) != stopped {
            return Ok(false);
        }
    }
    let Some(was) = &before.falling else { return Ok(false) };
    guard.key(key, &*screen)?;
    let pressed = Instant::now();
    while pressed.elapsed() < RESUMED_WITHIN.max(steps(RESUMED_STEPS)) {
        std::thread::sleep(poll);
        let now = seen(&screen.capture()?, well);
        let back = now.falling.as_ref().is_some_and(|f| {
            f.piece == was.piece
                && shape::normalise(&f.cells) == shape::normalise(&was.cells)
                && shape::left(&f.cells) == shape::left(&was.cells)
        });
        if back && now.settled_rows() == before.settled_rows() {
            return Ok(true);
        }
    }
    Ok(false)
}
