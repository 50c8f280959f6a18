//! The work behind each command of the `gamebot` binary. `main.rs` parses the command line and
//! calls in here; these functions print what a person needs and return errors with context.

pub mod demo;
pub mod flood;
pub mod play;

use std::path::PathBuf;

/// Options every command that touches a game shares.
#[derive(Clone, Debug)]
pub struct Dirs {
    /// Where profiles are looked up by name (`config/`); built-in copies are used when absent.
    pub config: PathBuf,
    /// Where calibrations are read and written (`calibration/`).
    pub calibration: PathBuf,
}
