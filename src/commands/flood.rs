//! Flood-it commands of its own: solve a board, and bench the solver on a file of boards.

use std::path::Path;
use std::time::Instant;

use anyhow::Context;

use crate::budget::Budget;
use crate::games::flood::board::Board;
use crate::games::flood::{bench, solve};

/// The board to solve: a case file's `[board]`, or rows of digits on standard input.
fn board_from(input: Option<&Path>) -> anyhow::Result<Board> {
    let (rows, source) = super::input_rows(input)?;
    Board::from_rows(&rows).with_context(|| format!("{source}: expected rows of colour digits, one row per line"))
}

/// `gamebot solve flood`.
pub fn solve_board(input: Option<&Path>, budget: Budget) -> anyhow::Result<()> {
    let board = board_from(input)?;
    let started = Instant::now();
    let solution = solve::solve(&board, budget);
    let moves: Vec<String> = solution.moves.iter().map(u8::to_string).collect();
    println!("{}", moves.join(" "));
    println!(
        "{} moves, {} ({} nodes, {:.1} ms)",
        moves.len(),
        if solution.proven_optimal { "proven optimal" } else { "NOT proven optimal: the budget ran out" },
        solution.nodes,
        started.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

/// `gamebot bench flood FILE`: solves every board of a file (one square board per line, cells
/// `0`-`9`, `a`-`f`) on `threads` threads, flooding from `start`; the logic is
/// `games::flood::bench`, this only prints.
pub fn bench(path: &Path, budget: Budget, threads: usize, start: bench::Start) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let boards = bench::parse_boards(&text, start).with_context(|| path.display().to_string())?;
    let options = bench::BenchOptions { budget, threads };
    let report = bench::run(&boards, options, &mut |p| {
        if p.done % 100 == 0 || p.done == p.total {
            eprintln!("{} boards, {:.2} s", p.done, p.elapsed.as_secs_f64());
        }
    })?;
    let times = report.sorted_times();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        eprintln!("per board: median {:.2} ms, worst {:.1} ms", median.as_secs_f64() * 1e3, worst.as_secs_f64() * 1e3);
    }
    println!("{}", report.summary());
    Ok(())
}
