//! Flood-it: flood the board from its start cell (the top-left one unless the profile or case
//! says otherwise) in as few colour changes as possible.
//!
//! `board` holds the rules, `read` the reader, `solve` the optimal solver, `act` the clicks,
//! `config` its section of a profile, `case` its check for `replay`, `cli` its commands, `bench`
//! and `benchmarks` its figures, `check` its random-position property, `demo` the embedded default,
//! and `sim_window` a simulated game window for tests. This file is the game type and its
//! capabilities: `Game` and the turn-based play loop's `TurnBased`.

pub mod act;
pub mod annotate;
pub mod bench;
pub mod benchmarks;
pub mod board;
pub mod calibrate;
pub mod case;
pub mod check;
pub mod cli;
pub mod config;
// Its doc comments are clap's --help text ("[default: <name>]"), not rustdoc markup.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]
pub mod demo;
pub mod lattice;
pub mod live_bench;
pub mod read;
pub mod sgt_id;
pub mod sim_window;
pub mod solve;

use crate::budget::Budget;
use crate::frame::Frame;
use crate::game::{Game, Plan, Reading, TurnBased};
use crate::input::Action;
use crate::profile::Profile;
use crate::vision::colour::to_hex;
use crate::vision::grid::Grid;
use crate::vision::palette::sample;

use board::Board;
use config::FloodConfig;

/// The Flood-it game.
pub struct Flood;

impl Game for Flood {
    const NAME: &'static str = "flood";
    const ABOUT: &'static str = "Flood-it (sgt-flood): flood the board from the top-left cell in the fewest moves";
    const DEFAULT_PROFILE: &'static str = "sgt-flood";

    type Play = cli::FloodPlay;
    type Calibrate = cli::FloodCalibrate;
    type Solve = cli::FloodSolve;
    type Bench = cli::FloodBench;
    type Tune = crate::game::Unavailable;
}

impl TurnBased for Flood {
    type Board = Board;
    type Move = u8;
    type Layout = Grid;
    type Config = FloodConfig;

    fn config(profile: &Profile) -> anyhow::Result<FloodConfig> {
        FloodConfig::from_profile(profile)
    }

    fn locate(frame: &Frame, config: &FloodConfig) -> anyhow::Result<Grid> {
        Ok(read::locate(frame, &config.vision, config.palette.as_ref())?)
    }

    fn layout_fits(layout: &Grid, frame: &Frame) -> bool {
        layout.fits(frame)
    }

    fn read(frame: &Frame, layout: &Grid, config: &FloodConfig) -> anyhow::Result<Reading<Board>> {
        let reading = read::read(frame, layout, &config.vision, config.palette.as_ref())?;
        let board = match config.start {
            Some([row, col]) => reading.board.with_start(row, col)?,
            None => reading.board,
        };
        Ok(Reading { board, confidence: reading.confidence })
    }

    fn solve(board: &Board, _config: &FloodConfig, budget: Budget) -> anyhow::Result<Plan<u8>> {
        let solution = solve::solve(board, budget);
        Ok(Plan { moves: solution.moves, proven_optimal: solution.proven_optimal })
    }

    fn predict(board: &Board, colour: &u8, _config: &FloodConfig) -> Board {
        let mut next = board.clone();
        next.play(*colour);
        next
    }

    fn matches(read: &Board, predicted: &Board) -> bool {
        read.rows == predicted.rows && read.cols == predicted.cols && read.canonical() == predicted.canonical()
    }

    fn is_won(board: &Board, _config: &FloodConfig) -> bool {
        board.is_won()
    }

    fn actions(colour: &u8, board: &Board, layout: &Grid, config: &FloodConfig) -> anyhow::Result<Vec<Action>> {
        Ok(vec![act::click_for(*colour, board, layout, &config.input)?])
    }

    fn region(layout: &Grid) -> Option<crate::frame::Rect> {
        Some(layout.rect)
    }

    fn input_styles(config: &FloodConfig) -> Vec<(&'static str, FloodConfig)> {
        let with = |style: config::ClickStyle| {
            let mut other = config.clone();
            other.input.style = style;
            other
        };
        let own = config.input.style;
        let has_buttons = !config.input.buttons.is_empty() || !config.input.buttons_in_cells.is_empty();
        let mut styles = vec![(config::style_name(own), config.clone())];
        match own {
            config::ClickStyle::Button => styles.push(("cell", with(config::ClickStyle::Cell))),
            config::ClickStyle::Cell if has_buttons => styles.push(("button", with(config::ClickStyle::Button))),
            config::ClickStyle::Cell => {}
        }
        styles
    }

    fn difference(read: &Board, predicted: &Board) -> String {
        let changed = |b: &Board| b.flooded_mask().iter().filter(|&&f| f).count();
        let place = case::first_difference(read, predicted).unwrap_or_else(|| "the colours differ".into());
        format!("{place} (the flood covers {} cells on the screen, {} by the rules)", changed(read), changed(predicted))
    }

    fn from_calibration(grid: Grid) -> Option<Grid> {
        Some(grid)
    }

    fn to_calibration(layout: &Grid) -> Option<Grid> {
        Some(layout.clone())
    }

    fn board_toml(board: &Board) -> String {
        crate::case::rows_toml(&board.to_rows())
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
