//! Reads a peg solitaire board by how its squares look (`vision.find = "looks"`): the board is a
//! lattice of cells (`vision::lattice`: pegs, holes, buttons, glyphs or balls repeating across and
//! down), and each square is the peg, the hole or the square with no hole whose look
//! (`vision::looks`) is nearest. A square near none of them is an error naming it: the reader
//! never guesses. The lattice grows by a row or a column while it holds pegs or holes and every
//! square reads, and loses rows and columns of squares with no hole at its edges.

use super::board::{Board, Cell};
use super::config::LooksConfig;
use crate::frame::Frame;
use crate::vision::grid::Grid;
use crate::vision::lattice::{Lattice, Search, first_passing, members};
use crate::vision::looks::{Look, look};

/// How many of the best lattice candidates are tried.
const TRIED: usize = 6;
/// How many rows or columns a board may grow beyond the things that found its lattice.
const GROWTH: i64 = 3;

/// The looks of a profile, ready to compare with.
#[derive(Clone, Debug)]
pub struct Classes {
    pub peg: Look,
    pub hole: Look,
    pub off: Vec<Look>,
    pub limit: f32,
}

/// Why a square or a board could not be read by its looks.
#[derive(Debug, thiserror::Error)]
pub enum LooksError {
    #[error("the profile's [looks] is invalid: {0}")]
    Profile(String),
    #[error(
        "row {row} col {col}: the square looks like none of the profile's (nearest: {nearest} at ΔE {distance:.1}, more than the limit {limit:.1})"
    )]
    Unknown { row: usize, col: usize, nearest: &'static str, distance: f32, limit: f32 },
    #[error("row {row} col {col}: the square lies outside the picture")]
    Outside { row: usize, col: usize },
    #[error(
        "no peg solitaire board found: looked for a lattice of pegs and holes (at least 4 like things repeating across and down) whose squares all look like the profile's; found {0}"
    )]
    NotFound(String),
}

impl Classes {
    pub fn from_config(looks: &LooksConfig) -> Result<Classes, LooksError> {
        let parse = |rings: &[String], what: &str| {
            Look::from_hex(rings).map_err(|e| LooksError::Profile(format!("{what}: {e}")))
        };
        Ok(Classes {
            peg: parse(&looks.peg, "peg")?,
            hole: parse(&looks.hole, "hole")?,
            off: looks.off.iter().map(|o| parse(o, "off")).collect::<Result<_, _>>()?,
            limit: looks.max_distance,
        })
    }

    /// The kind of the look nearest to `seen`, and its distance.
    pub fn nearest(&self, seen: &Look) -> (Cell, f32) {
        let mut best = (Cell::Peg, seen.distance(&self.peg));
        let hole = seen.distance(&self.hole);
        if hole < best.1 {
            best = (Cell::Hole, hole);
        }
        for off in &self.off {
            let d = seen.distance(off);
            if d < best.1 {
                best = (Cell::Off, d);
            }
        }
        best
    }

    /// The square `seen` is, or an error naming `(row, col)`.
    pub fn classify(&self, seen: &Look, row: usize, col: usize) -> Result<Cell, LooksError> {
        let (cell, distance) = self.nearest(seen);
        if distance > self.limit {
            let nearest = match cell {
                Cell::Peg => "a peg",
                Cell::Hole => "an empty hole",
                Cell::Off => "a square with no hole",
            };
            return Err(LooksError::Unknown { row, col, nearest, distance, limit: self.limit });
        }
        Ok(cell)
    }
}

/// Reads every square of a known grid.
pub fn read(frame: &Frame, grid: &Grid, classes: &Classes) -> Result<Board, LooksError> {
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let seen = look(frame, grid.cell_rect(row, col)).ok_or(LooksError::Outside { row, col })?;
            cells.push(classes.classify(&seen, row, col)?);
        }
    }
    Ok(Board { rows: grid.rows, cols: grid.cols, cells })
}

type Extent = ((i64, i64), (i64, i64));

/// The squares of one row or column of the lattice, read, or None when one does not read.
fn line(frame: &Frame, lattice: &Lattice, cells: &[(i64, i64)], classes: &Classes) -> Option<Vec<Cell>> {
    cells
        .iter()
        .map(|&(r, c)| {
            let one = lattice.grid((r, r), (c, c));
            let seen = look(frame, one.cell_rect(0, 0))?;
            let (cell, distance) = classes.nearest(&seen);
            (distance <= classes.limit).then_some(cell)
        })
        .collect()
}

fn side(extent: Extent, which: usize) -> Vec<(i64, i64)> {
    let ((r0, r1), (c0, c1)) = extent;
    match which {
        0 => (c0..=c1).map(|c| (r0, c)).collect(),
        1 => (c0..=c1).map(|c| (r1, c)).collect(),
        2 => (r0..=r1).map(|r| (r, c0)).collect(),
        _ => (r0..=r1).map(|r| (r, c1)).collect(),
    }
}

fn moved(extent: Extent, which: usize, by: i64) -> Extent {
    let ((r0, r1), (c0, c1)) = extent;
    match which {
        0 => ((r0 - by, r1), (c0, c1)),
        1 => ((r0, r1 + by), (c0, c1)),
        2 => ((r0, r1), (c0 - by, c1)),
        _ => ((r0, r1), (c0, c1 + by)),
    }
}

/// Grows `extent` by every row or column next to it that holds a peg or a hole, where something
/// sits (`taken`) at every peg and hole, and reads whole; then trims rows and columns of squares
/// with no hole from its edges.
pub fn settle(
    frame: &Frame,
    lattice: &Lattice,
    mut extent: Extent,
    classes: &Classes,
    taken: &dyn Fn((i64, i64)) -> bool,
) -> Extent {
    let mut changed = true;
    while changed {
        changed = false;
        for which in 0..4 {
            let next = moved(extent, which, 1);
            let squares = side(next, which);
            let cells = line(frame, lattice, &squares, classes);
            let holds = |c: &Vec<Cell>| {
                c.iter().any(|&x| x != Cell::Off) && c.iter().zip(&squares).all(|(&x, &at)| x == Cell::Off || taken(at))
            };
            if cells.is_some_and(|c| holds(&c)) {
                extent = next;
                changed = true;
            }
        }
    }
    for which in 0..4 {
        loop {
            let ((r0, r1), (c0, c1)) = extent;
            if r1 <= r0 || c1 <= c0 {
                break;
            }
            match line(frame, lattice, &side(extent, which), classes) {
                Some(c) if c.iter().all(|&x| x == Cell::Off) => extent = moved(extent, which, -1),
                _ => break,
            }
        }
    }
    extent
}

/// Finds the board: the best lattice candidates in turn, each grown and trimmed by its squares'
/// looks; the first whose squares all read, with pegs or holes, is the board.
pub fn locate(frame: &Frame, classes: &Classes) -> Result<Grid, LooksError> {
    let passed = first_passing(frame, &Search::default(), TRIED, |found, candidate| {
        let things = members(&found.segmentations, candidate, GROWTH, &Search::default());
        let taken = |at: (i64, i64)| things.contains_key(&at);
        let extent = settle(frame, &candidate.lattice, candidate.extent(), classes, &taken);
        let grid = candidate.lattice.grid(extent.0, extent.1);
        let at = format!("{}x{} squares at ({:.0}, {:.0})", grid.rows, grid.cols, grid.rect.x, grid.rect.y);
        match read(frame, &grid, classes) {
            Ok(board) if board.cells.iter().any(|&c| c != Cell::Off) && grid.rows >= 2 && grid.cols >= 2 => Ok(grid),
            Ok(_) => Err(format!("{at} with no peg or hole")),
            Err(e) => Err(format!("{at}, but {e}")),
        }
    });
    let misses = match passed {
        Ok(grid) => return Ok(grid),
        Err(misses) => misses,
    };
    let found = if misses.is_empty() {
        format!("no lattice in the {}x{} picture", frame.width(), frame.height())
    } else {
        misses.join("; ")
    };
    Err(LooksError::NotFound(found))
}
