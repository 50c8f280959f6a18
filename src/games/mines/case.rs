//! Minesweeper's case check for `replay` (`spec/CASES.md`): `[board] rows` as the game shows them
//! (`#` covered, `F` flagged, `.` or `1`-`8` opened, `*` a mine shown), with the total `mines` when
//! known; `[answer] layout`, rows of `*` (mine) and `.` from the game's own ID, when the case has it.
//! The board read must be the case's; with a layout, the board must agree with it, and the solver's
//! move from the board must open only cells the layout leaves clear when it claims them certain.

use std::time::Instant;

use serde::Deserialize;

use super::Mines;
use super::board::{Board, Cell, FirstClick};
use super::config::MinesConfig;
use super::read;
use super::solve::{Decision, SolveError, decide};
use crate::budget::Budget;
use crate::case::{CaseFile, Passed, char_cells, first_cell_difference};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MinesBoard {
    rows: Vec<String>,
    mines: Option<u32>,
    first_click: Option<FirstClick>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct MinesAnswer {
    layout: Option<Vec<String>>,
}

/// The `[board]` body of a case for `board`.
pub fn board_toml(board: &Board) -> String {
    let mut text = crate::case::rows_toml(&board.to_rows());
    if let Some(m) = board.mines {
        text.push_str(&format!("\nmines = {m}"));
    }
    match board.first_click {
        FirstClick::OpensArea => {}
        FirstClick::Safe => text.push_str("\nfirst_click = \"safe\""),
        FirstClick::Unsafe => text.push_str("\nfirst_click = \"unsafe\""),
    }
    text
}

/// The board of a case's `[board]` table.
pub fn board_of(case: &CaseFile) -> Result<Board, String> {
    let table: MinesBoard = case.board_as()?;
    let mut board = Board::from_rows(&table.rows)
        .and_then(|b| b.with_mines(table.mines))
        .map_err(|e| format!("malformed [board]: {e}"))?;
    board.first_click = table.first_click.unwrap_or_default();
    Ok(board)
}

/// Where the mines are: rows of `*` and `.`; an error names a bad character or size.
pub fn parse_layout(rows: &[String], board: &Board) -> Result<Vec<bool>, String> {
    if rows.len() != board.rows || rows.iter().any(|r| r.chars().count() != board.cols) {
        return Err(format!("[answer] layout is not {} rows of {} cells", board.rows, board.cols));
    }
    let mut mine = Vec::with_capacity(board.rows * board.cols);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            mine.push(match ch {
                '*' => true,
                '.' => false,
                _ => return Err(format!("[answer] layout row {r} col {c}: '{ch}' is not * or .")),
            });
        }
    }
    Ok(mine)
}

/// The first cell where `board` disagrees with the layout `mine`.
pub fn disagreement(board: &Board, mine: &[bool]) -> Option<String> {
    let total = mine.iter().filter(|&&m| m).count();
    if board.mines.is_some_and(|m| m as usize != total) {
        return Some(format!("the board says {} mines, the layout holds {total}", board.mines.unwrap_or(0)));
    }
    for (i, &cell) in board.cells.iter().enumerate() {
        let (r, c) = (i / board.cols, i % board.cols);
        let around = board.neighbours(i).filter(|&j| mine[j]).count() as u8;
        match cell {
            Cell::Open(n) if mine[i] || n != around => {
                return Some(format!("row {r} col {c} shows {n}, the layout gives {around} (mine: {})", mine[i]));
            }
            Cell::Mine if !mine[i] => return Some(format!("row {r} col {c} shows a mine the layout lacks")),
            _ => {}
        }
    }
    None
}

impl Cases for Mines {
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String> {
        check(case, frame, profile, layout)
    }
}

fn check(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String> {
    let expected = board_of(case)?;
    let answer: MinesAnswer = case.answer_as()?;
    let config = MinesConfig::from_profile(profile).map_err(|e| format!("profile: {e:#}"))?;
    let started = Instant::now();
    let saved = layout.and_then(|grid| read::read(frame, grid, &config).ok());
    let board = match saved {
        Some(board) => board,
        None => {
            let grid = read::locate(frame, &config).map_err(|e| format!("read: {e}"))?;
            read::read(frame, &grid, &config).map_err(|e| format!("read: {e}"))?
        }
    };
    let read_time = started.elapsed();
    if let Some(difference) =
        first_cell_difference(&char_cells(&board.to_rows()), &char_cells(&expected.to_rows()), "cells")
    {
        return Err(difference);
    }
    let Some(layout) = &answer.layout else { return Ok(Passed::read_only(read_time)) };
    let mine = parse_layout(layout, &expected)?;
    if let Some(why) = disagreement(&expected, &mine) {
        return Err(format!("answer: {why}"));
    }
    let started = Instant::now();
    let decision = decide(&expected, Budget::CHECK);
    let solve_time = started.elapsed();
    if expected.is_lost() {
        // The solver must not play on.
        return match decision {
            Err(SolveError::Lost) => {
                Ok(Passed { read: read_time, solve: Some(solve_time), detail: "lost: a mine is shown, no move".into() })
            }
            other => Err(format!("answer: the game is lost, yet the solver answers {other:?}")),
        };
    }
    let decision = decision.map_err(|e| format!("solve: {e}"))?;
    if expected.is_won() && decision != Decision::Done {
        return Err(format!("answer: the game is won, yet the solver answers {decision:?}"));
    }
    let detail = match decision {
        Decision::Open(cells) => {
            if let Some(&i) = cells.iter().find(|&&i| mine[i]) {
                return Err(format!(
                    "answer: the solver opens row {} col {} as certain, a mine",
                    i / expected.cols,
                    i % expected.cols
                ));
            }
            format!("{} certain cells to open, all clear", cells.len())
        }
        Decision::Guess { cell, safety } => format!(
            "a guess at row {} col {} ({:.0}% safe): {}",
            cell / expected.cols,
            cell % expected.cols,
            safety * 100.0,
            if mine[cell] { "a mine" } else { "clear" }
        ),
        Decision::Done if expected.is_won() => "won: nothing left to open".into(),
        Decision::Done => "nothing left to open".into(),
    };
    Ok(Passed { read: read_time, solve: Some(solve_time), detail })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_that_disagrees_with_the_numbers_is_named() {
        let board = Board::from_rows(&["1#", "##"]).unwrap();
        let layout = parse_layout(&["..".into(), ".*".into()], &board).unwrap();
        assert_eq!(disagreement(&board, &layout), None);
        let wrong = parse_layout(&["..".into(), "..".into()], &board).unwrap();
        assert_eq!(disagreement(&board, &wrong).unwrap(), "row 0 col 0 shows 1, the layout gives 0 (mine: false)");
        assert!(parse_layout(&["x.".into(), "..".into()], &board).is_err());
        assert!(parse_layout(&["..".into()], &board).is_err());
    }
}
