//! The work behind each command of the `gamebot` binary. `main.rs` parses the command line and
//! calls in here; these functions print what a person needs and return errors with context.

pub mod breach;
pub mod collapse;
pub mod demo;
pub mod flood;
pub mod pegs;
pub mod play;
pub mod tetris;
pub mod tetris_play;

use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Options every command that touches a game shares.
#[derive(Clone, Debug)]
pub struct Dirs {
    /// Where profiles are looked up by name (`config/`); built-in copies are used when absent.
    pub config: PathBuf,
    /// Where calibrations are read and written (`calibration/`).
    pub calibration: PathBuf,
}

/// The text rows of a board to solve: a case file's `[board] rows`, or the non-empty lines of
/// standard input (when `input` is None or "-"). Also returns where they came from, for errors.
pub fn input_rows(input: Option<&Path>) -> anyhow::Result<(Vec<String>, String)> {
    match input {
        Some(path) if path.as_os_str() != "-" => {
            let case = crate::cases::load(path)?;
            let rows = case
                .board
                .get("rows")
                .and_then(|r| r.as_array())
                .with_context(|| format!("{}: [board] has no rows", path.display()))?
                .iter()
                .map(|v| v.as_str().map(String::from).context("rows must be strings"))
                .collect::<anyhow::Result<_>>()?;
            Ok((rows, path.display().to_string()))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            let rows = text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
            Ok((rows, "standard input".into()))
        }
    }
}
