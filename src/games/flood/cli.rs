//! Flood-it on the command line: its options for each command and its `Game` impl. Play, calibrate
//! and read go through the shared turn-based commands; solve and bench are its own.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;

use super::board::{self, Board};
use super::{Flood, bench, solve};
use crate::commands::{self, BudgetArg, CalibrateArgs, NoArgs, PlayArgs, ReadArgs};
use crate::env::Env;
use crate::frame::Frame;
use crate::games::Game;
use crate::games::case::{CaseFile, Passed, input_rows};
use crate::profile::Profile;
use crate::vision::grid::Grid;

/// Options of `play flood`.
#[derive(clap::Args)]
pub struct FloodPlay {
    #[command(flatten)]
    pub common: PlayArgs,
    /// Stop, unsuccessfully, after this many moves (the game's limit).
    #[arg(long)]
    pub limit: Option<usize>,
}

/// Options of `solve flood`.
#[derive(clap::Args)]
pub struct FloodSolve {
    /// A case file, or "-" (or nothing) for rows of colour digits on standard input.
    pub input: Option<PathBuf>,
    /// Where the flood starts: top-left, centre, or ROW,COL [default: the case's [board] start,
    /// else top-left].
    #[arg(long)]
    pub start: Option<bench::Start>,
    #[command(flatten)]
    pub budget: BudgetArg,
}

/// Options of `bench flood`.
#[derive(clap::Args)]
pub struct FloodBench {
    /// A file of boards, one square board of digits per line (e.g. ../shared/corpus/flood-pc19/tiles.txt).
    #[arg(required_unless_present = "live")]
    pub boards: Option<PathBuf>,
    /// Instead: time N captures and reads of the live Flood-it window (capture + read per move).
    #[arg(long, conflicts_with = "boards")]
    pub live: Option<usize>,
    #[command(flatten)]
    pub profile: crate::commands::ProfileArg,
    /// Solver time budget per board in milliseconds.
    #[command(flatten)]
    pub budget: BudgetArg,
    /// Where the flood starts on every board: top-left (default), centre, or ROW,COL.
    #[arg(long, default_value = "top-left")]
    pub start: bench::Start,
    /// Boards solved at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

impl Game for Flood {
    const NAME: &'static str = "flood";
    const ABOUT: &'static str = "Flood-it (sgt-flood): flood the board from the top-left cell in the fewest moves";
    const DEFAULT_PROFILE: &'static str = "sgt-flood";

    type Play = FloodPlay;
    type Calibrate = CalibrateArgs;
    type Read = ReadArgs;
    type Solve = FloodSolve;
    type Bench = FloodBench;
    type Tune = NoArgs;

    fn play(env: &mut Env, args: FloodPlay) -> anyhow::Result<bool> {
        commands::play::<Flood>(env, Self::DEFAULT_PROFILE, &args.common, args.limit)
    }

    fn calibrate(env: &mut Env, args: CalibrateArgs) -> anyhow::Result<bool> {
        if args.learns(env) {
            return learn(env, &args);
        }
        commands::calibrate::<Flood>(env, Self::DEFAULT_PROFILE, &args)
    }

    fn read(env: &mut Env, args: ReadArgs) -> anyhow::Result<bool> {
        commands::read::<Flood>(env, Self::DEFAULT_PROFILE, &args)
    }

    fn solve(env: &mut Env, args: FloodSolve) -> anyhow::Result<bool> {
        let board = board_from(args.input.as_deref())?;
        let (row, col) = match (args.start, case_start(args.input.as_deref())?) {
            (Some(start), _) => start.cell(board.rows, board.cols),
            (None, Some([row, col])) => (row, col),
            (None, None) => (0, 0),
        };
        let board = board.with_start(row, col).with_context(|| format!("--start {row},{col}"))?;
        let started = Instant::now();
        let solution = solve::solve(&board, args.budget.budget());
        let moves: Vec<String> = solution.moves.iter().map(|&m| board::char_of(m).to_string()).collect();
        env.line(moves.join(" "));
        env.line(format!(
            "{} moves, {} ({} nodes, {:.1} ms)",
            moves.len(),
            if solution.proven_optimal {
                "proven optimal".to_string()
            } else {
                format!("NOT proven optimal: the budget ran out; no plan is shorter than {}", solution.lower_bound)
            },
            solution.nodes,
            started.elapsed().as_secs_f64() * 1e3
        ));
        Ok(true)
    }

    fn bench(env: &mut Env, args: FloodBench) -> anyhow::Result<bool> {
        match args.live {
            Some(count) => {
                let profile = args.profile.load(env, Self::DEFAULT_PROFILE, Self::NAME)?;
                super::live_bench::run(env, &profile, count.max(1))?;
            }
            None => bench(env, &args)?,
        }
        Ok(true)
    }

    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String> {
        super::case::check(case, frame, profile, layout)
    }
}

/// `gamebot calibrate flood --from shot.png --profile NAME [--board case.toml]`: learns a new
/// profile from one screenshot (`flood::calibrate`), saves it, and draws what was found.
fn learn(env: &mut Env, args: &CalibrateArgs) -> anyhow::Result<bool> {
    let out = commands::learned_picture_path(env, args, Flood::NAME)?;
    let (frame, shot) = commands::learning_frame(args)?;
    let truth = match &args.board {
        Some(path) => Some(board_from(Some(path.as_path()))?),
        None => None,
    };
    let learnt = super::calibrate::learn(&frame, truth.as_ref())
        .with_context(|| format!("{shot}: cannot learn a profile from it"))?;
    learnt.notes.iter().for_each(|note| env.line(note.clone()));
    let path = commands::save_learned_profile(env, args, Flood::NAME, &shot, &learnt.config)?;
    env.line(format!("saved the profile to {}", path.display()));
    match &truth {
        Some(_) => env.line("the board as the new profile reads it (it matches the given board):"),
        None => env.line("PROPOSED reading (no --board given): check it against the screenshot and the picture"),
    }
    env.line(learnt.board.to_string());
    let mut picture = <Flood as crate::runner::TurnBased>::annotate(&frame, &learnt.grid, &learnt.board, &[]);
    for button in &learnt.buttons {
        crate::vision::annotate::outline(&mut picture, *button, 2, image::Rgba([255, 255, 255, 255]));
    }
    crate::files::save_png(&picture, &out, args.force)?;
    env.line(format!("what was learned is drawn in {}", out.display()));
    Ok(true)
}

/// The `[board] start` of a case file, when the input is one that says it.
fn case_start(input: Option<&Path>) -> anyhow::Result<Option<[usize; 2]>> {
    match input {
        Some(path) if path.as_os_str() != "-" => {
            let case = crate::games::case::load(path)?;
            Ok(case
                .board
                .get("start")
                .map(|v| v.clone().try_into::<[usize; 2]>())
                .transpose()
                .with_context(|| format!("{}: [board] start must be [row, col]", path.display()))?)
        }
        _ => Ok(None),
    }
}

/// The board to solve: a case file's `[board]`, or rows of digits on standard input.
fn board_from(input: Option<&Path>) -> anyhow::Result<Board> {
    let (rows, source) = input_rows(input)?;
    Board::from_rows(&rows).with_context(|| format!("{source}: expected rows of colour digits, one row per line"))
}

/// `gamebot bench flood FILE`: solves every board of a file (one square board per line, cells
/// `0`-`9`, `a`-`f`) on `threads` threads, flooding from `start`; the logic is `flood::bench`.
fn bench(env: &mut Env, args: &FloodBench) -> anyhow::Result<()> {
    let Some(path) = &args.boards else { anyhow::bail!("bench flood needs a file of boards (or --live N)") };
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let boards = bench::parse_boards(&text, args.start).with_context(|| path.display().to_string())?;
    let options = bench::BenchOptions { budget: args.budget.budget(), threads: args.threads };
    let report = bench::run(&boards, options, &mut |p| env.progress("boards", p.done as u64, p.total as u64))?;
    let times = report.sorted_times();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        env.note(format!(
            "per board: median {:.2} ms, worst {:.1} ms",
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        ));
    }
    if report.proven_optimal < report.results.len() {
        env.line(format!(
            "unproven={} lower_bound_total={} (the optimal total is at least this)",
            report.results.len() - report.proven_optimal,
            report.lower_bound_total()
        ));
    }
    env.line(report.summary());
    Ok(())
}
