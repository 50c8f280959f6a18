//! Where a board's grid sits best: the grid moved by up to `ALIGN_REACH` of a cell each way, a
//! tenth at a time, to where its squares' distances from their nearest looks sum least, all of
//! them still reading. Looks compared relative to their surrounds forgive a square sampled off its
//! centre (a peg seen off-centre is something drawn over the surface, as a hole is), so the
//! lattice's things (a peg's shadow, its highlight) are not trusted to mark the centres.
//!
//! The moves are taken in a fixed order and the first of the least sum wins. A move is given up as
//! soon as its squares so far sum to more than the best move's (`sum_within`): it could not be
//! taken. So the sooner the best is met, the sooner the others are given up: the same grid is
//! aligned at several scales of the looks, and the move that was best at the scale before is tried
//! first (`Hint`). A move tried out of its order is compared by the order, sum first, then place,
//! so the move taken is the one the order alone gives.

use std::cell::Cell;

use super::looks::Classes;
use super::seen::Seen;
use crate::vision::grid::Grid;

/// How far a grid is moved each way, in cells, to sit where its squares look most like their kinds.
const ALIGN_REACH: f64 = 0.3;
/// The step of those moves, in cells.
const ALIGN_STEP: f64 = 0.1;

/// The move (in steps across and down) that was best the last time a grid was aligned: tried
/// first the next time.
pub type Hint = Cell<Option<(i64, i64)>>;

/// `grid` moved to where the sum of its squares' distances from their nearest looks is least, all
/// of them still reading: of the moves in their order (no move first, then row by row), the first
/// of the least sum; `grid` itself when no move reads. `hint` is tried first, and is left holding
/// the move taken.
pub fn aligned(seen: &Seen, grid: Grid, classes: &Classes, hint: &Hint) -> Grid {
    let steps = (ALIGN_REACH / ALIGN_STEP).round() as i64;
    let mut order = vec![(0, 0)];
    for dy in -steps..=steps {
        order.extend((-steps..=steps).filter(|&dx| (dx, dy) != (0, 0)).map(|dx| (dx, dy)));
    }
    let moved = |(dx, dy): (i64, i64)| {
        let mut moved = grid.clone();
        moved.rect.x += dx as f64 * ALIGN_STEP * grid.cell_width();
        moved.rect.y += dy as f64 * ALIGN_STEP * grid.cell_height();
        moved
    };
    let score = |moved: &Grid, best: f32, ties_win: bool| -> Option<f32> {
        let squares = (0..moved.rows).flat_map(|row| (0..moved.cols).map(move |col| moved.cell_rect(row, col)));
        sum_within(squares.map(|rect| Some(classes.judge(&seen.look(rect)?)?.distance)), best, ties_win)
    };
    let first = hint.get().and_then(|h| order.iter().position(|&m| m == h)).unwrap_or(0);
    let tried = std::iter::once(first).chain((0..order.len()).filter(|&i| i != first));
    // The best so far: its sum and its place in the order.
    let mut best: Option<(f32, usize)> = None;
    for at in tried {
        let (bound, ties_win) = best.map_or((f32::INFINITY, true), |(sum, place)| (sum, at < place));
        if let Some(total) = score(&moved(order[at]), bound, ties_win) {
            best = Some((total, at));
        }
    }
    let taken = best.map_or((0, 0), |(_, at)| order[at]);
    hint.set(Some(taken));
    moved(taken)
}

/// The sum of `distances` when every one is Some and the sum stays below `best` (or at it, when
/// `ties_win`); None as soon as one is None or the sum so far passes that (distances are never
/// negative, so it only grows).
pub fn sum_within(distances: impl Iterator<Item = Option<f32>>, best: f32, ties_win: bool) -> Option<f32> {
    let mut total = 0.0;
    for distance in distances {
        total += distance?;
        if total > best || (total == best && !ties_win) {
            return None;
        }
    }
    Some(total)
}

/// `sum_within` where a tie loses: the sum when it stays below `below`.
pub fn sum_below(distances: impl Iterator<Item = Option<f32>>, below: f32) -> Option<f32> {
    sum_within(distances, below, false)
}
