//! The top of a well drawn as a grid with no border of its own, over a page of its own colour (its
//! grid lines the page's only edge): such a well has no region of its own, only its empty cells,
//! each a region of the background's colour. They are the commonest size of nearly square region
//! (a toolkit's grid of labels need not make square cells: Tk's are as wide as some characters and
//! as tall as some lines). Other grids of the same cells may stand beside the well (a hold box and
//! a next box drawn as 4 x 4 labels, as Tk programs do), so the well's columns are the run of
//! exactly `cols` cell starts at one pitch that holds the most cells, the starts just outside it
//! not going on at that pitch. Its rows are the starts of those columns' cells, at a pitch of
//! their own: the cell height is kept apart from the width.

use crate::vision::regions::Component;

/// Starts within this many pixels are one column or one row.
const SAME: u32 = 2;

/// The lattice's top region (the box from the first column's and row's cells to the last, widened
/// by half a line each side) and the row pitch, when the empty cells show a well of `cols` columns.
pub fn lattice_top(regions: &[Component], cols: usize, (width, height): (u32, u32)) -> Option<(Component, f64)> {
    let square = |c: &&Component| {
        let inside = c.x0 > 0 && c.y0 > 0 && c.x1 < width && c.y1 < height;
        let (w, h) = (c.width(), c.height());
        inside && w >= 5 && w.abs_diff(h) <= (w / 6).max(1) && c.area * 10 >= (w * h) as usize * 9
    };
    let squares: Vec<&Component> = regions.iter().filter(square).collect();
    let mut sizes: Vec<(u32, u32)> = squares.iter().map(|c| (c.width(), c.height())).collect();
    sizes.sort_unstable();
    let (size_w, size_h) = sizes.chunk_by(|a, b| a == b).max_by_key(|run| run.len())?[0];
    let cells: Vec<&&Component> =
        squares.iter().filter(|c| c.width().abs_diff(size_w) <= 1 && c.height().abs_diff(size_h) <= 1).collect();
    let starts = |of: &[&&Component], at: &dyn Fn(&Component) -> u32| {
        let mut v: Vec<u32> = of.iter().map(|c| at(c)).collect();
        v.sort_unstable();
        v.dedup_by(|a, b| a.abs_diff(*b) <= SAME);
        v
    };
    let all_xs = starts(&cells, &|c| c.x0);
    let xs = columns(&all_xs, &cells, cols)?;
    let ours: Vec<&&Component> =
        cells.iter().filter(|c| xs.iter().any(|&x| x.abs_diff(c.x0) <= SAME)).copied().collect();
    let ys = starts(&ours, &|c| c.y0);
    if ys.len() < 4 {
        return None;
    }
    let pitch = f64::from(xs[cols - 1] - xs[0]) / (cols - 1) as f64;
    let step = ys.windows(2).map(|w| w[1] - w[0]).min()?;
    let steps = (f64::from(ys[ys.len() - 1] - ys[0]) / f64::from(step)).round().max(1.0);
    let pitch_y = f64::from(ys[ys.len() - 1] - ys[0]) / steps;
    let regular = ys.windows(2).all(|w| {
        let n = f64::from(w[1] - w[0]) / pitch_y;
        (n - n.round()).abs() < 0.2
    });
    let half_gap = ((pitch - f64::from(size_w)) / 2.0).max(0.0);
    let half_gap_y = ((pitch_y - f64::from(size_h)) / 2.0).max(0.0);
    let x0 = (f64::from(xs[0]) - half_gap).round() as u32;
    let y0 = (f64::from(ys[0]) - half_gap_y).round() as u32;
    let x1 = (f64::from(x0) + pitch * cols as f64).round() as u32;
    let y1 = (f64::from(*ys.last()?) + f64::from(size_h) + half_gap_y).round() as u32;
    let top = Component { area: ((x1 - x0) * (y1 - y0)) as usize, x0, y0, x1, y1 };
    // Its first row may start at the window's top (a grid placed at y = 0 shows its rim there).
    (regular && x0 > 0).then_some((top, pitch_y))
}

/// Of the cells' column starts, the run of exactly `cols` at one pitch (each step within `SAME` of
/// the first) holding the most cells, the starts beside it not going on at that pitch.
fn columns(xs: &[u32], cells: &[&&Component], cols: usize) -> Option<Vec<u32>> {
    let at_pitch = |a: u32, b: u32, pitch: u32| b > a && (b - a).abs_diff(pitch) <= SAME;
    let count = |x: u32| cells.iter().filter(|c| c.x0.abs_diff(x) <= SAME).count();
    (0..xs.len().saturating_sub(cols - 1))
        .filter_map(|i| {
            let run = &xs[i..i + cols];
            let pitch = run.get(1)?.checked_sub(run[0])?;
            let even = run.windows(2).all(|w| at_pitch(w[0], w[1], pitch));
            let before = i > 0 && at_pitch(xs[i - 1], run[0], pitch);
            let after = xs.get(i + cols).is_some_and(|&x| at_pitch(run[cols - 1], x, pitch));
            (even && pitch > SAME && !before && !after).then(|| (run.iter().map(|&x| count(x)).sum::<usize>(), run))
        })
        .max_by_key(|(n, _)| *n)
        .map(|(_, run)| run.to_vec())
}
