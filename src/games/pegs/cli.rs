//! Peg solitaire on the command line: its options for each command and its `Game` impl. Play,
//! calibrate and read go through the shared turn-based commands; solve (one peg anywhere or on a
//! named square, or the fewest moves) and bench are its own.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};

use super::board::{Board, Cell, Pos};
use super::solve::{self, Outcome, Target};
use super::{MoveStyle, Pegs};
use crate::commands::{self, BudgetArg, CalibrateArgs, NoArgs, PlayArgs, ReadArgs};
use crate::env::Env;
use crate::frame::Frame;
use crate::games::Game;
use crate::games::case::{CaseFile, Passed, input_rows};
use crate::profile::Profile;
use crate::runner::TurnBased;
use crate::vision::grid::Grid;

/// Options of `calibrate pegs`.
#[derive(clap::Args)]
pub struct PegsCalibrate {
    #[command(flatten)]
    pub common: CalibrateArgs,
    /// For a new profile: how the program takes a jump (a still screen does not show it).
    #[arg(long, value_enum, default_value_t = MoveStyle::Click)]
    pub moves: MoveStyle,
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
}

/// `gamebot calibrate pegs --from shot.png --board case.toml --profile NAME`: learns a new profile
/// from one screenshot and its known board (`pegs::calibrate`), saves it, and draws what was found.
/// Without `--board`, from a proposed reading (`pegs::propose`), said to be one.
fn learn(env: &mut Env, args: &PegsCalibrate) -> anyhow::Result<bool> {
    let common = &args.common;
    let out = commands::learned_picture_path(env, common, <Pegs as Game>::NAME)?;
    let (frame, shot) = commands::learning_frame(common)?;
    let truth = match common.board.as_deref() {
        Some(board_path) => {
            let (rows, source) = input_rows(Some(board_path))?;
            Board::from_rows(&rows).with_context(|| format!("{source}: expected rows of o, . and #"))?
        }
        None => super::propose::propose(&frame).with_context(|| format!("{shot}: cannot propose a reading of it"))?,
    };
    let learnt = super::calibrate::learn(&frame, &truth, args.moves)
        .with_context(|| format!("{shot}: cannot learn a profile from it"))?;
    learnt.notes.iter().for_each(|note| env.line(note.clone()));
    let path = commands::save_learned_profile(env, common, <Pegs as Game>::NAME, &shot, &learnt.config)?;
    env.line(format!("saved the profile to {}", path.display()));
    match common.board {
        Some(_) => env.line("the board as the new profile reads it (it matches the given board):"),
        None => env.line("PROPOSED reading (no --board given): check it against the screenshot and the picture"),
    }
    env.line(learnt.board.to_string());
    let picture = Pegs::annotate(&frame, &learnt.grid, &learnt.board, &[]);
    crate::files::save_png(&picture, &out, common.force)?;
    env.line(format!("what was learned is drawn in {}", out.display()));
    Ok(true)
}

/// Parses a target square written `row,col` (from 0).
pub fn parse_square(text: &str) -> anyhow::Result<Pos> {
    let (r, c) = text.split_once(',').context("a square is written row,col (from 0), e.g. 3,3")?;
    Ok((r.trim().parse().context("bad row")?, c.trim().parse().context("bad column")?))
}

impl Game for Pegs {
    const NAME: &'static str = "pegs";
    const ABOUT: &'static str = "peg solitaire (sgt-pegs): jump pegs until one is left";
    const DEFAULT_PROFILE: &'static str = "sgt-pegs";

    type Play = PlayArgs;
    type Calibrate = PegsCalibrate;
    type Read = ReadArgs;
    type Solve = PegsSolve;
    type Bench = NoArgs;
    type Tune = NoArgs;

    fn play(env: &mut Env, args: PlayArgs) -> anyhow::Result<bool> {
        commands::play::<Pegs>(env, Self::DEFAULT_PROFILE, &args, None)
    }

    fn calibrate(env: &mut Env, args: PegsCalibrate) -> anyhow::Result<bool> {
        if args.common.learns(env) {
            return learn(env, &args);
        }
        commands::calibrate::<Pegs>(env, Self::DEFAULT_PROFILE, &args.common)
    }

    fn read(env: &mut Env, args: ReadArgs) -> anyhow::Result<bool> {
        commands::read::<Pegs>(env, Self::DEFAULT_PROFILE, &args)
    }

    fn solve(env: &mut Env, args: PegsSolve) -> anyhow::Result<bool> {
        let (rows, source) = input_rows(args.input.as_deref())?;
        let board = Board::from_rows(&rows)
            .with_context(|| format!("{source}: expected rows of o (peg), . (hole) and # (no hole)"))?;
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
                    env.line(Pegs::describe_plan(&best.jumps));
                    let proof = if best.proven_optimal {
                        "proven the fewest"
                    } else {
                        "NOT proven the fewest: the budget ran out"
                    };
                    env.line(format!("{} moves, {proof} ({} nodes, {:.1} ms)", best.moves, best.nodes, ms()));
                    Ok(true)
                }
                Err(outcome) => report_failure(env, &outcome, ms()),
            }
        } else {
            let report = solve::solve(&board, target, args.budget.budget());
            match report.outcome {
                Outcome::Solved(jumps) => {
                    env.line(Pegs::describe_plan(&jumps));
                    env.line(format!("solved ({} nodes, {:.1} ms)", report.nodes, ms()));
                    Ok(true)
                }
                other => report_failure(env, &other, ms()),
            }
        }
    }

    fn bench(env: &mut Env, _args: NoArgs) -> anyhow::Result<bool> {
        for (key, value) in solve::bench_report() {
            env.line(format!("{key}={value}"));
        }
        Ok(true)
    }

    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String> {
        super::case::check(case, frame, profile, layout)
    }
}

fn report_failure(env: &mut Env, outcome: &Outcome, ms: f64) -> anyhow::Result<bool> {
    match outcome {
        Outcome::Unsolvable => {
            env.line(format!("proven unsolvable: no sequence of jumps reaches the target ({ms:.1} ms)"));
            Ok(false)
        }
        _ => bail!("no answer within the budget ({ms:.0} ms); pass a larger --budget-ms"),
    }
}
