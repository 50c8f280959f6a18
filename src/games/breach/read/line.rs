//! The line of the next pick: the screen lights the active row or column of the matrix with a band
//! behind its cells, brighter than the rest of the matrix's background.
//!
//! Each cell's background is the median of its pitch square (the code's ink is a small share of
//! it). A lit row raises all the cells of one row and only one cell of each column, so the line
//! with the brightest mean background wins, row or column, when it stands clearly above the
//! matrix's typical cell and clearly above the next brightest line of its kind.

use crate::frame::Rect;

use super::super::board::Line;
use super::luma::{Luma, percentile};

/// The lit row or column of the matrix whose cells are `cells` (row by row), or None when no line
/// stands out. `ink` is the codes' brightness: the lift a band needs is a share of the way to it.
pub fn find(luma: &Luma, cells: &[Vec<Rect>], ink: u8) -> Option<Line> {
    let background: Vec<Vec<f64>> = cells.iter().map(|row| row.iter().map(|c| median(luma, c)).collect()).collect();
    let (rows, cols) = (background.len(), background.first()?.len());
    let mut all: Vec<f64> = background.iter().flatten().copied().collect();
    all.sort_by(f64::total_cmp);
    let typical = all[all.len() / 2];
    let row_means: Vec<f64> = background.iter().map(|r| r.iter().sum::<f64>() / cols as f64).collect();
    let col_means: Vec<f64> = (0..cols).map(|c| background.iter().map(|r| r[c]).sum::<f64>() / rows as f64).collect();
    let (row, row_lift, row_next) = brightest(&row_means, typical);
    let (col, col_lift, col_next) = brightest(&col_means, typical);
    let (line, lift, next) =
        if row_lift >= col_lift { (Line::Row(row), row_lift, row_next) } else { (Line::Col(col), col_lift, col_next) };
    let needed = (0.03 * (ink as f64 - typical)).max(3.0);
    (lift >= needed && next <= 0.5 * lift).then_some(line)
}

/// The index of the largest mean, its lift above `typical`, and the next largest's lift.
fn brightest(means: &[f64], typical: f64) -> (usize, f64, f64) {
    let mut order: Vec<usize> = (0..means.len()).collect();
    order.sort_by(|&a, &b| means[b].total_cmp(&means[a]));
    let lift = |i: usize| means[i] - typical;
    (order[0], lift(order[0]), order.get(1).map_or(0.0, |&i| lift(i)))
}

/// The median luminance of a box (clamped to the frame).
fn median(luma: &Luma, r: &Rect) -> f64 {
    let (x0, y0) = (r.x.max(0.0) as usize, r.y.max(0.0) as usize);
    let (x1, y1) = ((r.x + r.width).max(0.0) as usize, (r.y + r.height).max(0.0) as usize);
    percentile(&luma.histogram(x0, y0, x1, y1), 0.5) as f64
}
