//! Peg solitaire: jump pegs over each other until one is left.
//!
//! `board` holds the rules, `read` and `looks` the readers, `solve` the solver, `config` its
//! section of a profile, `calibrate` the learning of a new program, `case` its check
//! for `replay`, `cli` its commands, `check` its random-position property, `benchmarks` its
//! figures. This file is the game type and its capabilities (`Game`, `TurnBased`). A move of the play loop is one jump (one drag), verified on screen before the
//! next; the plan is also shown in the classic counting, where a chain of jumps is one move.

pub mod act;
pub mod align;
#[cfg(test)]
mod any_tests;
pub mod bare_holes;
pub mod benchmarks;
pub mod board;
pub mod calibrate;
pub mod case;
pub mod check;
pub mod cli;
pub mod config;
#[cfg(test)]
mod drawn;
pub mod drawn_offs;
pub mod edge_line;
#[cfg(test)]
mod lit_tests;
pub mod locate;
pub mod lone_peg;
pub mod looks;
pub mod marked_square;
pub mod phase;
pub mod plan;
pub mod read;
#[cfg(test)]
mod ringed_tests;
pub mod rules;
#[cfg(test)]
mod rules_tests;
pub mod scale;
pub mod seen;
pub mod shape;
pub mod solve;
pub mod things;

use image::Rgba;

use crate::budget::Budget;
use crate::frame::Frame;
use crate::game::{Game, Plan, Reading, TurnBased};
use crate::input::Action;
use crate::profile::Profile;
use crate::vision::annotate::{label, line, outline, with_panel};
use crate::vision::grid::Grid;

use board::{Board, Cell, Jump, group_moves};
pub use config::{FindBy, LooksConfig, MoveStyle, PegsConfig, PegsInput, PegsVision};

/// Peg solitaire.
pub struct Pegs;

impl Game for Pegs {
    const NAME: &'static str = "pegs";
    const ABOUT: &'static str = "peg solitaire (sgt-pegs): jump pegs until one is left";
    const DEFAULT_PROFILE: &'static str = "sgt-pegs";

    type Play = crate::commands::PlayArgs;
    type Calibrate = cli::PegsCalibrate;
    type Solve = cli::PegsSolve;
    type Bench = cli::PegsBench;
    type Tune = crate::game::Unavailable;
}

/// A point as drawing coordinates.
fn float(p: crate::frame::Point) -> (f64, f64) {
    (p.x as f64, p.y as f64)
}

impl TurnBased for Pegs {
    type Board = Board;
    type Move = Jump;
    type Layout = Grid;
    type Config = PegsConfig;

    fn config(profile: &Profile) -> anyhow::Result<PegsConfig> {
        Ok(profile.settings()?)
    }

    fn locate(frame: &Frame, config: &PegsConfig) -> anyhow::Result<Grid> {
        Ok(read::locate_with(frame, config)?)
    }

    fn layout_fits(layout: &Grid, frame: &Frame) -> bool {
        layout.fits(frame)
    }

    fn read(frame: &Frame, layout: &Grid, config: &PegsConfig) -> anyhow::Result<Reading<Board>> {
        Ok(Reading { board: read::read_with(frame, layout, config)?, confidence: 1.0 })
    }

    fn solve(board: &Board, config: &PegsConfig, budget: Budget) -> anyhow::Result<Plan<Jump>> {
        plan::plan(board, &config.rules, budget)
    }

    fn predict(board: &Board, jump: &Jump, config: &PegsConfig) -> Board {
        let mut next = board.clone();
        // A jump from a plan is legal on the board it was planned for; an illegal one changes nothing,
        // and the mismatch with the screen is then caught by the play loop.
        let _ = config.rules.jump(&mut next, jump);
        next
    }

    fn matches(read: &Board, predicted: &Board) -> bool {
        read == predicted
    }

    fn is_won(board: &Board, config: &PegsConfig) -> bool {
        config.rules.is_won(board)
    }

    fn region(layout: &Grid) -> Option<crate::frame::Rect> {
        Some(layout.rect)
    }

    fn input_styles(config: &PegsConfig) -> Vec<(&'static str, PegsConfig)> {
        let with = |style: MoveStyle| PegsConfig { input: PegsInput { style }, ..config.clone() };
        let name = |style: MoveStyle| match style {
            MoveStyle::Drag => "drag",
            MoveStyle::Click => "click",
        };
        let own = config.input.style;
        let other = if own == MoveStyle::Drag { MoveStyle::Click } else { MoveStyle::Drag };
        vec![(name(own), config.clone()), (name(other), with(other))]
    }

    fn difference(read: &Board, predicted: &Board) -> String {
        let place = case::first_difference(read, predicted).unwrap_or_else(|| "the boards differ".into());
        format!("{place} ({} pegs on the screen, {} by the rules)", read.pegs(), predicted.pegs())
    }

    fn from_calibration(grid: Grid) -> Option<Grid> {
        Some(grid)
    }

    fn to_calibration(layout: &Grid) -> Option<Grid> {
        Some(layout.clone())
    }

    fn actions(jump: &Jump, board: &Board, layout: &Grid, config: &PegsConfig) -> anyhow::Result<Vec<Action>> {
        let mut actions = act::jump(jump, layout, config.input.style);
        // After the winning jump too: a game's own end display over the board cuts the move
        // short there (the runner's `Inputs::CutShort`), the win judged as after it.
        actions.extend(act::rest(board, layout, jump.to).map(Action::Move));
        Ok(actions)
    }

    fn board_toml(board: &Board) -> String {
        crate::case::rows_toml(&board.to_rows())
    }

    fn describe(_frame: &Frame, _layout: &Grid, board: &Board) -> Vec<String> {
        let holes = board.cells.iter().filter(|&&c| c != Cell::Off).count();
        vec![format!("{} holes, {} pegs", holes, board.pegs())]
    }

    fn describe_plan(jumps: &[Jump]) -> String {
        let moves = group_moves(jumps);
        let listed: Vec<String> = moves
            .iter()
            .map(|chain| {
                let mut text = format!("{},{}", chain[0].from.0, chain[0].from.1);
                chain.iter().for_each(|j| text.push_str(&format!("-{},{}", j.to.0, j.to.1)));
                text
            })
            .collect();
        format!(
            "{} jumps in {} moves (a chain of jumps by one peg is one move): {}",
            jumps.len(),
            moves.len(),
            listed.join(" ")
        )
    }

    fn annotate(frame: &Frame, layout: &Grid, board: &Board, plan: &[Jump]) -> image::RgbaImage {
        let mut image = with_panel(&frame.image, 0);
        for r in 0..board.rows {
            for c in 0..board.cols {
                let colour = match board.get((r, c)) {
                    Cell::Peg => Rgba([0, 160, 0, 255]),
                    Cell::Hole => Rgba([200, 120, 0, 255]),
                    Cell::Off => Rgba([150, 150, 150, 255]),
                };
                outline(&mut image, layout.cell_rect(r, c), 1, colour);
            }
        }
        for jump in plan {
            line(
                &mut image,
                float(act::centre(layout, jump.from)),
                float(act::centre(layout, jump.to)),
                2,
                Rgba([220, 0, 0, 255]),
            );
        }
        // Number each jump in its landing square; several landings on one square stack downwards.
        let mut landed: std::collections::HashMap<board::Pos, usize> = std::collections::HashMap::new();
        let step = (layout.cell_height() / 5.0).max(9.0);
        for (i, jump) in plan.iter().enumerate() {
            let count = landed.entry(jump.to).or_insert(0);
            let cell = layout.cell_rect(jump.to.0, jump.to.1);
            let (x, y) = (cell.x + cell.width / 2.0, cell.y + step * (*count as f64 + 0.7));
            label(&mut image, x as i64, y as i64, i + 1, 1);
            *count += 1;
        }
        image
    }
}
