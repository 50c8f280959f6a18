//! The "collapsing building": from the centre of a (2n+1)x(2n+1) grid of rooms, walk to a corner
//! collecting supplies while every line left behind collapses. `board` holds the rules, `read` the
//! reader of the real game's window (digits recognised by shape), `solve` the exact solvers for easy
//! (most supplies) and hard (most min(food, water)) mode, `config` its section of a profile
//! (colours, keys, level waits), `levels` the level after level play of `--levels` with `result`
//! (the game's verdict on screen), `case` its check for `replay`, `cli` its commands, `check` its
//! random-position property, `benchmarks` its figures, `sim_window` a simulated game window for
//! tests. This file is the game type and its capabilities (`Game`, `TurnBased`).
//!
//! In the turn-based loop a move is one arrow key, checked on screen after each press (the
//! player's new room, the line that collapsed, the supplies left) by reading the board again and
//! comparing it with the rules' prediction. The level's last move ends it: the game then writes its
//! result over the board, so only the player's corner room is checked (and in hard mode the game
//! crashes at that move: the loop counts a window gone after the winning move as its end).

pub mod act;
pub mod benchmarks;
pub mod board;
pub mod case;
pub mod check;
pub mod cli;
pub mod config;
pub mod levels;
pub mod read;
pub mod result;
#[cfg(test)]
pub mod sim_window;
pub mod solve;

use image::Rgba;

use crate::budget::Budget;
use crate::frame::Frame;
use crate::game::{Game, Plan, Reading, TurnBased};
use crate::input::Action;
use crate::profile::Profile;
use crate::vision::annotate::{label, line, outline};
use crate::vision::grid::Grid;

use board::{Board, Dir};
use config::CollapseConfig;

/// The collapsing-building game.
pub struct Collapse;

impl Game for Collapse {
    const NAME: &'static str = "collapse";
    const ABOUT: &'static str =
        "the collapsing building (pygame Collapse): walk to a corner collecting the most supplies";
    const DEFAULT_PROFILE: &'static str = "collapse";

    type Play = cli::CollapsePlay;
    type Calibrate = crate::game::Unavailable;
    type Solve = cli::CollapseSolve;
    type Bench = cli::CollapseBench;
    type Tune = crate::game::Unavailable;

    fn why_unavailable(command: &str) -> Option<&'static str> {
        (command == "calibrate").then_some("it needs none: the building is found by its outlines at any size")
    }
}

fn centre(grid: &Grid, (r, c): (usize, usize)) -> (f64, f64) {
    let cell = grid.cell_rect(r, c);
    (cell.x + cell.width / 2.0, cell.y + cell.height / 2.0)
}

impl TurnBased for Collapse {
    type Board = Board;
    type Move = Dir;
    type Layout = Grid;
    type Config = CollapseConfig;

    fn config(profile: &Profile) -> anyhow::Result<CollapseConfig> {
        CollapseConfig::from_profile(profile)
    }

    fn locate(frame: &Frame, config: &CollapseConfig) -> anyhow::Result<Grid> {
        Ok(read::locate(frame, &config.colours)?)
    }

    fn layout_fits(layout: &Grid, frame: &Frame) -> bool {
        layout.fits(frame)
    }

    fn read(frame: &Frame, layout: &Grid, config: &CollapseConfig) -> anyhow::Result<Reading<Board>> {
        Ok(Reading { board: read::read(frame, layout, &config.colours)?, confidence: 1.0 })
    }

    fn solve(board: &Board, _config: &CollapseConfig, _budget: Budget) -> anyhow::Result<Plan<Dir>> {
        Ok(Plan { moves: solve::solve(board).moves, proven_optimal: true })
    }

    fn predict(board: &Board, dir: &Dir, _config: &CollapseConfig) -> Board {
        let mut next = board.clone();
        // A planned move is legal on the board it was planned for; an illegal one changes nothing,
        // and the screen then shows the mismatch.
        let _ = next.play(*dir);
        next
    }

    fn matches(read: &Board, predicted: &Board) -> bool {
        read.same_rooms(predicted)
    }

    fn is_won(board: &Board, _config: &CollapseConfig) -> bool {
        board.is_over()
    }

    fn actions(dir: &Dir, _board: &Board, _layout: &Grid, config: &CollapseConfig) -> anyhow::Result<Vec<Action>> {
        Ok(vec![act::key(*dir, &config.keys)])
    }

    /// The level's last move: the game writes its result over the middle of the building, so only
    /// the player's corner room is checked. Every other move is read back whole.
    fn confirm(frame: &Frame, layout: &Grid, config: &CollapseConfig, predicted: &Board) -> bool {
        if predicted.is_over() {
            return read::shows_player(frame, layout, &config.colours, predicted.player());
        }
        read::read_as(frame, layout, Some(predicted.mode), &config.colours).is_ok_and(|b| b.same_rooms(predicted))
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
        vec![format!("{0}x{0} rooms, {1} mode", board.size, board.mode)]
    }

    fn annotate(frame: &Frame, layout: &Grid, board: &Board, plan: &[Dir]) -> image::RgbaImage {
        let mut image = frame.image.clone();
        for r in 0..board.size {
            for c in 0..board.size {
                outline(&mut image, layout.cell_rect(r, c), 1, Rgba([0, 200, 255, 255]));
            }
        }
        let mut at = board.player();
        for (i, dir) in plan.iter().enumerate() {
            let Some(next) = board.step(at, *dir) else { break };
            line(&mut image, centre(layout, at), centre(layout, next), 2, Rgba([255, 40, 40, 255]));
            let (x, y) = centre(layout, next);
            label(&mut image, x as i64, y as i64, i + 1, 1);
            at = next;
        }
        image
    }
}
