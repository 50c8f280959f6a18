//! Collapse on the command line: its options for each command and its `Game` impl. Read and the dry
//! run go through the shared turn-based commands; live play goes level by level (`levels.rs`, with
//! `--levels`); solve (the best path from where the player stands) and bench are its own.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};

use super::board::{Board, Mode};
use super::levels::{self, Run};
use super::play::Collapse;
use super::solve;
use crate::commands::{self, NoArgs, PlayArgs, ReadArgs};
use crate::env::Env;
use crate::frame::Frame;
use crate::games::Game;
use crate::games::case::{CaseFile, Passed};
use crate::input::live::LiveInput;
use crate::profile::Profile;
use crate::runner::PlayOptions;
use crate::screen::open_window;
use crate::vision::grid::Grid;

/// Options of `play collapse`.
#[derive(clap::Args)]
pub struct CollapsePlay {
    #[command(flatten)]
    pub play: PlayArgs,
    /// Play this many levels: after each, wait for the game to draw the next one. The run ends
    /// early, successfully, when the game's window goes away after a level (hard mode crashes at
    /// the end of every level).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub levels: u32,
}

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

    type Play = CollapsePlay;
    type Calibrate = NoArgs;
    type Read = ReadArgs;
    type Solve = CollapseSolve;
    type Bench = NoArgs;
    type Tune = NoArgs;

    fn play(env: &mut Env, args: CollapsePlay) -> anyhow::Result<bool> {
        if args.play.view.dry() {
            return commands::play::<Collapse>(env, Self::DEFAULT_PROFILE, &args.play, None);
        }
        play_live(env, &args)
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
        let here = || input.display().to_string();
        let mode_name = case
            .board
            .get("mode")
            .and_then(|m| m.as_str())
            .with_context(|| format!("{}: [board] has no mode", here()))?;
        let mode = Mode::from_name(mode_name).with_context(|| format!("{}: unknown mode \"{mode_name}\"", here()))?;
        let rows: Vec<Vec<String>> = case
            .board
            .get("rows")
            .cloned()
            .with_context(|| format!("{}: [board] has no rows", here()))?
            .try_into()
            .with_context(|| format!("{}: rows must be arrays of strings", here()))?;
        let board = Board::from_rows(mode, &rows).with_context(|| format!("{}: bad [board]", here()))?;
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

    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, _layout: Option<&Grid>) -> Result<Passed, String> {
        super::case::check(case, frame, profile)
    }
}

/// Plays `--levels` levels in the live window and reports them; Ok(true) when every level played
/// ended at its optimum.
fn play_live(env: &mut Env, args: &CollapsePlay) -> anyhow::Result<bool> {
    let profile = args.play.view.profile.load(env, Collapse::DEFAULT_PROFILE, Collapse::NAME)?;
    let mut screen = open_window(&profile.window, "start the Collapse game first (python3 collapse.py)")?;
    env.line(format!("playing collapse in {}", crate::screen::Screen::describe(&screen)));
    let mut device = LiveInput::open()?;
    let options = PlayOptions { budget: args.play.budget.budget(), ..PlayOptions::default() };
    let run =
        levels::play_levels(&mut screen, &mut device, &profile, args.levels as usize, &options, &mut |l: &str| {
            env.line(l)
        })?;
    Ok(report(env, &run))
}

/// The run's summary lines; true when every level played ended at its optimum.
fn report(env: &mut Env, run: &Run) -> bool {
    let played = run.levels.len();
    let at_optimum = run.levels.iter().filter(|l| l.at_optimum()).count();
    let moves: usize = run.levels.iter().map(|l| l.moves).sum();
    let times: Vec<f64> = run.levels.iter().flat_map(|l| l.move_times.iter().map(|t| t.as_secs_f64() * 1e3)).collect();
    let mean = if times.is_empty() { 0.0 } else { times.iter().sum::<f64>() / times.len() as f64 };
    let slowest = times.iter().copied().fold(0.0, f64::max);
    if run.game_ended {
        env.line("the game's window went away after the last level ended: the game is over");
    }
    env.line(format!(
        "{played} levels played, {at_optimum} at the optimum; {moves} moves, {mean:.0} ms per move (slowest {slowest:.0} ms)"
    ));
    played > 0 && at_optimum == played
}
