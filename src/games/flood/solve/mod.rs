//! The Flood-it solver: the fewest moves that flood a board, with proof, within a budget.
//!
//! The board becomes a graph of regions (same-colour cells that touch), and a search state is
//! the set of flooded regions, a bitset sized to the board. A greedy player and then a narrow
//! beam search give a first plan; A* then either proves it optimal or finds shorter plans until
//! it proves the last one (running beams of growing width itself once it has expanded a few
//! thousand states, to tighten its bound). A* is guided by an admissible lower bound (every colour left needs
//! a move, plus the colour-blind layers needed to bring colours within reach; `graph.rs`) and
//! kept small by forced moves, move reordering and dominance between states (`astar.rs`, with
//! the dominance test indexed in `layer.rs`). If the budget runs out first, the widest beam the
//! rest pays for, then beams of doubling width, spend it, and the best real plan is returned
//! marked unproven. Everything is
//! deterministic: the same board and node budget give the same answer. Boards may have up to
//! 16 colours and any start cell (region 0 is the start cell's region). `tests.rs` checks
//! against brute force; `corpus_tests.rs` (ignored) against the published benchmark optima.
//! One search stops before about 1 GiB (`astar::MEMORY_LIMIT`).

mod astar;
mod beam;
mod bits;
mod graph;
mod layer;
mod table;
#[cfg(test)]
mod tests;

use std::time::Duration;

use super::board::Board;
use crate::budget::{Budget, BudgetClock};
use graph::{Graph, MAX_SEARCH_COLOURS, Regions, Step};

/// A plan for a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Colour labels to play in order, as in `Board::cells`; they always win the board.
    pub moves: Vec<u8>,
    /// True when no shorter plan exists.
    pub proven_optimal: bool,
    /// Search states examined (expanded, or dropped as dominated), by all phases together.
    pub nodes: u64,
    /// No plan is shorter than this: the plan's own length when it is proven optimal, else what
    /// the exact search had ruled out when its budget ran out.
    pub lower_bound: usize,
}

/// Finds the shortest plan for `board`, or the best one found before `budget` is spent.
///
/// Panics if `board.cells` does not hold `rows * cols` cells.
pub fn solve(board: &Board, budget: Budget) -> Solution {
    assert_eq!(board.cells.len(), board.rows * board.cols, "a board holds rows * cols cells");
    if board.is_won() {
        return Solution { moves: Vec::new(), proven_optimal: true, nodes: 0, lower_bound: 0 };
    }
    let regions = Regions::new(board);
    let words = regions.count().div_ceil(64);
    macro_rules! dispatch {
        ($($n:literal)*) => {
            match words {
                $(w if w <= $n => run::<$n>(&regions, budget),)*
                _ => plain_greedy(&regions),
            }
        };
    }
    let (plan, proven_optimal, nodes, lower_bound) = if regions.palette.len() > MAX_SEARCH_COLOURS {
        plain_greedy(&regions)
    } else {
        dispatch!(1 2 3 4 5 6 8 10 12 16 24 32 48 64)
    };
    let lower_bound = if proven_optimal { plan.len() } else { lower_bound.min(plan.len()) };
    let moves = plan.into_iter().map(|c| regions.palette[c as usize]).collect();
    Solution { moves, proven_optimal, nodes, lower_bound }
}

/// The width of the first beam search, which sets the exact search's first bound. A tight
/// first bound spares the exact search the states that merely tie with the optimum; width 16
/// finds the optimum outright on about two thirds of the 14x14 benchmark boards, in ~0.2 ms.
const FIRST_BEAM: usize = 16;

/// `part` of `budget` (both limits scaled).
fn share(budget: Budget, part: f64) -> Budget {
    Budget { max_nodes: (budget.max_nodes as f64 * part) as u64, max_time: budget.max_time.mul_f64(part) }
}

/// Regions from which one search step is slow enough (tens of microseconds and up) that the
/// clock must be read at every step, not every 1024 as `BudgetClock` does.
const SLOW_STEPS: usize = 256;

/// A running budget for one phase of the solver.
pub(super) struct Meter {
    clock: BudgetClock,
    max_time: Duration,
    read_every_tick: bool,
}

impl Meter {
    fn new(budget: Budget, regions: usize) -> Meter {
        Meter { clock: budget.start(), max_time: budget.max_time, read_every_tick: regions >= SLOW_STEPS }
    }

    /// Records one step of search; false once the budget is spent.
    pub fn tick(&mut self) -> bool {
        self.clock.tick() && (!self.read_every_tick || self.clock.elapsed() < self.max_time)
    }

    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
    }
}

/// The whole solver for one bitset width. Returns (plan in colour indices, proven, nodes, a lower
/// bound on any plan's length).
///
/// The budget is spent in three parts: an eighth at most on a first beam search, three
/// quarters at most on the exact search, and whatever is left on beams: the widest one the rest
/// pays for, then doubling widths.
fn run<const N: usize>(regions: &Regions, budget: Budget) -> (Vec<u8>, bool, u64, usize) {
    let started = std::time::Instant::now();
    let graph = Graph::<N>::new(regions);
    let mut start = graph.start();
    let mut forced = Step::NONE;
    graph.settle(&mut start, &mut forced);
    let prefix = forced.as_slice();
    if graph.is_done(&start) {
        return (prefix.to_vec(), true, 0, prefix.len());
    }
    // Plans below are whole plans; the searches work after the forced prefix, which every
    // optimal plan may start with.
    let mut best = plain_greedy(regions).0;
    let mut nodes = 0;
    let keep = |plan: Option<Vec<u8>>, best: &mut Vec<u8>| {
        if let Some(plan) = plan.filter(|plan| prefix.len() + plan.len() < best.len()) {
            *best = [prefix, &plan].concat();
        }
    };
    let after_prefix = |best: &Vec<u8>| (best.len() - prefix.len()) as u32;
    let mut lower_bound = graph.lower_bound(&start);

    let mut clock = Meter::new(share(budget, 0.125), graph.regions);
    let (plan, _) = beam::beam(&graph, start, FIRST_BEAM, after_prefix(&best), &mut clock);
    keep(plan, &mut best);
    nodes += clock.nodes();

    if after_prefix(&best) > lower_bound {
        let mut clock = Meter::new(share(budget, 0.75), graph.regions);
        let (outcome, plan) = astar::search(&graph, start, after_prefix(&best), &mut clock);
        keep(plan, &mut best);
        nodes += clock.nodes();
        lower_bound = match outcome {
            astar::Outcome::Proven => after_prefix(&best),
            astar::Outcome::Stopped { lower_bound } => lower_bound,
        };
    }

    let rest = Budget {
        max_nodes: budget.max_nodes.saturating_sub(nodes),
        max_time: budget.max_time.saturating_sub(started.elapsed()),
    };
    let mut clock = Meter::new(rest, graph.regions);
    let mut width = 2 * FIRST_BEAM;
    if after_prefix(&best) > lower_bound {
        width = width.max(widest_affordable_beam(rest, nodes, started.elapsed(), after_prefix(&best)));
    }
    while after_prefix(&best) > lower_bound && width <= 1 << 24 {
        let (plan, finished) = beam::beam(&graph, start, width, after_prefix(&best), &mut clock);
        keep(plan, &mut best);
        if !finished {
            break;
        }
        width *= 2;
    }
    nodes += clock.nodes();
    let proven = after_prefix(&best) <= lower_bound;
    (best, proven, nodes, prefix.len() + lower_bound as usize)
}

/// The widest beam that is sure to be afforded first in the last phase.
const MAX_JUMP: usize = 1 << 18;

/// The width of a beam that `rest` of the budget pays for with a tenth to spare, at the pace of
/// `spent` nodes in `elapsed` so far, when a beam runs about `moves` rounds (each round costs at
/// most one node per state kept). The last phase starts there rather than doubling up from a
/// narrow beam: a doubling series spends half its budget or more on beams narrower than its
/// last, and an unfinished beam yields nothing. At 100,000 nodes a board, this took the total of
/// boards 501-550 of b24c6 from 1594 to 1593 and left that of the first 50 at 1581.
fn widest_affordable_beam(rest: Budget, spent: u64, elapsed: Duration, moves: u32) -> usize {
    let rate = spent as f64 / elapsed.as_secs_f64().max(1e-6);
    let by_time = rest.max_time.as_secs_f64() * rate;
    let nodes = (rest.max_nodes as f64).min(by_time);
    let width = 0.9 * nodes / moves.max(1) as f64;
    (width as usize).min(MAX_JUMP)
}

/// A greedy player on plain vectors, for boards beyond the bitset search (over 4096 regions or
/// 16 colours): take a colour that finishes off a colour if there is one, else the colour that
/// floods the most regions. Returns (plan in colour indices, proven, nodes, lower bound): the
/// bound is the number of colours not yet flooded, each of which needs a move.
fn plain_greedy(regions: &Regions) -> (Vec<u8>, bool, u64, usize) {
    let count = regions.count();
    let colours = regions.palette.len();
    let mut flooded = vec![false; count];
    flooded[0] = true;
    let mut left = vec![0usize; colours];
    regions.colour.iter().skip(1).for_each(|&c| left[c as usize] += 1);
    let mut plan = Vec::new();
    let mut frontier = Vec::new();
    while left.iter().any(|&n| n > 0) {
        frontier.clear();
        let mut on_frontier = vec![0usize; colours];
        let mut marked = vec![false; count];
        for region in (0..count).filter(|&r| flooded[r]) {
            for &n in &regions.neighbours[region] {
                let n = n as usize;
                if !flooded[n] && !marked[n] {
                    marked[n] = true;
                    frontier.push(n);
                    on_frontier[regions.colour[n] as usize] += 1;
                }
            }
        }
        let finishing = (0..colours).find(|&c| on_frontier[c] > 0 && on_frontier[c] == left[c]);
        let colour = finishing.unwrap_or_else(|| (0..colours).max_by_key(|&c| (on_frontier[c], colours - c)).unwrap());
        for &region in &frontier {
            if regions.colour[region] as usize == colour {
                flooded[region] = true;
                left[colour] -= 1;
            }
        }
        plan.push(colour as u8);
    }
    let nodes = plan.len() as u64;
    let start_colour = regions.colour[0];
    let mut other: Vec<u8> = regions.colour.iter().copied().filter(|&c| c != start_colour).collect();
    other.sort_unstable();
    other.dedup();
    (plan, false, nodes, other.len())
}
