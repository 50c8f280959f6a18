//! Breach Protocol in the turn-based play loop: the state (the puzzle and the picks made), a move
//! (one pick), the inputs of a pick (a click on its cell, or arrow keys then Enter, by the profile's
//! input style), and the check after each pick.
//!
//! The state is the puzzle and where the breach stands (`Start`: codes in the buffer, cells used,
//! the next pick's line), so the solver plans from the start or from any mid-game screen. After a
//! pick the loop reads the screen again and checks the picked cell, the buffer and the highlighted
//! line against the rules' prediction; on a mismatch it re-plans from what the screen shows. The
//! last pick of the plan may end the breach and cover the screen with the result, so it is taken
//! as done.

use std::fmt;

use anyhow::bail;
use serde::Deserialize;

use super::board::{Code, Puzzle, Start, USED_CELL};
use super::read::{self, BreachScreen};
use super::{act, annotate, solve};
use crate::budget::Budget;
use crate::frame::Frame;
use crate::input::Action;
use crate::profile::Profile;
use crate::runner::{Plan, Reading, TurnBased};

/// Breach Protocol, for the play loop and the command line.
pub struct Breach;

/// How a pick is entered.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PickStyle {
    /// Click the centre of the cell.
    #[default]
    Cell,
    /// Arrow keys from the highlighted cell, then Enter (no pointer movement over the game).
    Keys,
}

#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct BreachInput {
    pub style: PickStyle,
    /// After each click, move the pointer off the matrix (half a cell left of it): a screen that
    /// previews the hovered cell (the clone) then shows only what was picked.
    pub rest: bool,
}

/// Breach Protocol's section of a profile (`config/cyberpunk-breach.toml`).
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct BreachConfig {
    pub input: BreachInput,
    /// Hints on the screen's look for the reader (`[read]`).
    pub read: read::ReadHints,
}

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
fn cursor(state: &BreachState) -> (usize, usize) {
    let start = &state.start;
    start.used.iter().rev().find(|&&cell| start.line.holds(cell)).or(start.used.last()).copied().unwrap_or((0, 0))
}

/// The value of the daemons the codes in the buffer complete.
fn value_of(state: &BreachState) -> u32 {
    Puzzle::value(&state.puzzle.completed(&state.start.picked))
}

impl TurnBased for Breach {
    type Board = BreachState;
    type Move = Pick;
    type Layout = BreachScreen;
    type Config = BreachConfig;

    const NAME: &'static str = "breach";

    fn config(profile: &Profile) -> anyhow::Result<BreachConfig> {
        Ok(profile.settings()?)
    }

    fn locate(frame: &Frame, config: &BreachConfig) -> anyhow::Result<BreachScreen> {
        Ok(read::read_with(frame, &config.read)?)
    }

    fn layout_fits(_layout: &BreachScreen, _frame: &Frame) -> bool {
        false
    }

    fn read(frame: &Frame, _layout: &BreachScreen, config: &BreachConfig) -> anyhow::Result<Reading<BreachState>> {
        let screen = read::read_with(frame, &config.read)?;
        Ok(Reading { board: BreachState { puzzle: screen.puzzle, start: screen.start }, confidence: 1.0 })
    }

    fn solve(state: &BreachState, budget: Budget) -> anyhow::Result<Plan<Pick>> {
        let (solution, proven) = solve::solve_from(&state.puzzle, &state.start, budget);
        if solution.path.is_empty() {
            bail!("no daemon can be completed with this buffer; nothing to do");
        }
        let moves =
            solution.path.iter().map(|&(row, col)| Pick { row, col, code: state.puzzle.at(row, col) }).collect();
        Ok(Plan { moves, proven_optimal: proven })
    }

    fn predict(state: &BreachState, pick: &Pick) -> BreachState {
        let mut next = state.clone();
        next.start.picked.push(pick.code);
        next.start.used.push((pick.row, pick.col));
        next.start.line = next.start.line.after((pick.row, pick.col));
        next
    }

    /// The same codes in the buffer, the same next line, the same cells used, and the same codes
    /// in every cell still open (a used cell's code is hidden on screen).
    fn matches(read: &BreachState, predicted: &BreachState) -> bool {
        let (r, p) = (&read.start, &predicted.start);
        let mut used_r = r.used.clone();
        let mut used_p = p.used.clone();
        used_r.sort_unstable();
        used_p.sort_unstable();
        let open_alike = read.puzzle.rows() == predicted.puzzle.rows()
            && read.puzzle.cols() == predicted.puzzle.cols()
            && (0..read.puzzle.rows()).all(|row| {
                (0..read.puzzle.cols()).all(|col| {
                    used_p.contains(&(row, col)) || read.puzzle.at(row, col) == predicted.puzzle.at(row, col)
                })
            });
        r.picked == p.picked && r.line == p.line && used_r == used_p && open_alike
    }

    /// Done once the picks complete the most valuable set of daemons the puzzle allows.
    fn is_won(state: &BreachState) -> bool {
        !state.start.picked.is_empty()
            && value_of(state) >= solve::solve_from(&state.puzzle, &state.start, Budget::UNLIMITED).0.value
    }

    fn actions(
        pick: &Pick,
        state: &BreachState,
        layout: &BreachScreen,
        config: &BreachConfig,
    ) -> anyhow::Result<Vec<Action>> {
        let cell = (pick.row, pick.col);
        Ok(match config.input.style {
            PickStyle::Keys => act::keys(&[cell], cursor(state)).remove(0),
            PickStyle::Cell if config.input.rest => vec![act::clicks(&[cell], layout).remove(0), act::rest(layout)],
            PickStyle::Cell => act::clicks(&[cell], layout),
        })
    }

    /// After a pick the screen is read whole: the cell shows "[ ]", the buffer holds the code and
    /// the highlight stands on the next line (`matches`). The last pick may end the breach and
    /// cover the matrix with the result, so it is taken as done.
    fn confirm(frame: &Frame, _layout: &BreachScreen, config: &BreachConfig, predicted: &BreachState) -> bool {
        Self::is_won(predicted)
            || read::read_with(frame, &config.read).is_ok_and(|screen| {
                Self::matches(&BreachState { puzzle: screen.puzzle, start: screen.start }, predicted)
            })
    }

    fn reads_end(config: &BreachConfig) -> bool {
        config.read.end.is_some()
    }

    /// Which daemons the end screen marks installed and failed, by the profile's colours, at the
    /// rows where the daemons were read before the end.
    fn read_end(frame: &Frame, layout: &BreachScreen, config: &BreachConfig) -> Option<String> {
        let hints = config.read.end.as_ref()?;
        Some(match read::end::read_end(frame, layout, hints) {
            Ok(outcomes) => end_line(&outcomes),
            Err(e) => format!("not read: {e}"),
        })
    }

    fn board_toml(state: &BreachState) -> String {
        state_toml(state)
    }

    fn describe(_frame: &Frame, _layout: &BreachScreen, _state: &BreachState) -> Vec<String> {
        Vec::new()
    }

    fn describe_plan(moves: &[Pick]) -> String {
        moves.iter().enumerate().map(|(i, p)| format!("{}: {p}", i + 1)).collect::<Vec<_>>().join("  ")
    }

    fn annotate(frame: &Frame, layout: &BreachScreen, _state: &BreachState, plan: &[Pick]) -> image::RgbaImage {
        let path: Vec<(usize, usize)> = plan.iter().map(|p| (p.row, p.col)).collect();
        annotate::annotate(frame, layout, &path)
    }
}
