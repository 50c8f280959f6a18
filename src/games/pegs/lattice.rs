//! Where a peg solitaire board is on a screenshot, for calibration: the round shapes (pegs and
//! holes) that sit on one square lattice, looked for in the largest things unlike the window's
//! background and then in the whole window, first ignoring faint shading and then not. With the
//! known board, the lattice must hold exactly its pegs and holes at its size; without it, the
//! fullest lattice of at least 3x3 squares is taken.

use anyhow::bail;

use super::board::{Board, Cell};
use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::disc_sizes::size_groups;
use crate::vision::discs::{Disc, Lattice, discs_in_mask, lattice};
use crate::vision::grid::{Grid, GridParams, regions_by_area};
use crate::vision::learn::{border_colour, dominant_colour, near_mask};

/// How far (ΔE) a pixel must differ from a background colour to be part of something drawn on it:
/// first a margin that ignores faint shading, then a fine one for shapes shaded nearly to the
/// background's own colour (a ball lit from above on a white board). Screens are drawn with flat
/// colours and captured losslessly, so even the fine margin is well above their noise.
const UNLIKE: [f32; 2] = [10.0, 3.0];

/// How many of the largest things unlike the window's background are tried as the board.
const CANDIDATE_REGIONS: usize = 8;

/// A proposed board's lattice must be at least this many squares each way, and this full.
const MIN_SIDE: usize = 3;
const MIN_FILL: f64 = 0.4;

/// What the lattice must hold.
#[derive(Clone, Copy, Debug)]
pub enum Wanted<'a> {
    /// Exactly this board's pegs and holes, at its size.
    Known(&'a Board),
    /// The most round shapes that sit on a lattice of at least 3x3 squares, 40% full.
    Fullest,
}

impl Wanted<'_> {
    fn describe(self) -> String {
        match self {
            Wanted::Known(truth) => format!(
                "no {} round shapes (the known board's pegs and holes) on a {}x{} lattice",
                truth.cells.iter().filter(|&&c| c != Cell::Off).count(),
                truth.rows,
                truth.cols
            ),
            Wanted::Fullest => format!("no round shapes on a lattice of at least {MIN_SIDE}x{MIN_SIDE} squares"),
        }
    }
}

/// The board's lattice and the round shapes on it: the first of the largest things unlike the
/// window's background where they are found (a window can hold a list or a panel as large as the
/// board), else the whole window.
pub fn find_lattice(frame: &Frame, wanted: Wanted) -> anyhow::Result<(Grid, Vec<Disc>)> {
    let mut misses = Vec::new();
    let mut fullest: Option<(Grid, Vec<Disc>)> = None;
    for unlike in UNLIKE {
        match find_lattice_at(frame, wanted, unlike) {
            // Without the known board, the finer margin may find shapes the coarser one missed
            // (an empty hole shaded nearly to the board's colour): the one with more is kept.
            Ok(found) if matches!(wanted, Wanted::Fullest) => {
                if fullest.as_ref().is_none_or(|(_, most)| found.1.len() > most.len()) {
                    fullest = Some(found);
                }
            }
            Ok(found) => return Ok(found),
            Err(why) => misses.extend(why.into_iter().map(|m| format!("(ΔE {unlike}) {m}"))),
        }
    }
    if let Some(found) = fullest {
        return Ok(found);
    }
    bail!("{} in any of the largest things on the screen:\n  {}", wanted.describe(), misses.join("\n  "))
}

/// [`find_lattice`] with one margin for "unlike the background"; the misses say where it looked.
fn find_lattice_at(frame: &Frame, wanted: Wanted, unlike: f32) -> Result<(Grid, Vec<Disc>), Vec<String>> {
    let width = frame.width() as usize;
    let border = border_colour(frame);
    let outside = near_mask(frame, &[Lab::from_rgb8(border)], unlike);
    let drawn: Vec<bool> = outside.iter().map(|o| !o).collect();
    let regions = regions_by_area(&drawn, width, &GridParams { max_gap_px: 0, ..GridParams::default() });
    // The whole window last: a board whose surface is the window's own colour is not one region.
    let whole = Rect { x: 0.0, y: 0.0, width: frame.width() as f64, height: frame.height() as f64 };
    let mut misses = Vec::new();
    for region in regions.into_iter().take(CANDIDATE_REGIONS).chain([whole]) {
        match lattice_in(frame, wanted, border, region, unlike) {
            Ok(found) => return Ok(found),
            Err(why) => misses
                .push(format!("at ({:.0}, {:.0}) {:.0}x{:.0}: {why}", region.x, region.y, region.width, region.height)),
        }
    }
    Err(misses)
}

/// Whether `discs` on `found` are what is wanted.
fn fits(wanted: Wanted, discs: &[Disc], found: &Lattice) -> bool {
    match wanted {
        Wanted::Known(truth) => {
            discs.len() == truth.cells.iter().filter(|&&c| c != Cell::Off).count()
                && (found.rows, found.cols) == (truth.rows, truth.cols)
        }
        Wanted::Fullest => {
            found.rows >= MIN_SIDE
                && found.cols >= MIN_SIDE
                && discs.len() as f64 >= MIN_FILL * (found.rows * found.cols) as f64
        }
    }
}

/// The wanted lattice among the round shapes in `region` that are unlike both the window's
/// background and the region's own dominant colour (the board's surface). Shapes are taken in
/// groups of one size or two (pegs, and holes of another size).
fn lattice_in(
    frame: &Frame,
    wanted: Wanted,
    border: [u8; 3],
    region: Rect,
    unlike: f32,
) -> Result<(Grid, Vec<Disc>), String> {
    let width = frame.width() as usize;
    let surface = dominant_colour(frame, region);
    let inside = |i: usize| {
        let (x, y) = ((i % width) as f64, (i / width) as f64);
        x >= region.x && y >= region.y && x < region.x + region.width && y < region.y + region.height
    };
    let mask: Vec<bool> = near_mask(frame, &[Lab::from_rgb8(border), Lab::from_rgb8(surface)], unlike)
        .into_iter()
        .enumerate()
        .map(|(i, background)| !background && inside(i))
        .collect();
    let groups = size_groups(&discs_in_mask(&mask, width, 4));
    let mut best: Option<(Grid, Vec<Disc>)> = None;
    for i in 0..groups.len() {
        for j in i..groups.len() {
            let mut discs = groups[i].clone();
            if j != i {
                discs.extend(groups[j].iter().copied());
            }
            let Some(found) = lattice(&discs).filter(|found| fits(wanted, &discs, found)) else { continue };
            let grid = Grid { rect: found.rect(), rows: found.rows, cols: found.cols };
            if let Wanted::Known(_) = wanted {
                return Ok((grid, discs));
            }
            if best.as_ref().is_none_or(|(_, most)| discs.len() > most.len()) {
                best = Some((grid, discs));
            }
        }
    }
    best.ok_or_else(|| format!("round shapes grouped by size: {:?}", groups.iter().map(Vec::len).collect::<Vec<_>>()))
}
