//! Which code each `gamebot ... tetris` command runs: the 2021 contest's (`cli_contest.rs`) or the
//! live game's and the engine's (`cli.rs`). Kept apart from the options, so that the contest's code
//! can take the options without the options' file reaching back for the contest's.

use anyhow::bail;

use super::Tetris;
use super::cli::{self, TetrisBench, TetrisCalibrate, TetrisPlay, TetrisSolve, TetrisTune};
use crate::game::Command;
use crate::invocation::Invocation;

impl Command<Tetris> for TetrisPlay {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if self.contest { super::cli_contest::play_contest(cx, &self) } else { cli::play(cx, &self) }
    }
}

impl Command<Tetris> for TetrisCalibrate {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        match &self.from {
            Some(shot) => {
                let args = super::learn::calibrate::FromShot {
                    shot,
                    name: self.profile.profile.as_deref(),
                    title: self.profile.window.as_deref(),
                    board: self.board.as_deref(),
                    force: self.force,
                };
                super::learn::calibrate::from_shot(cx, &args)
            }
            None if self.learn => {
                let args = super::learn::calibrate_live::FromWindow {
                    name: self.profile.profile.as_deref(),
                    title: self.title.as_deref(),
                    force: self.force,
                };
                super::learn::calibrate_live::from_window(cx, &args)
            }
            None => cli::calibrate(cx, &self),
        }
    }
}

impl Command<Tetris> for TetrisSolve {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if !self.contest {
            bail!(
                "solve tetris plans the 2021 contest's known pieces: add --contest --out record.txt (live play is play tetris)"
            );
        }
        super::cli_contest::solve_contest(cx, self)
    }
}

impl Command<Tetris> for TetrisBench {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if self.contest { super::cli_contest::bench_contest(cx, &self) } else { super::cli_sim::bench_games(cx, &self) }
    }
}

impl Command<Tetris> for TetrisTune {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        super::cli_sim::tune_weights(cx, &self)
    }
}
