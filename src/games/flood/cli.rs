//! Flood-it on the command line: its options for each command and what they do. Play and calibrate
//! add to the shared turn-based commands (a move limit; learning a new program's profile); solve
//! and bench are its own.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;

use super::board::{self, Board};
use super::{Flood, bench, solve};
use crate::case::input_rows;
use crate::commands::{self, BudgetArg, CalibrateArgs, PlayArgs};
use crate::game::{Command, Game, TurnBased};
use crate::invocation::Invocation;

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
    #[arg(required_unless_present_any = ["live", "calibration"])]
    pub boards: Option<PathBuf>,
    /// Instead: time N captures and reads of the live Flood-it window (capture + read per move).
    #[arg(long, conflicts_with = "boards")]
    pub live: Option<usize>,
    /// Instead: time blind calibration and reading over the programs in DIR, one folder of cases
    /// each (e.g. fixtures/flood): `key=value` lines.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["boards", "live"])]
    pub calibration: Option<PathBuf>,
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
    /// Also stop each board's search after this many search states (with `--budget-ms` large,
    /// the results no longer depend on the machine's speed or load).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Write every board's plan to FILE, one line a board in the file's order, the colours in
    /// the boards' own characters (written whole at the end; an existing FILE is refused before
    /// any board is solved, unless --force).
    #[arg(long, value_name = "FILE")]
    pub solutions: Option<PathBuf>,
    /// Replace an existing --solutions file.
    #[arg(long, requires = "solutions")]
    pub force: bool,
}

/// Options of `calibrate flood`.
#[derive(clap::Args)]
pub struct FloodCalibrate {
    #[command(flatten)]
    pub common: CalibrateArgs,
}

impl Command<Flood> for FloodPlay {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        commands::play::<Flood>(cx, &self.common, self.limit)
    }
}

impl Command<Flood> for FloodCalibrate {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if self.common.learns(cx) {
            return learn(cx, &self.common);
        }
        commands::calibrate::<Flood>(cx, &self.common)
    }
}

impl Command<Flood> for FloodSolve {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let board = board_from(self.input.as_deref())?;
        let (row, col) = match (self.start, case_start(self.input.as_deref())?) {
            (Some(start), _) => start.cell(board.rows, board.cols),
            (None, Some([row, col])) => (row, col),
            (None, None) => (0, 0),
        };
        let board = board.with_start(row, col).with_context(|| format!("--start {row},{col}"))?;
        let started = Instant::now();
        let solution = solve::solve(&board, self.budget.budget());
        let moves: Vec<String> = solution.moves.iter().map(|&m| board::char_of(m).to_string()).collect();
        cx.line(moves.join(" "));
        cx.line(format!(
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
}

impl Command<Flood> for FloodBench {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if let Some(dir) = &self.calibration {
            for line in super::benchmarks::calibration_figures(dir)? {
                cx.line(line);
            }
            return Ok(true);
        }
        match self.live {
            Some(count) => {
                let profile = self.profile.load(cx, Flood::DEFAULT_PROFILE, Flood::NAME)?;
                super::live_bench::run(cx, &profile, count.max(1))?;
            }
            None => bench(cx, &self)?,
        }
        Ok(true)
    }
}

/// `gamebot calibrate flood --from shot.png --profile NAME [--board case.toml]`: learns a new
/// profile from one screenshot (`flood::calibrate`), saves it, and draws what was found.
fn learn(cx: &mut Invocation, args: &CalibrateArgs) -> anyhow::Result<bool> {
    let out = commands::learned_picture_path(cx, args, Flood::NAME)?;
    let (frame, shot) = commands::learning_frame(args)?;
    let truth = match &args.board {
        Some(path) => Some(board_from(Some(path.as_path()))?),
        None => None,
    };
    let learnt = super::calibrate::learn(&frame, truth.as_ref())
        .with_context(|| format!("{shot}: cannot learn a profile from it"))?;
    learnt.notes.iter().for_each(|note| cx.line(note.clone()));
    let path = commands::save_learned_profile(cx, args, Flood::NAME, &shot, &learnt.config)?;
    cx.line(format!("saved the profile to {}", path.display()));
    match &truth {
        Some(_) => cx.line("the board as the new profile reads it (it matches the given board):"),
        None => cx.line("PROPOSED reading (no --board given): check it against the screenshot and the picture"),
    }
    cx.line(learnt.board.to_string());
    let mut picture = Flood::annotate(&frame, &learnt.grid, &learnt.board, &[]);
    for button in &learnt.buttons {
        crate::vision::annotate::outline(&mut picture, *button, 2, image::Rgba([255, 255, 255, 255]));
    }
    crate::files::save_png(&picture, &out, args.force)?;
    cx.line(format!("what was learned is drawn in {}", out.display()));
    Ok(true)
}

/// The `[board] start` of a case file, when the input is one that says it.
fn case_start(input: Option<&Path>) -> anyhow::Result<Option<[usize; 2]>> {
    match input {
        Some(path) if path.as_os_str() != "-" => {
            let case = crate::case::load(path)?;
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
fn bench(cx: &mut Invocation, args: &FloodBench) -> anyhow::Result<()> {
    let Some(path) = &args.boards else { anyhow::bail!("bench flood needs a file of boards (or --live N)") };
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let boards = bench::parse_boards(&text, args.start).with_context(|| path.display().to_string())?;
    if let Some(out) = args.solutions.as_ref().filter(|out| out.exists() && !args.force) {
        anyhow::bail!("--solutions {}: the file exists (pass --force to replace it)", out.display());
    }
    let mut budget = args.budget.budget();
    if let Some(nodes) = args.nodes {
        budget.max_nodes = nodes;
    }
    let options = bench::BenchOptions { budget, threads: args.threads };
    let report = bench::run(&boards, options, &mut |p| cx.progress("boards", p.done as u64, p.total as u64))?;
    let times = report.sorted_times();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        cx.note(format!(
            "per board: median {:.2} ms, worst {:.1} ms",
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        ));
    }
    if report.proven_optimal < report.results.len() {
        cx.line(format!(
            "unproven={} lower_bound_total={} (the optimal total is at least this)",
            report.results.len() - report.proven_optimal,
            report.lower_bound_total()
        ));
    }
    if let Some(out) = &args.solutions {
        crate::files::write_atomic(out, report.solutions_text().as_bytes(), args.force)
            .with_context(|| format!("writing the solutions to {}", out.display()))?;
        cx.note(format!("solutions written to {}", out.display()));
    }
    cx.line(report.summary());
    Ok(())
}
