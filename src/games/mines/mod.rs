//! Minesweeper: open every cell without a mine, from the numbers the opened cells show.
//!
//! `board` holds the rules as seen on screen, `sim` the hidden layout and a simulated game,
//! `sgt_id` the truth of sgt-mines boards (its game IDs), `read` the reader, `solve` the solver,
//! `act` the clicks, `unread` a board still shown with cells it cannot read, `config` its section
//! of a profile, `case` its check for `replay`, `cli` its commands, `bench` and `benchmarks` its
//! figures, `check` its random-position property. This file is the game type and its capabilities
//! (`Game`, `TurnBased`).
//!
//! Minesweeper hides what a move reveals: a move is the certain cells opened at once (or one guess),
//! predicted as "opened, showing some number" (a 0 opens its neighbours too), and the play loop reads
//! the board again after every move (`TurnBased::HIDDEN`). A mine shown is a lost game, reported as
//! one.

pub mod act;
pub mod bench;
pub mod benchmarks;
pub mod board;
pub mod case;
pub mod check;
// Its doc comments are clap's --help text ("[default: <name>]"), not rustdoc markup.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]
pub mod cli;
pub mod config;
pub mod counter;
pub mod learn;
pub mod lost;
pub mod read;
pub mod read_error;
pub mod sgt_id;
pub mod sim;
pub mod solve;
pub mod unread;

use std::fmt;

use image::Rgba;

use crate::budget::Budget;
use crate::frame::Frame;
use crate::game::{Game, Plan, Reading, TurnBased};
use crate::input::Action;
use crate::profile::Profile;
use crate::vision::annotate::{outline, with_panel};
use crate::vision::grid::Grid;

use board::{Board, Cell};
use config::MinesConfig;
use solve::{Decision, decide_noting};

/// Minesweeper.
pub struct Mines;

/// One move: cells to open, each proven clear by the numbers (`safety` None), or one guess with its
/// chance of holding no mine. The first click on an untouched board is safe only by the first-click
/// rule the profile assumes (a program may place its mines before it, whatever a profile learned
/// blind assumes): a guess certain by that rule alone, `Some(1.0)`, a move that can lose.
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    /// (row, column) from the top-left.
    pub cells: Vec<(usize, usize)>,
    pub safety: Option<f64>,
    /// The total of mines the profile or the program's counter gave, left out of this move's
    /// reckoning because the numbers refute it (`solve::decide`).
    pub total_left_out: Option<u32>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(|(r, c)| format!("{r},{c}")).collect();
        match self.safety {
            None => write!(f, "open {}", cells.join(" "))?,
            Some(p) if p >= 1.0 => write!(f, "open {} (safe only by the first-click rule)", cells.join(" "))?,
            Some(p) => write!(f, "guess {} ({:.0}% safe)", cells.join(" "), p * 100.0)?,
        }
        match self.total_left_out {
            Some(total) => write!(f, " (the numbers refute the total of {total} mines: reckoned without it)"),
            None => Ok(()),
        }
    }
}

impl Game for Mines {
    const NAME: &'static str = "mines";
    const ABOUT: &'static str = "Minesweeper (sgt-mines): open every cell without a mine";
    const DEFAULT_PROFILE: &'static str = "sgt-mines";

    type Play = cli::MinesPlay;
    type Calibrate = cli::MinesCalibrate;
    type Solve = cli::MinesSolve;
    type Bench = cli::MinesBench;
    type Tune = crate::game::Unavailable;

    fn why_unavailable(command: &str) -> Option<&'static str> {
        (command == "tune").then_some("its solver has no evaluator to tune")
    }
}

impl TurnBased for Mines {
    type Board = Board;
    type Move = Move;
    type Layout = Grid;
    type Config = MinesConfig;

    const HIDDEN: bool = true;

    fn config(profile: &Profile) -> anyhow::Result<MinesConfig> {
        MinesConfig::from_profile(profile)
    }

    fn locate(frame: &Frame, config: &MinesConfig) -> anyhow::Result<Grid> {
        Ok(read::locate(frame, config)?)
    }

    fn layout_fits(layout: &Grid, frame: &Frame) -> bool {
        layout.still_fits(frame)
    }

    fn read(frame: &Frame, layout: &Grid, config: &MinesConfig) -> anyhow::Result<Reading<Board>> {
        Ok(Reading { board: read::read(frame, layout, config)?, confidence: 1.0 })
    }

    /// A total of mines read from the program's counter (at a game's start, before a timer runs
    /// beside it) is the game's total: later reads take it from the config, and the counter is
    /// no longer read on every move.
    fn keep_from(board: &Board, config: &mut MinesConfig) {
        if config.rules.mines.is_none() {
            config.rules.mines = board.mines;
        }
    }

    fn solve(board: &Board, _config: &MinesConfig, budget: Budget) -> anyhow::Result<Plan<Move>> {
        let at = |i: usize| (i / board.cols, i % board.cols);
        let (decision, dropped) = decide_noting(board, budget)?;
        let total_left_out = board.mines.filter(|_| dropped);
        let mv = match decision {
            Decision::Open(cells) if board.untouched() => {
                Move { cells: cells.into_iter().map(at).collect(), safety: Some(1.0), total_left_out }
            }
            Decision::Open(cells) => Move { cells: cells.into_iter().map(at).collect(), safety: None, total_left_out },
            Decision::Guess { cell, safety } => Move { cells: vec![at(cell)], safety: Some(safety), total_left_out },
            Decision::Done => return Ok(Plan { moves: Vec::new(), proven_optimal: false }),
        };
        Ok(Plan { moves: vec![mv], proven_optimal: false })
    }

    fn predict(board: &Board, mv: &Move, _config: &MinesConfig) -> Board {
        let cells: Vec<usize> = mv.cells.iter().map(|&(r, c)| r * board.cols + c).collect();
        board.opening(&cells)
    }

    fn matches(read: &Board, predicted: &Board) -> bool {
        predicted.allows(read)
    }

    /// Won by the rules: as `Board::is_won` says, or when the numbers alone prove every covered
    /// cell a mine (`solve::only_mines_left`), the total unknown.
    fn is_won(board: &Board, _config: &MinesConfig) -> bool {
        board.is_won() || solve::only_mines_left(board)
    }

    fn is_lost(board: &Board) -> bool {
        board.is_lost()
    }

    /// Every cell proven clear by the numbers: no guess, and no first click safe only by the
    /// profile's first-click rule.
    fn cannot_lose(mv: &Move) -> bool {
        mv.safety.is_none()
    }

    fn shows_loss(
        frame: &Frame,
        layout: &Grid,
        config: &MinesConfig,
        predicted: &Board,
        mv: &Move,
    ) -> Option<(Board, String)> {
        lost::shows_loss(frame, layout, config, predicted, mv)
    }

    /// The looks of opened cells a profile learned blind lacks, when the move opened an area
    /// (`learn::by_play`).
    fn learn_by_play(frame: &Frame, layout: &Grid, config: &mut MinesConfig, predicted: &Board) -> Option<String> {
        learn::by_play::opened_looks(frame, layout, config, predicted)
    }

    /// A board still shown whose cells the move uncovered read as no look of the profile
    /// (`unread`): an error naming the first, never a win.
    fn unread_in_place(frame: &Frame, layout: &Grid, config: &MinesConfig, predicted: &Board) -> Option<String> {
        unread::in_place(frame, layout, config, predicted)
    }

    fn actions(mv: &Move, board: &Board, layout: &Grid, _config: &MinesConfig) -> anyhow::Result<Vec<Action>> {
        act::clicks(mv, board, layout)
    }

    fn from_calibration(grid: Grid) -> Option<Grid> {
        Some(grid)
    }

    fn to_calibration(layout: &Grid) -> Option<Grid> {
        Some(layout.clone())
    }

    fn board_toml(board: &Board) -> String {
        case::board_toml(board)
    }

    fn describe(_frame: &Frame, _layout: &Grid, board: &Board) -> Vec<String> {
        let count = |f: &dyn Fn(Cell) -> bool| board.cells.iter().filter(|&&c| f(c)).count();
        let total = board.mines.map_or("the total of mines unknown".to_string(), |m| format!("{m} mines in all"));
        vec![format!(
            "{} covered, {} flagged, {} opened, {} mines shown; {total}",
            count(&|c| c == Cell::Covered),
            count(&|c| c == Cell::Flagged),
            count(&|c| matches!(c, Cell::Open(_))),
            count(&|c| c == Cell::Mine)
        )]
    }

    fn annotate(frame: &Frame, layout: &Grid, board: &Board, plan: &[Move]) -> image::RgbaImage {
        let mut image = with_panel(&frame.image, 0);
        for r in 0..board.rows {
            for c in 0..board.cols {
                let colour = match board.cells[r * board.cols + c] {
                    Cell::Covered | Cell::Opening => Rgba([120, 120, 120, 255]),
                    Cell::Flagged => Rgba([200, 120, 0, 255]),
                    Cell::Open(_) => Rgba([0, 160, 0, 255]),
                    Cell::Mine => Rgba([220, 0, 0, 255]),
                };
                outline(&mut image, layout.cell_rect(r, c), 1, colour);
            }
        }
        for mv in plan {
            let colour = if mv.safety.is_some() { Rgba([230, 120, 0, 255]) } else { Rgba([0, 90, 255, 255]) };
            for &(r, c) in &mv.cells {
                outline(&mut image, layout.cell_rect(r, c), 3, colour);
            }
        }
        image
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A total the numbers refute is left out of the move, and the move says so (zuramai's page
    /// says 40 mines and may place fewer); a total they allow is used and not named.
    #[test]
    fn a_move_reckoned_without_a_refuted_total_says_so() {
        let mut board = Board::from_rows(&["1#1#", "111."]).unwrap();
        board.mines = Some(2);
        let plan = Mines::solve(&board, &MinesConfig::default(), Budget::UNLIMITED).unwrap();
        assert_eq!(plan.moves[0].total_left_out, Some(2));
        let text = plan.moves[0].to_string();
        assert_eq!(text, "open 0,3 (the numbers refute the total of 2 mines: reckoned without it)");
        board.mines = Some(1);
        let plan = Mines::solve(&board, &MinesConfig::default(), Budget::UNLIMITED).unwrap();
        assert_eq!(plan.moves[0].to_string(), "open 0,3");
    }
}
