//! Collapse's case check for `replay`: `[board] mode` and `rows`, and `[answer] best` (the most a
//! path from the centre can collect: supplies in easy mode, min(food, water) in hard mode).

use std::time::Instant;

use serde::Deserialize;

use super::Collapse;
use super::board::{Board, Mode};
use super::config::CollapseConfig;
use super::{read, solve};
use crate::case::{CaseFile, Passed, first_cell_difference};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CollapseBoard {
    mode: String,
    rows: Vec<Vec<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CollapseAnswer {
    best: Option<u32>,
}

/// Describes the first room where two boards differ, or None when they show the same rooms.
fn first_difference(read: &Board, expected: &Board) -> Option<String> {
    if read.size != expected.size {
        return Some(format!("board: read {0}x{0} rooms, expected {1}x{1}", read.size, expected.size));
    }
    if read.mode != expected.mode {
        return Some(format!("board: read {} mode, expected {}", read.mode, expected.mode));
    }
    first_cell_difference(&read.to_rows(), &expected.to_rows(), "rooms")
}

/// The board of a case file's `[board]` (`mode` and `rows`).
pub fn case_board(table: &toml::Table) -> Result<Board, String> {
    let board: CollapseBoard =
        table.clone().try_into().map_err(|e: toml::de::Error| format!("malformed [board]: {}", e.message().trim()))?;
    let mode = Mode::from_name(&board.mode).ok_or_else(|| format!("malformed [board]: mode \"{}\"", board.mode))?;
    Board::from_rows(mode, &board.rows).map_err(|e| format!("malformed [board]: {e}"))
}

impl Cases for Collapse {
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, _layout: Option<&Grid>) -> Result<Passed, String> {
        let expected = case_board(&case.board)?;
        let answer: CollapseAnswer = case.answer_as()?;
        let colours = CollapseConfig::from_profile(profile).map_err(|e| format!("profile: {e:#}"))?.colours;
        let started = Instant::now();
        let grid = read::locate(frame, &colours).map_err(|e| format!("read: {e}"))?;
        let reading = read::read(frame, &grid, &colours).map_err(|e| format!("read: {e}"))?;
        let read_time = started.elapsed();
        if let Some(difference) = first_difference(&reading, &expected) {
            return Err(difference);
        }
        let Some(best) = answer.best else {
            return Ok(Passed::read_only(read_time));
        };
        let started = Instant::now();
        let solution = solve::solve(&reading);
        let solve_time = started.elapsed();
        let end =
            reading.play_all(&solution.moves).map_err(|e| format!("answer: the solver's path is illegal: {e}"))?;
        if end.score() != solution.score {
            return Err(format!("answer: the path collects {}, the solver claims {}", end.score(), solution.score));
        }
        if solution.score != best {
            return Err(format!("answer: best {} found, expected {best}", solution.score));
        }
        Ok(Passed {
            read: read_time,
            solve: Some(solve_time),
            detail: format!("best {best} in {} moves", solution.moves.len()),
        })
    }
}

/// The `[board]` table of a case file for a board.
pub fn board_toml(board: &Board) -> String {
    let rows: Vec<String> = board
        .to_rows()
        .iter()
        .map(|row| format!("  [{}],\n", row.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ")))
        .collect();
    format!("mode = \"{}\"\nrows = [\n{}]", board.mode, rows.concat())
}
