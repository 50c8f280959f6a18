//! The 2021 Tencent Geek Challenge Tetris contest (`spec/TETRIS-CONTEST.md`) as a ruleset of the
//! Tetris engine: 10,000 known pieces, a record of ops as the answer, and a score for dense boards
//! cleared in bursts.
//!
//! `rules` holds the contest's pieces, spawn, steps and lock on the engine's bit-row board;
//! `record` parses and writes records; `replay` scores them bit-exactly (both validation and both
//! top-out variants). The planner (`reach`, `eval`, `search`, `plan`) searches over the known
//! sequence and returns a record that `replay` has re-scored.

pub mod beam;
pub mod eval;
pub mod margin;
pub mod plan;
pub mod reach;
pub mod record;
pub mod replay;
pub mod rules;
pub mod search;
pub mod stream;

#[cfg(test)]
mod tests;

pub use margin::LiveMargin;
pub use plan::{PlanOptions, PlannedRecord, record_of, solve_contest};
pub use reach::{DROP_MARGIN, Moves};
pub use record::{Op, RecordError, Validation};
pub use replay::{End, Replay, ReplayOptions, replay_str};
pub use rules::{Kind, TopOut};
pub use search::Progress;
