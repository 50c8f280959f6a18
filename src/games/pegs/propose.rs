//! A proposed reading of a peg solitaire screenshot whose board is not known, for calibrating
//! without `--board`: the fullest lattice of round shapes is the board, a square with no shape on
//! it has no hole, and the shapes are told apart by size when they come in two sizes (a peg is the
//! larger) and otherwise by colour (the commoner look is the peg, as on a board at its start).
//! It is a guess for a person to check on the printed board and the drawn picture.

use anyhow::bail;

use super::board::{Board, Cell};
use super::lattice::{Wanted, find_lattice};
use crate::frame::Frame;
use crate::vision::disc_sizes::size_groups;
use crate::vision::discs::Disc;
use crate::vision::grid::Grid;
use crate::vision::palette::{cluster, sample};

/// The share of a square sampled for a shape's colour.
const PATCH: f64 = 0.3;
/// Colours within this ΔE of each other are one look.
const MERGE: f32 = 15.0;

/// The square a disc is centred on.
fn square_of(grid: &Grid, disc: &Disc) -> Option<usize> {
    let col = ((disc.x - grid.rect.x) / grid.cell_width()).floor();
    let row = ((disc.y - grid.rect.y) / grid.cell_height()).floor();
    (row >= 0.0 && col >= 0.0 && (row as usize) < grid.rows && (col as usize) < grid.cols)
        .then(|| row as usize * grid.cols + col as usize)
}

/// Proposes the board shown on `frame`.
pub fn propose(frame: &Frame) -> anyhow::Result<Board> {
    let (grid, discs) = find_lattice(frame, Wanted::Fullest)?;
    let mut cells = vec![Cell::Off; grid.rows * grid.cols];
    let groups = size_groups(&discs);
    if groups.len() == 2 {
        // Two sizes: the larger shapes are pegs, the smaller empty holes.
        for (kind, group) in [(Cell::Hole, &groups[0]), (Cell::Peg, &groups[1])] {
            for disc in group {
                if let Some(i) = square_of(&grid, disc) {
                    cells[i] = kind;
                }
            }
        }
        return Ok(Board { rows: grid.rows, cols: grid.cols, cells });
    }
    let on: Vec<usize> = discs.iter().filter_map(|d| square_of(&grid, d)).collect();
    let samples: Vec<_> =
        on.iter().map(|&i| sample(frame, grid.cell_patch(i / grid.cols, i % grid.cols, PATCH))).collect();
    let (labels, looks) = cluster(&samples, MERGE);
    if looks.len() != 2 {
        bail!(
            "the {} round shapes on the {}x{} board show {} looks, not two (a peg and an empty hole): \
             pass --board with the screenshot's known board",
            on.len(),
            grid.rows,
            grid.cols,
            looks.len()
        );
    }
    let commoner = if labels.iter().filter(|&&l| l == 0).count() * 2 >= labels.len() { 0 } else { 1 };
    for (&i, &label) in on.iter().zip(&labels) {
        cells[i] = if label == commoner { Cell::Peg } else { Cell::Hole };
    }
    Ok(Board { rows: grid.rows, cols: grid.cols, cells })
}
