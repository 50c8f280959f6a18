//! The peg solitaire board and its rules: pegs, empty holes and squares with no hole, and jumps.
//!
//! A jump takes a peg over an orthogonal neighbouring peg into an empty hole two squares away, and
//! removes the jumped peg. A "move" in the classic counting is one peg's chain of jumps. This is the
//! one place that knows the rules; reading, solving, verifying and replay all go through it.

use std::fmt;

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Peg,
    Hole,
    /// No hole here (outside the board's shape).
    Off,
}

impl Cell {
    pub fn symbol(self) -> char {
        match self {
            Cell::Peg => 'o',
            Cell::Hole => '.',
            Cell::Off => '#',
        }
    }
}

/// A board: `rows x cols` squares, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
}

/// A square, (row, column) from the top-left.
pub type Pos = (usize, usize);

/// One jump: the peg at `from` jumps over `over` into `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    pub from: Pos,
    pub over: Pos,
    pub to: Pos,
}

impl Jump {
    /// The jump from `from` to `to`, two squares apart in a row or column.
    pub fn new(from: Pos, to: Pos) -> Option<Jump> {
        let (dr, dc) = (to.0 as isize - from.0 as isize, to.1 as isize - from.1 as isize);
        let straight = (dr.abs() == 2 && dc == 0) || (dc.abs() == 2 && dr == 0);
        straight.then(|| Jump { from, over: ((from.0 + to.0) / 2, (from.1 + to.1) / 2), to })
    }

    /// The jump from `from` to `to`, two squares apart in a row, a column or a diagonal.
    pub fn line(from: Pos, to: Pos) -> Option<Jump> {
        let (dr, dc) = (to.0 as isize - from.0 as isize, to.1 as isize - from.1 as isize);
        let diagonal = dr.abs() == 2 && dc.abs() == 2;
        if diagonal {
            Some(Jump { from, over: ((from.0 + to.0) / 2, (from.1 + to.1) / 2), to })
        } else {
            Jump::new(from, to)
        }
    }

    /// True for a jump along a diagonal.
    pub fn is_diagonal(&self) -> bool {
        self.from.0 != self.to.0 && self.from.1 != self.to.1
    }
}

impl fmt::Display for Jump {
    /// Rows and columns from 0, as `r,c-r,c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}-{},{}", self.from.0, self.from.1, self.to.0, self.to.1)
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("the board has no rows")]
    Empty,
    #[error("row {row} has {found} squares, expected {expected} like row 0")]
    Ragged { row: usize, found: usize, expected: usize },
    #[error("row {row} col {col}: '{ch}' is not o (peg), . (hole) or # (no hole)")]
    BadCell { row: usize, col: usize, ch: char },
    #[error("{rows}x{cols} squares is more than a board may have ({MAX_SQUARES})")]
    TooBig { rows: usize, cols: usize },
}

/// The most squares a board given as text may have (100x100; the solver takes up to 128):
/// larger ones are refused before anything the size of the claim is made.
pub const MAX_SQUARES: usize = 10_000;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("jump {jump} is not legal: {why}")]
pub struct IllegalJump {
    pub jump: Jump,
    pub why: &'static str,
}

impl Board {
    /// Builds a board from text rows: `o` peg, `.` hole, `#` no hole.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let cols = rows.first().ok_or(BoardError::Empty)?.as_ref().chars().count();
        if cols == 0 {
            return Err(BoardError::Empty);
        }
        if cols.saturating_mul(rows.len()) > MAX_SQUARES {
            return Err(BoardError::TooBig { rows: rows.len(), cols });
        }
        let mut cells = Vec::with_capacity(cols * rows.len());
        for (row, text) in rows.iter().enumerate() {
            let found = text.as_ref().chars().count();
            if found != cols {
                return Err(BoardError::Ragged { row, found, expected: cols });
            }
            for (col, ch) in text.as_ref().chars().enumerate() {
                cells.push(match ch {
                    'o' => Cell::Peg,
                    '.' => Cell::Hole,
                    '#' => Cell::Off,
                    _ => return Err(BoardError::BadCell { row, col, ch }),
                });
            }
        }
        Ok(Board { rows: rows.len(), cols, cells })
    }

    /// The board as text rows.
    pub fn to_rows(&self) -> Vec<String> {
        self.cells.chunks(self.cols).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
    }

    pub fn get(&self, (r, c): Pos) -> Cell {
        self.cells[r * self.cols + c]
    }

    fn set(&mut self, (r, c): Pos, cell: Cell) {
        self.cells[r * self.cols + c] = cell;
    }

    fn inside(&self, (r, c): Pos) -> bool {
        r < self.rows && c < self.cols
    }

    pub fn pegs(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Peg).count()
    }

    /// Why `jump` cannot be made here, or None when it can.
    pub fn check(&self, jump: &Jump) -> Option<&'static str> {
        if Jump::new(jump.from, jump.to) != Some(*jump) {
            return Some("a jump goes two squares in a straight line");
        }
        self.check_line(jump)
    }

    /// Why `jump` cannot be made here when a jump may also go along a diagonal, or None.
    pub fn check_line(&self, jump: &Jump) -> Option<&'static str> {
        if Jump::line(jump.from, jump.to) != Some(*jump) {
            return Some("a jump goes two squares in a straight line");
        }
        if !self.inside(jump.from) || !self.inside(jump.to) {
            return Some("it leaves the board");
        }
        if self.get(jump.from) != Cell::Peg {
            return Some("there is no peg to jump with");
        }
        if self.get(jump.over) != Cell::Peg {
            return Some("there is no peg to jump over");
        }
        if self.get(jump.to) != Cell::Hole {
            return Some("the landing square is not an empty hole");
        }
        None
    }

    /// Makes a jump, or says why it is illegal.
    pub fn jump(&mut self, jump: &Jump) -> Result<(), IllegalJump> {
        if let Some(why) = self.check(jump) {
            return Err(IllegalJump { jump: *jump, why });
        }
        self.jump_line(jump)
    }

    /// Makes a jump along a row, a column or a diagonal, or says why it is illegal.
    pub fn jump_line(&mut self, jump: &Jump) -> Result<(), IllegalJump> {
        if let Some(why) = self.check_line(jump) {
            return Err(IllegalJump { jump: *jump, why });
        }
        self.set(jump.from, Cell::Hole);
        self.set(jump.over, Cell::Hole);
        self.set(jump.to, Cell::Peg);
        Ok(())
    }

    /// Every legal jump, in reading order of the jumping peg (up, down, left, right).
    pub fn legal_jumps(&self) -> Vec<Jump> {
        self.legal_jumps_along(&[(-2, 0), (2, 0), (0, -2), (0, 2)])
    }

    /// Every legal jump by one of `steps` (two squares along a row, a column or a diagonal), in
    /// reading order of the jumping peg.
    pub fn legal_jumps_along(&self, steps: &[(isize, isize)]) -> Vec<Jump> {
        let mut jumps = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                for &(dr, dc) in steps {
                    let (tr, tc) = (r as isize + dr, c as isize + dc);
                    if tr < 0 || tc < 0 {
                        continue;
                    }
                    if let Some(jump) = Jump::line((r, c), (tr as usize, tc as usize))
                        && self.check_line(&jump).is_none()
                    {
                        jumps.push(jump);
                    }
                }
            }
        }
        jumps
    }

    /// Plays a list of jumps, stopping at the first illegal one.
    pub fn play_all(&self, jumps: &[Jump]) -> Result<Board, IllegalJump> {
        let mut board = self.clone();
        for jump in jumps {
            board.jump(jump)?;
        }
        Ok(board)
    }
}

/// Groups jumps into classic moves: consecutive jumps by the same peg (each starting where the last
/// landed) make one move.
pub fn group_moves(jumps: &[Jump]) -> Vec<Vec<Jump>> {
    let mut moves: Vec<Vec<Jump>> = Vec::new();
    for jump in jumps {
        match moves.last_mut() {
            Some(chain) if chain.last().is_some_and(|last| last.to == jump.from) => chain.push(*jump),
            _ => moves.push(vec![*jump]),
        }
    }
    moves
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
    fn parses_prints_and_counts() {
        let board = Board::from_rows(&["#o#", "oo.", "#o#"]).unwrap();
        assert_eq!(board.to_rows(), vec!["#o#", "oo.", "#o#"]);
        assert_eq!(board.pegs(), 4);
        assert_eq!(Board::from_rows(&["ox"]), Err(BoardError::BadCell { row: 0, col: 1, ch: 'x' }));
        assert_eq!(Board::from_rows(&["oo", "o"]), Err(BoardError::Ragged { row: 1, found: 1, expected: 2 }));
    }

    #[test]
    fn a_jump_removes_the_jumped_peg() {
        let mut board = Board::from_rows(&["oo."]).unwrap();
        let jump = Jump::new((0, 0), (0, 2)).unwrap();
        assert_eq!(jump.over, (0, 1));
        board.jump(&jump).unwrap();
        assert_eq!(board.to_rows(), vec!["..o"]);
    }

    #[test]
    fn illegal_jumps_say_why() {
        let board = Board::from_rows(&["o.o", "###"]).unwrap();
        let err = board.clone().jump(&Jump::new((0, 0), (0, 2)).unwrap()).unwrap_err();
        assert_eq!(err.why, "there is no peg to jump over");
        let off = Board::from_rows(&["oo#"]).unwrap();
        assert_eq!(off.check(&Jump::new((0, 0), (0, 2)).unwrap()), Some("the landing square is not an empty hole"));
        assert_eq!(Jump::new((0, 0), (1, 1)), None);
    }

    #[test]
    fn legal_jumps_are_found_in_all_directions() {
        let board = Board::from_rows(&["..o..", "..o..", "oo.oo", "..o..", "..o.."]).unwrap();
        assert_eq!(board.legal_jumps().len(), 4);
    }

    #[test]
    fn chains_of_one_peg_group_into_one_move() {
        let jumps = [
            Jump::new((0, 0), (0, 2)).unwrap(),
            Jump::new((0, 2), (2, 2)).unwrap(),
            Jump::new((4, 4), (4, 2)).unwrap(),
        ];
        let moves = group_moves(&jumps);
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].len(), 2);
    }
}
