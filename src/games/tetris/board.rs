//! The Tetris well: 10 columns of bit rows (`u16` per row, bit x = column x, row 0 at the bottom),
//! with a configurable height (20 by default, at most [`MAX_HEIGHT`]).
//!
//! Placing a piece ORs its rows in and clears the full lines it completed. A placement that would
//! leave a cell at or above the height is a top-out and is refused. Boards are read and written as
//! text rows, top row first, `#` filled and `.` empty: the case files' `rows`.

use std::fmt;

use anyhow::{bail, ensure};

use super::piece::Rotation;

pub const WIDTH: usize = 10;
pub const FULL_ROW: u16 = (1 << WIDTH) - 1;
pub const MAX_HEIGHT: usize = 32;
pub const DEFAULT_HEIGHT: usize = 20;

/// What placing one piece did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Full lines cleared.
    pub lines: u32,
    /// Cells of the piece itself that were in the cleared lines.
    pub piece_cells_cleared: u32,
}

/// A 10-wide board. Rows from `height` up are always empty; four spare empty rows above
/// `MAX_HEIGHT` let a piece's mask be tested just above the top without bounds checks.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    rows: [u16; MAX_HEIGHT + 4],
    height: u8,
}

impl Default for Board {
    fn default() -> Board {
        Board { rows: [0; MAX_HEIGHT + 4], height: DEFAULT_HEIGHT as u8 }
    }
}

impl Board {
    /// An empty board `height` rows tall (4 to 32).
    pub fn new(height: usize) -> anyhow::Result<Board> {
        ensure!((4..=MAX_HEIGHT).contains(&height), "a Tetris board is 4 to {MAX_HEIGHT} rows tall, not {height}");
        Ok(Board { rows: [0; MAX_HEIGHT + 4], height: height as u8 })
    }

    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The rows, bottom first, with at least four empty rows past `height()`.
    pub fn rows(&self) -> &[u16] {
        &self.rows[..self.height as usize + 4]
    }

    pub fn row(&self, y: usize) -> u16 {
        self.rows[y]
    }

    pub fn is_filled(&self, x: usize, y: usize) -> bool {
        y < self.height() && x < WIDTH && self.rows[y] >> x & 1 == 1
    }

    /// Fills one cell (for building boards in code; full rows are not cleared).
    pub fn set(&mut self, x: usize, y: usize) {
        if x < WIDTH && y < self.height() {
            self.rows[y] |= 1 << x;
        }
    }

    /// Number of rows up to and including the highest non-empty one.
    pub fn top(&self) -> usize {
        (0..self.height()).rev().find(|&y| self.rows[y] != 0).map_or(0, |y| y + 1)
    }

    /// Height of each column: one more than the row of its highest filled cell, 0 when empty.
    pub fn column_heights(&self) -> [u8; WIDTH] {
        let mut heights = [0u8; WIDTH];
        let mut seen = 0u16;
        for y in (0..self.top()).rev() {
            let mut new = self.rows[y] & !seen;
            seen |= new;
            while new != 0 {
                heights[new.trailing_zeros() as usize] = y as u8 + 1;
                new &= new - 1;
            }
            if seen == FULL_ROW {
                break;
            }
        }
        heights
    }

    /// True when `rot` with its lowest-left corner at (x, y) overlaps nothing and stays inside the
    /// walls and above the floor (it may stick out above the top: see [`Board::place`]).
    #[inline]
    pub fn fits(&self, rot: &Rotation, x: i32, y: i32) -> bool {
        if x < 0 || y < 0 || x + rot.width as i32 > WIDTH as i32 || y as usize > self.height() {
            return false;
        }
        let y = y as usize;
        (0..rot.height as usize).all(|i| self.rows[y + i] & (rot.rows[i] << x) == 0)
    }

    /// Puts `rot` at (x, y) and clears the lines it completes. `None` (and the board unchanged)
    /// when a cell would be at or above the height: a top-out. The caller checks `fits`.
    pub fn place(&mut self, rot: &Rotation, x: i32, y: i32) -> Option<Placed> {
        let (x, y, h) = (x as u32, y as usize, rot.height as usize);
        if y + h > self.height() {
            return None;
        }
        let mut full = 0u32;
        let mut piece_cells_cleared = 0;
        for i in 0..h {
            let mask = rot.rows[i] << x;
            self.rows[y + i] |= mask;
            if self.rows[y + i] == FULL_ROW {
                full |= 1 << i;
                piece_cells_cleared += mask.count_ones();
            }
        }
        if full != 0 {
            self.remove_rows(y, h, full);
        }
        Some(Placed { lines: full.count_ones(), piece_cells_cleared })
    }

    /// Removes every full row, letting the rows above fall, and returns how many there were (for
    /// callers that fill cells one by one with [`Board::set`], such as the contest replayer).
    pub fn clear_full_rows(&mut self) -> u32 {
        let full = (0..self.height()).filter(|&y| self.rows[y] == FULL_ROW).fold(0u32, |acc, y| acc | 1 << y);
        if full != 0 {
            self.remove_rows(0, self.height(), full);
        }
        full.count_ones()
    }

    /// Filled cells on the board.
    pub fn count_cells(&self) -> u32 {
        self.rows().iter().map(|r| r.count_ones()).sum()
    }

    /// Removes the rows `y + i` for each bit i of `full`, letting the rows above fall.
    fn remove_rows(&mut self, y: usize, h: usize, full: u32) {
        let top = self.height();
        let mut write = y;
        for read in y..top {
            if read < y + h && full >> (read - y) & 1 == 1 {
                continue;
            }
            self.rows[write] = self.rows[read];
            write += 1;
        }
        for row in &mut self.rows[write..top] {
            *row = 0;
        }
    }

    /// Reads text rows, top row first (`#` filled, `.` empty, exactly 10 per row), into a board
    /// `height` rows tall; the rows given are its bottom rows.
    pub fn from_rows<S: AsRef<str>>(rows: &[S], height: usize) -> anyhow::Result<Board> {
        let mut board = Board::new(height)?;
        ensure!(rows.len() <= height, "{} rows do not fit a board {height} rows tall", rows.len());
        for (i, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            let y = rows.len() - 1 - i;
            ensure!(
                text.chars().count() == WIDTH,
                "row {} (from the top) is {:?}: a row has exactly {WIDTH} cells",
                i + 1,
                text
            );
            for (x, c) in text.chars().enumerate() {
                match c {
                    '#' => board.rows[y] |= 1 << x,
                    '.' => {}
                    other => bail!(
                        "row {} (from the top), column {}: {other:?} is neither '#' (filled) nor '.' (empty)",
                        i + 1,
                        x + 1
                    ),
                }
            }
        }
        Ok(board)
    }

    /// The board as text rows, top row first, all `height()` of them.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.height())
            .rev()
            .map(|y| (0..WIDTH).map(|x| if self.rows[y] >> x & 1 == 1 { '#' } else { '.' }).collect())
            .collect()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}:\n{self}", WIDTH, self.height)
    }
}
