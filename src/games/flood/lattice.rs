//! Finds a Flood-it board as a lattice of cells (`vision::lattice`): cells of one colour standing
//! alone repeat at the board's pitch, whatever their colours, gaps or shading; the board is where
//! they lie, grown a row or a column at a time while the cells next to it are flat (no edge in
//! their middle: no text, no button's rim, no half of one thing and half of another) and of the
//! board's colours. A palette's buttons of another size or pitch never join it, nor does a large
//! area of one colour around it.

use crate::frame::Frame;
use crate::vision::grid::Grid;
use crate::vision::lattice::{Candidate, Lattice, Search, first_passing};
use crate::vision::palette::{Sample, sample};
use crate::vision::segment::step;

/// A cell's middle is flat when no two neighbouring pixels in it differ by more than this per
/// channel: shading across a cell changes a few levels a pixel, an edge drawn on purpose many more.
const FLAT_STEP: u8 = 12;
/// The share of a cell's width and height, around its centre, that must be flat.
const FLAT_PATCH: f64 = 0.6;
/// The share sampled for a cell's colour.
const COLOUR_PATCH: f64 = 0.5;
/// How many of the best candidates are tried.
const TRIED: usize = 6;

/// True when no two neighbouring pixels of `grid`'s cell (row, col) middle differ by more than
/// `FLAT_STEP`, or its texture stays near one colour (`textured`); false when the middle leaves
/// the frame.
pub fn flat(frame: &Frame, grid: &Grid, row: usize, col: usize) -> bool {
    let patch = grid.cell_patch(row, col, FLAT_PATCH);
    if patch.x < 0.0 || patch.y < 0.0 {
        return false;
    }
    let (x0, y0) = (patch.x.ceil() as u32, patch.y.ceil() as u32);
    let (x1, y1) = ((patch.x + patch.width).floor() as u32, (patch.y + patch.height).floor() as u32);
    if x1 > frame.width() || y1 > frame.height() || x1 <= x0 || y1 <= y0 {
        return false;
    }
    let smooth = (y0..y1).all(|y| {
        (x0..x1).all(|x| {
            let here = frame.rgb(x, y);
            !((x + 1 < x1 && step(here, frame.rgb(x + 1, y)) > FLAT_STEP)
                || (y + 1 < y1 && step(here, frame.rgb(x, y + 1)) > FLAT_STEP))
        })
    });
    smooth || textured(frame, (x0, y0, x1, y1))
}

/// A textured cell's middle (grain, a woven or wavy pattern) steps hard between neighbours but
/// keeps every pixel within `FLAT_SPREAD` of its mean colour in each channel; text, a rim or two
/// things side by side lie much further from it.
const FLAT_SPREAD: f32 = 24.0;

fn textured(frame: &Frame, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> bool {
    let n = ((x1 - x0) * (y1 - y0)) as f32;
    let mut mean = [0f32; 3];
    for y in y0..y1 {
        for x in x0..x1 {
            let p = frame.rgb(x, y);
            (0..3).for_each(|k| mean[k] += f32::from(p[k]) / n);
        }
    }
    (y0..y1).all(|y| (x0..x1).all(|x| (0..3).all(|k| (f32::from(frame.rgb(x, y)[k]) - mean[k]).abs() <= FLAT_SPREAD)))
}

/// The colour of one cell of a lattice, when its middle is flat and inside the frame.
fn cell(frame: &Frame, lattice: &Lattice, row: i64, col: i64) -> Option<Sample> {
    let one = lattice.grid((row, row), (col, col));
    flat(frame, &one, 0, 0).then(|| sample(frame, one.cell_patch(0, 0, COLOUR_PATCH)))
}

/// Rows and columns of a lattice (inclusive ranges of indices).
pub type Extent = ((i64, i64), (i64, i64));

/// The cells of one row (or column) just outside `extent` on `side` (0 up, 1 down, 2 left, 3 right).
fn beyond(extent: Extent, side: usize) -> Vec<(i64, i64)> {
    let ((r0, r1), (c0, c1)) = extent;
    match side {
        0 => (c0..=c1).map(|c| (r0 - 1, c)).collect(),
        1 => (c0..=c1).map(|c| (r1 + 1, c)).collect(),
        2 => (r0..=r1).map(|r| (r, c0 - 1)).collect(),
        _ => (r0..=r1).map(|r| (r, c1 + 1)).collect(),
    }
}

fn grown(extent: Extent, side: usize) -> Extent {
    let ((r0, r1), (c0, c1)) = extent;
    match side {
        0 => ((r0 - 1, r1), (c0, c1)),
        1 => ((r0, r1 + 1), (c0, c1)),
        2 => ((r0, r1), (c0 - 1, c1)),
        _ => ((r0, r1), (c0, c1 + 1)),
    }
}

/// Grows `extent` a row or a column at a time while every cell of the new row or column is flat
/// and `takes` its colours (all the row's samples at once: a rule may look at them together).
pub fn grow(frame: &Frame, lattice: &Lattice, mut extent: Extent, takes: &dyn Fn(&[Sample]) -> bool) -> Extent {
    let mut changed = true;
    while changed {
        changed = false;
        for side in 0..4 {
            let samples: Option<Vec<Sample>> =
                beyond(extent, side).into_iter().map(|(r, c)| cell(frame, lattice, r, c)).collect();
            if samples.is_some_and(|s| takes(&s)) {
                extent = grown(extent, side);
                changed = true;
            }
        }
    }
    extent
}

/// Every cell of `extent` flat, with its colour (row-major), or None.
pub fn cells(frame: &Frame, lattice: &Lattice, extent: Extent) -> Option<Vec<Sample>> {
    let ((r0, r1), (c0, c1)) = extent;
    (r0..=r1).flat_map(|r| (c0..=c1).map(move |c| (r, c))).map(|(r, c)| cell(frame, lattice, r, c)).collect()
}

/// The rectangle of flat cells within `candidate`'s extent that holds most of its things (the
/// largest such, on a tie): a thing that lies on the lattice by chance outside the board (a
/// button of a cell's size) widens the extent, but the cells between it and the board are not flat.
pub fn flat_core(frame: &Frame, candidate: &Candidate) -> Option<Extent> {
    let ((r0, r1), (c0, c1)) = candidate.extent();
    let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
    let lattice = &candidate.lattice;
    let flat_cell: Vec<bool> = (0..rows * cols)
        .map(|i| {
            let (r, c) = (r0 + (i / cols) as i64, c0 + (i % cols) as i64);
            flat(frame, &lattice.grid((r, r), (c, c)), 0, 0)
        })
        .collect();
    let mut things = vec![0u32; rows * cols];
    for &(r, c) in &candidate.cells {
        things[(r - r0) as usize * cols + (c - c0) as usize] = 1;
    }
    let mut best: Option<(u32, usize, Extent)> = None;
    for top in 0..rows {
        let mut all_flat = vec![true; cols];
        let mut held = vec![0u32; cols];
        for bottom in top..rows {
            for c in 0..cols {
                all_flat[c] &= flat_cell[bottom * cols + c];
                held[c] += things[bottom * cols + c];
            }
            let mut c = 0;
            while c < cols {
                if !all_flat[c] {
                    c += 1;
                    continue;
                }
                let start = c;
                while c < cols && all_flat[c] {
                    c += 1;
                }
                let count: u32 = held[start..c].iter().sum();
                let area = (bottom - top + 1) * (c - start);
                let extent = ((r0 + top as i64, r0 + bottom as i64), (c0 + start as i64, c0 + c as i64 - 1));
                if best.is_none_or(|(n, a, _)| (count, area) > (n, a)) {
                    best = Some((count, area, extent));
                }
            }
        }
    }
    best.filter(|&(n, _, ((a, b), (c, d)))| n >= 2 && b > a && d > c).map(|(_, _, extent)| extent)
}

/// A board found as a lattice: its grid and the candidates looked at, for messages.
pub struct Located {
    pub grid: Grid,
    pub lattice: Lattice,
    pub extent: Extent,
}

/// Why no board was found: what was looked for and what was found instead.
#[derive(Debug, thiserror::Error)]
#[error(
    "no Flood-it board found: looked for a lattice of flat cells (at least 4 like cells repeating across and down, {looked}); found {found}"
)]
pub struct NotFound {
    pub looked: String,
    pub found: String,
}

/// Finds the board: for the best candidates in turn, the cells where things sit (`core`) must all
/// be flat and pass `core`, then the board grows while `takes` the next row or column; the first
/// that passes is the board.
pub fn locate(
    frame: &Frame,
    core: &dyn Fn(&[Sample]) -> Result<(), String>,
    takes: &dyn Fn(&[Sample]) -> bool,
) -> Result<Located, NotFound> {
    let passed = first_passing(frame, &Search::default(), TRIED, |_, candidate| {
        let Some(extent) = flat_core(frame, candidate) else {
            return Err(format!("{}, but no two by two of its cells are flat", candidate.describe()));
        };
        let Some(samples) = cells(frame, &candidate.lattice, extent) else {
            return Err(format!("{}, but not every cell among them is flat", candidate.describe()));
        };
        core(&samples).map_err(|why| format!("{}, but {why}", candidate.describe()))?;
        let extent = grow(frame, &candidate.lattice, extent, takes);
        Ok(Located { grid: candidate.lattice.grid(extent.0, extent.1), lattice: candidate.lattice, extent })
    });
    let misses = match passed {
        Ok(located) => return Ok(located),
        Err(misses) => misses,
    };
    let found = if misses.is_empty() { "no such lattice".to_string() } else { misses.join("; ") };
    Err(NotFound { looked: format!("in a {}x{} picture", frame.width(), frame.height()), found })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Rect;
    use image::{Rgba, RgbaImage};

    fn one_cell(draw: impl Fn(u32, u32) -> [u8; 3]) -> (Frame, Grid) {
        let image = RgbaImage::from_fn(40, 40, |x, y| {
            let p = draw(x, y);
            Rgba([p[0], p[1], p[2], 255])
        });
        (Frame::from_image(image), Grid { rect: Rect { x: 0.0, y: 0.0, width: 40.0, height: 40.0 }, rows: 1, cols: 1 })
    }

    #[test]
    fn a_wavy_texture_is_flat_but_text_or_two_colours_are_not() {
        let wave = |x: u32, y: u32| {
            let f = 1.0 + 0.08 * ((x + y) as f64 * 0.7).sin();
            [(220.0 * f) as u8, (60.0 * f) as u8, (60.0 * f) as u8]
        };
        let (frame, grid) = one_cell(wave);
        assert!(flat(&frame, &grid, 0, 0), "a cell of one colour under a wavy texture");
        let (frame, grid) =
            one_cell(|x, y| if (18..22).contains(&x) && (14..26).contains(&y) { [20, 20, 20] } else { wave(x, y) });
        assert!(!flat(&frame, &grid, 0, 0), "a glyph on the cell");
        let (frame, grid) = one_cell(|x, y| if x < 20 { wave(x, y) } else { [60, 170, 70] });
        assert!(!flat(&frame, &grid, 0, 0), "half one colour, half another");
    }
}
