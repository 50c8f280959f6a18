//! A board cut by the window's edge where too little of the next square shows for a peg's rings
//! to be judged (`looks::shows_peg`): the picture's outermost line of pixels across a square just
//! beyond the board is compared with the same line one, two, ... pitches back inside the board, the
//! same place in the board's own squares. Where such a line inside crosses something in its middle
//! (it is not the colour of its ends, the gap between squares, there) and the edge's line is that
//! same line, the board goes on past the edge. A whole board with room to the edge shows the page
//! or its own rim there, not what its squares show at that place, so a board drawn close to the
//! edge still reads.

use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::grid::Grid;

/// How far (ΔE) a pixel of a line must stand out from both of the line's ends for the line to cross
/// something: a peg's or a hole's rim, a tile's face, not the shading of a plain board.
const CROSSES: f32 = 12.0;
/// How close (mean ΔE over the line, pixel by pixel) the edge's line must be to one inside the
/// board to be the same: a drawing's own smoothing, not another thing.
const SAME: f32 = 5.0;

/// The least share of a line that something crossed must cover: a peg crossed a tenth of a square
/// inside its rim (a peg four fifths of the square across, the line a fifth of the square into it)
/// covers some two fifths of the line.
const THING_SHARE: f64 = 0.125;

/// Which way a line of pixels runs: a column (a square cut by the left or right edge) or a row (the
/// top or bottom edge).
#[derive(Clone, Copy)]
enum Across {
    Column,
    Row,
}

/// Whether the square `cell` just beyond `grid`, of which only `shown` lies inside the picture,
/// shows the board going on: its line of pixels at the picture's edge is, pixel by pixel, the same
/// as the line at that place in one of the board's own squares of its row or column, and both
/// cross something in their middle.
pub fn continues_past(frame: &Frame, grid: &Grid, cell: Rect, shown: Rect) -> bool {
    nearest_inside(frame, grid, cell, shown).is_some_and(|distance| distance <= SAME)
}

/// The mean ΔE between the edge's line across `cell` and the nearest line at the same place in a
/// square of the board, over the pixels where either crosses something; None when the edge's line
/// or every such line inside crosses nothing (or nothing is cut).
pub fn nearest_inside(frame: &Frame, grid: &Grid, cell: Rect, shown: Rect) -> Option<f32> {
    let (w, h) = (frame.width() as i64, frame.height() as i64);
    // The edge's line, and the step (in pixels, signed) from it into the board, one pitch a time;
    // the edge is the one the square lies beyond (a corner square of a board that also runs past
    // another edge is cut by both).
    let r = grid.rect;
    let (across, edge, step, count) = if cell.x >= r.x + r.width - 0.5 && shown.x + shown.width < cell.x + cell.width {
        (Across::Column, w - 1, -grid.cell_width(), grid.cols)
    } else if cell.x + cell.width <= r.x + 0.5 && shown.x > cell.x {
        (Across::Column, 0, grid.cell_width(), grid.cols)
    } else if cell.y >= r.y + r.height - 0.5 && shown.y + shown.height < cell.y + cell.height {
        (Across::Row, h - 1, -grid.cell_height(), grid.rows)
    } else if cell.y + cell.height <= r.y + 0.5 && shown.y > cell.y {
        (Across::Row, 0, grid.cell_height(), grid.rows)
    } else {
        return None;
    };
    let (from, to) = match across {
        Across::Column => (cell.y.ceil().max(0.0) as i64, ((cell.y + cell.height).floor() as i64).min(h)),
        Across::Row => (cell.x.ceil().max(0.0) as i64, ((cell.x + cell.width).floor() as i64).min(w)),
    };
    if to - from < 3 {
        return None;
    }
    let line = |at: i64| -> Option<Vec<Lab>> {
        let limit = match across {
            Across::Column => w,
            Across::Row => h,
        };
        (0..limit).contains(&at).then(|| {
            (from..to)
                .map(|along| {
                    let (x, y) = match across {
                        Across::Column => (at, along),
                        Across::Row => (along, at),
                    };
                    Lab::from_rgb8(frame.rgb(x as u32, y as u32))
                })
                .collect()
        })
    };
    let at_edge = line(edge)?;
    let edge_things = standing_out(&at_edge);
    if !centred(&edge_things) {
        return None;
    }
    let mut nearest: Option<f32> = None;
    for k in 1..=count {
        let inside = edge as f64 + step * k as f64;
        for shift in -1..=1 {
            let Some(other) = line(inside.round() as i64 + shift) else { continue };
            let things = standing_out(&other);
            // Compared where either line crosses something: a line that is mostly the gap's colour
            // is not the same as another such line for that alone.
            let compared: Vec<f32> = (0..other.len())
                .filter(|&i| things[i] || edge_things[i])
                .map(|i| at_edge[i].delta_e(&other[i]))
                .collect();
            if !centred(&things) || compared.is_empty() {
                continue;
            }
            let mean = compared.iter().sum::<f32>() / compared.len() as f32;
            nearest = Some(nearest.map_or(mean, |n| n.min(mean)));
        }
    }
    nearest
}

/// Whether something stands out on a line (`standing_out`) over at least `THING_SHARE` of it, in
/// its middle half, as a peg, a hole or a tile does on its square wherever the line crosses it: a
/// board's rim or a panel's border crossing the square stands to one side, and the smoothed pixels
/// where one colour meets another are a pixel or two.
fn centred(things: &[bool]) -> bool {
    let (count, sum) = things.iter().enumerate().filter(|(_, t)| **t).fold((0, 0), |(n, s), (i, _)| (n + 1, s + i));
    let middle = (things.len() - 1) as f64 / 2.0;
    count as f64 >= (THING_SHARE * things.len() as f64).max(3.0)
        && (sum as f64 / count as f64 - middle).abs() <= things.len() as f64 / 4.0
}

/// Which pixels of `line` stand out from both its ends (the gap between squares) by more than
/// `CROSSES`: where the line crosses something.
fn standing_out(line: &[Lab]) -> Vec<bool> {
    let (first, last) = (line[0], line[line.len() - 1]);
    line.iter().map(|p| p.delta_e(&first) > CROSSES && p.delta_e(&last) > CROSSES).collect()
}
