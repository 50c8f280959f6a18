//! Text at the top of a well's region: a label ("Lines: 0", "Score") that a page writes in the
//! same box as its well, on the well's own colour, so that the region of that colour found by
//! `well.rs` starts above the well's first row. Read as cells, the label's row takes its letters for
//! settled cells and the well gains a row it does not have.
//!
//! Text is told from what a well's cell can hold by its ink (pixels not of the empty colour):
//! a cell of a piece is filled by its colour, a bevel, a gradient or a shine, so that nearly all
//! of its ink lies inside it, away from the empty colour; an outlined cell or ghost has its ink
//! along its sides, none in its middle; an empty cell has none. Letters are thin strokes over the
//! empty colour: some ink in the cell's middle, and most of the ink touching the empty colour. The
//! rows at the top holding such a cell are a label's when the rows below them hold none (a well
//! whose every empty cell bears a dot or a pattern has it everywhere: no label).

use super::floor::{Grid, near};
use crate::frame::Frame;

/// A cell holds text when at least this share of its inner square is ink...
const SOME_INK: f64 = 0.03;
/// ... and at least this share of the ink touches the empty colour (strokes a pixel or two wide,
/// antialiased: a 3-px stroke has two thirds of its pixels on its edges).
const THIN: f64 = 0.6;
/// At most this many rows of text are looked for at the top of a well.
const MOST_ROWS: usize = 2;
/// Below the label, this many rows must hold no text.
const CLEAR_BELOW: usize = 4;

/// True when cell (row, col) of the grid holds thin strokes over the empty colour with some in its
/// middle: text, not a cell of a piece, an outline or an empty cell.
fn holds_text(frame: &Frame, grid: &Grid, pitch_y: f64, (row, col): (usize, usize), empty: [u8; 3]) -> bool {
    let at = |fx: f64, fy: f64| {
        let x = grid.x0 + (col as f64 + fx) * grid.pitch;
        let y = grid.y0 + (row as f64 + fy) * pitch_y;
        (x.max(0.0) as u32, y.max(0.0) as u32)
    };
    let ((x0, y0), (x1, y1)) = (at(0.1, 0.1), at(0.9, 0.9));
    let ((mx0, my0), (mx1, my1)) = (at(0.3, 0.3), at(0.7, 0.7));
    let (x1, y1) = (x1.min(frame.width()), y1.min(frame.height()));
    if x1 <= x0 + 2 || y1 <= y0 + 2 {
        return false;
    }
    let ink = |x: u32, y: u32| !near(frame.rgb(x, y), empty);
    let (mut inked, mut edges, mut middle) = (0usize, 0usize, false);
    for y in y0..y1 {
        for x in x0..x1 {
            if !ink(x, y) {
                continue;
            }
            inked += 1;
            middle |= (mx0..mx1).contains(&x) && (my0..my1).contains(&y);
            let beside = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
            if beside.iter().any(|&(bx, by)| bx < frame.width() && by < frame.height() && !ink(bx, by)) {
                edges += 1;
            }
        }
    }
    let area = ((x1 - x0) * (y1 - y0)) as f64;
    middle && inked as f64 >= SOME_INK * area && edges as f64 >= THIN * inked as f64
}

/// True when some cell of `row` holds text.
fn row_holds_text(frame: &Frame, grid: &Grid, pitch_y: f64, row: usize, empty: [u8; 3]) -> bool {
    (0..grid.cols).any(|col| holds_text(frame, grid, pitch_y, (row, col), empty))
}

/// How many of the grid's top rows are a label's: the leading rows (at most `MOST_ROWS`) with a
/// cell holding text, when the `CLEAR_BELOW` rows under them hold none.
pub fn rows_of_text(frame: &Frame, grid: &Grid, pitch_y: f64, empty: [u8; 3]) -> usize {
    let top = (0..MOST_ROWS.min(grid.rows)).take_while(|&row| row_holds_text(frame, grid, pitch_y, row, empty)).count();
    let below = top..(top + CLEAR_BELOW).min(grid.rows);
    if top == 0 || below.clone().any(|row| row_holds_text(frame, grid, pitch_y, row, empty)) {
        return 0;
    }
    top
}
