//! The Minesweeper solver: what to open next.
//!
//! Certain cells first: the local deductions of `position` (a number's own count, then every pair
//! of overlapping constraints over the whole frontier), then the exact probabilities of `prob` (all
//! layouts of the frontier, with the total of mines), whose zeros are certain too. Every certain
//! cell is opened in one move. Only when no cell is certain does `guess` choose, by the chance of
//! winning rather than of surviving one click. The first click of a game goes where the rule of the
//! first click makes an opening likeliest.
//!
//! Deterministic (ties go to the first cell in reading order) and bounded by the budget's nodes and
//! time; a budget spent mid-way gives the best answer found so far.

pub mod endgame;
pub mod guess;
pub mod position;
pub mod prob;

use super::board::{Board, Cell, FirstClick};
use crate::budget::Budget;
use position::{Contradiction, Known, Position};
use prob::{Cache, probabilities};

/// The nodes the exact endgame search may use (within the decision's budget).
const ENDGAME_NODES: u64 = 50_000;

/// What to do next.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// Open these cells, each certainly free of mines (reading order).
    Open(Vec<usize>),
    /// No cell is certain: open this one, with this chance of holding no mine.
    Guess { cell: usize, safety: f64 },
    /// Nothing is left to open.
    Done,
}

/// Why there is no decision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Contradiction(#[from] Contradiction),
    #[error("the game is lost: a mine is shown")]
    Lost,
    #[error("row {0} col {1} is flagged but certainly free of mines: remove the flag to let it be opened")]
    FlaggedSafe(usize, usize),
}

/// The first click: a corner when it is only safe or a guess (a corner is the likeliest cell to be a 0, and a 0
/// opens an area); when the click opens an area anyway, the cell three steps in from the top-left
/// corner on both axes (nearer the middle on boards under 7 cells), which won the most simulated
/// expert games among the cells tried (docs/mines.md).
pub fn first_click(rows: usize, cols: usize, rule: FirstClick) -> usize {
    match rule {
        FirstClick::Safe | FirstClick::Unsafe => 0,
        FirstClick::OpensArea => {
            let (r, c) = (3.min(rows.saturating_sub(1) / 2), 3.min(cols.saturating_sub(1) / 2));
            r * cols + c
        }
    }
}

/// Decides the next move on `board`. A total of mines that the numbers refute (no layout they
/// allow holds that many) is dropped when the numbers alone agree with one another: the program
/// placed another number of mines than it says (zuramai's page picks its mines' cells at random,
/// a cell twice at times, and still says its level's total), which no reading can mend; a board
/// whose numbers contradict each other is still an error.
pub fn decide(board: &Board, budget: Budget) -> Result<Decision, SolveError> {
    decide_noting(board, budget).map(|(decision, _)| decision)
}

/// `decide`, and whether the board's total of mines was dropped (the numbers refute it).
pub fn decide_noting(board: &Board, budget: Budget) -> Result<(Decision, bool), SolveError> {
    match decide_with_total(board, budget) {
        Err(SolveError::Contradiction(Contradiction { at: None })) if board.mines.is_some() => {
            let without = Board { mines: None, ..board.clone() };
            decide_with_total(&without, budget)
                .map(|decision| (decision, true))
                .map_err(|_| SolveError::Contradiction(Contradiction { at: None }))
        }
        decided => decided.map(|decision| (decision, false)),
    }
}

/// Decides the next move on `board`, with its total of mines when it has one.
fn decide_with_total(board: &Board, budget: Budget) -> Result<Decision, SolveError> {
    if board.is_lost() {
        return Err(SolveError::Lost);
    }
    if board.untouched() {
        let first = first_click(board.rows, board.cols, board.first_click);
        if board.first_click == FirstClick::Unsafe {
            let cells = board.cells.len() as f64;
            let safety = board.mines.map_or(1.0 - prob::DENSITY, |m| 1.0 - m as f64 / cells);
            return Ok(Decision::Guess { cell: first, safety });
        }
        return Ok(Decision::Open(vec![first]));
    }
    let mut pos = Position::from_board(board);
    if pos.unknown_count() == 0 {
        return Ok(Decision::Done);
    }
    pos.deduce()?;
    let mut clock = budget.start();
    let mut safe: Vec<usize> = (0..pos.cells.len()).filter(|&i| pos.cells[i] == Known::Safe).collect();
    let mut cache = Cache::default();
    let probs = if safe.is_empty() {
        let probs = probabilities(&pos, &mut clock, &mut cache)?;
        safe = probs.safe_cells(&pos);
        Some(probs)
    } else {
        None
    };
    if !safe.is_empty() {
        // A flagged cell cannot be opened by a click; the flag is the player's, so say so.
        if let Some(&i) = safe.iter().find(|&&i| board.cells[i] == Cell::Flagged) {
            let openable: Vec<usize> = safe.iter().copied().filter(|&i| board.cells[i] != Cell::Flagged).collect();
            if openable.is_empty() {
                return Err(SolveError::FlaggedSafe(i / board.cols, i % board.cols));
            }
            return Ok(Decision::Open(openable));
        }
        return Ok(Decision::Open(safe));
    }
    let Some(probs) = probs else { return Ok(Decision::Done) };
    if probs.ln_weight <= (endgame::MAX_LAYOUTS as f64).ln() && board.mines.is_some() {
        let mut endgame_clock = Budget { max_nodes: budget.max_nodes.min(ENDGAME_NODES), ..budget }.start();
        if let Some((cell, _chance)) = endgame::solve(&pos, &mut endgame_clock) {
            return Ok(Decision::Guess { cell, safety: 1.0 - probs.mine[cell] });
        }
    }
    match guess::choose(&pos, &probs, &mut clock, &mut cache) {
        Some(g) => Ok(Decision::Guess { cell: g.cell, safety: g.safety }),
        None => Ok(Decision::Done),
    }
}

/// True when the numbers alone prove every cell still covered (or flagged) a mine: nothing clear
/// is left to open, so the game is won by the rules whether or not the total of mines is known
/// (a program that shows no counter; `Board::is_won` needs the total, or every mine flagged).
/// A cell being opened is no mine by the move, so a board predicted with one is not won by this.
pub fn only_mines_left(board: &Board) -> bool {
    if board.is_lost() || board.untouched() {
        return false;
    }
    let mut pos = Position::from_board(board);
    if pos.deduce().is_err() {
        return false;
    }
    board.cells.iter().zip(&pos.cells).all(|(&cell, &known)| match cell {
        Cell::Covered | Cell::Flagged | Cell::Opening => known == Known::Mine,
        _ => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TurnBased;
    use crate::games::mines::Mines;
    use crate::games::mines::config::MinesConfig;

    /// prosaic's page (no counter, so no total) after the bot opened its last clear cell: every
    /// covered cell is a mine by the numbers, but the board was not won (no total, no flags), the
    /// solver had no move, and the bot stopped on "the solver found no move on this board".
    #[test]
    fn a_board_whose_numbers_prove_every_covered_cell_a_mine_is_won_without_the_total() {
        let config = MinesConfig::default();
        let end = Board::from_rows(&[
            "13#2.1#1", "2##2.111", "#431....", "2#1.....", "22211...", "#11#1111", "111222#1", "...1#211",
        ])
        .unwrap();
        assert!(Mines::is_won(&end, &config), "every covered cell is a mine:\n{end}");
        assert!(Mines::is_won(&Board::from_rows(&["1#", "11"]).unwrap(), &config));
        let open = Board::from_rows(&["1##", "1##"]).unwrap();
        assert!(!Mines::is_won(&open, &config), "a clear cell may be left:\n{open}");
        let opening = Board::from_rows(&["1#", "1#"]).unwrap().opening(&[3]);
        assert!(!Mines::is_won(&opening, &config), "the cell being opened is not yet shown:\n{opening}");
        let lost = Board::from_rows(&["1*", "11"]).unwrap();
        assert!(!Mines::is_won(&lost, &config));
    }

    /// A program that places its mines before any click (Navid079's page) keeps no first click
    /// safe: the first click is a guess in the corner (the likeliest cell to be a 0), with the
    /// board's density of mines against it, never a cell claimed certain.
    #[test]
    fn a_first_click_the_game_keeps_no_safer_is_a_guess() {
        let mut board = Board::covered(10, 10, Some(10), FirstClick::Unsafe);
        assert_eq!(decide(&board, Budget::UNLIMITED), Ok(Decision::Guess { cell: 0, safety: 0.9 }));
        board.first_click = FirstClick::Safe;
        assert_eq!(decide(&board, Budget::UNLIMITED), Ok(Decision::Open(vec![0])));
    }

    /// zuramai's page says 40 mines and placed 37 (it picked a cell twice): its numbers allow no
    /// layout of 40, and the bot stopped on "the numbers on the board contradict each other" with
    /// two clear cells left. The total is dropped and the clear cells opened; numbers that
    /// contradict each other are still an error, total or not.
    #[test]
    fn a_total_the_numbers_refute_is_dropped_but_numbers_that_disagree_stay_an_error() {
        // One mine by the numbers, and a clear cell left at the top right; the total says 2.
        let mut board = Board::from_rows(&["1#1#", "111."]).unwrap();
        board.mines = Some(1);
        assert_eq!(decide_noting(&board, Budget::UNLIMITED), Ok((Decision::Open(vec![3]), false)), "{board}");
        board.mines = Some(2);
        assert_eq!(decide_noting(&board, Budget::UNLIMITED), Ok((Decision::Open(vec![3]), true)), "{board}");
        let clashing = Board { mines: Some(5), ..Board::from_rows(&["1#1", "3#1", "111"]).unwrap() };
        assert!(matches!(decide(&clashing, Budget::UNLIMITED), Err(SolveError::Contradiction(_))), "{clashing}");
    }
}
