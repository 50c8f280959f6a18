//! Steering one falling piece to its chosen place. Where what the keys do is known for sure, the
//! turns, shifts and hard drop go out at once, unwatched (`burst.rs`). Else closed loop: send the
//! rotations and shifts the rotation table predicts in one burst (the game applies key presses at
//! once; only the drawing is animated), then watch the screen until the piece shows the target
//! shape in the target columns, correcting what is off, and only then hard-drop it. What turns
//! did to a piece from its first sight is recorded on the way, for later bursts.
//!
//! A piece turned at the top of the well can stick out above it, so fewer than four cells may show;
//! those are checked against the bottom of the expected shape. Every key goes through the guard.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};

use super::super::Piece;
use super::config::LiveConfig;
use super::eyes::Eyes;
use super::read::Grid;
use super::shape::{self, Cells};
use super::sight::Used;
use super::turns::{Shape, Turns};
use crate::input::guard::{Guard, Halt};
use crate::screen::Screen;

/// The guarded keys and the screen, as one piece's driver needs them.
pub struct Hands<'a, 'g> {
    pub screen: &'a mut dyn Screen,
    pub guard: &'a mut Guard<'g>,
    pub config: &'a LiveConfig,
    pub pace: &'a mut Pace,
}

/// When each key was last pressed, over the whole game: two presses of one key are kept the
/// profile's `repeat_gap_ms` apart whether they are sent in one call or in two (a correction
/// right after a step, the last turn of one piece and the first of the next).
#[derive(Debug, Default)]
pub struct Pace {
    last: HashMap<String, Instant>,
}

impl Pace {
    /// How long to wait before `key` may be pressed again, `gap` after its last press.
    fn wait_for(&self, key: &str, gap: Duration) -> Duration {
        self.last.get(key).map_or(Duration::ZERO, |t| gap.saturating_sub(t.elapsed()))
    }
}

/// Why a piece was not steered to its place: the guard stopped (the user, the window), or the piece
/// was lost (it went elsewhere, or did not show as it should).
#[derive(Debug)]
pub enum Steering {
    Stopped(Halt),
    Lost(anyhow::Error),
}

impl From<Halt> for Steering {
    fn from(halt: Halt) -> Steering {
        Steering::Stopped(halt)
    }
}

impl From<anyhow::Error> for Steering {
    fn from(e: anyhow::Error) -> Steering {
        Steering::Lost(e)
    }
}

impl Hands<'_, '_> {
    /// Presses `key` `times` times, each through the guard (failsafe, keyboard focus), at least the
    /// profile's `repeat_gap_ms` after the last press of it (`Pace`; 4 ms by default: X timestamps
    /// are in milliseconds, and SDL takes a press less than 2 ms after the key's release for an
    /// auto-repeat, which many programs ignore, so all but the first would be lost). The wait
    /// asks the failsafe as it goes.
    pub fn keys(&mut self, key: &str, times: usize) -> Result<(), Halt> {
        let gap = Duration::from_millis(self.config.timing.repeat_gap_ms);
        for _ in 0..times {
            let wait = self.pace.wait_for(key, gap);
            if !wait.is_zero() {
                self.guard.pause(wait)?;
            }
            self.guard.key(key, &*self.screen)?;
            self.pace.last.insert(key.to_string(), Instant::now());
        }
        Ok(())
    }

    pub fn shift(&mut self, by: i32) -> Result<(), Halt> {
        let key = if by < 0 { self.config.keys.left.clone() } else { self.config.keys.right.clone() };
        self.keys(&key, by.unsigned_abs() as usize)
    }
}

/// The cells of the grid that are not settled: the falling piece, as far as it shows.
pub fn loose_cells(grid: &Grid, settled: &Grid) -> Cells {
    let mut cells = Vec::new();
    for (r, (row, base)) in grid.iter().zip(settled).enumerate() {
        for (c, (&now, &before)) in row.iter().zip(base).enumerate() {
            if now && !before {
                cells.push((r as i32, c as i32));
            }
        }
    }
    cells
}

/// True when `visible` is what a piece of shape `target` (normalised, y up) with its left edge at
/// column `left` shows with its top part cut off by the top of the well.
pub(super) fn shows(visible: &[(i32, i32)], target: &[(u8, u8)], left: i32) -> bool {
    let Some(bottom) = visible.iter().map(|c| c.0).max() else { return false };
    let mut expected: Vec<(i32, i32)> =
        target.iter().map(|&(x, y)| (bottom - y as i32, left + x as i32)).filter(|c| c.0 >= 0).collect();
    let mut seen = visible.to_vec();
    expected.sort();
    seen.sort();
    expected == seen
}

/// The top row a piece is soft-dropped to before it is turned, so no turn sticks out of the well.
pub const ROOM: i32 = 2;

/// Where one piece goes: the piece, its cells when it was first seen whole, the target shape
/// (normalised, y up) and the target's left column.
#[derive(Clone, Copy)]
pub struct Goal<'a> {
    pub piece: Piece,
    pub spawn: &'a Cells,
    pub target: &'a Shape,
    pub x: i32,
}

/// What steering one piece took.
#[derive(Debug, Default)]
pub struct Steered {
    pub keys: usize,
    pub corrections: u32,
    /// Placed by one unwatched burst of keys.
    pub burst: bool,
    /// The first-sight entry the burst relied on, to be judged by where the piece lands.
    pub used: Option<Used>,
}

/// The piece as the screen shows it: None while a frame is half drawn or the piece is not there.
fn look(hands: &mut Hands<'_, '_>, eyes: &Eyes, settled: &Grid) -> anyhow::Result<Option<Cells>> {
    std::thread::sleep(Duration::from_millis(hands.config.timing.poll_ms));
    let frame = hands.screen.capture()?;
    let Ok(grid) = eyes.grid(&frame) else { return Ok(None) };
    let visible = loose_cells(&grid, settled);
    if visible.len() > 4 {
        bail!(
            "more than the falling piece changed on screen ({} cells): the piece locked before it was placed",
            visible.len()
        );
    }
    Ok((!visible.is_empty()).then_some(visible))
}

/// The piece once it has shown the same shape in the same columns for the profile's `still_ms`
/// (the game animates each step, and a burst of steps is drawn one after the other).
fn look_still(hands: &mut Hands<'_, '_>, eyes: &Eyes, settled: &Grid) -> anyhow::Result<Option<Cells>> {
    let still = Duration::from_millis(hands.config.timing.still_ms);
    // Held still sideways: gravity may move it down meanwhile, so rows do not count.
    let key = |cells: &Option<Cells>| cells.as_ref().map(|c| (shape::normalise(c), shape::left(c), c.len()));
    let (mut last, mut since) = (None, Instant::now());
    let started = Instant::now();
    while started.elapsed() < still * 4 {
        // A half-drawn frame (a step of gravity being animated) neither breaks nor proves it.
        let Some(now) = look(hands, eyes, settled)? else { continue };
        let now = Some(now);
        if key(&now) != key(&last) {
            since = Instant::now();
        } else if since.elapsed() >= still {
            return Ok(now);
        }
        last = now;
    }
    Ok(None)
}

/// Turns and shifts `piece` (now showing whole as `spawn`) to `target` with its left edge at
/// column `x`, checks it on screen, and hard-drops it.
pub fn steer(
    hands: &mut Hands<'_, '_>,
    eyes: &Eyes,
    settled: &Grid,
    goal: &Goal,
    turns: &mut Turns,
) -> Result<Steered, Steering> {
    // A program that draws only at its gravity steps: judged drawing by drawing.
    if let Some(step) = hands.config.timing.drawn_every() {
        return super::steps::steer_at_steps(hands, eyes, settled, goal, turns, step);
    }
    let Goal { piece, spawn, target, x } = *goal;
    let (first, first_left) = (shape::normalise(spawn), shape::left(spawn).unwrap_or(0));
    // With no hard drop, the piece's row must be seen before it is brought down: no burst.
    if let Some(drop) = hands.config.keys.hard_drop.clone()
        && let Some((presses, dx, used)) = super::burst::path(turns, piece, &first, target)
    {
        let keys = super::burst::send(hands, spawn, (presses, dx, x), &drop)?;
        return Ok(Steered { keys, corrections: 0, burst: true, used });
    }
    let (mut shape_now, mut left_now) = (first.clone(), first_left);
    // Turns made since first sight, nothing else but room at the top: what they do is recorded.
    let (mut fresh, mut turned) = (true, None);
    let mut top_now: i32 = spawn.iter().map(|c| c.0).min().unwrap_or(0);
    let mut steered = Steered::default();
    let (rotate, timeout) =
        (hands.config.keys.rotate.clone(), Duration::from_millis(hands.config.timing.piece_timeout_ms));
    let started = Instant::now();
    let late = |what: &str| Steering::Lost(anyhow!("the {} {what} within {} ms", piece.letter(), timeout.as_millis()));
    // The piece as last seen at its place.
    let placed: Cells;
    'plan: loop {
        if steered.corrections > hands.config.timing.max_corrections {
            return Err(Steering::Lost(anyhow!(
                "the {} could not be put at column {x} as {:?}: it shows at column {left_now} as {:?}",
                piece.letter(),
                shape::to_rows(target),
                shape::to_rows(&shape_now)
            )));
        }
        // The game refuses a turn that would put a cell above the well: make room first.
        if shape_now != *target && top_now < ROOM {
            let key = hands.config.keys.soft_drop.clone();
            hands.keys(&key, (ROOM - top_now) as usize)?;
            steered.keys += (ROOM - top_now) as usize;
        }
        let Some((presses, dx)) = turns.path(piece, &shape_now, target) else {
            // Learn one press: make it alone and wait until the piece shows whole.
            hands.keys(&rotate, 1)?;
            steered.keys += 1;
            loop {
                if started.elapsed() > timeout {
                    return Err(late("did not show whole after a turn"));
                }
                let seen = look_still(hands, eyes, settled)?;
                if seen.as_ref().is_some_and(|c| c.len() < 4 && c.iter().all(|&(r, _)| r <= 2)) {
                    // Turned partly above the well: a soft drop brings it into view.
                    let key = hands.config.keys.soft_drop.clone();
                    hands.keys(&key, 1)?;
                    steered.keys += 1;
                }
                if let Some(cells) = seen
                    && cells.len() == 4
                    && shape::normalise(&cells) != shape_now
                {
                    let (seen, left) = (shape::normalise(&cells), shape::left(&cells).unwrap_or(0));
                    turns.record(piece, shape_now.clone(), seen.clone(), left - left_now);
                    if std::mem::take(&mut fresh) {
                        turns.sight.record(piece, first.clone(), 1, seen.clone(), left - first_left);
                    }
                    (shape_now, left_now) = (seen, left);
                    top_now = cells.iter().map(|c| c.0).min().unwrap_or(0);
                    continue 'plan;
                }
            }
        };
        // I, S and Z have two shapes but four turns, and where a turn leaves them depends on the
        // turn, not the shape: turn them first, and shift once they show where they went.
        let blind = presses > 0 && piece.shapes().len() == 2;
        let by = if blind { 0 } else { x - (left_now + dx) };
        if std::mem::take(&mut fresh) && by == 0 && presses > 0 {
            turned = Some(presses);
        }
        hands.keys(&rotate, presses)?;
        hands.shift(by)?;
        steered.keys += presses + by.unsigned_abs() as usize;
        loop {
            if started.elapsed() > timeout {
                return Err(late(&format!("did not show at column {x} as {:?}", shape::to_rows(target))));
            }
            let Some(cells) = look(hands, eyes, settled)? else { continue };
            if shows(&cells, target, x) {
                placed = cells;
                break 'plan;
            }
            // Not there yet, or drawn late: judge only once the piece has held still.
            let Some(cells) = look_still(hands, eyes, settled)? else { continue };
            if shows(&cells, target, x) {
                placed = cells;
                break 'plan;
            }
            if cells.len() == 4
                && let Some(presses) = turned.take()
            {
                let left = shape::left(&cells).unwrap_or(0) - first_left;
                turns.sight.record(piece, first.clone(), presses, shape::normalise(&cells), left);
            }
            if cells.len() == 4 {
                // Whole and not where it should be: start again from what is on screen.
                (shape_now, left_now) = (shape::normalise(&cells), shape::left(&cells).unwrap_or(0));
                top_now = cells.iter().map(|c| c.0).min().unwrap_or(0);
                if shape::recognise(&cells) != Some(piece) {
                    let shown = shape::to_rows(&shape_now);
                    return Err(Steering::Lost(anyhow!("the falling {} shows as {shown:?} on screen", piece.letter())));
                }
                if !blind {
                    steered.corrections += 1;
                }
                continue 'plan;
            }
        }
    }
    let (key, presses) = match hands.config.keys.hard_drop.clone() {
        Some(drop) => (drop, 1),
        None => (hands.config.keys.soft_drop.clone(), rows_to_rest(&placed, settled) + 1),
    };
    hands.keys(&key, presses)?;
    steered.keys += presses;
    Ok(steered)
}

/// How many rows the piece showing as `cells` falls before it rests on the stack or the floor of
/// `settled`. Brought down by soft drops, one more press locks it: a program that locks a piece
/// when a step down is refused takes it so, one with a lock delay as a step of no effect.
pub(super) fn rows_to_rest(cells: &Cells, settled: &Grid) -> usize {
    let free = |r: i32, c: i32| {
        let row = usize::try_from(r).ok().and_then(|r| settled.get(r));
        match row {
            Some(row) => usize::try_from(c).ok().and_then(|c| row.get(c)).is_some_and(|&filled| !filled),
            None => r < 0,
        }
    };
    (0..settled.len()).take_while(|&d| cells.iter().all(|&(r, c)| free(r + d as i32 + 1, c))).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_rests_on_the_stack_under_any_of_its_cells_or_on_the_floor() {
        let mut settled: Grid = [[false; super::super::locate::COLUMNS]; super::super::locate::ROWS];
        let floor = settled.len() as i32;
        // A flat S at the top, cut off by the top: it falls to the floor.
        let s = [(-1, 4), (-1, 5), (0, 3), (0, 4)];
        assert_eq!(rows_to_rest(&s.to_vec(), &settled), (floor - 1) as usize);
        // A cell under its right end, six rows down, holds it there.
        settled[6][5] = true;
        assert_eq!(rows_to_rest(&s.to_vec(), &settled), 6);
        assert_eq!(rows_to_rest(&vec![(5, 5)], &settled), 0);
    }

    #[test]
    fn a_piece_cut_off_by_the_top_is_matched_by_its_bottom_rows() {
        let vertical_i = shape::normalise(&shape::from_rows(&["#", "#", "#", "#"]));
        assert!(shows(&[(0, 5), (1, 5)], &vertical_i, 5));
        assert!(!shows(&[(0, 4), (1, 4)], &vertical_i, 5), "wrong column");
        let t_down = shape::normalise(&shape::from_rows(&["###", ".#."]));
        assert!(shows(&[(0, 4)], &t_down, 3));
        assert!(!shows(&[(0, 3)], &t_down, 3), "the stem is in the middle column");
    }
}
