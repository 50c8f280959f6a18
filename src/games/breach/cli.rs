//! Breach Protocol on the command line: its options for each command and what they do. Play and
//! read are the shared turn-based commands; solve (a case file) and bench (random puzzles, and
//! read + solve of a folder of screenshots at 4K) are its own.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;

use super::Breach;
use super::board::Puzzle;
use super::{read, solve};
use crate::commands::BudgetArg;
use crate::frame::Frame;
use crate::game::Command;
use crate::invocation::Invocation;

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

impl Command<Breach> for BreachSolve {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let args = self;
        let case = crate::case::load(&args.case)?;
        let puzzle =
            super::case::case_puzzle(&case.board).with_context(|| format!("{}: bad [board]", args.case.display()))?;
        plan(cx, &puzzle, args.budget.budget());
        Ok(true)
    }
}

impl Command<Breach> for BreachBench {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let args = self;
        bench(cx, args.screenshots.as_deref())?;
        Ok(true)
    }
}

/// Solves and reports the plan.
fn plan(cx: &mut Invocation, p: &Puzzle, budget: crate::budget::Budget) {
    let started = Instant::now();
    let (solution, proven) = solve::solve_within(p, budget);
    cx.line(format!(
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
        cx.line(format!("  {}", picks.join("  ")));
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
fn bench(cx: &mut Invocation, screenshots: Option<&Path>) -> anyhow::Result<()> {
    let mut rng = crate::rng::SplitMix64(0xB4EAC4);
    for buffer in [8, 13] {
        let puzzles: Vec<Puzzle> = (0..500).map(|i| super::random::puzzle(&mut rng, 7, 3 + i % 2, buffer)).collect();
        let times: Vec<Duration> = puzzles
            .iter()
            .map(|p| {
                let started = Instant::now();
                std::hint::black_box(solve::solve(p));
                started.elapsed()
            })
            .collect();
        let (median, max) = median_max(times);
        cx.line(format!("solve_7x7_buffer{buffer}_puzzles=500"));
        cx.line(format!("solve_7x7_buffer{buffer}_median_ms={median:.3}"));
        cx.line(format!("solve_7x7_buffer{buffer}_max_ms={max:.3}"));
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
    cx.line(format!("read_solve_4k_screens={}", pngs.len()));
    cx.line(format!("read_solve_4k_median_ms={median:.1}"));
    cx.line(format!("read_solve_4k_max_ms={max:.1}"));
    Ok(())
}
