//! gamebot: plays screen games by looking at their window, reading the board, solving it and acting.
//!
//! The library holds everything; `main.rs` is only the command line. Data flows
//! screen → locate → read → solve → act → verify, as `DESIGN.md` describes.

pub mod budget;
pub mod cases;
pub mod commands;
pub mod frame;
pub mod games;
pub mod input;
pub mod profile;
pub mod rng;
pub mod runner;
pub mod screen;
pub mod vision;
pub mod xsession;
