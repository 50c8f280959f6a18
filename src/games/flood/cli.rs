//! Flood-it on the command line: its options for each command and its `Game` impl. Play, calibrate
//! and read go through the shared turn-based commands; solve and bench are its own.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};

use super::board::Board;
use super::{Flood, solve};
use crate::commands::{self, BudgetArg, CalibrateArgs, NoArgs, PlayArgs, ReadArgs};
use crate::env::Env;
use crate::frame::Frame;
use crate::games::Game;
use crate::games::case::{CaseFile, Passed, input_rows};
use crate::profile::Profile;

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
    #[command(flatten)]
    pub budget: BudgetArg,
}

/// Options of `bench flood`.
#[derive(clap::Args)]
pub struct FloodBench {
    /// A file of boards, one square board of digits per line (e.g. ../shared/corpus/flood-pc19/tiles.txt).
    pub boards: PathBuf,
    /// Solver time budget per board in milliseconds.
    #[command(flatten)]
    pub budget: BudgetArg,
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
        commands::calibrate::<Flood>(env, Self::DEFAULT_PROFILE, &args)
    }

    fn read(env: &mut Env, args: ReadArgs) -> anyhow::Result<bool> {
        commands::read::<Flood>(env, Self::DEFAULT_PROFILE, &args)
    }

    fn solve(env: &mut Env, args: FloodSolve) -> anyhow::Result<bool> {
        let board = board_from(args.input.as_deref())?;
        let started = Instant::now();
        let solution = solve::solve(&board, args.budget.budget());
        let moves: Vec<String> = solution.moves.iter().map(u8::to_string).collect();
        env.line(moves.join(" "));
        env.line(format!(
            "{} moves, {} ({} nodes, {:.1} ms)",
            moves.len(),
            if solution.proven_optimal { "proven optimal" } else { "NOT proven optimal: the budget ran out" },
            solution.nodes,
            started.elapsed().as_secs_f64() * 1e3
        ));
        Ok(true)
    }

    fn bench(env: &mut Env, args: FloodBench) -> anyhow::Result<bool> {
        bench(env, &args.boards, args.budget.budget())?;
        Ok(true)
    }

    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile) -> Result<Passed, String> {
        super::case::check(case, frame, profile)
    }
}

/// The board to solve: a case file's `[board]`, or rows of digits on standard input.
fn board_from(input: Option<&Path>) -> anyhow::Result<Board> {
    let (rows, source) = input_rows(input)?;
    Board::from_rows(&rows).with_context(|| format!("{source}: expected rows of colour digits, one row per line"))
}

/// `gamebot bench flood tiles.txt`: solves every board of a file (one per line, N*N digits).
fn bench(env: &mut Env, path: &Path, budget: crate::budget::Budget) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut boards = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let line = line.trim();
        let side = (line.len() as f64).sqrt().round() as usize;
        if side * side != line.len() {
            bail!("{}:{}: {} digits is not a square board", path.display(), n + 1, line.len());
        }
        let rows: Vec<&str> = (0..side).map(|r| &line[r * side..(r + 1) * side]).collect();
        boards.push(Board::from_rows(&rows).with_context(|| format!("{}:{}", path.display(), n + 1))?);
    }
    let (mut total, mut proven) = (0usize, 0usize);
    let mut times = Vec::with_capacity(boards.len());
    let started = Instant::now();
    for (i, board) in boards.iter().enumerate() {
        let t = Instant::now();
        let solution = solve::solve(board, budget);
        times.push(t.elapsed());
        if !board.wins_with(&solution.moves) {
            bail!("board {}: the solution does not win; this is a solver bug", i + 1);
        }
        total += solution.moves.len();
        proven += solution.proven_optimal as usize;
        if (i + 1) % 100 == 0 {
            env.note(format!("{} boards, {:.2} s", i + 1, started.elapsed().as_secs_f64()));
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    times.sort();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        env.note(format!(
            "per board: median {:.2} ms, worst {:.1} ms",
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        ));
    }
    env.line(format!("boards={} total_moves={total} proven_optimal={proven} seconds={seconds:.3}", boards.len()));
    Ok(())
}
