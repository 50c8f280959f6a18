//! Putting a piece aside while the live calibration learns (issue 37). The key trials and the
//! repeat bursts are made on pieces in the middle columns, and a piece that can serve no more (too
//! low, or one that cannot show a turn's direction) used to be dropped where it stood: over a
//! minute and a half of trials the middle filled up to the top and the game ended, with keys
//! still to learn and the learning play left no room ("shapes still unseen after 0 pieces").
//! Now such a piece is first moved, as it is turned, to where it lands lowest: the columns whose
//! stack ends lowest once it has locked (full rows cleared), then with the fewest covered holes,
//! then the least stack in all, then the nearest. Each step is checked on screen; a piece that stops moving, or locks, is left.

use std::time::Duration;

use super::super::live::eyes::{LearnedWell, seen};
use super::repeat::columns_moved;
use super::trials::{STILL, after_key, held_still};
use crate::input::guard::Guard;
use crate::screen::Screen;

/// The keys a piece is put aside with, as far as known.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsideKeys<'a> {
    pub left: Option<&'a str>,
    pub right: Option<&'a str>,
    pub hard_drop: Option<&'a str>,
    /// The gravity step of a program that draws only at its steps (`at_steps.rs`): each move is
    /// then looked for at its next drawing.
    pub drawn_every: Option<Duration>,
}

/// How the stack stands after a placement, full rows cleared (each lower is better): its height,
/// its covered holes, and its columns' heights summed.
fn standing(settled: &[Vec<bool>]) -> (usize, usize, usize) {
    let kept: Vec<&Vec<bool>> = settled.iter().filter(|row| !row.iter().all(|&c| c)).collect();
    let cols = settled.first().map_or(0, |r| r.len());
    let (mut height, mut holes, mut summed) = (0, 0, 0);
    for c in 0..cols {
        let column: Vec<bool> = kept.iter().map(|row| row[c]).collect();
        if let Some(top) = column.iter().position(|&x| x) {
            height = height.max(column.len() - top);
            summed += column.len() - top;
            holes += column[top..].iter().filter(|&&x| !x).count();
        }
    }
    (height, holes, summed)
}

/// The columns to move a piece standing on `cells` by (negative: left) so that, dropped as it is
/// turned now, the stack `settled` (`[row][col]`, row 0 at the top) ends lowest: None when the
/// piece has nowhere to land. Only places reached by steps through free cells at the piece's rows
/// are counted (gravity may take it lower meanwhile: a step that then fails ends the move).
pub fn lowest_shift(settled: &[Vec<bool>], cells: &[(i32, i32)]) -> Option<i32> {
    let rows = settled.len() as i32;
    let cols = settled.first()?.len() as i32;
    let free = |dr: i32, dc: i32| {
        cells.iter().all(|&(r, c)| {
            let (r, c) = (r + dr, c + dc);
            (0..cols).contains(&c) && r < rows && (r < 0 || !settled[r as usize][c as usize])
        })
    };
    if cells.is_empty() || !free(0, 0) {
        return None;
    }
    let reachable = |dir: i32| (1..cols).take_while(move |&d| free(0, dir * d)).map(move |d| dir * d);
    let shifts = std::iter::once(0).chain(reachable(-1)).chain(reachable(1));
    shifts
        .map(|dc| {
            let fall = (0..rows).take_while(|&dr| free(dr + 1, dc)).count() as i32;
            let mut after = settled.to_vec();
            for &(r, c) in cells {
                if r + fall >= 0 {
                    after[(r + fall) as usize][(c + dc) as usize] = true;
                }
            }
            (standing(&after), dc.abs(), dc)
        })
        .min()
        .map(|(_, _, dc)| dc)
}

/// Moves the falling piece to where it lands lowest (`lowest_shift`) by the step keys known, a
/// step at a time, each checked on screen, then hard-drops it where a hard drop is known. False
/// when nothing was pressed (no piece, no move to make or key to make it, no hard drop).
pub fn put_aside(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    well: &LearnedWell,
    keys: &AsideKeys,
    poll: Duration,
) -> anyhow::Result<bool> {
    let mut now = seen(&screen.capture()?, well);
    let Some(falling) = now.falling.clone() else { return Ok(false) };
    let settled: Vec<Vec<bool>> =
        (0..now.well.rows).map(|r| (0..now.well.cols).map(|c| now.settled(r, c)).collect()).collect();
    let shift = lowest_shift(&settled, &falling.cells).unwrap_or(0);
    let step = if shift < 0 { keys.left } else { keys.right };
    let mut pressed = false;
    if let (Some(key), true) = (step, shift != 0) {
        for _ in 0..shift.abs() {
            guard.key(key, &*screen)?;
            pressed = true;
            let (after, _) = shown(screen, well, poll, &now, keys.drawn_every)?;
            let moved = columns_moved(&now, &after);
            now = after;
            match moved {
                Some(d) if d == shift.signum() => {}
                Some(_) => break,
                // Locked, or another piece: nothing more to put aside.
                None => return Ok(true),
            }
        }
    }
    if let (Some(drop), true) = (keys.hard_drop, now.falling.is_some()) {
        guard.key(drop, &*screen)?;
        // A drop that animates ends before the next key (a trial's, or another step) is sent.
        let (after, _) = shown(screen, well, poll, &now, keys.drawn_every)?;
        held_still(screen, well, poll, &now, after, STILL)?;
        pressed = true;
    }
    Ok(pressed)
}

/// The frame once it shows a key pressed on `now`: at once (`trials::after_key`), or at the
/// program's next drawing where it draws only at its gravity steps.
pub(super) fn shown(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    poll: Duration,
    now: &super::read::Seen,
    drawn_every: Option<Duration>,
) -> anyhow::Result<(super::read::Seen, Option<Duration>)> {
    match drawn_every {
        Some(step) => super::at_steps::next_drawn(screen, well, poll, now, step),
        None => after_key(screen, well, poll, now),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Vec<Vec<bool>> {
        rows.iter().map(|r| r.chars().map(|c| c == '#').collect()).collect()
    }

    /// A tower in the middle: an O above it goes to the lower side, nearer first when both sides
    /// stand alike.
    #[test]
    fn a_piece_goes_where_the_stack_ends_lowest() {
        let mut rows = vec!["..........", "..........", "..........", ".........."];
        rows.extend(["...####...", "...####...", "..#####...", "..#####..."]);
        let settled = grid(&rows);
        let o = [(0, 4), (0, 5), (1, 4), (1, 5)];
        let shift = lowest_shift(&settled, &o).unwrap();
        // Right: columns 7-8 are empty to the floor, as are 0-1; 7 is nearer than 0.
        assert_eq!(shift, 3, "the O moved to columns 7-8");
        // Flat: the piece stays where it is.
        let flat = grid(&["..........", "..........", "..........", ".........."]);
        assert_eq!(lowest_shift(&flat, &o), Some(0));
    }

    /// A piece that completes a row goes there: the stack after the clear is the lowest.
    #[test]
    fn a_place_that_clears_a_row_is_taken() {
        let settled = grid(&["..........", "..........", "..........", "......####", "####..####"]);
        let o = [(0, 7), (0, 8), (1, 7), (1, 8)];
        assert_eq!(lowest_shift(&settled, &o), Some(-3), "the O into columns 4-5, clearing the bottom row");
    }

    /// A wall of settled cells at the piece's rows stops the steps: the lower place beyond it is
    /// out of reach, and the piece stays on its side.
    #[test]
    fn a_piece_is_not_moved_through_a_wall() {
        let settled = grid(&["..........", "..........", "..........", "......#...", "......#...", "#####.#..."]);
        let o = [(3, 1), (3, 2), (4, 1), (4, 2)];
        let shift = lowest_shift(&settled, &o).unwrap();
        assert!((-1..=3).contains(&shift), "right of the wall is out of reach: {shift}");
        let open = grid(&["..........", "..........", "..........", "..........", "..........", "#####.#..."]);
        assert!(lowest_shift(&open, &o).unwrap() >= 6, "with no wall, the floor right of it is taken");
        assert!(lowest_shift(&settled, &[(3, 6)]).is_none(), "a piece overlapping the stack lands nowhere");
    }

    /// Pieces done with over a tower in the middle of the simulated well: put aside, eight of them
    /// keep the game going; dropped where they stand (as before), the same eight end it.
    #[test]
    fn pieces_put_aside_keep_a_game_going_that_drops_in_the_middle_would_end() {
        use super::super::super::live::config::Keys;
        use super::super::super::live::eyes::learned_well;
        use super::super::super::live::sim_window::SimTetris;
        use super::super::look;
        use crate::input::{Action, InputDevice};
        use crate::profile::GuardSettings;

        let keys = Keys {
            left: "a".into(),
            right: "d".into(),
            rotate: "x".into(),
            soft_drop: "s".into(),
            hard_drop: Some("space".into()),
            new_game: None,
        };
        let tower = ["..######.."; 9];
        for aside in [true, false] {
            let sim = SimTetris::new(3, &tower, &keys);
            let first = sim.clone().capture().expect("a frame");
            let well = learned_well(&first, &look::learn(&first).expect("the look").settings).expect("the well");
            let mut input = sim.clone();
            let mut guard = Guard::new(&mut input, &GuardSettings { rest_ms: 0, ..GuardSettings::default() });
            let ways = AsideKeys { left: Some("a"), right: Some("d"), hard_drop: Some("space"), drawn_every: None };
            for _ in 0..8 {
                if aside {
                    put_aside(&mut sim.clone(), &mut guard, &well, &ways, Duration::from_millis(1)).expect("put aside");
                } else {
                    sim.clone().perform(&Action::Key("space".into())).expect("a key");
                }
            }
            let state = sim.state();
            assert_eq!(state.game_over, !aside, "put aside: {aside}, pieces locked {}", state.pieces);
            if aside {
                assert_eq!(state.pieces, 8, "every piece put aside locked once");
            }
        }
    }
}
