//! Collapse on the command line: its options for each command and its `Game` impl. Play and read go
//! through the shared turn-based commands; solve (the best path from where the player stands) and
//! bench are its own.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};

use super::board::{Board, Mode};
use super::play::Collapse;
use super::solve;
use crate::commands::{self, NoArgs, PlayArgs, ReadArgs};
use crate::env::Env;
use crate::frame::Frame;
use crate::games::Game;
use crate::games::case::{CaseFile, Passed};
use crate::profile::Profile;

/// Options of `solve collapse`.
#[derive(clap::Args)]
pub struct CollapseSolve {
    /// A case file (`[board] mode` and `rows`).
    pub case: PathBuf,
}

impl Game for Collapse {
    const NAME: &'static str = "collapse";
    const ABOUT: &'static str =
        "the collapsing building (pygame Collapse): walk to a corner collecting the most supplies";
    const DEFAULT_PROFILE: &'static str = "collapse";

    type Play = PlayArgs;
    type Calibrate = NoArgs;
    type Read = ReadArgs;
    type Solve = CollapseSolve;
    type Bench = NoArgs;
    type Tune = NoArgs;

    fn play(env: &mut Env, args: PlayArgs) -> anyhow::Result<bool> {
        commands::play::<Collapse>(env, Self::DEFAULT_PROFILE, &args, None)
    }

    fn calibrate(_env: &mut Env, _args: NoArgs) -> anyhow::Result<bool> {
        bail!("collapse needs no calibration: the building is found by its outlines at any size")
    }

    fn read(env: &mut Env, args: ReadArgs) -> anyhow::Result<bool> {
        commands::read::<Collapse>(env, Self::DEFAULT_PROFILE, &args)
    }

    /// The best path and what it collects.
    fn solve(env: &mut Env, args: CollapseSolve) -> anyhow::Result<bool> {
        let input = &args.case;
        let case = crate::games::case::load(input)?;
        let mode_name = case.board.get("mode").and_then(|m| m.as_str()).context("[board] has no mode")?;
        let mode = Mode::from_name(mode_name).with_context(|| format!("unknown mode \"{mode_name}\""))?;
        let rows: Vec<Vec<String>> = case
            .board
            .get("rows")
            .cloned()
            .context("[board] has no rows")?
            .try_into()
            .context("rows must be arrays of strings")?;
        let board = Board::from_rows(mode, &rows).with_context(|| format!("{}: bad [board]", input.display()))?;
        let started = Instant::now();
        let solution = solve::solve(&board);
        let moves: Vec<String> = solution.moves.iter().map(|d| d.to_string()).collect();
        env.line(moves.join(" "));
        let ms = started.elapsed().as_secs_f64() * 1e3;
        env.line(match mode {
            Mode::Easy => format!("collects {} (optimal), {ms:.2} ms", solution.score),
            Mode::Hard => format!(
                "min(food, water) = {} with food {} and water {} (optimal), {ms:.2} ms",
                solution.score, solution.food, solution.water
            ),
        });
        Ok(true)
    }

    fn bench(env: &mut Env, _args: NoArgs) -> anyhow::Result<bool> {
        for (key, value) in solve::bench_report() {
            env.line(format!("{key}={value}"));
        }
        Ok(true)
    }

    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile) -> Result<Passed, String> {
        super::case::check(case, frame, profile)
    }
}
