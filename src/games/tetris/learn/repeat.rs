//! How close together two presses of one key may come (issue 37, "how fast keys may repeat"):
//! the live calibration presses a step key three times in a row, a gap apart, on a falling piece
//! with room to move three columns, and reads where it went. A program that takes every press
//! moves it three columns; one that drops presses closer than it allows (a move at most every so
//! many milliseconds, keys looked at once a frame, a toolkit that takes a quick press again for
//! the keyboard's auto-repeat) moves it fewer. Gaps are tried from the shortest up; the first at
//! which two bursts in a row land whole is the profile's `[realtime] repeat_gap_ms`, which the
//! play's bursts keep between presses of one key. A burst that cannot tell (the piece turned,
//! locked or went) is tried again and not counted.

use std::time::{Duration, Instant};

use super::super::live::eyes::{LearnedWell, seen};
use super::super::live::shape;
use super::aside::{AsideKeys, put_aside, shown};
use super::read::Seen;
use crate::input::guard::Guard;
use crate::screen::Screen;

/// The gaps tried between presses, shortest first (ms).
pub const GAPS_MS: [u64; 6] = [4, 10, 20, 40, 80, 160];
/// Presses in one burst.
const BURST: i32 = 3;
/// Bursts in a row that must land whole for a gap to be taken.
const LANDED_IN_A_ROW: usize = 2;
/// Bursts at one gap that could not tell, at most, before the gap is given up as not seen.
const MOST_UNCLEAR: usize = 6;

/// The keys a burst is made of, and the one that ends a piece with no room (if known).
pub struct StepKeys<'a> {
    pub left: &'a str,
    pub right: &'a str,
    pub hard_drop: Option<&'a str>,
    /// The gravity step of a program that draws only at its steps (`at_steps.rs`).
    pub drawn_every: Option<Duration>,
}

/// What the bursts showed: the gap taken (None when no gap tried landed whole), and for each
/// burst, its gap and how many columns it moved the piece.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RepeatSeen {
    pub gap_ms: Option<u64>,
    pub bursts: Vec<(u64, i32)>,
}

impl RepeatSeen {
    /// What the profile's comment says of it.
    pub fn described(&self) -> String {
        let each: Vec<String> = self.bursts.iter().map(|(gap, moved)| format!("{gap} ms: {moved}")).collect();
        let bursts = if each.is_empty() { "none made".to_string() } else { each.join(", ") };
        match self.gap_ms {
            Some(gap) => format!(
                "presses of one key {gap} ms apart all land (bursts of {BURST}, columns moved per gap tried: {bursts})"
            ),
            None => format!("no burst of {BURST} presses landed whole at any gap tried ({bursts})"),
        }
    }
}

/// The side a burst can go and its key: the falling piece whole, with `BURST` free columns that
/// way at its rows and the two below (a tick of gravity meanwhile), the side with more room first.
fn burst_side<'a>(seen: &Seen, keys: &StepKeys<'a>) -> Option<(&'a str, i32)> {
    let falling = seen.falling.as_ref()?;
    if falling.cells.iter().any(|c| c.0 < 0) {
        return None;
    }
    let (rows, cols) = (seen.well.rows as i32, seen.well.cols as i32);
    let free = |dr: i32, dc: i32| {
        falling.cells.iter().all(|&(r, c)| {
            let (r, c) = (r + dr, c + dc);
            r < rows && (0..cols).contains(&c) && !seen.settled(r as usize, c as usize)
        })
    };
    let room = |dir: i32| (1..=cols).take_while(|d| (0..=2).all(|dr| free(dr, dir * d))).count() as i32;
    let (left, right) = (room(-1), room(1));
    let (key, dir, most) = if left >= right { (keys.left, -1, left) } else { (keys.right, 1, right) };
    (most >= BURST).then_some((key, dir))
}

/// Columns the piece moved from `before` to `after`, if it is the same piece in the same turn.
pub(super) fn columns_moved(before: &Seen, after: &Seen) -> Option<i32> {
    let (was, now) = (before.falling.as_ref()?, after.falling.as_ref()?);
    let same_shape = shape::normalise(&was.cells) == shape::normalise(&now.cells);
    (now.piece == was.piece && same_shape && before.settled_rows() == after.settled_rows())
        .then(|| shape::left(&now.cells).unwrap_or(0) - shape::left(&was.cells).unwrap_or(0))
}

/// Tries bursts at each of `GAPS_MS` until one lands whole twice in a row, or `patience` runs out.
pub fn learn_repeat_gap(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    well: &LearnedWell,
    keys: &StepKeys,
    patience: Duration,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<RepeatSeen> {
    let started = Instant::now();
    let poll = Duration::from_millis(5);
    let mut found = RepeatSeen::default();
    'gaps: for gap in GAPS_MS {
        let (mut landed, mut unclear) = (0, 0);
        while landed < LANDED_IN_A_ROW {
            if started.elapsed() >= patience || unclear >= MOST_UNCLEAR {
                break 'gaps;
            }
            let before = seen(&screen.capture()?, well);
            let Some((key, dir)) = burst_side(&before, keys) else {
                // No room for a burst: the next piece, this one put aside where the stack ends
                // lowest and hard-dropped where a hard drop is known, else brought by gravity.
                let aside = AsideKeys {
                    left: Some(keys.left),
                    right: Some(keys.right),
                    hard_drop: keys.hard_drop,
                    drawn_every: keys.drawn_every,
                };
                if before.falling.is_none() || !put_aside(screen, guard, well, &aside, poll)? {
                    guard.pause(Duration::from_millis(20))?;
                }
                continue;
            };
            for i in 0..BURST {
                if i > 0 {
                    guard.pause(Duration::from_millis(gap))?;
                }
                guard.key(key, &*screen)?;
            }
            let (after, _) = shown(screen, well, poll, &before, keys.drawn_every)?;
            let Some(moved) = columns_moved(&before, &after) else {
                unclear += 1;
                continue;
            };
            found.bursts.push((gap, moved.abs()));
            progress(&format!("{BURST} presses of {key} {gap} ms apart: the piece moved {} column(s)", moved.abs()));
            if moved != dir * BURST {
                continue 'gaps;
            }
            landed += 1;
        }
        if landed >= LANDED_IN_A_ROW {
            found.gap_ms = Some(gap);
            break;
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_described_by_its_gap_and_what_each_moved() {
        let seen = RepeatSeen { gap_ms: Some(20), bursts: vec![(4, 1), (10, 2), (20, 3), (20, 3)] };
        assert_eq!(
            seen.described(),
            "presses of one key 20 ms apart all land (bursts of 3, columns moved per gap tried: 4 ms: 1, 10 ms: 2, 20 ms: 3, 20 ms: 3)"
        );
        assert!(RepeatSeen::default().described().starts_with("no burst of 3 presses landed whole"));
    }

    /// A burst's piece is the same shape wherever it stands (three columns over, a row lower by
    /// gravity), and its move is told by its left edge.
    #[test]
    fn a_shape_is_compared_wherever_it_stands() {
        let (was, now) = ([(5, 4), (6, 3), (6, 4), (6, 5)], [(6, 1), (7, 0), (7, 1), (7, 2)]);
        assert_eq!(shape::normalise(&was), shape::normalise(&now));
        assert_eq!((shape::left(&was), shape::left(&now)), (Some(3), Some(0)));
    }
}
