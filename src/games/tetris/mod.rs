//! Tetris, simulation side: the board as bit rows, the pieces and their rotations, every reachable
//! placement, evaluators with tuned and published weights, move search (one piece, preview, beam),
//! simulated games, benchmarks and a weight tuner.
//!
//! Tetris is played in real time, so it does not implement the turn-based loop's trait; the live
//! reader, driver and real-time loop (`live/`) build on this engine, over the same `Screen` and
//! input guard as every game. `case` is its check for `replay`, `cli` its commands.

pub mod bench;
pub mod board;
pub mod case;
pub mod cli;
mod cli_contest;
pub mod contest;
pub mod eval;
pub mod live;
pub mod piece;
pub mod placements;
pub mod search;
pub mod sim;
mod tucks;
pub mod tune;

#[cfg(test)]
mod tests;

pub use board::Board;
pub use cli::Tetris;
pub use piece::Piece;
pub use placements::{Placement, Step};
