//! After a move: watching the board's part of the window until it shows what the rules predicted.
//! Only the board is watched (`TurnBased::region`), so a clock ticking beside it or an animation
//! elsewhere neither holds the bot up nor passes for the move; and the move is taken as shown as
//! soon as two captures in a row read as predicted, not after the whole window has held still.

use std::time::{Duration, Instant};

use crate::frame::Frame;
use crate::game::TurnBased;
use crate::profile::Timing;
use crate::screen::{Screen, ScreenError};

/// How long the board must hold still, changed but not as predicted, before the move is taken to
/// have shown something else (a game that animates a move pauses for less).
const HOLD: Duration = Duration::from_millis(300);

/// What a move made the board show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// What the rules predicted, in two captures in a row.
    Predicted,
    /// A change that held still but is not the prediction (or still differs at the timeout).
    Other,
    /// No change at all before the timeout: the game did not take the input.
    Nothing,
}

/// The last capture and what it showed.
pub struct Watched {
    pub frame: Frame,
    pub shown: Shown,
}

/// Captures until the board shows `predicted` (two captures in a row), or has changed from
/// `before` and held still for `HOLD` without showing it, or until the profile's settle timeout;
/// waits between captures with `wait` (which asks the failsafe).
#[allow(clippy::too_many_arguments)]
pub fn watch<G: TurnBased, E: From<ScreenError>>(
    screen: &mut dyn Screen,
    before: &Frame,
    layout: &G::Layout,
    config: &G::Config,
    predicted: &G::Board,
    timing: &Timing,
    wait: &mut dyn FnMut(Duration) -> Result<(), E>,
) -> Result<Watched, E> {
    let region = G::region(layout);
    let same = |a: &Frame, b: &Frame| match region {
        Some(rect) => a.same_in(b, rect),
        None => a.differing_pixels(b, 0) == 0,
    };
    let started = Instant::now();
    let timeout = Duration::from_millis(timing.settle_timeout_ms);
    let poll = Duration::from_millis(timing.poll_ms);
    let mut last: Option<Frame> = None;
    let mut confirmed_before = false;
    let mut changed = false;
    let mut still_since = Instant::now();
    loop {
        let frame = screen.capture()?;
        let shows = G::confirm(&frame, layout, config, predicted);
        if shows && confirmed_before {
            return Ok(Watched { frame, shown: Shown::Predicted });
        }
        confirmed_before = shows;
        changed |= !same(&frame, before);
        if last.as_ref().is_none_or(|l| !same(&frame, l)) {
            still_since = Instant::now();
        }
        let held = still_since.elapsed() >= HOLD;
        if (changed && held && !shows) || started.elapsed() >= timeout {
            let shown = if shows {
                Shown::Predicted
            } else if changed {
                Shown::Other
            } else {
                Shown::Nothing
            };
            return Ok(Watched { frame, shown });
        }
        last = Some(frame);
        wait(poll)?;
    }
}
