//! The Breach Protocol board (Cyberpunk 2077) and its rules: hex codes, the code matrix, the
//! daemons and the buffer, which paths are legal and which daemons a picked sequence completes.
//!
//! A path is a list of (row, col) picks: the first is any cell of the top row, then picks alternate
//! between the column and the row of the last pick (column, row, column, ...), a cell is picked at
//! most once and there are at most `buffer` picks. A breach under way (`Start`) continues from the
//! line its last pick set, with its picked codes counting toward the daemons. Daemon i is completed when its codes appear
//! contiguously in the picked sequence; it is worth 2^i. This file is the one place that knows
//! these rules; the solver, the tests and replay all go through it. Pure: no I/O.

use std::fmt;
use std::str::FromStr;

/// Smallest and largest side of the code matrix the game shows.
pub const MIN_SIDE: usize = 4;
pub const MAX_SIDE: usize = 7;
/// The most daemons a puzzle may list (values are 2^i in a `u32`; the game shows at most a few).
pub const MAX_DAEMONS: usize = 16;

/// One hex code of the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    C1C,
    C55,
    C7A,
    CBD,
    CE9,
    CFF,
}

impl Code {
    pub const ALL: [Code; 6] = [Code::C1C, Code::C55, Code::C7A, Code::CBD, Code::CE9, Code::CFF];

    /// The text the game shows, e.g. "1C".
    pub fn text(self) -> &'static str {
        match self {
            Code::C1C => "1C",
            Code::C55 => "55",
            Code::C7A => "7A",
            Code::CBD => "BD",
            Code::CE9 => "E9",
            Code::CFF => "FF",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A text that is not one of the six codes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a breach code (one of 1C 55 7A BD E9 FF)")]
pub struct BadCode(pub String);

impl FromStr for Code {
    type Err = BadCode;
    fn from_str(s: &str) -> Result<Code, BadCode> {
        let t = s.trim();
        Code::ALL.into_iter().find(|c| c.text().eq_ignore_ascii_case(t)).ok_or_else(|| BadCode(s.to_string()))
    }
}

/// Why a case's strings do not make a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("grid row {row} col {col}: {text:?} is not a breach code (one of 1C 55 7A BD E9 FF)")]
    GridCode { row: usize, col: usize, text: String },
    #[error("daemon {daemon} position {pos}: {text:?} is not a breach code (one of 1C 55 7A BD E9 FF)")]
    DaemonCode { daemon: usize, pos: usize, text: String },
    #[error("grid row {row} has {found} codes, row 0 has {expected}")]
    Ragged { row: usize, found: usize, expected: usize },
    #[error("grid is {rows}x{cols}; each side must be {MIN_SIDE}..={MAX_SIDE}")]
    Size { rows: usize, cols: usize },
    #[error("daemon {daemon} is empty")]
    EmptyDaemon { daemon: usize },
    #[error("{count} daemons; at most {MAX_DAEMONS} are supported")]
    TooManyDaemons { count: usize },
    #[error("buffer is 0; at least one pick is needed")]
    ZeroBuffer,
    #[error("picked position {pos}: {text:?} is not a breach code (one of 1C 55 7A BD E9 FF)")]
    PickedCode { pos: usize, text: String },
    #[error("line {0:?} is not \"row R\" or \"col C\" inside the grid")]
    Line(String),
    #[error("{picked} codes picked but {used} cells shown as [] (and a buffer of {buffer})")]
    Picks { picked: usize, used: usize, buffer: usize },
}

/// Why a path is not legal on a puzzle (`index` is the 0-based position of the offending pick).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPick {
    #[error("the path has {len} picks but the buffer holds {buffer}")]
    TooLong { len: usize, buffer: usize },
    #[error("pick {index} ({row}, {col}) is outside the {rows}x{cols} grid")]
    OutOfGrid { index: usize, row: usize, col: usize, rows: usize, cols: usize },
    #[error("pick 0 ({row}, {col}) is not in the top row")]
    FirstNotTopRow { row: usize, col: usize },
    #[error("pick {index} ({row}, {col}) is not in column {col_expected} of the last pick")]
    NotInColumn { index: usize, row: usize, col: usize, col_expected: usize },
    #[error("pick {index} ({row}, {col}) is not in row {row_expected} of the last pick")]
    NotInRow { index: usize, row: usize, col: usize, row_expected: usize },
    #[error("pick {index} ({row}, {col}) was already picked")]
    Repeated { index: usize, row: usize, col: usize },
}

/// A Breach Protocol puzzle: the code matrix, the daemons in screen order and the buffer size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub grid: Vec<Vec<Code>>,
    pub daemons: Vec<Vec<Code>>,
    pub buffer: usize,
}

/// Splits "1C 7A FF" into codes; `err(pos, text)` builds the error for a bad one.
fn parse_codes<E>(s: &str, err: impl Fn(usize, &str) -> E) -> Result<Vec<Code>, E> {
    s.split_whitespace().enumerate().map(|(i, t)| t.parse::<Code>().map_err(|_| err(i, t))).collect()
}

impl Puzzle {
    /// Builds a puzzle from a case file's strings (`[board] grid`, `daemons`, `buffer`).
    pub fn from_case(grid_rows: &[String], daemons: &[String], buffer: usize) -> Result<Puzzle, BoardError> {
        let mut grid = Vec::with_capacity(grid_rows.len());
        for (row, s) in grid_rows.iter().enumerate() {
            let codes = parse_codes(s, |col, t| BoardError::GridCode { row, col, text: t.to_string() })?;
            if let Some(first) = grid.first().map(|r: &Vec<Code>| r.len())
                && codes.len() != first
            {
                return Err(BoardError::Ragged { row, found: codes.len(), expected: first });
            }
            grid.push(codes);
        }
        let (rows, cols) = (grid.len(), grid.first().map_or(0, |r| r.len()));
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return Err(BoardError::Size { rows, cols });
        }
        if daemons.len() > MAX_DAEMONS {
            return Err(BoardError::TooManyDaemons { count: daemons.len() });
        }
        let mut ds = Vec::with_capacity(daemons.len());
        for (daemon, s) in daemons.iter().enumerate() {
            let codes = parse_codes(s, |pos, t| BoardError::DaemonCode { daemon, pos, text: t.to_string() })?;
            if codes.is_empty() {
                return Err(BoardError::EmptyDaemon { daemon });
            }
            ds.push(codes);
        }
        if buffer == 0 {
            return Err(BoardError::ZeroBuffer);
        }
        Ok(Puzzle { grid, daemons: ds, buffer })
    }

    pub fn rows(&self) -> usize {
        self.grid.len()
    }

    pub fn cols(&self) -> usize {
        self.grid.first().map_or(0, |r| r.len())
    }

    pub fn at(&self, row: usize, col: usize) -> Code {
        self.grid[row][col]
    }

    /// The value of a set of daemons: daemon i is worth 2^i.
    pub fn value(daemons: &[usize]) -> u32 {
        daemons.iter().map(|&i| 1u32 << i).sum()
    }

    /// Checks a path from the start against the rules and returns the codes it picks, in order.
    pub fn check_path(&self, path: &[(usize, usize)]) -> Result<Vec<Code>, IllegalPick> {
        self.check_from(&Start::default(), path)
    }

    /// The daemons (indices, ascending) whose codes appear contiguously in `codes`.
    pub fn completed(&self, codes: &[Code]) -> Vec<usize> {
        (0..self.daemons.len()).filter(|&i| contains(codes, &self.daemons[i])).collect()
    }
}

/// The line the next pick must come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    Row(usize),
    Col(usize),
}

impl Line {
    /// True when `(row, col)` lies on this line.
    pub fn holds(self, (row, col): (usize, usize)) -> bool {
        match self {
            Line::Row(r) => row == r,
            Line::Col(c) => col == c,
        }
    }

    /// The line crossing `cell` the other way: the next pick's line after picking `cell` from this one.
    pub fn after(self, (row, col): (usize, usize)) -> Line {
        match self {
            Line::Row(_) => Line::Col(col),
            Line::Col(_) => Line::Row(row),
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {r}"),
            Line::Col(c) => write!(f, "col {c}"),
        }
    }
}

/// A text that is not "row R" or "col C".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a line (\"row R\" or \"col C\", 0-based)")]
pub struct BadLine(pub String);

impl FromStr for Line {
    type Err = BadLine;
    fn from_str(s: &str) -> Result<Line, BadLine> {
        let bad = || BadLine(s.to_string());
        let mut words = s.split_whitespace();
        let (kind, index) = (words.next().ok_or_else(bad)?, words.next().ok_or_else(bad)?);
        let index: usize = index.parse().map_err(|_| bad())?;
        match (kind, words.next()) {
            ("row", None) => Ok(Line::Row(index)),
            ("col", None) => Ok(Line::Col(index)),
            _ => Err(bad()),
        }
    }
}

/// Where a breach stands: the codes already in the buffer, the cells they came from (where known;
/// a screen shows them as "[ ]") and the line of the next pick. The default is the game's start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    pub picked: Vec<Code>,
    pub used: Vec<(usize, usize)>,
    pub line: Line,
}

impl Default for Start {
    fn default() -> Start {
        Start { picked: Vec::new(), used: Vec::new(), line: Line::Row(0) }
    }
}

impl Start {
    /// The start on a screen whose first pick comes from `line` (a clone may start on column 0).
    pub fn on(line: Line) -> Start {
        Start { line, ..Start::default() }
    }
}

/// How a case writes a cell already picked ("[ ]" on screen).
pub const USED_CELL: &str = "[]";

impl Puzzle {
    /// Builds a puzzle and where it stands from a case's mid-game strings: `[]` cells are used
    /// (they hold a placeholder code no path may pick), `picked` the buffer's codes, `line` the
    /// next pick's line ("row 0" when absent).
    pub fn from_case_state(
        grid_rows: &[String],
        daemons: &[String],
        buffer: usize,
        picked: &[String],
        line: Option<&str>,
    ) -> Result<(Puzzle, Start), BoardError> {
        let mut used = Vec::new();
        let rows: Vec<String> = grid_rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let words: Vec<&str> = row.split_whitespace().collect();
                let mut out = Vec::with_capacity(words.len());
                for (c, w) in words.into_iter().enumerate() {
                    if w == USED_CELL {
                        used.push((r, c));
                        out.push(Code::C1C.text());
                    } else {
                        out.push(w);
                    }
                }
                out.join(" ")
            })
            .collect();
        let puzzle = Puzzle::from_case(&rows, daemons, buffer)?;
        let picked = picked
            .iter()
            .enumerate()
            .map(|(pos, t)| t.parse::<Code>().map_err(|_| BoardError::PickedCode { pos, text: t.clone() }))
            .collect::<Result<Vec<_>, _>>()?;
        let line = match line {
            None => Line::Row(0),
            Some(text) => {
                let l: Line = text.parse().map_err(|_| BoardError::Line(text.to_string()))?;
                let inside = match l {
                    Line::Row(r) => r < puzzle.rows(),
                    Line::Col(c) => c < puzzle.cols(),
                };
                if !inside {
                    return Err(BoardError::Line(text.to_string()));
                }
                l
            }
        };
        if picked.len() != used.len() || picked.len() > buffer {
            return Err(BoardError::Picks { picked: picked.len(), used: used.len(), buffer });
        }
        Ok((puzzle, Start { picked, used, line }))
    }

    /// Checks further picks from `start` and returns every code in the buffer after them (the
    /// codes already picked first).
    pub fn check_from(&self, start: &Start, path: &[(usize, usize)]) -> Result<Vec<Code>, IllegalPick> {
        let total = start.picked.len() + path.len();
        if total > self.buffer {
            return Err(IllegalPick::TooLong { len: total, buffer: self.buffer });
        }
        let (rows, cols) = (self.rows(), self.cols());
        let mut seen = vec![false; rows * cols];
        for &(r, c) in &start.used {
            if r < rows && c < cols {
                seen[r * cols + c] = true;
            }
        }
        let mut codes = start.picked.clone();
        let mut line = start.line;
        for (index, &(row, col)) in path.iter().enumerate() {
            if row >= rows || col >= cols {
                return Err(IllegalPick::OutOfGrid { index, row, col, rows, cols });
            }
            match line {
                Line::Row(r) if row != r => {
                    return Err(if index == 0 && start.picked.is_empty() && r == 0 {
                        IllegalPick::FirstNotTopRow { row, col }
                    } else {
                        IllegalPick::NotInRow { index, row, col, row_expected: r }
                    });
                }
                Line::Col(c) if col != c => return Err(IllegalPick::NotInColumn { index, row, col, col_expected: c }),
                _ => {}
            }
            if std::mem::replace(&mut seen[row * cols + col], true) {
                return Err(IllegalPick::Repeated { index, row, col });
            }
            codes.push(self.grid[row][col]);
            line = line.after((row, col));
        }
        Ok(codes)
    }
}

/// Whether `needle` appears contiguously in `hay` (an empty needle always does).
pub fn contains(hay: &[Code], needle: &[Code]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn sample() -> Puzzle {
        let grid = strings(&["1C 7A FF E9", "55 55 BD 1C", "E9 FF 7A 55", "BD 1C 55 FF"]);
        Puzzle::from_case(&grid, &strings(&["7A 55", "FF BD 1C"]), 5).unwrap()
    }

    #[test]
    fn codes_parse_and_print() {
        for c in Code::ALL {
            assert_eq!(c.text().parse::<Code>(), Ok(c));
            assert_eq!(c.to_string(), c.text());
        }
        assert_eq!("e9".parse::<Code>(), Ok(Code::CE9));
        assert!("1D".parse::<Code>().is_err());
    }

    #[test]
    fn bad_text_is_named_by_row_and_col() {
        let grid = strings(&["1C 7A FF E9", "55 55 XX 1C", "E9 FF 7A 55", "BD 1C 55 FF"]);
        let e = Puzzle::from_case(&grid, &[], 4).unwrap_err();
        assert_eq!(e, BoardError::GridCode { row: 1, col: 2, text: "XX".into() });
        assert!(e.to_string().contains("row 1 col 2") && e.to_string().contains("XX"));
        let grid = strings(&["1C 7A FF E9", "55 55 BD 1C", "E9 FF 7A 55", "BD 1C 55 FF"]);
        let e = Puzzle::from_case(&grid, &strings(&["1C", "7A 5"]), 4).unwrap_err();
        assert_eq!(e, BoardError::DaemonCode { daemon: 1, pos: 1, text: "5".into() });
        let short = strings(&["1C 7A FF E9", "55 55 BD", "E9 FF 7A 55", "BD 1C 55 FF"]);
        assert!(matches!(Puzzle::from_case(&short, &[], 4), Err(BoardError::Ragged { row: 1, .. })));
        let small = strings(&["1C 7A FF", "55 55 BD", "E9 FF 7A"]);
        assert!(matches!(Puzzle::from_case(&small, &[], 4), Err(BoardError::Size { .. })));
    }

    #[test]
    fn paths_follow_the_rules() {
        let p = sample();
        // (0,1) 7A, down column 1 to (1,1) 55, along row 1 to (1,2) BD.
        assert_eq!(p.check_path(&[(0, 1), (1, 1), (1, 2)]), Ok(vec![Code::C7A, Code::C55, Code::CBD]));
        assert_eq!(p.check_path(&[]), Ok(vec![]));
        assert!(matches!(p.check_path(&[(1, 0)]), Err(IllegalPick::FirstNotTopRow { .. })));
        assert!(matches!(p.check_path(&[(0, 1), (1, 2)]), Err(IllegalPick::NotInColumn { index: 1, .. })));
        assert!(matches!(p.check_path(&[(0, 1), (1, 1), (2, 2)]), Err(IllegalPick::NotInRow { index: 2, .. })));
        assert!(matches!(p.check_path(&[(0, 1), (0, 1)]), Err(IllegalPick::Repeated { index: 1, .. })));
        assert!(matches!(p.check_path(&[(0, 1), (4, 1)]), Err(IllegalPick::OutOfGrid { index: 1, .. })));
        let long = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2)];
        assert!(matches!(p.check_path(&long), Err(IllegalPick::TooLong { len: 6, buffer: 5 })));
    }

    #[test]
    fn daemons_complete_contiguously() {
        let p = sample();
        use Code::*;
        assert_eq!(p.completed(&[C1C, C7A, C55, CFF]), vec![0]);
        assert_eq!(p.completed(&[C7A, C1C, C55]), Vec::<usize>::new());
        assert_eq!(p.completed(&[CFF, CBD, C1C, C7A, C55]), vec![0, 1]);
        assert_eq!(Puzzle::value(&[0, 1]), 3);
    }
}
