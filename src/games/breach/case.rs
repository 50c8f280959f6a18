//! Breach Protocol's case check for `replay`: `[board] grid`, `daemons` and `buffer`, and `[answer]
//! best_daemons` and `min_length` (the daemons an optimal solution completes, and its number of
//! picks), as `spec/CASES.md` defines them.

use std::time::Instant;

use serde::Deserialize;

use anyhow::Context as _;

use super::Breach;
use super::board::{Code, Puzzle, Start, USED_CELL};
use super::config::BreachConfig;
use super::{read, solve};
use crate::case::{CaseFile, Passed, first_cell_difference};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

fn strings(table: &toml::Table, key: &str) -> anyhow::Result<Vec<String>> {
    table
        .get(key)
        .cloned()
        .with_context(|| format!("[board] has no {key}"))?
        .try_into()
        .with_context(|| format!("[board] {key} must be a list of strings"))
}

/// The puzzle of a case file's `[board]`.
pub fn case_puzzle(board: &toml::Table) -> anyhow::Result<Puzzle> {
    Ok(case_state(board)?.0)
}

/// The puzzle of a case file's `[board]` and where the breach stands (`picked`, `line`, `[]` cells).
pub fn case_state(board: &toml::Table) -> anyhow::Result<(Puzzle, Start)> {
    let buffer = board.get("buffer").and_then(|b| b.as_integer()).context("[board] has no buffer (an integer)")?;
    let picked = if board.contains_key("picked") { strings(board, "picked")? } else { Vec::new() };
    let line = board.get("line").map(|l| l.as_str().context("[board] line must be a string")).transpose()?;
    Ok(Puzzle::from_case_state(
        &strings(board, "grid")?,
        &strings(board, "daemons")?,
        buffer.max(0) as usize,
        &picked,
        line,
    )?)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BreachAnswer {
    best_daemons: Option<Vec<usize>>,
    min_length: Option<usize>,
}

fn text(codes: &[Code]) -> String {
    codes.iter().map(|c| c.text()).collect::<Vec<_>>().join(" ")
}

/// Describes the first place where two readings differ, or None when they are the same.
fn first_difference((read, rs): (&Puzzle, &Start), (expected, es): (&Puzzle, &Start)) -> Option<String> {
    let cells =
        |p: &Puzzle, s: &Start| -> Vec<Vec<String>> {
            (0..p.rows())
                .map(|r| {
                    (0..p.cols())
                        .map(|c| {
                            if s.used.contains(&(r, c)) { USED_CELL.to_string() } else { p.at(r, c).text().to_string() }
                        })
                        .collect()
                })
                .collect()
        };
    if let Some(difference) = first_cell_difference(&cells(read, rs), &cells(expected, es), "codes") {
        return Some(difference);
    }
    if read.daemons.len() != expected.daemons.len() {
        return Some(format!("board: read {} daemons, expected {}", read.daemons.len(), expected.daemons.len()));
    }
    if let Some(d) = (0..read.daemons.len()).find(|&d| read.daemons[d] != expected.daemons[d]) {
        return Some(format!(
            "board: daemon {d} read \"{}\", expected \"{}\"",
            text(&read.daemons[d]),
            text(&expected.daemons[d])
        ));
    }
    if read.buffer != expected.buffer {
        return Some(format!("board: read buffer {}, expected {}", read.buffer, expected.buffer));
    }
    if rs.picked != es.picked {
        return Some(format!("board: read picked \"{}\", expected \"{}\"", text(&rs.picked), text(&es.picked)));
    }
    if rs.line != es.line {
        return Some(format!("board: read line \"{}\", expected \"{}\"", rs.line, es.line));
    }
    None
}

/// Checks a case: the reading (with the profile's hints) against `[board]`, the solution against
/// `[answer]`.
impl Cases for Breach {
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, _layout: Option<&Grid>) -> Result<Passed, String> {
        let config: BreachConfig = profile.settings().map_err(|e| format!("profile: {e}"))?;
        let (expected, start) = case_state(&case.board).map_err(|e| format!("malformed [board]: {e:#}"))?;
        let answer: BreachAnswer = case.answer_as()?;
        let started = Instant::now();
        let screen = read::read_with(frame, &config.read).map_err(|e| format!("read: {e}"))?;
        let read_time = started.elapsed();
        if let Some(difference) = first_difference((&screen.puzzle, &screen.start), (&expected, &start)) {
            return Err(difference);
        }
        if answer.best_daemons.is_none() && answer.min_length.is_none() {
            return Ok(Passed::read_only(read_time));
        }
        let started = Instant::now();
        let solution = solve::solve_from(&expected, &start, crate::budget::Budget::UNLIMITED).0;
        let solve_time = started.elapsed();
        let codes = expected.check_from(&start, &solution.path).map_err(|e| format!("solver: illegal path: {e}"))?;
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
}
