//! Peg solitaire: jump pegs over each other until one is left.

pub mod board;
pub mod solve;
