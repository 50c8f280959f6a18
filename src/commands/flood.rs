//! Flood-it commands of its own: solve a board, and bench the solver on a file of boards.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::games::flood::board::Board;
use crate::games::flood::solve;

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

/// `gamebot bench flood tiles.txt`: solves every board of a file (one per line, N*N digits; the
/// digits 1-6 of the pc19 set, or 0-9).
pub fn bench(path: &Path, budget: Budget) -> anyhow::Result<()> {
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
            eprintln!("{} boards, {:.2} s", i + 1, started.elapsed().as_secs_f64());
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    times.sort();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        eprintln!("per board: median {:.2} ms, worst {:.1} ms", median.as_secs_f64() * 1e3, worst.as_secs_f64() * 1e3);
    }
    println!("boards={} total_moves={total} proven_optimal={proven} seconds={seconds:.3}", boards.len());
    Ok(())
}
