//! A breach under way, as the turn-based play loop holds it: the puzzle and where the breach stands
//! (`Start`: codes in the buffer, cells used, the next pick's line), so the solver plans from the
//! start or from any mid-game screen; a move (one pick); and their case-file and summary forms.

use std::fmt;

use super::board::{Code, Puzzle, Start, USED_CELL};
use super::read;

/// The puzzle and where the breach stands (picks made so far, the next pick's line).
#[derive(Clone, Debug, PartialEq)]
pub struct BreachState {
    pub puzzle: Puzzle,
    pub start: Start,
}

/// One pick: a cell and the code it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    pub row: usize,
    pub col: usize,
    pub code: Code,
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {} col {} ({})", self.row, self.col, self.code)
    }
}

impl fmt::Display for BreachState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", board_toml(&self.puzzle))?;
        let picked: Vec<&str> = self.start.picked.iter().map(|c| c.text()).collect();
        write!(f, "picked so far: [{}], next from {}", picked.join(" "), self.start.line)
    }
}

/// The `[board]` table of a case file for a puzzle.
pub fn board_toml(p: &Puzzle) -> String {
    let line = |codes: &[Code]| codes.iter().map(|c| c.text()).collect::<Vec<_>>().join(" ");
    let list = |rows: Vec<String>| rows.iter().map(|r| format!("  \"{r}\",\n")).collect::<String>();
    format!(
        "grid = [\n{}]\ndaemons = [\n{}]\nbuffer = {}",
        list(p.grid.iter().map(|r| line(r)).collect()),
        list(p.daemons.iter().map(|d| line(d)).collect()),
        p.buffer
    )
}

/// The `[board]` table of a case file for a state: used cells written `[]`, then `picked` and
/// `line`, as `spec/CASES.md` has them for mid-game screens.
pub fn state_toml(state: &BreachState) -> String {
    let mut puzzle_text = board_toml(&state.puzzle);
    let p = &state.puzzle;
    let start = &state.start;
    let rows: Vec<String> = (0..p.rows())
        .map(|r| {
            let cells: Vec<&str> = (0..p.cols())
                .map(|c| if start.used.contains(&(r, c)) { USED_CELL } else { p.at(r, c).text() })
                .collect();
            format!("  \"{}\",\n", cells.join(" "))
        })
        .collect();
    let grid_end = puzzle_text.find("]\ndaemons").unwrap_or(0);
    puzzle_text.replace_range("grid = [\n".len()..grid_end, &rows.concat());
    let picked: Vec<String> = start.picked.iter().map(|c| format!("\"{c}\"")).collect();
    format!("{puzzle_text}\npicked = [{}]\nline = \"{}\"", picked.join(", "), start.line)
}

/// The end screen's outcomes in words: `installed [0, 2], failed [1]`, with `open [..]` when some
/// daemon's row shows neither.
pub fn end_line(outcomes: &[read::end::Outcome]) -> String {
    use read::end::Outcome;
    let which = |o: Outcome| -> Vec<usize> { (0..outcomes.len()).filter(|&i| outcomes[i] == o).collect() };
    let open = which(Outcome::Open);
    let mut line = format!("installed {:?}, failed {:?}", which(Outcome::Installed), which(Outcome::Failed));
    if !open.is_empty() {
        line.push_str(&format!(", open {open:?}"));
    }
    line
}

/// Where the game's cursor stands: on the last pick, which lies on the next pick's line (a screen
/// read mid-game lists its used cells in reading order, so the latest of them on that line is
/// taken), or the top-left cell before any pick.
pub(super) fn cursor(state: &BreachState) -> (usize, usize) {
    let start = &state.start;
    start.used.iter().rev().find(|&&cell| start.line.holds(cell)).or(start.used.last()).copied().unwrap_or((0, 0))
}

/// The value of the daemons the codes in the buffer complete.
pub(super) fn value_of(state: &BreachState) -> u32 {
    Puzzle::value(&state.puzzle.completed(&state.start.picked))
}
