//! Tetris, simulation side: the board as bit rows, the pieces and their rotations, every reachable
//! placement, evaluators with tuned and published weights, move search (one piece, preview, beam),
//! simulated games, benchmarks and a weight tuner.
//!
//! Tetris is played in real time, so it does not implement the turn-based loop's trait; the live
//! reader, driver and real-time loop (`live/`) build on this engine, over the same `Screen` and
//! input guard as every game. `case` is its check for `replay`, `cli` its commands, `check` its
//! random-position property, `benchmarks` its figures (`bench` is `gamebot bench tetris`),
//! `simulate` its simulated games. This file is the game type and its `Game` capability.

pub mod bench;
pub mod benchmarks;
pub mod board;
pub mod case;
pub mod case_board;
pub mod check;
// Its doc comments are clap's --help text ("[default: <name>]"), not rustdoc markup.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]
pub mod cli;
mod cli_contest;
mod cli_sim;
pub mod contest;
mod dispatch;
pub mod eval;
pub mod learn;
pub mod live;
pub mod piece;
pub mod placements;
pub mod search;
pub mod simulate;
pub mod tune;

#[cfg(test)]
mod tests;

pub use board::Board;
pub use piece::Piece;
pub use placements::{Placement, Step};

use crate::frame::Frame;
use crate::game::{Game, ReadsBoard};
use crate::profile::Profile;
use crate::vision::grid::Grid;

/// Tetris.
pub struct Tetris;

impl Game for Tetris {
    const NAME: &'static str = "tetris";
    const ABOUT: &'static str = "Tetris (quadrapassel), in real time; simulated games, benchmarks and a weight tuner";
    const DEFAULT_PROFILE: &'static str = "quadrapassel";

    type Play = cli::TetrisPlay;
    type Calibrate = cli::TetrisCalibrate;
    type Solve = cli::TetrisSolve;
    type Bench = cli::TetrisBench;
    type Tune = cli::TetrisTune;
}

impl ReadsBoard for Tetris {
    fn read_board(frame: &Frame, profile: &Profile) -> anyhow::Result<String> {
        let config = live::config::LiveConfig::from_profile(profile)?;
        Ok(cli::read_frame(frame, &config)?.1)
    }

    fn read_at(_frame: &Frame, _profile: &Profile, _grid: &Grid) -> anyhow::Result<String> {
        anyhow::bail!("tetris saves no layout: the well is found anew in every frame")
    }
}
