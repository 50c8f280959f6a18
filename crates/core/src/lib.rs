//! gamebot-core: the layer below gamebot's games, a library for bots that play screen games.
//!
//! Data flows screen → locate → read → solve → act → verify: a [`screen`] gives [`frame::Frame`]s
//! (a live window, a monitor, PNG files); [`vision`] reads colours, grids, lattices and glyphs in
//! them; a game implements the contract of [`game`] (its board, reader, solver, rules and the
//! inputs of a move); the play loop of [`runner`] captures, reads, plans, acts through the one
//! [`input::guard::Guard`] every action passes (inside the window, the failsafe, focus, races) and
//! checks the screen after every move. [`profile`] and [`files`] hold how to play one program and
//! write files atomically; [`case`] is the format of screenshots with known answers; [`budget`] and
//! [`beam`] bound and share searches. Nothing here knows any game: the games and the command line
//! are in the `gamebot` crate, which depends on this one. The library never prints; progress goes
//! through callbacks.

pub mod beam;
pub mod budget;
pub mod calibrate_bench;
pub mod case;
pub mod clock;
pub mod files;
pub mod frame;
pub mod game;
pub mod input;
pub mod invocation;
pub mod profile;
pub mod rng;
pub mod runner;
pub mod screen;
pub mod vision;
#[cfg(target_os = "linux")]
pub mod xsession;
