//! Playing the real quadrapassel (GNOME Tetris) in real time: the profile, finding the well,
//! reading cells, the falling piece and the preview, recognising pieces by shape, and (in the
//! driver and the loop) turning the engine's chosen placement into key presses checked on screen.
//! `contest` plays the 2021 contest's own page to a plan for its known pieces, under its gravity.

pub mod annotate;
pub mod burst;
pub mod config;
pub mod contest;
pub mod covered;
pub mod driver;
pub mod eyes;
pub mod locate;
pub mod play;
pub mod read;
pub mod shape;
pub mod sight;
pub mod sim_window;
pub mod start;
pub mod steps;
pub mod turns;

#[cfg(test)]
mod cover_tests;
