//! The Minesweeper board as the player sees it, and its rules: covered, flagged and opened cells (an
//! opened cell shows how many of its up to eight neighbours hold a mine), and a mine shown once the
//! game is lost. The board also carries the two rules a position alone does not show: how many mines
//! there are in all (when known) and what the first click does.
//!
//! This is the one place that knows the rules as seen from the screen: reading, solving, predicting a
//! move's outcome (as far as it can be known before the game shows it) and replay go through it. The
//! hidden layout and the game itself, for simulation, are in `sim`.

use std::fmt;

/// One cell as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Covered,
    /// Covered, with a flag on it (the player's mark; the solver does not trust it).
    Flagged,
    /// Opened, showing the number of mines among its neighbours.
    Open(u8),
    /// A mine shown: the one that was hit, or one the game reveals once it is lost.
    Mine,
    /// Clicked to open, what it shows not known yet: only in a prediction (`predict`), never read.
    Opening,
}

impl Cell {
    /// The cell's character in a board's text: `#` covered, `F` flagged, `.` or `1`..`8` opened,
    /// `*` a mine shown, `?` opening (predictions only).
    pub fn symbol(self) -> char {
        match self {
            Cell::Covered => '#',
            Cell::Flagged => 'F',
            Cell::Open(0) => '.',
            Cell::Open(n) => (b'0' + n.min(9)) as char,
            Cell::Mine => '*',
            Cell::Opening => '?',
        }
    }

    /// Covered, with or without a flag.
    pub fn is_covered(self) -> bool {
        matches!(self, Cell::Covered | Cell::Flagged)
    }
}

/// What the game does with the first click.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum FirstClick {
    /// The first click opens an area: neither it nor its neighbours hold a mine (sgt-mines).
    #[default]
    OpensArea,
    /// The first click is only safe: it holds no mine (the classic game).
    Safe,
    /// The mines are placed before any click: the first click is a guess like any other.
    Unsafe,
}

/// A board: `rows x cols` cells, row-major, and the rules a position does not show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
    /// How many mines the board holds in all, when known (the solver uses it; without it, it
    /// assumes the usual density).
    pub mines: Option<u32>,
    pub first_click: FirstClick,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("the board has no rows")]
    Empty,
    #[error("row {row} has {found} cells, expected {expected} like row 0")]
    Ragged { row: usize, found: usize, expected: usize },
    #[error("row {row} col {col}: '{ch}' is not # (covered), F (flag), . or 0-8 (opened) or * (mine)")]
    BadCell { row: usize, col: usize, ch: char },
    #[error("{rows}x{cols} cells is more than a board may have ({MAX_CELLS})")]
    TooBig { rows: usize, cols: usize },
    #[error("row {row} col {col} shows {shown}, but it has only {neighbours} neighbours")]
    Impossible { row: usize, col: usize, shown: u8, neighbours: usize },
    #[error("{mines} mines do not fit in a {rows}x{cols} board")]
    TooManyMines { mines: u32, rows: usize, cols: usize },
}

/// The most cells a board may have (100x100): larger claims are refused before anything their
/// size is made.
pub const MAX_CELLS: usize = 10_000;

/// The (up to eight) neighbours of cell `i` on a `rows x cols` board.
pub fn neighbours(rows: usize, cols: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((i / cols) as isize, (i % cols) as isize);
    (-1isize..=1).flat_map(move |dr| {
        (-1isize..=1).filter_map(move |dc| {
            let (nr, nc) = (r + dr, c + dc);
            let inside = (dr, dc) != (0, 0) && nr >= 0 && nc >= 0 && nr < rows as isize && nc < cols as isize;
            inside.then(|| nr as usize * cols + nc as usize)
        })
    })
}

impl Board {
    /// An untouched board: every cell covered.
    pub fn covered(rows: usize, cols: usize, mines: Option<u32>, first_click: FirstClick) -> Board {
        Board { rows, cols, cells: vec![Cell::Covered; rows * cols], mines, first_click }
    }

    /// Parses rows of `#` (covered), `F` (flagged), `.` or `0` (opened, no mine around), `1`-`8`,
    /// and `*` (a mine shown).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let first = rows.first().ok_or(BoardError::Empty)?.as_ref().chars().count();
        if rows.len().saturating_mul(first) > MAX_CELLS {
            return Err(BoardError::TooBig { rows: rows.len(), cols: first });
        }
        let mut cells = Vec::with_capacity(rows.len() * first);
        for (row, text) in rows.iter().enumerate() {
            let found = text.as_ref().chars().count();
            if found != first || found == 0 {
                return Err(BoardError::Ragged { row, found, expected: first });
            }
            for (col, ch) in text.as_ref().chars().enumerate() {
                cells.push(match ch {
                    '#' => Cell::Covered,
                    'F' | 'f' => Cell::Flagged,
                    '.' => Cell::Open(0),
                    '0'..='8' => Cell::Open(ch as u8 - b'0'),
                    '*' => Cell::Mine,
                    _ => return Err(BoardError::BadCell { row, col, ch }),
                });
            }
        }
        let board = Board { rows: rows.len(), cols: first, cells, mines: None, first_click: FirstClick::default() };
        board.check()?;
        Ok(board)
    }

    /// With the total number of mines.
    pub fn with_mines(mut self, mines: Option<u32>) -> Result<Board, BoardError> {
        if let Some(m) = mines
            && m as usize > self.cells.len()
        {
            return Err(BoardError::TooManyMines { mines: m, rows: self.rows, cols: self.cols });
        }
        self.mines = mines;
        Ok(self)
    }

    /// Refuses numbers larger than the cell's neighbour count.
    fn check(&self) -> Result<(), BoardError> {
        for (i, &cell) in self.cells.iter().enumerate() {
            if let Cell::Open(n) = cell {
                let around = neighbours(self.rows, self.cols, i).count();
                if n as usize > around {
                    let (row, col) = (i / self.cols, i % self.cols);
                    return Err(BoardError::Impossible { row, col, shown: n, neighbours: around });
                }
            }
        }
        Ok(())
    }

    pub fn to_rows(&self) -> Vec<String> {
        self.cells.chunks(self.cols).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
    }

    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        neighbours(self.rows, self.cols, i)
    }

    /// True when nothing has been opened yet.
    pub fn untouched(&self) -> bool {
        self.cells.iter().all(|c| c.is_covered())
    }

    /// The number of covered cells (flagged or not).
    pub fn covered_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_covered()).count()
    }

    /// True when the game shows a mine: it is lost.
    pub fn is_lost(&self) -> bool {
        self.cells.contains(&Cell::Mine)
    }

    /// True when every cell without a mine is open or being opened: no mine shown, and the covered
    /// cells are exactly the mines (with the total known), or (without it) all flagged, as games
    /// mark the mines once they are won, with nothing being opened. With the total known, a cell
    /// being opened is clear whatever the move: when every other covered cell must hold a mine, it
    /// cannot, so the move that opens the last clear cells wins by the rules before the game shows
    /// them (and before its own end display covers them).
    pub fn is_won(&self) -> bool {
        if self.is_lost() || self.untouched() {
            return false;
        }
        match self.mines {
            Some(m) => self.covered_count() == m as usize,
            None => !self.cells.iter().any(|&c| c == Cell::Covered || c == Cell::Opening),
        }
    }

    /// The board after clicking `cells` open, as far as the rules say before the game shows it:
    /// each becomes `Opening` (a number, or a mine for a guess that fails, and an opened 0 opens
    /// its neighbours).
    pub fn opening(&self, cells: &[usize]) -> Board {
        let mut next = self.clone();
        for &i in cells {
            if next.cells[i].is_covered() {
                next.cells[i] = Cell::Opening;
            }
        }
        next
    }

    /// True when `read` (from the screen) is what the rules allow after this predicted board: every
    /// cell predicted open reads the same, every cell being opened now shows a number or a mine,
    /// flags stay, and a covered cell may have been opened only next to an opened 0 (the game opens
    /// a 0's neighbours) or next to a cell being opened now (a program that opens the clicked
    /// cell's safe neighbours with it, whatever its number: zuramai's canvas page), or flagged by
    /// the game once it is won.
    pub fn allows(&self, read: &Board) -> bool {
        if (read.rows, read.cols) != (self.rows, self.cols) {
            return false;
        }
        let won = read.is_won();
        self.cells.iter().zip(&read.cells).enumerate().all(|(i, (&want, &got))| match (want, got) {
            (Cell::Opening, Cell::Open(_) | Cell::Mine) => true,
            (Cell::Covered, Cell::Open(_)) => {
                read.neighbours(i).any(|j| read.cells[j] == Cell::Open(0) || self.cells[j] == Cell::Opening)
            }
            (Cell::Covered, Cell::Flagged) => won,
            (want, got) => want == got,
        })
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

    /// Fuzz `case_toml` (overflow checks on): a cell on the edge multiplied the row above the
    /// board (-1 as usize) by the width before asking whether it was inside.
    #[test]
    fn corner_and_edge_cells_have_their_neighbours_and_no_others() {
        let mut corner: Vec<usize> = neighbours(3, 4, 0).collect();
        corner.sort();
        assert_eq!(corner, vec![1, 4, 5]);
        let mut edge: Vec<usize> = neighbours(3, 4, 11).collect();
        edge.sort();
        assert_eq!(edge, vec![6, 7, 10]);
        assert_eq!(neighbours(1, 1, 0).count(), 0);
    }

    #[test]
    fn text_round_trips() {
        let board = Board::from_rows(&["#F1.", "*23#"]).unwrap();
        assert_eq!(board.to_rows(), vec!["#F1.", "*23#"]);
        assert_eq!(board.cells[1], Cell::Flagged);
        assert_eq!(Board::from_rows(&["0#"]).unwrap().to_rows(), vec![".#"]);
    }

    #[test]
    fn bad_text_is_refused_with_the_cell() {
        assert_eq!(Board::from_rows(&["#x"]), Err(BoardError::BadCell { row: 0, col: 1, ch: 'x' }));
        assert_eq!(Board::from_rows(&["##", "#"]), Err(BoardError::Ragged { row: 1, found: 1, expected: 2 }));
        assert_eq!(Board::from_rows::<&str>(&[]), Err(BoardError::Empty));
        assert_eq!(
            Board::from_rows(&["4#", "##"]),
            Err(BoardError::Impossible { row: 0, col: 0, shown: 4, neighbours: 3 })
        );
    }

    #[test]
    fn corners_edges_and_middles_have_their_neighbours() {
        assert_eq!(neighbours(3, 3, 0).collect::<Vec<_>>(), vec![1, 3, 4]);
        assert_eq!(neighbours(3, 3, 4).count(), 8);
        assert_eq!(neighbours(3, 3, 7).count(), 5);
        assert_eq!(neighbours(1, 1, 0).count(), 0);
    }

    #[test]
    fn won_and_lost() {
        let won = Board::from_rows(&["1F", "11"]).unwrap();
        assert!(won.is_won());
        assert!(won.clone().with_mines(Some(1)).unwrap().is_won());
        let open = Board::from_rows(&["1#", "11"]).unwrap();
        assert!(!open.is_won(), "a covered cell is left and the count is unknown");
        assert!(open.clone().with_mines(Some(1)).unwrap().is_won());
        let lost = Board::from_rows(&["1*", "11"]).unwrap();
        assert!(lost.is_lost() && !lost.is_won());
    }

    #[test]
    fn the_move_that_opens_the_last_clear_cells_wins_by_the_rules_when_the_mines_are_counted() {
        let before = Board::from_rows(&["1#", "1#"]).unwrap();
        let counted = before.clone().with_mines(Some(1)).unwrap().opening(&[3]);
        assert!(counted.is_won(), "the one covered cell left must be the mine:\n{counted}");
        assert!(!before.opening(&[3]).is_won(), "without the count the cell being opened may be a mine");
        let two_left = Board::from_rows(&["1##", "1##"]).unwrap().with_mines(Some(1)).unwrap().opening(&[2]);
        assert!(!two_left.is_won(), "a clear cell is still covered:\n{two_left}");
    }

    #[test]
    fn a_prediction_allows_the_numbers_and_the_cascade() {
        let before = Board::from_rows(&["###", "###", "###"]).unwrap();
        let predicted = before.opening(&[0]);
        assert!(predicted.allows(&Board::from_rows(&["1##", "###", "###"]).unwrap()));
        assert!(predicted.allows(&Board::from_rows(&[".1#", "12#", "###"]).unwrap()));
        assert!(predicted.allows(&Board::from_rows(&["*##", "###", "###"]).unwrap()), "a guess may fail");
        assert!(!predicted.allows(&before), "the clicked cell must open");
        assert!(!predicted.allows(&Board::from_rows(&["1#1", "###", "###"]).unwrap()), "no 0 opened that one");
    }

    /// A program that opens the clicked cell's safe neighbours with it, whatever its number, and
    /// never a 0's (zuramai's page): a covered cell beside the one clicked may open; one beside
    /// neither the clicked cell nor an opened 0 may not.
    #[test]
    fn a_prediction_allows_the_clicked_cells_neighbours_to_open_with_it() {
        let predicted = Board::from_rows(&["####", "####", "####", "####"]).unwrap().opening(&[5]);
        assert!(predicted.allows(&Board::from_rows(&["11##", "#2##", "####", "####"]).unwrap()));
        assert!(!predicted.allows(&Board::from_rows(&["####", "#2##", "####", "###1"]).unwrap()), "far off");
    }
}
