//! Peg solitaire commands of its own: solve a board (one peg anywhere or on a named square, or the
//! fewest moves), and the solver's benchmark figures.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::games::Game;
use crate::games::pegs::Pegs;
use crate::games::pegs::board::{Board, Pos};
use crate::games::pegs::solve::{self, Outcome, Target};

/// Parses a target square written `row,col` (from 0).
pub fn parse_square(text: &str) -> anyhow::Result<Pos> {
    let (r, c) = text.split_once(',').context("a square is written row,col (from 0), e.g. 3,3")?;
    Ok((r.trim().parse().context("bad row")?, c.trim().parse().context("bad column")?))
}

/// `gamebot solve pegs`.
pub fn solve_board(input: Option<&Path>, at: Option<Pos>, fewest: bool, budget: Budget) -> anyhow::Result<bool> {
    let (rows, source) = super::input_rows(input)?;
    let board = Board::from_rows(&rows).with_context(|| format!("{source}: expected rows of o (peg), . (hole) and # (no hole)"))?;
    let target = match at {
        Some((r, c)) if r >= board.rows || c >= board.cols || board.get((r, c)) == crate::games::pegs::board::Cell::Off => {
            bail!("the target square {r},{c} is not a hole of this {}x{} board", board.rows, board.cols)
        }
        Some(square) => Target::OnePegAt(square),
        None => Target::OnePeg,
    };
    let started = Instant::now();
    let ms = || started.elapsed().as_secs_f64() * 1e3;
    if fewest {
        match solve::solve_min_moves(&board, target, budget) {
            Ok(best) => {
                println!("{}", Pegs::describe_plan(&best.jumps));
                let proof = if best.proven_optimal { "proven the fewest" } else { "NOT proven the fewest: the budget ran out" };
                println!("{} moves, {proof} ({} nodes, {:.1} ms)", best.moves, best.nodes, ms());
                Ok(true)
            }
            Err(outcome) => report_failure(&outcome, ms()),
        }
    } else {
        let report = solve::solve(&board, target, budget);
        match report.outcome {
            Outcome::Solved(jumps) => {
                println!("{}", Pegs::describe_plan(&jumps));
                println!("solved ({} nodes, {:.1} ms)", report.nodes, ms());
                Ok(true)
            }
            other => report_failure(&other, ms()),
        }
    }
}

fn report_failure(outcome: &Outcome, ms: f64) -> anyhow::Result<bool> {
    match outcome {
        Outcome::Unsolvable => {
            println!("proven unsolvable: no sequence of jumps reaches the target ({ms:.1} ms)");
            Ok(false)
        }
        _ => bail!("no answer within the budget ({ms:.0} ms); pass a larger --budget-ms"),
    }
}

/// `gamebot bench pegs`: the solver's headline figures, one `key=value` per line.
pub fn bench() -> anyhow::Result<()> {
    for (key, value) in solve::bench_report() {
        println!("{key}={value}");
    }
    Ok(())
}
