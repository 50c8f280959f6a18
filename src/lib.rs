//! gamebot: plays screen games by looking at their window, reading the board, solving it and acting.
//!
//! The library holds everything and never prints; `main.rs` is only the command line. Data flows
//! screen → locate → read → solve → act → verify, as `DESIGN.md` describes. Dependencies point one
//! way: `games` use `runner`, `commands`, `screen`, `vision`, `input`, `profile` and `files`, and
//! none of those knows any game; `cases` (the replay walker) hands each case to its game.

pub mod beam;
pub mod budget;
pub mod calibrate_bench;
pub mod case;
pub mod commands;
pub mod files;
pub mod frame;
pub mod game;
pub mod games;
pub mod input;
pub mod invocation;
pub mod profile;
pub mod replay;
pub mod rng;
pub mod runner;
pub mod screen;
pub mod vision;
#[cfg(target_os = "linux")]
pub mod xsession;
