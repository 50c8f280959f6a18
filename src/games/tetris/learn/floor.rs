//! The well's height per cell, found apart from its width: cells need not be square (a page
//! stretched by its window, a program's own proportions). The width of a cell is the well's width
//! over its columns (`well.rs`); its height is the distance from the well's top to its floor over
//! its rows. The floor is where the empty colour ends going down from the middles of the bottom
//! row's empty cells (a well never shows its bottom row full for long; the median of the columns),
//! within half a cell of where square cells would put it; a column whose empty colour runs on past
//! that (a page of the well's own colour under a floor with no line) tells nothing. With no such column the
//! cells are taken as square. The row count itself still comes from square cells (`well.rs`), so
//! cells may be a few percent taller or flatter than wide, not more.

use crate::frame::Frame;

/// A pixel whose channels each differ by at most this from a colour is of that colour: it lets a
/// background's gentle gradient through (up to about twice this across the well), never a drawn
/// cell, nor the dark frame quadrapassel draws around its black well.
pub const NEAR: i32 = 14;

/// True when two colours are within `NEAR` in every channel.
pub fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    within(a, b, NEAR)
}

/// True when two colours are within `tolerance` in every channel.
pub fn within(a: [u8; 3], b: [u8; 3], tolerance: i32) -> bool {
    a.iter().zip(b).all(|(&x, y)| (i32::from(x) - i32::from(y)).abs() <= tolerance)
}

/// Where the well starts and how its columns and rows are laid out, in frame pixels.
pub struct Grid {
    pub x0: f64,
    pub y0: f64,
    /// A cell's width.
    pub pitch: f64,
    pub rows: usize,
    pub cols: usize,
}

/// Where the well's empty colour ends going down column `x` from `from` (in the bottom row);
/// None when `from` is not of it or it runs on past `limit`.
fn floor_at(frame: &Frame, x: u32, from: f64, limit: f64, empty: [u8; 3]) -> Option<u32> {
    let (from, limit) = (from.max(0.0) as u32, (limit.max(0.0) as u32).min(frame.height()));
    if from >= limit || !near(frame.rgb(x, from), empty) {
        return None;
    }
    (from..limit).find(|&y| !near(frame.rgb(x, y), empty))
}

/// A cell's height: the floor's distance from the top over the rows, else `grid.pitch`.
pub fn cell_height(frame: &Frame, grid: &Grid, empty: [u8; 3]) -> f64 {
    let square_floor = grid.y0 + grid.pitch * grid.rows as f64;
    let from = square_floor - grid.pitch / 2.0;
    let limit = square_floor + grid.pitch / 2.0;
    let mut floors: Vec<u32> = (0..grid.cols)
        .filter_map(|col| {
            let x = (grid.x0 + (col as f64 + 0.5) * grid.pitch) as u32;
            (x < frame.width()).then(|| floor_at(frame, x, from, limit, empty)).flatten()
        })
        .collect();
    floors.sort_unstable();
    floors.get(floors.len() / 2).map_or(grid.pitch, |&floor| (f64::from(floor) - grid.y0) / grid.rows as f64)
}
