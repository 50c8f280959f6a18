//! Random Breach Protocol puzzles for benchmarks: a square matrix of the six codes drawn uniformly,
//! and daemons of two to four codes, each a path the rules allow through the matrix (so, as in the
//! game, every daemon can be completed on its own with a long enough buffer).

use crate::rng::SplitMix64;

use super::board::{Code, Puzzle};

/// A puzzle with a `side` x `side` matrix, `daemons` daemons and the given buffer size.
pub fn puzzle(rng: &mut SplitMix64, side: usize, daemons: usize, buffer: usize) -> Puzzle {
    let grid: Vec<Vec<Code>> = (0..side).map(|_| (0..side).map(|_| Code::ALL[rng.index(6)]).collect()).collect();
    let daemons = (0..daemons)
        .map(|_| {
            let len = 2 + rng.index(3);
            walk(rng, &grid, len)
        })
        .collect();
    Puzzle { grid, daemons, buffer }
}

/// The codes along a random legal stretch of `len` picks (alternating column and row moves from
/// a random cell, never revisiting one).
fn walk(rng: &mut SplitMix64, grid: &[Vec<Code>], len: usize) -> Vec<Code> {
    let side = grid.len();
    let mut at = (rng.index(side), rng.index(side));
    let mut seen = vec![at];
    let mut codes = vec![grid[at.0][at.1]];
    for step in 1..len {
        let options: Vec<(usize, usize)> = (0..side)
            .map(|k| if step % 2 == 1 { (k, at.1) } else { (at.0, k) })
            .filter(|cell| !seen.contains(cell))
            .collect();
        at = options[rng.index(options.len())];
        seen.push(at);
        codes.push(grid[at.0][at.1]);
    }
    codes
}
