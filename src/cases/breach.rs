//! Breach Protocol cases: `[board] grid`, `daemons` and `buffer`, and `[answer] best_daemons` and
//! `min_length` (the daemons an optimal solution completes, and its number of picks).

use std::time::Instant;

use serde::Deserialize;

use super::{CaseFile, Passed};
use crate::commands::breach::case_puzzle;
use crate::frame::Frame;
use crate::games::breach::board::{Code, Puzzle};
use crate::games::breach::{read, solve};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BreachAnswer {
    best_daemons: Option<Vec<usize>>,
    min_length: Option<usize>,
}

fn text(codes: &[Code]) -> String {
    codes.iter().map(|c| c.text()).collect::<Vec<_>>().join(" ")
}

/// Describes the first place where two puzzles differ, or None when they are the same.
fn first_difference(read: &Puzzle, expected: &Puzzle) -> Option<String> {
    if (read.rows(), read.cols()) != (expected.rows(), expected.cols()) {
        return Some(format!("board: read a {}x{} matrix, expected {}x{}", read.rows(), read.cols(), expected.rows(), expected.cols()));
    }
    for r in 0..read.rows() {
        if let Some(c) = (0..read.cols()).find(|&c| read.at(r, c) != expected.at(r, c)) {
            return Some(format!("board: row {r} col {c} read \"{}\", expected \"{}\"", read.at(r, c), expected.at(r, c)));
        }
    }
    if read.daemons.len() != expected.daemons.len() {
        return Some(format!("board: read {} daemons, expected {}", read.daemons.len(), expected.daemons.len()));
    }
    if let Some(d) = (0..read.daemons.len()).find(|&d| read.daemons[d] != expected.daemons[d]) {
        return Some(format!("board: daemon {d} read \"{}\", expected \"{}\"", text(&read.daemons[d]), text(&expected.daemons[d])));
    }
    if read.buffer != expected.buffer {
        return Some(format!("board: read buffer {}, expected {}", read.buffer, expected.buffer));
    }
    None
}

pub fn run(case: &CaseFile, frame: &Frame) -> Result<Passed, String> {
    let expected = case_puzzle(&case.board).map_err(|e| format!("malformed [board]: {e:#}"))?;
    let answer: BreachAnswer = match &case.answer {
        Some(table) => table.clone().try_into().map_err(|e| format!("malformed [answer]: {e}"))?,
        None => BreachAnswer::default(),
    };
    let started = Instant::now();
    let screen = read::read(frame).map_err(|e| format!("read: {e}"))?;
    let read_time = started.elapsed();
    if let Some(difference) = first_difference(&screen.puzzle, &expected) {
        return Err(difference);
    }
    if answer.best_daemons.is_none() && answer.min_length.is_none() {
        return Ok(Passed { read: read_time, solve: None, detail: String::new() });
    }
    let started = Instant::now();
    let solution = solve::solve(&expected);
    let solve_time = started.elapsed();
    let codes = expected.check_path(&solution.path).map_err(|e| format!("solver: illegal path: {e}"))?;
    let completed = expected.completed(&codes);
    if let Some(best) = &answer.best_daemons {
        let mut best = best.clone();
        best.sort_unstable();
        if completed != best {
            return Err(format!("answer: the solution completes daemons {completed:?}, expected {best:?}"));
        }
    }
    if let Some(min) = answer.min_length
        && solution.path.len() != min
    {
        return Err(format!("answer: the solution takes {} picks, expected {min}", solution.path.len()));
    }
    Ok(Passed {
        read: read_time,
        solve: Some(solve_time),
        detail: format!("daemons {completed:?} in {} picks", solution.path.len()),
    })
}
