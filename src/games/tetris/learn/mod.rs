//! Reading a Tetris program gamebot has no profile for (issue 37): the well, settled cells, the
//! falling piece and its ghost, the previews and the hold box, found in one frame by rules that
//! hold for any program (`well`, `cells`, `boxes`), and the `[look]` a calibration learns from one
//! screenshot so later frames read with what it saw (`look`). Pieces are told by shape alone.
//! `read` puts them together; `keys` says what a key did to the falling piece, `trials` tries the
//! usual keys until each is known, and `calibrate_live` learns a whole profile from a live window
//! (look, keys, rotation table); `draw` (tests only) draws screens in many programs' styles.

pub mod aside;
pub mod at_steps;
pub mod begin;
pub mod boxes;
pub mod calibrate;
pub mod calibrate_live;
pub mod case;
pub mod cells;
pub mod floor;
pub mod framed_boxes;
pub mod grid_lines;
pub mod keys;
pub mod label;
pub mod lattice;
pub mod look;
pub mod own_boxes;
pub mod pause;
pub mod read;
pub mod repeat;
pub mod settings;
pub mod start_control;
pub mod timing;
pub mod trials;
pub mod well;

#[cfg(test)]
mod blind_tests;
#[cfg(test)]
pub(crate) mod draw;
#[cfg(test)]
mod edge_tests;
#[cfg(test)]
mod floor_tests;
#[cfg(test)]
mod framed_tests;
#[cfg(test)]
mod keys_tests;
#[cfg(test)]
mod label_tests;
#[cfg(test)]
mod lattice_tests;
#[cfg(test)]
mod live_tests;
#[cfg(test)]
mod tests;
