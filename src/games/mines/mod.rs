//! Minesweeper (in development).

pub mod bench;
pub mod board;
pub mod sgt_id;
pub mod sim;
pub mod solve;
