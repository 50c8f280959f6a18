//! The Flood-it board and its rules: a grid of colour labels, flooded from a start cell (the
//! top-left one unless the game says otherwise, e.g. the centre in some variants).
//!
//! This is the single place that knows what a move does. Reading, solving, verifying and replay all
//! go through it, so the rules cannot drift apart between them. Labels are written one character
//! per cell, `0`-`9` then `a`-`f`, so a board has at most 16 labels.

use std::fmt;

/// The most colours a board may use; labels are `0..MAX_COLOURS`, written `0`-`9`, `a`-`f`.
pub const MAX_COLOURS: usize = 16;

/// A Flood-it board: `rows x cols` cells, each a colour label in `0..MAX_COLOURS`, row-major,
/// and the cell the flood starts from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
    /// The index (`row * cols + col`) of the cell the flood grows from; 0 is the top-left.
    pub start: usize,
}

/// Why a text grid is not a board.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("the board has no rows")]
    Empty,
    #[error("row {row} has {found} cells, expected {expected} like row 0")]
    Ragged { row: usize, found: usize, expected: usize },
    #[error("row {row} col {col}: '{ch}' is not a colour (0-9, then a-f)")]
    BadCell { row: usize, col: usize, ch: char },
    #[error("{rows}x{cols} cells is more than a board may have ({MAX_CELLS})")]
    TooBig { rows: usize, cols: usize },
    #[error("the start cell (row {row}, col {col}) is outside the {rows}x{cols} board")]
    StartOutside { row: usize, col: usize, rows: usize, cols: usize },
}

/// The most cells a board given as text may have (100x100, far beyond any Flood-it): larger
/// ones are refused before anything the size of the claim is made.
pub const MAX_CELLS: usize = 10_000;

/// The colour label written as `ch` (`0`-`9`, `a`-`f`, either case), if it is one.
pub fn label_of(ch: char) -> Option<u8> {
    ch.to_digit(16).map(|d| d as u8)
}

/// The character for colour label `label` (below `MAX_COLOURS`; `?` otherwise).
pub fn char_of(label: u8) -> char {
    char::from_digit(label as u32, 16).unwrap_or('?')
}

impl Board {
    /// A board flooded from the top-left cell.
    pub fn new(rows: usize, cols: usize, cells: Vec<u8>) -> Board {
        Board { rows, cols, cells, start: 0 }
    }

    /// The same board flooded from (`row`, `col`).
    pub fn with_start(self, row: usize, col: usize) -> Result<Board, BoardError> {
        if row >= self.rows || col >= self.cols {
            return Err(BoardError::StartOutside { row, col, rows: self.rows, cols: self.cols });
        }
        Ok(Board { start: row * self.cols + col, ..self })
    }

    /// The start cell as (row, col).
    pub fn start_cell(&self) -> (usize, usize) {
        (self.start / self.cols, self.start % self.cols)
    }

    /// Builds a board from text rows, one character per cell, `0`-`9` then `a`-`f` (the
    /// `[board] rows` of a case file), flooded from the top-left cell.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let first = rows.first().ok_or(BoardError::Empty)?;
        let cols = first.as_ref().chars().count();
        if cols == 0 {
            return Err(BoardError::Empty);
        }
        if cols.saturating_mul(rows.len()) > MAX_CELLS {
            return Err(BoardError::TooBig { rows: rows.len(), cols });
        }
        let mut cells = Vec::with_capacity(cols * rows.len());
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            let found = text.chars().count();
            if found != cols {
                return Err(BoardError::Ragged { row, found, expected: cols });
            }
            for (col, ch) in text.chars().enumerate() {
                cells.push(label_of(ch).ok_or(BoardError::BadCell { row, col, ch })?);
            }
        }
        Ok(Board::new(rows.len(), cols, cells))
    }

    /// The board as text rows, one character per cell (see [`char_of`]).
    pub fn to_rows(&self) -> Vec<String> {
        self.cells.chunks(self.cols).map(|row| row.iter().map(|&c| char_of(c)).collect()).collect()
    }

    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.cols + col]
    }

    /// The number of distinct labels in use (not the largest label).
    pub fn colour_count(&self) -> usize {
        let mut seen = [false; 256];
        self.cells.iter().for_each(|&c| seen[c as usize] = true);
        seen.iter().filter(|&&s| s).count()
    }

    /// The colour of the flooded region (the start cell's colour).
    pub fn current_colour(&self) -> u8 {
        self.cells[self.start]
    }

    /// True when every cell has one colour.
    pub fn is_won(&self) -> bool {
        self.cells.iter().all(|&c| c == self.cells[0])
    }

    /// A mask of the cells connected to the start cell through cells of its colour.
    pub fn flooded_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.cells.len()];
        let colour = self.cells[self.start];
        let mut stack = vec![self.start];
        mask[self.start] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / self.cols, i % self.cols);
            let mut visit = |j: usize| {
                if !mask[j] && self.cells[j] == colour {
                    mask[j] = true;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - self.cols);
            }
            if r + 1 < self.rows {
                visit(i + self.cols);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < self.cols {
                visit(i + 1);
            }
        }
        mask
    }

    /// Plays one move: the flooded region takes `colour`. Returns how many cells it now covers.
    pub fn play(&mut self, colour: u8) -> usize {
        let mask = self.flooded_mask();
        for (cell, &flooded) in self.cells.iter_mut().zip(&mask) {
            if flooded {
                *cell = colour;
            }
        }
        self.flooded_mask().iter().filter(|&&f| f).count()
    }

    /// Plays a whole plan and tells whether it wins the board.
    pub fn wins_with(&self, plan: &[u8]) -> bool {
        let mut board = self.clone();
        plan.iter().for_each(|&colour| {
            board.play(colour);
        });
        board.is_won()
    }

    /// Relabels colours in order of first appearance (row-major), so that boards that group
    /// cells the same way compare equal. Case files compare colour labels only up to renaming.
    pub fn canonical(&self) -> Board {
        let mut map = [u8::MAX; 256];
        let mut next = 0u8;
        let cells = self
            .cells
            .iter()
            .map(|&c| {
                if map[c as usize] == u8::MAX {
                    map[c as usize] = next;
                    next += 1;
                }
                map[c as usize]
            })
            .collect();
        Board { rows: self.rows, cols: self.cols, cells, start: self.start }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_rows() {
        let board = Board::from_rows(&["012", "112"]).unwrap();
        assert_eq!((board.rows, board.cols), (2, 3));
        assert_eq!(board.to_rows(), vec!["012", "112"]);
        assert_eq!(board.colour_count(), 3);
    }

    #[test]
    fn rejects_ragged_and_bad_rows() {
        assert_eq!(Board::from_rows(&["012", "11"]), Err(BoardError::Ragged { row: 1, found: 2, expected: 3 }));
        assert_eq!(Board::from_rows(&["0x2"]), Err(BoardError::BadCell { row: 0, col: 1, ch: 'x' }));
        assert_eq!(Board::from_rows(&["0g"]), Err(BoardError::BadCell { row: 0, col: 1, ch: 'g' }));
        assert_eq!(Board::from_rows::<&str>(&[]), Err(BoardError::Empty));
    }

    #[test]
    fn labels_go_up_to_f() {
        let board = Board::from_rows(&["09a", "fBc"]).unwrap();
        assert_eq!(board.cells, vec![0, 9, 10, 15, 11, 12]);
        assert_eq!(board.to_rows(), vec!["09a", "fbc"]);
        assert_eq!(board.colour_count(), 6);
    }

    #[test]
    fn the_flood_grows_from_the_start_cell() {
        let mut board = Board::from_rows(&["001", "021", "111"]).unwrap().with_start(1, 1).unwrap();
        assert_eq!(board.start_cell(), (1, 1));
        assert_eq!(board.current_colour(), 2);
        assert_eq!(board.play(0), 4);
        assert_eq!(board.to_rows(), vec!["001", "001", "111"]);
        assert!(board.wins_with(&[1]));
        assert_eq!(
            Board::from_rows(&["01"]).unwrap().with_start(1, 0),
            Err(BoardError::StartOutside { row: 1, col: 0, rows: 1, cols: 2 })
        );
    }

    #[test]
    fn a_move_floods_the_connected_region() {
        let mut board = Board::from_rows(&["001", "021", "111"]).unwrap();
        assert_eq!(board.play(1), 8);
        assert_eq!(board.to_rows(), vec!["111", "121", "111"]);
        assert!(!board.is_won());
        assert!(board.wins_with(&[2]));
        assert!(!board.wins_with(&[0]));
    }

    #[test]
    fn canonical_relabels_by_first_appearance() {
        let a = Board::from_rows(&["21", "10"]).unwrap();
        let b = Board::from_rows(&["05", "53"]).unwrap();
        assert_eq!(a.canonical(), b.canonical());
        assert_eq!(a.canonical().to_rows(), vec!["01", "12"]);
    }
}
