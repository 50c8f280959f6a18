//! Cyberpunk 2077 Breach Protocol: pick codes from a matrix, alternating column and row, to complete
//! daemon sequences.
//!
//! `board` holds the rules, `read` reads screenshots, `solve` is the optimal solver, `state` a
//! breach under way (the turn-based loop's board and move), `act` the inputs of a pick, `config`
//! its section of a profile, `case` its check for `replay`, `cli` its commands, `check` its
//! random-position property, `benchmarks` its figures. This file is the game type and its
//! capabilities (`Game`, `TurnBased`): after a pick the loop reads the screen again and checks the
//! picked cell, the buffer and the highlighted line against the rules' prediction; the last pick of
//! the plan may end the breach and cover the screen with the result, so it is taken as done.

pub mod act;
pub mod annotate;
pub mod benchmarks;
pub mod board;
pub mod case;
pub mod check;
pub mod cli;
pub mod config;
pub mod random;
pub mod read;
pub mod solve;
pub mod state;

use anyhow::bail;

use crate::budget::Budget;
use crate::frame::Frame;
use crate::game::{Game, Plan, Reading, TurnBased};
use crate::input::Action;
use crate::profile::Profile;

pub use config::{BreachConfig, BreachInput, PickStyle};
use read::BreachScreen;
use state::{BreachState, Pick, cursor, end_line, state_toml, value_of};

/// Breach Protocol.
pub struct Breach;

impl Game for Breach {
    const NAME: &'static str = "breach";
    const ABOUT: &'static str = "Cyberpunk 2077 Breach Protocol: pick codes to upload the most valuable daemons";
    const DEFAULT_PROFILE: &'static str = "cyberpunk-breach";

    type Play = crate::commands::PlayArgs;
    type Calibrate = crate::game::Unavailable;
    type Solve = cli::BreachSolve;
    type Bench = cli::BreachBench;
    type Tune = crate::game::Unavailable;

    fn why_unavailable(command: &str) -> Option<&'static str> {
        (command == "calibrate").then_some("it needs none: the screen is read from shapes at any resolution")
    }
}

impl TurnBased for Breach {
    type Board = BreachState;
    type Move = Pick;
    type Layout = BreachScreen;
    type Config = BreachConfig;

    fn config(profile: &Profile) -> anyhow::Result<BreachConfig> {
        Ok(profile.settings()?)
    }

    fn locate(frame: &Frame, config: &BreachConfig) -> anyhow::Result<BreachScreen> {
        Ok(read::read_with(frame, &config.read)?)
    }

    fn layout_fits(_layout: &BreachScreen, _frame: &Frame) -> bool {
        false
    }

    fn read(frame: &Frame, _layout: &BreachScreen, config: &BreachConfig) -> anyhow::Result<Reading<BreachState>> {
        let screen = read::read_with(frame, &config.read)?;
        Ok(Reading { board: BreachState { puzzle: screen.puzzle, start: screen.start }, confidence: 1.0 })
    }

    fn solve(state: &BreachState, _config: &BreachConfig, budget: Budget) -> anyhow::Result<Plan<Pick>> {
        let (solution, proven) = solve::solve_from(&state.puzzle, &state.start, budget);
        if solution.path.is_empty() {
            bail!("no daemon can be completed with this buffer; nothing to do");
        }
        let moves =
            solution.path.iter().map(|&(row, col)| Pick { row, col, code: state.puzzle.at(row, col) }).collect();
        Ok(Plan { moves, proven_optimal: proven })
    }

    fn predict(state: &BreachState, pick: &Pick, _config: &BreachConfig) -> BreachState {
        let mut next = state.clone();
        next.start.picked.push(pick.code);
        next.start.used.push((pick.row, pick.col));
        next.start.line = next.start.line.after((pick.row, pick.col));
        next
    }

    /// The same codes in the buffer, the same next line, the same cells used, and the same codes
    /// in every cell still open (a used cell's code is hidden on screen).
    fn matches(read: &BreachState, predicted: &BreachState) -> bool {
        let (r, p) = (&read.start, &predicted.start);
        let mut used_r = r.used.clone();
        let mut used_p = p.used.clone();
        used_r.sort_unstable();
        used_p.sort_unstable();
        let open_alike = read.puzzle.rows() == predicted.puzzle.rows()
            && read.puzzle.cols() == predicted.puzzle.cols()
            && (0..read.puzzle.rows()).all(|row| {
                (0..read.puzzle.cols()).all(|col| {
                    used_p.contains(&(row, col)) || read.puzzle.at(row, col) == predicted.puzzle.at(row, col)
                })
            });
        r.picked == p.picked && r.line == p.line && used_r == used_p && open_alike
    }

    /// Done once the picks complete the most valuable set of daemons the puzzle allows.
    fn is_won(state: &BreachState, _config: &BreachConfig) -> bool {
        !state.start.picked.is_empty()
            && value_of(state) >= solve::solve_from(&state.puzzle, &state.start, Budget::UNLIMITED).0.value
    }

    fn actions(
        pick: &Pick,
        state: &BreachState,
        layout: &BreachScreen,
        config: &BreachConfig,
    ) -> anyhow::Result<Vec<Action>> {
        let cell = (pick.row, pick.col);
        Ok(match config.input.style {
            PickStyle::Keys => act::keys(&[cell], cursor(state)).remove(0),
            PickStyle::Cell if config.input.rest => vec![act::clicks(&[cell], layout).remove(0), act::rest(layout)],
            PickStyle::Cell => act::clicks(&[cell], layout),
        })
    }

    /// After a pick the screen is read whole: the cell shows "[ ]", the buffer holds the code and
    /// the highlight stands on the next line (`matches`). The last pick may end the breach and
    /// cover the matrix with the result, so it is taken as done.
    fn confirm(frame: &Frame, _layout: &BreachScreen, config: &BreachConfig, predicted: &BreachState) -> bool {
        Self::is_won(predicted, config)
            || read::read_with(frame, &config.read).is_ok_and(|screen| {
                Self::matches(&BreachState { puzzle: screen.puzzle, start: screen.start }, predicted)
            })
    }

    fn reads_end(config: &BreachConfig) -> bool {
        config.read.end.is_some()
    }

    /// Which daemons the end screen marks installed and failed, by the profile's colours, at the
    /// rows where the daemons were read before the end.
    fn read_end(frame: &Frame, layout: &BreachScreen, config: &BreachConfig) -> Option<String> {
        let hints = config.read.end.as_ref()?;
        Some(match read::end::read_end(frame, layout, hints) {
            Ok(outcomes) => end_line(&outcomes),
            Err(e) => format!("not read: {e}"),
        })
    }

    fn board_toml(state: &BreachState) -> String {
        state_toml(state)
    }

    fn describe(_frame: &Frame, _layout: &BreachScreen, _state: &BreachState) -> Vec<String> {
        Vec::new()
    }

    fn describe_plan(moves: &[Pick]) -> String {
        moves.iter().enumerate().map(|(i, p)| format!("{}: {p}", i + 1)).collect::<Vec<_>>().join("  ")
    }

    fn annotate(frame: &Frame, layout: &BreachScreen, _state: &BreachState, plan: &[Pick]) -> image::RgbaImage {
        let path: Vec<(usize, usize)> = plan.iter().map(|p| (p.row, p.col)).collect();
        annotate::annotate(frame, layout, &path)
    }
}
