//! Flood-it's case check for `replay`: `[board] rows` and optional `start = [row, col]` (the cell
//! the flood grows from; the profile's, else the top-left), `[answer] max_moves` and
//! `optimal_moves` (`spec/CASES.md`). Colours are compared up to a one-to-one renaming.

use std::time::Instant;

use serde::Deserialize;

use super::Flood;
use super::board::Board;
use super::config::FloodConfig;
use super::{read, solve};
use crate::budget::Budget;
use crate::case::{CaseFile, Passed};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FloodBoard {
    rows: Vec<String>,
    start: Option<[usize; 2]>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FloodAnswer {
    max_moves: Option<usize>,
    optimal_moves: Option<usize>,
}

/// Describes the first cell where `read` groups colours differently from `expected`, or None when
/// the two are the same up to renaming.
pub fn first_difference(read: &Board, expected: &Board) -> Option<String> {
    if (read.rows, read.cols) != (expected.rows, expected.cols) {
        return Some(format!(
            "board: read {}x{} cells, expected {}x{}",
            read.rows, read.cols, expected.rows, expected.cols
        ));
    }
    let mut forward = [u8::MAX; 256];
    let mut backward = [u8::MAX; 256];
    for (i, (&r, &e)) in read.cells.iter().zip(&expected.cells).enumerate() {
        let fits = (forward[r as usize] == u8::MAX || forward[r as usize] == e)
            && (backward[e as usize] == u8::MAX || backward[e as usize] == r);
        if !fits {
            return Some(format!("board: row {} col {} read \"{r}\", expected \"{e}\"", i / read.cols, i % read.cols));
        }
        forward[r as usize] = e;
        backward[e as usize] = r;
    }
    None
}

impl Cases for Flood {
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String> {
        let board: FloodBoard = case.board_as()?;
        let config = FloodConfig::from_profile(profile).map_err(|e| format!("profile: {e:#}"))?;
        let [row, col] = board.start.or(config.start).unwrap_or([0, 0]);
        let expected = Board::from_rows(&board.rows)
            .and_then(|b| b.with_start(row, col))
            .map_err(|e| format!("malformed [board]: {e}"))?;
        let answer: FloodAnswer = case.answer_as()?;
        let started = Instant::now();
        let saved = layout.and_then(|grid| read::read(frame, grid, &config.vision, config.palette.as_ref()).ok());
        let mut reading = match saved {
            Some(reading) => reading,
            None => {
                let grid =
                    read::locate(frame, &config.vision, config.palette.as_ref()).map_err(|e| format!("read: {e}"))?;
                read::read(frame, &grid, &config.vision, config.palette.as_ref()).map_err(|e| format!("read: {e}"))?
            }
        };
        reading.board.start = expected.start;
        let read_time = started.elapsed();
        if let Some(difference) = first_difference(&reading.board, &expected) {
            return Err(difference);
        }
        if case.answer.is_none() {
            return Ok(Passed::read_only(read_time));
        }
        let started = Instant::now();
        let solution = solve::solve(&reading.board, Budget::CHECK);
        let solve_time = started.elapsed();
        let moves = solution.moves.len();
        if !expected.wins_with(&translate(&solution.moves, &reading.board, &expected)) {
            return Err(format!("answer: the solver's {moves} moves do not flood the board"));
        }
        if let Some(max) = answer.max_moves
            && moves > max
        {
            return Err(format!("answer: {moves} moves, more than the limit {max}"));
        }
        if let Some(optimal) = answer.optimal_moves
            && moves != optimal
        {
            return Err(format!("answer: {moves} moves, but the proven optimum is {optimal}"));
        }
        let limit = answer.max_moves.map(|m| format!(" (limit {m})")).unwrap_or_default();
        let proven = if solution.proven_optimal { ", optimal" } else { "" };
        Ok(Passed { read: read_time, solve: Some(solve_time), detail: format!("{moves} moves{limit}{proven}") })
    }
}

/// Maps colours of the board as read onto the case's labels (they agree up to renaming).
fn translate(moves: &[u8], read: &Board, expected: &Board) -> Vec<u8> {
    let mut map = [0u8; 256];
    for (&r, &e) in read.cells.iter().zip(&expected.cells) {
        map[r as usize] = e;
    }
    moves.iter().map(|&m| map[m as usize]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_equal_up_to_renaming_have_no_difference() {
        let a = Board::from_rows(&["012", "210"]).unwrap();
        let b = Board::from_rows(&["345", "543"]).unwrap();
        assert_eq!(first_difference(&a, &b), None);
    }

    #[test]
    fn the_first_differing_cell_is_named() {
        let read = Board::from_rows(&["012", "211"]).unwrap();
        let expected = Board::from_rows(&["012", "210"]).unwrap();
        assert_eq!(first_difference(&read, &expected).unwrap(), "board: row 1 col 2 read \"1\", expected \"0\"");
        let merged = Board::from_rows(&["002"]).unwrap();
        let split = Board::from_rows(&["012"]).unwrap();
        assert_eq!(first_difference(&merged, &split).unwrap(), "board: row 0 col 1 read \"0\", expected \"1\"");
    }

    #[test]
    fn a_size_difference_is_named() {
        let a = Board::from_rows(&["01"]).unwrap();
        let b = Board::from_rows(&["012"]).unwrap();
        assert_eq!(first_difference(&a, &b).unwrap(), "board: read 1x2 cells, expected 1x3");
    }
}
