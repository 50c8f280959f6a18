//! A plain search for the rules the fast solver does not take (`rules::Rules`): jumps along
//! diagonals too, and the goal of leaving as few pegs as can be. The fast solver's cuts (position
//! classes, pagodas, parity) hold for jumps along rows and columns only, so this one has none: a
//! depth-first search over positions (one bit a square, boards up to 128 squares) with a table of
//! positions already searched, within a budget, deterministic. For one peg (anywhere, on the
//! centre or on a named square) it stops at the first solution, and an exhausted search proves there is none; for the
//! fewest pegs it searches every position it can reach and proves the fewest when it finishes.

use std::collections::HashSet;

use super::Outcome;
use crate::budget::{Budget, BudgetClock};
use crate::games::pegs::board::{Board, Cell, Jump};
use crate::games::pegs::rules::{Goal, Rules};

/// The search: each jump's squares as bits (from, over, to) with the jump itself, the target
/// square's bit (the centre or a named square, where that is the goal), the positions searched,
/// the path and the best end.
struct Search {
    jumps: Vec<(u128, u128, u128, Jump)>,
    target: Option<u128>,
    goal: Goal,
    seen: HashSet<u128>,
    path: Vec<usize>,
    best: (u32, Vec<usize>),
    clock: BudgetClock,
}

enum Flow {
    Done,
    Go,
    Spent,
}

impl Search {
    fn dfs(&mut self, pegs: u128) -> Flow {
        if !self.clock.tick() {
            return Flow::Spent;
        }
        let count = pegs.count_ones();
        if count < self.best.0 {
            self.best = (count, self.path.clone());
        }
        let done = match self.goal {
            Goal::OnePegInCentre | Goal::OnePegOnSquare => Some(pegs) == self.target,
            Goal::OnePeg | Goal::FewestPegs => count == 1,
        };
        if done {
            self.best = (count, self.path.clone());
            return Flow::Done;
        }
        if count == 1 || !self.seen.insert(pegs) {
            return Flow::Go;
        }
        for i in 0..self.jumps.len() {
            let (from, over, to, _) = self.jumps[i];
            if pegs & from != 0 && pegs & over != 0 && pegs & to == 0 {
                self.path.push(i);
                let flow = self.dfs(pegs ^ from ^ over ^ to);
                self.path.pop();
                if !matches!(flow, Flow::Go) {
                    return flow;
                }
            }
        }
        Flow::Go
    }
}

/// Every jump `board`'s shape allows by `rules`, as bits: from a full board with one landing
/// square emptied, for each square.
fn jumps(board: &Board, rules: &Rules) -> Vec<(u128, u128, u128, Jump)> {
    let bit = |(r, c): (usize, usize)| 1u128 << (r * board.cols + c);
    let mut all = board.clone();
    all.cells.iter_mut().filter(|c| **c != Cell::Off).for_each(|c| *c = Cell::Peg);
    let landings = (0..board.cells.len()).filter(|&i| board.cells[i] != Cell::Off);
    landings
        .flat_map(|i| {
            let mut one = all.clone();
            one.cells[i] = Cell::Hole;
            rules.legal_jumps(&one)
        })
        .map(|j| (bit(j.from), bit(j.over), bit(j.to), j))
        .collect()
}

/// Solves `board` by `rules` within `budget`: the outcome, and whether it is proven (for the
/// fewest pegs, the count; a search cut short by the budget gives the best end found so far).
pub fn solve(board: &Board, rules: &Rules, budget: Budget) -> (Outcome, bool) {
    if board.rows * board.cols > 128 || board.pegs() == 0 {
        return if board.pegs() == 0 { (Outcome::Unsolvable, true) } else { (Outcome::Unknown, false) };
    }
    let pegs = (0..board.cells.len()).filter(|&i| board.cells[i] == Cell::Peg).fold(0u128, |p, i| p | 1 << i);
    let target = rules.target(board).map(|(r, c)| 1u128 << (r * board.cols + c));
    let (jumps, goal, seen, clock) = (jumps(board, rules), rules.goal, HashSet::new(), budget.start());
    let mut search = Search { jumps, target, goal, seen, path: Vec::new(), best: (u32::MAX, Vec::new()), clock };
    let flow = search.dfs(pegs);
    let best = Outcome::Solved(search.best.1.iter().map(|&i| search.jumps[i].3).collect());
    match (flow, goal) {
        (Flow::Done, _) | (Flow::Go, Goal::FewestPegs) => (best, true),
        (Flow::Spent, Goal::FewestPegs) => (best, false),
        (Flow::Go, _) => (Outcome::Unsolvable, true),
        (Flow::Spent, _) => (Outcome::Unknown, false),
    }
}
