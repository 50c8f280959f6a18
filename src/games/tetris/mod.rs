//! Tetris, simulation side: the board as bit rows, the pieces and their rotations, every reachable
//! placement, evaluators with tuned and published weights, move search (one piece, preview, beam),
//! simulated games, benchmarks and a weight tuner.
//!
//! Tetris is played in real time, so it does not implement the turn-based `Game` trait; the live
//! reader and driver build on this engine. Nothing here touches the screen or the input.

pub mod bench;
pub mod board;
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
pub use piece::Piece;
pub use placements::{Placement, Step};
