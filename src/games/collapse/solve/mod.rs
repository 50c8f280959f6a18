//! The collapsing-building solvers: from any position, the moves that end the game with the best
//! score, and that score. Both are exact and deterministic, and need no budget.
//!
//! Every game from a position is a monotone path in one of four quadrants (`quadrant.rs`).
//! Easy mode is the classic DP (`easy.rs`): per quadrant, the most supplies collectable from each
//! room to the end, computed backwards, then followed from the player; O(n^2) time and one i32 per
//! room of one quadrant. Hard mode maximises min(food, water) exactly with pruned
//! Pareto fronts swept by anti-diagonals (`hard.rs`, `front.rs`).
//!
//! The score counts the board's tally (what was collected before this position) plus what the
//! moves collect, so a hard-mode game in progress is solved for its true final min(food, water).
//! A best path may stop at an edge with a room still open on the unused axis (when what lies
//! there adds nothing); the game is then finished from there, so the moves always end the game.

mod bench;
mod bounds;
mod easy;
mod front;
mod hard;
mod probe;
mod quadrant;
mod sweep;
#[cfg(test)]
mod tests;

pub use bench::{HARD_N100_SEED, HARD_N1000_SEED, bench_report, random_board};

use super::board::{Board, Dir, Mode, Pos, Tally};

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The arrow keys to press, in order; the game is over after the last.
    pub moves: Vec<Dir>,
    /// The final score: easy, the supplies; hard, min(food, water). Both count the board's tally.
    pub score: u32,
    /// Hard mode: the final food and water totals (0 in easy mode).
    pub food: u32,
    pub water: u32,
}

/// What a solve cost, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Front entries created by the hard solver's sweeps (0 in easy mode).
    pub front_entries: u64,
    /// An estimate of the most bytes the solver held at once (grids, tables, layers).
    pub peak_bytes: usize,
}

/// The best game from `board`'s position: the proven optimum.
pub fn solve(board: &Board) -> Solution {
    solve_with_stats(board).0
}

/// `solve`, also saying what it cost.
pub fn solve_with_stats(board: &Board) -> (Solution, Stats) {
    let mut stats = Stats::default();
    let mut moves = match board.mode {
        Mode::Easy => {
            let (moves, bytes) = easy::best_moves(board);
            stats.peak_bytes = bytes;
            moves
        }
        Mode::Hard => hard::best_moves(board, &mut stats),
    };
    let (tally, over) = follow(board, &moves);
    if moves.is_empty() && !over {
        // Only when every game scores the same as standing still (hard mode with no food or no
        // water in reach): any move is then as good as another.
        moves.extend(board.legal_moves().first());
    }
    if !over {
        let rest = board.play_all(&moves).expect("a solver's moves are legal");
        let (more, more_stats) = solve_with_stats(&rest);
        moves.extend(more.moves);
        stats.front_entries += more_stats.front_entries;
        stats.peak_bytes = stats.peak_bytes.max(more_stats.peak_bytes);
        return (Solution { moves, ..more }, stats);
    }
    let solution = Solution {
        moves,
        score: tally.score(board.mode),
        food: if board.mode == Mode::Hard { tally.food } else { 0 },
        water: if board.mode == Mode::Hard { tally.water } else { 0 },
    };
    (solution, stats)
}

/// The tally at the end of `moves` (which must be legal) and whether the game is then over,
/// without replaying the collapses: on a monotone path the rooms entered are untouched, and the
/// only rooms the path itself brings down are those behind it.
fn follow(board: &Board, moves: &[Dir]) -> (Tally, bool) {
    let mut tally = board.tally;
    let mut at: Pos = board.player();
    for &dir in moves {
        at = board.step(at, dir).expect("a solver's moves stay inside");
        tally.add(board.get(at).contents());
    }
    let behind = |dir: Dir| moves.contains(&dir.opposite());
    let over =
        Dir::ALL.into_iter().all(|dir| behind(dir) || board.step(at, dir).is_none_or(|p| !board.get(p).enterable()));
    (tally, over)
}
