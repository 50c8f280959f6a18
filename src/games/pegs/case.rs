//! Peg solitaire's case check for `replay`: `[board] rows`, `[answer] pegs_left` and `min_moves`
//! (`spec/CASES.md`). `pegs_left` is checked by the rules of the case's profile (`[rules]`).

use std::time::Instant;

use serde::Deserialize;

use super::Pegs;
use super::board::{Board, Cell, group_moves};
use super::read;
use super::rules::{Goal, Rules};
use super::solve::{self, Target};
use crate::budget::Budget;
use crate::case::{CaseFile, Passed, char_cells, first_cell_difference};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PegsBoard {
    rows: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PegsAnswer {
    pegs_left: Option<usize>,
    min_moves: Option<usize>,
}

/// Describes the first square where two boards differ, or None when they are equal.
pub fn first_difference(read: &Board, expected: &Board) -> Option<String> {
    first_cell_difference(&char_cells(&read.to_rows()), &char_cells(&expected.to_rows()), "squares")
}

impl Cases for Pegs {
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String> {
        let board: PegsBoard = case.board_as()?;
        let expected = Board::from_rows(&board.rows).map_err(|e| format!("malformed [board]: {e}"))?;
        let answer: PegsAnswer = case.answer_as()?;
        let config: super::PegsConfig = profile.settings().map_err(|e| format!("profile: {e}"))?;
        let started = Instant::now();
        let saved = layout.and_then(|grid| read::read_with(frame, grid, &config).ok());
        let reading = match saved {
            Some(reading) => reading,
            None => {
                let grid = read::locate_with(frame, &config).map_err(|e| format!("read: {e}"))?;
                read::read_with(frame, &grid, &config).map_err(|e| format!("read: {e}"))?
            }
        };
        let read_time = started.elapsed();
        if let Some(difference) = first_difference(&reading, &expected) {
            return Err(difference);
        }
        if case.answer.is_none() {
            return Ok(Passed::read_only(read_time));
        }
        let started = Instant::now();
        let mut details = Vec::new();
        if let Some(left) = answer.pegs_left {
            details.push(pegs_left(&expected, &config.rules, left)?);
        }
        if let Some(min) = answer.min_moves {
            details.push(min_moves(&expected, min)?);
        }
        Ok(Passed { read: read_time, solve: Some(started.elapsed()), detail: details.join(", ") })
    }
}

/// Checks the pegs-left answer by the profile's rules: the solver's plan, played by those rules,
/// leaves exactly `left` pegs (one, unless the goal is the fewest pegs).
pub(super) fn pegs_left(board: &Board, rules: &Rules, left: usize) -> Result<String, String> {
    if left != 1 && rules.goal != Goal::FewestPegs {
        return Err(format!(
            "answer: pegs_left = {left} needs the goal of the fewest pegs (the profile's [rules] goal)"
        ));
    }
    let plan = super::plan::plan(board, rules, Budget::CHECK).map_err(|e| format!("answer: {e:#}"))?;
    let mut end = board.clone();
    for jump in &plan.moves {
        rules.jump(&mut end, jump).map_err(|e| format!("answer: the solver's plan is illegal: {e}"))?;
    }
    if end.pegs() != left || !rules.is_won(&end) {
        return Err(format!("answer: the solver's plan leaves {} pegs, expected {left}\n{end}", end.pegs()));
    }
    let jumps = &plan.moves;
    Ok(format!("{} jumps in {} moves to {left} peg(s)", jumps.len(), group_moves(jumps).len()))
}

/// Checks the fewest-moves answer: the solver must find exactly `min` moves and prove that no
/// fewer will do. For a single-vacancy start the count is that of the classic game, where the last
/// peg ends in the starting hole (the English board from the centre: 18, Bergholt and Beasley; ending
/// anywhere takes 17); for any other start, one peg anywhere.
fn min_moves(board: &Board, min: usize) -> Result<String, String> {
    let holes: Vec<usize> = (0..board.cells.len()).filter(|&i| board.cells[i] == Cell::Hole).collect();
    let target = match holes.as_slice() {
        [only] => Target::OnePegAt((only / board.cols, only % board.cols)),
        _ => Target::OnePeg,
    };
    match solve::solve_min_moves(board, target, Budget::CHECK) {
        Ok(best) if best.moves == min && best.proven_optimal => Ok(format!("fewest {min} moves, proven")),
        Ok(best) if best.moves == min => Err(format!("answer: found {min} moves but could not prove it the fewest")),
        Ok(best) => Err(format!("answer: fewest moves found {}, expected {min}", best.moves)),
        Err(outcome) => Err(format!("answer: no fewest-moves solution ({outcome:?})")),
    }
}
