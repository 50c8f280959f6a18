//! The program's timing as a live calibration sees it (issue 37): how often its gravity moves a
//! piece a row when a game starts (the first piece watched untouched for a few seconds, every step
//! of exactly one row timed from the frame that shows it), and how long after a step key the screen
//! shows the step (timed on every left or right trial, `trials.rs`). Both are written into the
//! learned profile as what was seen; the slowest step sets how long play waits for a piece to
//! hold still before judging it (`still_ms`). Not seen here: how the gravity grows, the lock
//! delay. How close together two presses of one key may come is `repeat.rs`.

use std::time::{Duration, Instant};

use super::super::live::eyes::{LearnedWell, seen};
use crate::screen::Screen;

/// Row steps timed before the gravity watch ends.
const STEPS: usize = 4;

/// The times between successive one-row steps of the falling piece, watched untouched for at most
/// `patience` (or until `STEPS` intervals are timed). A piece that moves otherwise (another piece,
/// a step of more than one row) starts the timing again.
pub fn watch_gravity(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    patience: Duration,
    poll: Duration,
) -> anyhow::Result<Vec<Duration>> {
    let started = Instant::now();
    let (mut cells, mut stepped): (Option<Vec<(i32, i32)>>, Option<Instant>) = (None, None);
    let mut intervals = Vec::new();
    while started.elapsed() < patience && intervals.len() < STEPS {
        let frame = screen.capture()?;
        let at = Instant::now();
        // A half-drawn frame (a step being animated) shows no piece: it neither starts nor ends one.
        if let Some(now) = seen(&frame, well).falling.map(|f| f.cells) {
            match &cells {
                Some(was) if *was == now => {}
                Some(was) if one_row_down(was, &now) => {
                    if let Some(last) = stepped {
                        intervals.push(at - last);
                    }
                    stepped = Some(at);
                    cells = Some(now);
                }
                _ => (cells, stepped) = (Some(now), None),
            }
        }
        std::thread::sleep(poll);
    }
    Ok(intervals)
}

/// True when `now` is `was` moved one row down.
fn one_row_down(was: &[(i32, i32)], now: &[(i32, i32)]) -> bool {
    let mut moved: Vec<(i32, i32)> = was.iter().map(|&(r, c)| (r + 1, c)).collect();
    let mut now = now.to_vec();
    moved.sort_unstable();
    now.sort_unstable();
    moved == now
}

/// The median of `times`, if any.
pub fn median(times: &[Duration]) -> Option<Duration> {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len() / 2).copied()
}

/// How long the loop must see a piece hold still before judging where a key put it
/// (`[realtime] still_ms`): longer than the screen was seen to take to show a step, by half again
/// (a judgement made sooner sees the piece before the key and presses again), and never shorter
/// than the loop's default.
pub fn still_ms(key_lags: &[Duration], default_ms: u64) -> u64 {
    let worst = key_lags.iter().max().map_or(0, |lag| lag.as_millis() as u64);
    default_ms.max(worst * 3 / 2)
}

/// What the calibration saw of the program's timing, as the profile's comment says it.
pub fn described(gravity: &[Duration], key_lags: &[Duration]) -> String {
    let ms = |d: Duration| d.as_millis();
    let gravity = match median(gravity) {
        Some(step) => format!("a row every {} ms at the start (median of {} steps)", ms(step), gravity.len()),
        None => "no steady fall seen on the first piece (no gravity, or too fast to time)".to_string(),
    };
    let lag = match (median(key_lags), key_lags.iter().max()) {
        (Some(mid), Some(&worst)) => {
            format!("{} ms after a step key (median of {}, worst {} ms)", ms(mid), key_lags.len(), ms(worst))
        }
        _ => "not timed (no step key seen)".to_string(),
    };
    format!("gravity {gravity}; the screen shows a step {lag}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_the_same_cells_one_row_lower() {
        let t = [(0, 4), (1, 3), (1, 4), (1, 5)];
        assert!(one_row_down(&t, &[(2, 3), (1, 4), (2, 4), (2, 5)]));
        assert!(!one_row_down(&t, &[(2, 4), (3, 3), (3, 4), (3, 5)]), "two rows");
        assert!(!one_row_down(&t, &[(1, 5), (2, 4), (2, 5), (2, 6)]), "a row and a column");
    }

    #[test]
    fn a_piece_is_judged_still_only_after_the_slowest_step_seen_and_half_again() {
        let ms = Duration::from_millis;
        assert_eq!(still_ms(&[ms(40), ms(56)], 90), 90, "quick programs keep the default");
        assert_eq!(still_ms(&[ms(80), ms(120)], 90), 180);
        assert_eq!(still_ms(&[], 90), 90, "no step timed");
    }

    #[test]
    fn the_timing_is_described_by_medians() {
        let ms = Duration::from_millis;
        let text = described(&[ms(790), ms(810), ms(800)], &[ms(12), ms(30), ms(9)]);
        assert_eq!(
            text,
            "gravity a row every 800 ms at the start (median of 3 steps); the screen shows a step 12 ms after a step key (median of 3, worst 30 ms)"
        );
        assert!(described(&[], &[]).contains("no steady fall seen"));
    }
}
