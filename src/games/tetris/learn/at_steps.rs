//! Judging keys on a program that draws only at its gravity steps (issue 37). Many small programs
//! change their state on a key and draw it from their timer alone, so a key shows only at the next
//! step of gravity, with the piece a row lower: judged a moment after the key, every key tried
//! did nothing (asceznyk/jstetris with its gravity slowed to 500 ms), and the game ended under the
//! pieces no key put aside. So while no key tried has done anything, each key's first trial that did
//! nothing is looked at again at the next step: a key seen then (the piece not merely a row lower)
//! tells a program that draws at its steps, and from then on each key, pressed just after a step,
//! is judged on the screen's next drawing (up to two steps later) against the piece as it was, a
//! row lower (the step that drew it). A lag measured so is up to a step, and the play's
//! `still_ms` (the slowest lag and half again) waits for it. A program that shows keys at once
//! pays nothing (its first key tried does something) or a step for each key tried before one does.

use std::time::{Duration, Instant};

use super::super::live::eyes::{LearnedWell, seen};
use super::keys::{Effect, effect_of};
use super::read::Seen;
use crate::screen::Screen;

/// The first frame after a key that differs from `before` (the program's next drawing), within
/// two gravity steps (`before` as read last when none came), and how long after the key it came
/// where it shows the piece in other columns (a step's lag).
pub(super) fn next_drawn(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    poll: Duration,
    before: &Seen,
    step: Duration,
) -> anyhow::Result<(Seen, Option<Duration>)> {
    let pressed = Instant::now();
    let reading = |s: &Seen| (s.falling.as_ref().map(|f| f.cells.clone()), s.settled_rows());
    let columns = |s: &Seen| s.falling.as_ref().map(|f| f.cells.iter().map(|c| c.1).min());
    loop {
        std::thread::sleep(poll);
        let now = seen(&screen.capture()?, well);
        if reading(&now) != reading(before) {
            let shown = (now.falling.is_some() && columns(&now) != columns(before)).then(|| pressed.elapsed());
            return Ok((now, shown));
        }
        if pressed.elapsed() >= step * 2 {
            return Ok((now, None));
        }
    }
}

/// What a key that seemed to do nothing (`before` and `after` it) shows at the next step of
/// gravity, judged against the piece a row lower, if that is something: None when the next
/// drawing shows the piece only a row lower (or nothing came within two steps).
pub(super) fn shown_at_the_next_step(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    poll: Duration,
    (before, after): (&Seen, &Seen),
    step: Duration,
    still: Duration,
) -> anyhow::Result<Option<Effect>> {
    let (next, _) = next_drawn(screen, well, poll, after, step)?;
    let next = super::trials::held_still(screen, well, poll, after, next, still)?;
    let effect = effect_of(&fallen_a_row(before), &next);
    Ok((!matches!(effect, Effect::Nothing | Effect::Unclear)).then_some(effect))
}

/// `seen` with its falling piece a row lower, as one step of gravity leaves it: what a key that
/// did nothing shows at the next drawing.
pub(super) fn fallen_a_row(seen: &Seen) -> Seen {
    let mut lower = seen.clone();
    let rows = lower.filled.len() as i32;
    let Some(falling) = lower.falling.as_mut() else { return lower };
    let mut set = |cells: &[(i32, i32)], on: bool| {
        for &(r, c) in cells.iter().filter(|&&(r, _)| (0..rows).contains(&r)) {
            lower.filled[r as usize][c as usize] = on;
        }
    };
    set(&falling.cells, false);
    falling.cells.iter_mut().for_each(|cell| cell.0 += 1);
    set(&falling.cells, true);
    lower
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame of the simulated window read blind, its first piece two rows in.
    fn first_piece() -> Seen {
        use super::super::super::live::sim_window::SimTetris;
        let keys = super::super::super::live::sim_window::keys_without_hard_drop();
        let sim = SimTetris::new(1, &[], &keys);
        let mut sim_screen = sim.clone();
        for _ in 0..2 {
            crate::input::InputDevice::perform(&mut sim.clone(), &crate::input::Action::Key("s".into())).unwrap();
        }
        let frame = sim_screen.capture().expect("a frame");
        super::super::read::read(&frame, None).expect("reads")
    }

    /// Judged against the piece fallen a row, the next drawing of a key that did nothing shows
    /// nothing done (judged against the piece as it was, a row down).
    #[test]
    fn a_key_that_did_nothing_is_judged_against_the_piece_a_row_lower() {
        let before = first_piece();
        let lower = fallen_a_row(&before);
        assert_eq!(effect_of(&before, &lower), Effect::SoftDrop, "judged against the piece as it was");
        assert_eq!(effect_of(&lower, &lower), Effect::Nothing);
        assert_eq!(effect_of(&lower, &fallen_a_row(&lower)), Effect::SoftDrop, "a row more: a soft drop");
    }
}
