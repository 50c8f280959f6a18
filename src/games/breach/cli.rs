//! Breach Protocol on the command line: its options for each command and its `Game` impl. Play
//! and read go through the shared turn-based commands; solve (a case file) and bench (random
//! puzzles, and read + solve of a folder of screenshots at 4K) are its own.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::board::Puzzle;
use super::play::Breach;
use super::{read, solve};
use crate::commands::{self, BudgetArg, NoArgs, PlayArgs, ReadArgs};
use crate::env::Env;
use crate::frame::Frame;
use crate::games::Game;
use crate::games::case::{CaseFile, Passed};
use crate::profile::Profile;
use crate::vision::grid::Grid;

/// Options of `solve breach`.
#[derive(clap::Args)]
pub struct BreachSolve {
    /// A case file (`[board] grid`, `daemons`, `buffer`).
    pub case: PathBuf,
    #[command(flatten)]
    pub budget: BudgetArg,
}

/// Options of `bench breach`.
#[derive(clap::Args)]
pub struct BreachBench {
    /// A folder of Breach screenshots to read and solve at 3840x2160 (e.g. ../shared/corpus/breach).
    pub screenshots: Option<PathBuf>,
}

impl Game for Breach {
    const NAME: &'static str = "breach";
    const ABOUT: &'static str = "Cyberpunk 2077 Breach Protocol: pick codes to upload the most valuable daemons";
    const DEFAULT_PROFILE: &'static str = "cyberpunk-breach";

    type Play = PlayArgs;
    type Calibrate = NoArgs;
    type Read = ReadArgs;
    type Solve = BreachSolve;
    type Bench = BreachBench;
    type Tune = NoArgs;

    fn play(env: &mut Env, args: PlayArgs) -> anyhow::Result<bool> {
        commands::play::<Breach>(env, Self::DEFAULT_PROFILE, &args, None)
    }

    fn calibrate(_env: &mut Env, _args: NoArgs) -> anyhow::Result<bool> {
        bail!("breach needs no calibration: the screen is read from shapes at any resolution")
    }

    fn read(env: &mut Env, args: ReadArgs) -> anyhow::Result<bool> {
        commands::read::<Breach>(env, Self::DEFAULT_PROFILE, &args)
    }

    /// The optimal picks, as (row, col) from 0, and what they complete.
    fn solve(env: &mut Env, args: BreachSolve) -> anyhow::Result<bool> {
        let case = crate::games::case::load(&args.case)?;
        let puzzle =
            super::case::case_puzzle(&case.board).with_context(|| format!("{}: bad [board]", args.case.display()))?;
        plan(env, &puzzle, args.budget.budget());
        Ok(true)
    }

    fn bench(env: &mut Env, args: BreachBench) -> anyhow::Result<bool> {
        bench(env, args.screenshots.as_deref())?;
        Ok(true)
    }

    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, _layout: Option<&Grid>) -> Result<Passed, String> {
        super::case::check(case, frame, profile)
    }
}

/// Solves and reports the plan.
fn plan(env: &mut Env, p: &Puzzle, budget: crate::budget::Budget) {
    let started = Instant::now();
    let (solution, proven) = solve::solve_within(p, budget);
    env.line(format!(
        "plan: {} picks complete daemons {:?} (value {}, {}), solved in {:.2} ms",
        solution.path.len(),
        solution.daemons,
        solution.value,
        if proven { "proven optimal" } else { "budget spent: not proven optimal" },
        started.elapsed().as_secs_f64() * 1e3
    ));
    if !solution.path.is_empty() {
        let picks: Vec<String> = solution
            .path
            .iter()
            .enumerate()
            .map(|(i, &(r, c))| format!("{}: row {r} col {c} ({})", i + 1, p.at(r, c)))
            .collect();
        env.line(format!("  {}", picks.join("  ")));
    }
}

/// The median and the largest of some durations, in milliseconds.
fn median_max(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (times.get(times.len() / 2).map_or(0.0, |&d| ms(d)), times.last().map_or(0.0, |&d| ms(d)))
}

/// `gamebot bench breach [DIR]`: the solver on random 7x7 puzzles (3-4 daemons) with buffers of 8
/// and 13, and, given the folder of breach screenshots, read + solve of each one scaled to
/// 3840x2160. Prints `key=value` lines.
fn bench(env: &mut Env, screenshots: Option<&Path>) -> anyhow::Result<()> {
    let mut rng = crate::rng::SplitMix64(0xB4EAC4);
    for buffer in [8, 13] {
        let puzzles: Vec<Puzzle> =
            (0..500).map(|i| crate::games::breach::random::puzzle(&mut rng, 7, 3 + i % 2, buffer)).collect();
        let times: Vec<Duration> = puzzles
            .iter()
            .map(|p| {
                let started = Instant::now();
                std::hint::black_box(solve::solve(p));
                started.elapsed()
            })
            .collect();
        let (median, max) = median_max(times);
        env.line(format!("solve_7x7_buffer{buffer}_puzzles=500"));
        env.line(format!("solve_7x7_buffer{buffer}_median_ms={median:.3}"));
        env.line(format!("solve_7x7_buffer{buffer}_max_ms={max:.3}"));
    }
    let Some(dir) = screenshots else { return Ok(()) };
    let mut pngs: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("{}: cannot list the folder", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    pngs.sort();
    let mut times = Vec::new();
    for png in &pngs {
        let frame = crate::screen::load_png(png)?;
        let image = image::imageops::resize(&frame.image, 3840, 2160, image::imageops::FilterType::Triangle);
        let frame = Frame::from_image(image);
        let started = Instant::now();
        let screen = read::read(&frame).with_context(|| format!("{} at 3840x2160", png.display()))?;
        std::hint::black_box(solve::solve(&screen.puzzle));
        times.push(started.elapsed());
    }
    let (median, max) = median_max(times);
    env.line(format!("read_solve_4k_screens={}", pngs.len()));
    env.line(format!("read_solve_4k_median_ms={median:.1}"));
    env.line(format!("read_solve_4k_max_ms={max:.1}"));
    Ok(())
}
