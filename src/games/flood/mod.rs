//! Flood-it: flood the board from its start cell (the top-left one unless the profile or case
//! says otherwise) in as few colour changes as possible.
//!
//! `board` holds the rules, `read` the reader, `solve` the optimal solver, `act` the clicks and
//! `sim` a simulated game window for tests. This file ties them to the `Game` trait.

pub mod act;
pub mod annotate;
pub mod bench;
pub mod board;
pub mod read;
pub mod sgt_id;
pub mod sim;
pub mod solve;

use crate::budget::Budget;
use crate::frame::Frame;
use crate::games::{Game, GameKind, Plan, Reading, rows_toml};
use crate::input::Action;
use crate::profile::Profile;
use crate::vision::colour::to_hex;
use crate::vision::grid::Grid;
use crate::vision::palette::sample;

use board::Board;

/// The Flood-it game, for the play loop.
pub struct Flood;

impl Game for Flood {
    type Board = Board;
    type Move = u8;
    type Layout = Grid;

    const KIND: GameKind = GameKind::Flood;

    fn locate(frame: &Frame, profile: &Profile) -> anyhow::Result<Grid> {
        Ok(read::locate(frame, &profile.vision)?)
    }

    fn layout_fits(layout: &Grid, frame: &Frame) -> bool {
        layout.fits(frame)
    }

    fn read(frame: &Frame, layout: &Grid, profile: &Profile) -> anyhow::Result<Reading<Board>> {
        let reading = read::read(frame, layout, &profile.vision, profile.palette.as_ref())?;
        let board = match profile.flood_start {
            Some([row, col]) => reading.board.with_start(row, col)?,
            None => reading.board,
        };
        Ok(Reading { board, confidence: reading.confidence })
    }

    fn solve(board: &Board, budget: Budget) -> anyhow::Result<Plan<u8>> {
        let solution = solve::solve(board, budget);
        Ok(Plan { moves: solution.moves, proven_optimal: solution.proven_optimal })
    }

    fn predict(board: &Board, colour: &u8) -> Board {
        let mut next = board.clone();
        next.play(*colour);
        next
    }

    fn matches(read: &Board, predicted: &Board) -> bool {
        read.rows == predicted.rows && read.cols == predicted.cols && read.canonical() == predicted.canonical()
    }

    fn is_won(board: &Board) -> bool {
        board.is_won()
    }

    fn actions(colour: &u8, board: &Board, layout: &Grid, profile: &Profile) -> anyhow::Result<Vec<Action>> {
        Ok(vec![act::click_for(*colour, board, layout, &profile.input)?])
    }

    fn board_toml(board: &Board) -> String {
        rows_toml(&board.to_rows())
    }

    fn describe(frame: &Frame, layout: &Grid, board: &Board) -> Vec<String> {
        let colours = colours_seen(frame, layout, board);
        (0..board.cells.len().min(256) as u8)
            .filter(|label| board.cells.contains(label))
            .map(|label| format!("colour {label}: {}", to_hex(colours[label as usize])))
            .collect()
    }

    fn annotate(frame: &Frame, layout: &Grid, board: &Board, plan: &[u8]) -> image::RgbaImage {
        annotate::draw(frame, layout, board, &colours_seen(frame, layout, board), plan)
    }
}

/// The colour seen for each label (from the first cell that has it), grey for unused labels.
fn colours_seen(frame: &Frame, grid: &Grid, board: &Board) -> Vec<[u8; 3]> {
    let mut colours = vec![[128, 128, 128]; board::MAX_COLOURS];
    for (i, &label) in board.cells.iter().enumerate().rev() {
        colours[label as usize] = sample(frame, grid.cell_patch(i / board.cols, i % board.cols, 0.5)).rgb;
    }
    colours
}
