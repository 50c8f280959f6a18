//! The numbers the evaluators weigh, computed straight from the bit rows.
//!
//! Board features (of the board after a placement and its line clears): Dellacherie's row and
//! column transitions, holes and cumulative wells; the BCTS additions hole depth, rows with holes
//! and pattern diversity (Thiery & Scherrer); and aggregate height and bumpiness (the GA set).
//! Move features (of the placement itself): landing height, eroded piece cells, complete lines.
//! Definitions are in each field's comment; walls and the floor count as filled, the space above
//! the board as empty.

use super::super::board::{Board, FULL_ROW, Placed, WIDTH};
use super::super::placements::Placement;

/// Features of one placement.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveFeatures {
    /// Row of the piece's middle, rows counted from 1 at the bottom: y + 1 + (piece height - 1) / 2.
    pub landing_height: f64,
    /// Lines cleared × cells of the piece in those lines.
    pub eroded_cells: u32,
    /// Lines cleared.
    pub lines: u32,
}

impl MoveFeatures {
    pub fn of(placement: &Placement, placed: &Placed) -> MoveFeatures {
        let h = placement.rotation().height as f64;
        MoveFeatures {
            landing_height: placement.y as f64 + 1.0 + (h - 1.0) / 2.0,
            eroded_cells: placed.lines * placed.piece_cells_cleared,
            lines: placed.lines,
        }
    }
}

/// Features of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardFeatures {
    /// Filled/empty changes along each row, walls filled, summed over every row of the board.
    pub row_transitions: u32,
    /// Filled/empty changes up each column, the floor filled, the space above the board empty.
    pub column_transitions: u32,
    /// Empty cells with a filled cell somewhere above them in their column.
    pub holes: u32,
    /// Sum over wells of 1 + 2 + ... + depth, a well being a vertical run of empty cells whose left
    /// and right neighbours are filled (or a wall).
    pub wells: u32,
    /// Sum over holes of the number of filled cells above the hole in its column.
    pub hole_depth: u32,
    /// Rows with at least one hole.
    pub rows_with_holes: u32,
    /// How many of the height differences -2..=2 occur between neighbouring columns.
    pub diversity: u32,
    /// Sum of the column heights.
    pub aggregate_height: u32,
    /// Sum of |height difference| between neighbouring columns.
    pub bumpiness: u32,
}

impl BoardFeatures {
    pub fn of(board: &Board) -> BoardFeatures {
        let rows = board.rows();
        let top = board.top();
        let mut f = BoardFeatures { row_transitions: 2 * (board.height() - top) as u32, ..BoardFeatures::default() };
        let mut heights = [0u32; WIDTH];
        let mut seen = 0u16;
        // Filled cells seen so far per column, as a bit-sliced counter (plane k = bit k of the count).
        let mut above = [0u16; 5];
        let mut well_run = [0u32; WIDTH];
        let mut previous_wells = 0u16;
        for y in (0..top).rev() {
            let row = rows[y];
            let mut new = row & !seen;
            seen |= row;
            while new != 0 {
                heights[new.trailing_zeros() as usize] = y as u32 + 1;
                new &= new - 1;
            }
            let holes = !row & seen & FULL_ROW;
            if holes != 0 {
                f.holes += holes.count_ones();
                f.rows_with_holes += 1;
                f.hole_depth +=
                    above.iter().enumerate().map(|(k, plane)| (plane & holes).count_ones() << k).sum::<u32>();
            }
            let mut carry = row;
            for plane in &mut above {
                let sum = *plane ^ carry;
                carry &= *plane;
                *plane = sum;
            }
            let walled = (row as u32) << 1 | 1 | 1 << (WIDTH + 1);
            let wells = (!row as u32 & walled & walled >> 2) as u16 & FULL_ROW;
            let mut bits = wells;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                well_run[x] = if previous_wells >> x & 1 == 1 { well_run[x] + 1 } else { 1 };
                f.wells += well_run[x];
                bits &= bits - 1;
            }
            previous_wells = wells;
            f.row_transitions += ((walled ^ walled >> 1) & 0x7FF).count_ones();
            f.column_transitions += (row ^ rows[y + 1]).count_ones();
        }
        f.column_transitions += (!rows[0] & FULL_ROW).count_ones();
        let mut patterns = 0u8;
        for x in 0..WIDTH {
            f.aggregate_height += heights[x];
            if x + 1 < WIDTH {
                let d = heights[x + 1] as i32 - heights[x] as i32;
                f.bumpiness += d.unsigned_abs();
                if d.abs() <= 2 {
                    patterns |= 1 << (d + 2);
                }
            }
        }
        f.diversity = patterns.count_ones();
        f
    }
}
