//! The hard-mode solver: the true maximum of min(food, water) over every game, with its moves.
//!
//! Keeping one best total per room is wrong (a food-rich prefix with no water can lose to a
//! balanced one at a room yet win at the end; `tests.rs` pins such a board), so the exact search
//! keeps Pareto fronts of (food, water) per room (`sweep.rs`). What makes it fast is the bound:
//!
//! 1. Per quadrant, the Lagrangian dual min over a of max over paths of (a F + (S - a) W) / S,
//!    bisected on a in 0..=S with one easy-mode DP per step, bounds the quadrant's best game;
//!    the paths those DPs pick are games too, and the best is the first incumbent. On random
//!    boards the dual bound is nearly always tight (equal to the optimum, or one above).
//! 2. Quadrants are taken best bound first and skipped once the bound cannot beat the incumbent.
//! 3. A quick depth-first probe looks for a game reaching the bound (`probe.rs`): if it finds
//!    one, that game is optimal. This settles boards with very many tied games, where fronts
//!    are long.
//! 4. Otherwise sweeps run with falling targets: bound, bound - 1, bound - 3, bound - 7, ... (never
//!    below incumbent + 1). A sweep keeps only totals that can still reach its target, which
//!    prunes far harder than the incumbent would, and it returns the best game at or above the
//!    target, so the first sweep that finds one has found the optimum.
//!
//! Memory: the four quadrant grids (2 bytes a room), one u32 table per bound weight for the
//! quadrant being swept (four at most), and the sweep's ~2 sqrt(D) layers (see `sweep.rs`).

use std::cmp::Reverse;

use super::super::board::{Board, Dir};
use super::Stats;
use super::bounds::Bounds;
use super::front::Entry;
use super::probe::probe;
use super::quadrant::Quadrant;
use super::sweep::Sweep;

/// The sum of the dual's weights: the food weight a runs over 0..=SCALE. Finer steps barely
/// tighten the bound (measured: 4 to 1024 change the front sizes by a few percent).
const SCALE: u32 = 16;

/// Rooms the probe may visit per room of the path length (rows + cols).
const PROBE_BUDGET: usize = 32;

/// The best game found so far: its score and its moves.
struct Incumbent {
    value: u32,
    moves: Vec<Dir>,
}

impl Incumbent {
    fn offer(&mut self, value: u32, moves: impl FnOnce() -> Vec<Dir>) {
        if value > self.value {
            *self = Incumbent { value, moves: moves() };
        }
    }
}

/// The best moves for a hard-mode board (counting its tally).
pub(super) fn best_moves(board: &Board, stats: &mut Stats) -> Vec<Dir> {
    let base = (board.tally.food, board.tally.water);
    let quadrants = Quadrant::all(board);
    let grids: usize = quadrants.iter().map(Quadrant::bytes).sum();
    let largest = quadrants.iter().map(Quadrant::bytes).max().unwrap_or(0);
    // The dual holds one table (4 bytes a room, twice a grid) at a time.
    stats.peak_bytes = stats.peak_bytes.max(grids + 2 * largest);
    let mut best = Incumbent { value: base.0.min(base.1), moves: Vec::new() };
    // Per quadrant: (its dual bound, its index, the weights to prune with).
    let mut plans = Vec::with_capacity(quadrants.len());
    for (index, q) in quadrants.iter().enumerate() {
        let (bound, weights) = dual(q, base, &mut best);
        plans.push((bound, index, weights));
    }
    plans.sort_by_key(|&(bound, index, _)| (Reverse(bound), index));
    for (bound, index, weights) in plans {
        if bound <= best.value {
            continue;
        }
        let q = &quadrants[index];
        let bounds = Bounds::new(q, base, &weights);
        let fixed = grids + bounds.bytes();
        stats.peak_bytes = stats.peak_bytes.max(fixed);
        if let Some((value, steps)) = probe(&bounds, bound, PROBE_BUDGET * (q.rows + q.cols)) {
            best.offer(value, || q.moves(&steps));
            continue;
        }
        let sweep = Sweep::new(&bounds);
        let mut gap = 0;
        loop {
            let target = bound.saturating_sub(gap).max(best.value + 1);
            if let Some((value, steps)) = sweep.run(target - 1, fixed, stats) {
                best.offer(value, || q.moves(&steps));
                break;
            }
            if target == best.value + 1 {
                break;
            }
            gap = 2 * gap + 1;
        }
    }
    best.moves
}

/// Bisects the Lagrangian dual of one quadrant. Returns its upper bound on min(food, water) and
/// the weights to prune with (food alone, water alone, and the two either side of the dual's
/// optimum); every path the DPs pick is offered to `best`.
fn dual(q: &Quadrant, base: Entry, best: &mut Incumbent) -> (u32, Vec<(u32, u32)>) {
    let mut bound = u32::MAX;
    // The slope of the dual at weight a: food minus water of the path that a picks.
    let mut eval = |a: u32| -> i64 {
        let b = SCALE - a;
        let table = q.best_to_end(a, b);
        let (steps, (f, w)) = q.walk(&table, a, b);
        let (f, w) = (base.0 + f, base.1 + w);
        best.offer(f.min(w), || q.moves(&steps));
        let phi = u64::from(a) * u64::from(f) + u64::from(b) * u64::from(w);
        bound = bound.min((phi / u64::from(SCALE)) as u32);
        i64::from(f) - i64::from(w)
    };
    let (mut lo, mut hi) = (0, SCALE);
    let (at_lo, at_hi) = (eval(lo), eval(hi));
    if at_lo < 0 && at_hi > 0 {
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            match eval(mid) {
                s if s < 0 => lo = mid,
                s if s > 0 => hi = mid,
                _ => (lo, hi) = (mid, mid),
            }
        }
    }
    let mut weights = vec![(SCALE, 0), (0, SCALE), (lo, SCALE - lo), (hi, SCALE - hi)];
    weights.sort_unstable();
    weights.dedup();
    (bound, weights)
}
