//! The peg solitaire solver: a one-peg finish (anywhere, or on a given square), and the fewest
//! moves to it, with proof, within a budget.
//!
//! A position is a bit board (`bits`, `geometry`): one word with a bit per square of the box of
//! holes, so a jump is a mask test and an xor, and the legal jumps of a whole direction come from a
//! few shifts. Before any search, the position class (de Bruijn's and Conway's diagonal colourings
//! mod 3) decides which squares the last peg can end on at all; when there is none the answer is
//! Unsolvable at once. During the search, dead positions are cut by invariants (`goal`): the
//! parity classes that can still hold the last peg, stranded pegs, pegs that can never meet, and
//! pagoda functions derived from the board's shape (`pagoda`).
//!
//! [`solve`] is a depth-first search over jumps with a table of failed positions, stored under the
//! board's symmetry group (the symmetries of the shape that also fix the target square,
//! `symmetry`), so each symmetry class is searched once, and restarts against heavy tails
//! (`dfs`). [`solve_min_moves`] counts moves in the classic way (a chain of jumps by one peg is
//! one move): it takes the first solution as an upper bound, solves the last few moves backwards
//! (`frontier`), then runs iterative deepening on the move count with an admissible lower bound
//! from pattern databases over regions of the board (`pdb`) and a table of proven lower bounds
//! per symmetry class (`minmoves`), until a solution is found or every shorter count is refuted.
//!
//! Both are deterministic: the same board, target and node budget give the same answer. Running
//! out of budget gives Unknown (or an unproven solution), never a wrong Unsolvable. Boards whose
//! box of holes has more than 128 squares (beyond 11x11) are not supported and give Unknown.
//! Measured (release, 2 cores): the English board from the centre is solved in about 3 ms; its
//! 18-move minimum is found and 17 refuted in about 3 s; the 33 English and 37 French
//! single-vacancy starts are classified in about 0.4 s; random 9x9 sgt-pegs boards take a few
//! milliseconds typically and under 0.7 s at worst over 200 boards ([`bench_report`]).

mod bench;
mod bits;
mod dfs;
mod frontier;
pub mod general;
mod geometry;
mod goal;
mod minmoves;
mod pagoda;
mod pdb;
mod symmetry;
#[cfg(test)]
mod tests;

pub use bench::{ENGLISH, FRENCH, RANDOM_9X9, bench_report, hole_squares, single_vacancy};

use super::board::{Board, Cell, Jump, Pos, group_moves};
use crate::budget::{Budget, BudgetClock};
use bits::Bits;
use dfs::{FirstSolution, Found};
use geometry::Geometry;
use goal::Goal;

/// Where the last peg must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// One peg left, on any square.
    OnePeg,
    /// One peg left, on this square.
    OnePegAt(Pos),
}

/// What a search found out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// These jumps, played from the start, leave one peg where the target wants it.
    Solved(Vec<Jump>),
    /// Proven: no sequence of jumps reaches the target.
    Unsolvable,
    /// The budget ran out before an answer.
    Unknown,
}

/// The outcome of [`solve`] and the nodes (positions expanded) it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    pub nodes: u64,
}

/// A solution with the fewest moves found (a move is one peg's chain of jumps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinMoves {
    pub jumps: Vec<Jump>,
    /// `group_moves(&jumps).len()`.
    pub moves: usize,
    /// True when no solution with fewer moves exists.
    pub proven_optimal: bool,
    /// Positions expanded by all phases together.
    pub nodes: u64,
}

/// Finds a sequence of jumps from `board` to one peg at `target`, within `budget`.
pub fn solve(board: &Board, target: Target, budget: Budget) -> Report {
    let mut clock = budget.start();
    let outcome = match dispatch(board, target, &mut clock, None) {
        Ok(found) => Outcome::Solved(found.jumps),
        Err(outcome) => outcome,
    };
    Report { outcome, nodes: clock.nodes() }
}

/// Finds a solution with the fewest moves, and proves it has the fewest when the budget allows.
///
/// `Ok` holds the best solution found, with `proven_optimal` telling whether it is the minimum.
/// `Err` is [`Outcome::Unsolvable`] when there is no solution at all, or [`Outcome::Unknown`] when
/// the budget ran out before any solution was found; it is never `Outcome::Solved`.
pub fn solve_min_moves(board: &Board, target: Target, budget: Budget) -> Result<MinMoves, Outcome> {
    fewest_moves(board, target, budget, minmoves::FRONTIER_DEPTH)
}

/// [`solve_min_moves`] with the end of the game solved backwards to `frontier` moves (0: none).
fn fewest_moves(board: &Board, target: Target, budget: Budget, frontier: u32) -> Result<MinMoves, Outcome> {
    let mut clock = budget.start();
    let mut result = dispatch(board, target, &mut clock, Some(frontier));
    if let Ok(m) = &mut result {
        m.nodes = clock.nodes();
    }
    result
}

/// Picks the word size for the board's box of holes and runs the search: the first solution, or
/// with `fewest` (the frontier depth) the fewest moves.
fn dispatch(board: &Board, target: Target, clock: &mut BudgetClock, fewest: Option<u32>) -> Result<MinMoves, Outcome> {
    let holes: Vec<Pos> = (0..board.rows)
        .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
        .filter(|&p| board.get(p) != Cell::Off)
        .collect();
    let pegs = board.pegs();
    if let Target::OnePegAt(t) = target
        && !holes.contains(&t)
    {
        return Err(Outcome::Unsolvable);
    }
    if pegs == 0 {
        return Err(Outcome::Unsolvable);
    }
    if pegs == 1 {
        let at = holes.iter().copied().find(|&p| board.get(p) == Cell::Peg);
        let done = match target {
            Target::OnePeg => true,
            Target::OnePegAt(t) => at == Some(t),
        };
        return if done { Ok(found(Vec::new(), true)) } else { Err(Outcome::Unsolvable) };
    }
    let rows = holes.iter().map(|p| p.0).max().unwrap_or(0) - holes.iter().map(|p| p.0).min().unwrap_or(0) + 1;
    let cols = holes.iter().map(|p| p.1).max().unwrap_or(0) - holes.iter().map(|p| p.1).min().unwrap_or(0) + 1;
    match rows * cols {
        n if n <= 64 => run::<u64>(board, target, clock, fewest),
        n if n <= 128 => run::<u128>(board, target, clock, fewest),
        _ => Err(Outcome::Unknown),
    }
}

/// Facts about a problem, for reports: the size of the symmetry group the tables use, and the
/// lower bound on the moves needed from the start. None for boards the solver does not handle.
pub fn problem_facts(board: &Board, target: Target) -> Option<(usize, u32)> {
    let fixed = match target {
        Target::OnePeg => None,
        Target::OnePegAt(t) => Some(t),
    };
    let geo = Geometry::<u128>::new(board, fixed)?;
    let targets = fixed.map_or(Some(geo.holes), |t| geo.square(t).map(u128::bit))?;
    let root = geo.pegs(board);
    let goal = Goal::new(&geo, targets, root);
    Some((geo.symmetries.count(), minmoves::lower_bound(&geo, &goal, root)))
}

fn found(jumps: Vec<Jump>, proven_optimal: bool) -> MinMoves {
    MinMoves { moves: group_moves(&jumps).len(), jumps, proven_optimal, nodes: 0 }
}

fn run<B: Bits>(
    board: &Board,
    target: Target,
    clock: &mut BudgetClock,
    fewest: Option<u32>,
) -> Result<MinMoves, Outcome> {
    let fixed = match target {
        Target::OnePeg => None,
        Target::OnePegAt(t) => Some(t),
    };
    let Some(geo) = Geometry::<B>::new(board, fixed) else {
        return Err(Outcome::Unknown);
    };
    let targets = match fixed {
        None => geo.holes,
        Some(t) => geo.square(t).map_or(B::ZERO, B::bit),
    };
    let root = geo.pegs(board);
    let goal = Goal::new(&geo, targets, root);
    if goal.finals.is_zero() {
        return Err(Outcome::Unsolvable);
    }
    let (first, path) = FirstSolution::new(&geo, &goal, clock).run(root);
    let jumps: Vec<Jump> = path.iter().map(|&j| geo.jump(j)).collect();
    match first {
        Found::No => Err(Outcome::Unsolvable),
        Found::OutOfBudget => Err(Outcome::Unknown),
        Found::Yes => match fewest {
            None => Ok(found(jumps, false)),
            Some(frontier) => Ok(minmoves::improve(&geo, &goal, root, jumps, frontier, clock)),
        },
    }
}
