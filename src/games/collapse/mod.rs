//! The "collapsing building": from the centre of a (2n+1)x(2n+1) grid of rooms, walk to a corner
//! collecting supplies while every line left behind collapses. `board` holds the rules, `read` the
//! reader of the real game's window (digits recognised by shape), `solve` the exact solvers for easy
//! (most supplies) and hard (most min(food, water)) mode, `config` its section of a profile
//! (colours, keys, level waits), `play` its part in the turn-based loop, `levels` the level after level
//! play of `--levels` with `result` (the game's verdict on screen), `case` its check for `replay`, `cli` its
//! commands.

pub mod board;
pub mod case;
pub mod cli;
pub mod config;
pub mod levels;
pub mod play;
pub mod read;
pub mod result;
#[cfg(test)]
pub mod sim;
pub mod solve;

pub use play::Collapse;
