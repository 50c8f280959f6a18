//! Collapse on the command line: its options for each command and what they do. Read and the dry
//! run are the shared turn-based commands; live play goes level by level (`levels.rs`, with
//! `--levels`); solve (the best path from where the player stands) and bench are its own.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

use super::Collapse;
use super::board::{Board, Mode};
use super::levels::{self, Run};
use super::solve;
use crate::commands::{self, PlayArgs};
use crate::game::{Command, Game};
use crate::input::live::LiveInput;
use crate::invocation::Invocation;
use crate::runner::PlayOptions;
use crate::screen::open_window;

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

impl Command<Collapse> for CollapsePlay {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let args = self;
        if args.play.view.dry() {
            return commands::play::<Collapse>(cx, &args.play, None);
        }
        play_live(cx, &args)
    }
}

impl Command<Collapse> for CollapseSolve {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let args = self;
        let input = &args.case;
        let case = crate::case::load(input)?;
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
        cx.line(moves.join(" "));
        let ms = started.elapsed().as_secs_f64() * 1e3;
        cx.line(match mode {
            Mode::Easy => format!("collects {} (optimal), {ms:.2} ms", solution.score),
            Mode::Hard => format!(
                "min(food, water) = {} with food {} and water {} (optimal), {ms:.2} ms",
                solution.score, solution.food, solution.water
            ),
        });
        Ok(true)
    }
}

/// Options of `bench collapse`: none.
#[derive(clap::Args)]
pub struct CollapseBench {}

impl Command<Collapse> for CollapseBench {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        for (key, value) in solve::bench_report() {
            cx.line(format!("{key}={value}"));
        }
        Ok(true)
    }
}

/// Plays `--levels` levels in the live window and reports them; Ok(true) when every level played
/// ended at its optimum.
fn play_live(cx: &mut Invocation, args: &CollapsePlay) -> anyhow::Result<bool> {
    let profile = args.play.view.profile.load(cx, Collapse::DEFAULT_PROFILE, Collapse::NAME)?;
    let mut screen = open_window(&profile.window, "start the Collapse game first (python3 collapse.py)")?;
    cx.line(format!("playing collapse in {}", crate::screen::Screen::describe(&screen)));
    let mut device = LiveInput::open()?;
    let options = PlayOptions { budget: args.play.budget.budget(), ..PlayOptions::default() };
    let run =
        levels::play_levels(&mut screen, &mut device, &profile, args.levels as usize, &options, &mut |l: &str| {
            cx.line(l)
        })?;
    Ok(report(cx, &run))
}

/// The run's summary lines; true when every level played ended at its optimum.
fn report(cx: &mut Invocation, run: &Run) -> bool {
    let played = run.levels.len();
    let at_optimum = run.levels.iter().filter(|l| l.at_optimum()).count();
    let moves: usize = run.levels.iter().map(|l| l.moves).sum();
    let times: Vec<f64> = run.levels.iter().flat_map(|l| l.move_times.iter().map(|t| t.as_secs_f64() * 1e3)).collect();
    let mean = if times.is_empty() { 0.0 } else { times.iter().sum::<f64>() / times.len() as f64 };
    let slowest = times.iter().copied().fold(0.0, f64::max);
    if run.game_ended {
        cx.line("the game's window went away after the last level ended: the game is over");
    }
    cx.line(format!(
        "{played} levels played, {at_optimum} at the optimum; {moves} moves, {mean:.0} ms per move (slowest {slowest:.0} ms)"
    ));
    played > 0 && at_optimum == played
}
