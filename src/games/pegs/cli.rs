//! Peg solitaire on the command line: its options for each command and what they do. Play and read
//! are the shared turn-based commands; calibrate adds learning a new program's profile; solve (one
//! peg anywhere or on a named square, or the fewest moves) and bench are its own.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};

use super::board::{Board, Cell, Pos};
use super::solve::{self, Outcome, Target};
use super::{MoveStyle, Pegs};
use crate::case::input_rows;
use crate::commands::{self, BudgetArg, CalibrateArgs};
use crate::game::{Command, Game, TurnBased};
use crate::invocation::Invocation;

/// Options of `calibrate pegs`.
#[derive(clap::Args)]
pub struct PegsCalibrate {
    #[command(flatten)]
    pub common: CalibrateArgs,
    /// For a new profile: how the program takes a jump (a still screen does not show it).
    #[arg(long, value_enum, default_value_t = MoveStyle::Click)]
    pub moves: MoveStyle,
    /// For a new profile: which way a peg may jump in the program (its `[rules] jumps`; a still
    /// screen does not show it) [default: orthogonal].
    #[arg(long, value_enum)]
    pub jumps: Option<super::rules::Jumps>,
    /// For a new profile: when the program counts the game won (its `[rules] goal`) [default:
    /// one-peg]. A board from which one peg cannot be left is said so after learning.
    #[arg(long, value_enum)]
    pub goal: Option<super::rules::Goal>,
    /// For a new profile with `--goal one-peg-on-square`: the square, as row,col from 0.
    #[arg(long, value_parser = parse_square, requires = "goal")]
    pub square: Option<Pos>,
}

impl PegsCalibrate {
    /// The rules the options tell, the classic ones where they tell nothing.
    fn rules(&self) -> super::rules::Rules {
        super::rules::Rules {
            jumps: self.jumps.unwrap_or_default(),
            goal: self.goal.unwrap_or_default(),
            square: self.square,
        }
    }
}

/// Options of `solve pegs`.
#[derive(clap::Args)]
pub struct PegsSolve {
    /// A case file, or "-" (or nothing) for rows of o (peg), . (hole) and # (no hole) on standard input.
    pub input: Option<PathBuf>,
    #[command(flatten)]
    pub budget: BudgetArg,
    /// The square the last peg must end on, as row,col from 0 (default: anywhere).
    #[arg(long, value_parser = parse_square)]
    pub at: Option<Pos>,
    /// Find the fewest moves (a chain of jumps by one peg is one move) and prove it.
    #[arg(long)]
    pub fewest: bool,
    /// Solve by other rules than the classic ones, as a profile's `[rules]` says: which way a peg
    /// may jump.
    #[arg(long, value_enum, conflicts_with_all = ["at", "fewest"])]
    pub jumps: Option<super::rules::Jumps>,
    /// ... and when the game is won.
    #[arg(long, value_enum, conflicts_with_all = ["at", "fewest"])]
    pub goal: Option<super::rules::Goal>,
    /// ... and for `--goal one-peg-on-square`, the square, as row,col from 0.
    #[arg(long, value_parser = parse_square, requires = "goal")]
    pub square: Option<Pos>,
}

/// `gamebot calibrate pegs --from shot.png --board case.toml --profile NAME`: learns a new profile
/// from one screenshot and its known board (`pegs::calibrate`), saves it, and draws what was found.
/// Without `--board`, from a proposed reading (`pegs::calibrate`), said to be one.
fn learn(cx: &mut Invocation, args: &PegsCalibrate) -> anyhow::Result<bool> {
    let common = &args.common;
    let out = commands::learned_picture_path(cx, common, <Pegs as Game>::NAME)?;
    let (frame, shot) = commands::learning_frame(common)?;
    let truth = match common.board.as_deref() {
        Some(board_path) => {
            let (rows, source) = input_rows(Some(board_path))?;
            Some(Board::from_rows(&rows).with_context(|| format!("{source}: expected rows of o, . and #"))?)
        }
        None => None,
    };
    let mut learnt = super::calibrate::learn_by(&frame, truth.as_ref(), args.moves, &args.rules())
        .with_context(|| format!("{shot}: cannot learn a profile from it"))?;
    learnt.config.rules = args.rules();
    learnt.notes.iter().for_each(|note| cx.line(note.clone()));
    let path = commands::save_learned_profile(cx, common, <Pegs as Game>::NAME, &shot, &learnt.config)?;
    cx.line(format!("saved the profile to {}", path.display()));
    match common.board {
        Some(_) => cx.line("the board as the new profile reads it (it matches the given board):"),
        None => cx.line("PROPOSED reading (no --board given): check it against the screenshot and the picture"),
    }
    cx.line(learnt.board.to_string());
    if let Some(warning) = super::plan::unwinnable(&learnt.board, &learnt.config.rules) {
        cx.line(warning);
    }
    let picture = Pegs::annotate(&frame, &learnt.grid, &learnt.board, &[]);
    crate::files::save_png(&picture, &out, common.force)?;
    cx.line(format!("what was learned is drawn in {}", out.display()));
    Ok(true)
}

/// Parses a target square written `row,col` (from 0).
pub fn parse_square(text: &str) -> anyhow::Result<Pos> {
    let (r, c) = text.split_once(',').context("a square is written row,col (from 0), e.g. 3,3")?;
    Ok((r.trim().parse().context("bad row")?, c.trim().parse().context("bad column")?))
}

impl Command<Pegs> for PegsCalibrate {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let args = self;
        if args.common.learns(cx) {
            return learn(cx, &args);
        }
        if args.jumps.is_some() || args.goal.is_some() {
            bail!(
                "--jumps and --goal tell a new profile's rules; this calibrates the existing profile: change its [rules] instead, or learn a new one (--learn)"
            );
        }
        commands::calibrate::<Pegs>(cx, &args.common)
    }
}

impl Command<Pegs> for PegsSolve {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let args = self;
        let (rows, source) = input_rows(args.input.as_deref())?;
        let board = Board::from_rows(&rows)
            .with_context(|| format!("{source}: expected rows of o (peg), . (hole) and # (no hole)"))?;
        if args.jumps.is_some() || args.goal.is_some() {
            let rules = super::rules::Rules {
                jumps: args.jumps.unwrap_or_default(),
                goal: args.goal.unwrap_or_default(),
                square: args.square,
            };
            let started = Instant::now();
            let plan = super::plan::plan(&board, &rules, args.budget.budget())?;
            let end =
                plan.moves.iter().try_fold(board.clone(), |mut now, jump| rules.jump(&mut now, jump).map(|_| now))?;
            cx.line(Pegs::describe_plan(&plan.moves));
            let took = started.elapsed().as_secs_f64() * 1e3;
            cx.line(format!("solved by {} ({} pegs left, {took:.1} ms)", super::plan::describe(&rules), end.pegs()));
            return Ok(true);
        }
        let target = match args.at {
            Some((r, c)) if r >= board.rows || c >= board.cols || board.get((r, c)) == Cell::Off => {
                bail!("the target square {r},{c} is not a hole of this {}x{} board", board.rows, board.cols)
            }
            Some(square) => Target::OnePegAt(square),
            None => Target::OnePeg,
        };
        let started = Instant::now();
        let ms = || started.elapsed().as_secs_f64() * 1e3;
        if args.fewest {
            match solve::solve_min_moves(&board, target, args.budget.budget()) {
                Ok(best) => {
                    cx.line(Pegs::describe_plan(&best.jumps));
                    let proof = if best.proven_optimal {
                        "proven the fewest"
                    } else {
                        "NOT proven the fewest: the budget ran out"
                    };
                    cx.line(format!("{} moves, {proof} ({} nodes, {:.1} ms)", best.moves, best.nodes, ms()));
                    Ok(true)
                }
                Err(outcome) => report_failure(cx, &outcome, ms()),
            }
        } else {
            let report = solve::solve(&board, target, args.budget.budget());
            match report.outcome {
                Outcome::Solved(jumps) => {
                    cx.line(Pegs::describe_plan(&jumps));
                    cx.line(format!("solved ({} nodes, {:.1} ms)", report.nodes, ms()));
                    Ok(true)
                }
                other => report_failure(cx, &other, ms()),
            }
        }
    }
}

/// Options of `bench pegs`.
#[derive(clap::Args)]
pub struct PegsBench {
    /// Instead of the solver's figures: time blind calibration and reading over the programs in
    /// DIR, one folder of cases each (e.g. fixtures/pegs).
    #[arg(long, value_name = "DIR")]
    pub calibration: Option<PathBuf>,
}

impl Command<Pegs> for PegsBench {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if let Some(dir) = &self.calibration {
            for line in super::benchmarks::calibration_figures(dir)? {
                cx.line(line);
            }
            return Ok(true);
        }
        for (key, value) in solve::bench_report() {
            cx.line(format!("{key}={value}"));
        }
        Ok(true)
    }
}

fn report_failure(cx: &mut Invocation, outcome: &Outcome, ms: f64) -> anyhow::Result<bool> {
    match outcome {
        Outcome::Unsolvable => {
            cx.line(format!("proven unsolvable: no sequence of jumps reaches the target ({ms:.1} ms)"));
            Ok(false)
        }
        _ => bail!("no answer within the budget ({ms:.0} ms); pass a larger --budget-ms"),
    }
}
