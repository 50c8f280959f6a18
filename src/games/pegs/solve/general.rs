//! A plain search for the rules the fast solver does not take (`rules::Rules`): jumps along
//! diagonals too, and the goal of leaving as few pegs as can be. The fast solver's cuts (position
//! classes, pagodas, parity) hold for jumps along rows and columns only, so this one has none: a
//! depth-first search over positions (one bit a square, boards up to 128 squares) with a table of
//! positions already searched, within a budget, deterministic. For one peg (anywhere or on the
//! centre) it stops at the first solution, and an exhausted search proves there is none; for the
//! fewest pegs it searches every position it can reach and proves the fewest when it finishes.

use std::collections::HashSet;

use super::Outcome;
use crate::budget::{Budget, BudgetClock};
use crate::games::pegs::board::{Board, Cell, Jump};
use crate::games::pegs::rules::{Goal, Rules};

/// What the search found: the outcome, and for the fewest pegs whether the count is proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub outcome: Outcome,
    pub proven: bool,
}

struct Search {
    /// Each jump's squares as bits (from, over, to) and the jump itself.
    jumps: Vec<(u128, u128, u128, Jump)>,
    /// The square the last peg must end on, for that goal.
    centre: Option<u128>,
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
            Goal::OnePegInCentre => Some(pegs) == self.centre,
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

/// Solves `board` by `rules` within `budget`.
pub fn solve(board: &Board, rules: &Rules, budget: Budget) -> Found {
    let unknown = Found { outcome: Outcome::Unknown, proven: false };
    if board.rows * board.cols > 128 || board.pegs() == 0 {
        return if board.pegs() == 0 { Found { outcome: Outcome::Unsolvable, proven: true } } else { unknown };
    }
    let bit = |(r, c): (usize, usize)| 1u128 << (r * board.cols + c);
    let mut all = board.clone();
    all.cells.iter_mut().filter(|c| **c != Cell::Off).for_each(|c| *c = Cell::Peg);
    // Every jump the board's shape allows: from a full board with one landing square emptied.
    let mut jumps = Vec::new();
    for (i, _) in board.cells.iter().enumerate().filter(|(_, c)| **c != Cell::Off) {
        let mut one = all.clone();
        one.cells[i] = Cell::Hole;
        jumps.extend(rules.legal_jumps(&one).into_iter().map(|j| (bit(j.from), bit(j.over), bit(j.to), j)));
    }
    let pegs = (0..board.cells.len()).filter(|&i| board.cells[i] == Cell::Peg).fold(0u128, |p, i| p | 1 << i);
    let centre = Rules::centre(board).map(bit);
    let goal = rules.goal;
    let mut search = Search {
        jumps,
        centre,
        goal,
        seen: HashSet::new(),
        path: Vec::new(),
        best: (u32::MAX, Vec::new()),
        clock: budget.start(),
    };
    let flow = search.dfs(pegs);
    let jumps_of = |path: &[usize]| path.iter().map(|&i| search.jumps[i].3).collect::<Vec<Jump>>();
    match (flow, goal) {
        (Flow::Done, _) => Found { outcome: Outcome::Solved(jumps_of(&search.best.1)), proven: true },
        (Flow::Go, Goal::FewestPegs) => Found { outcome: Outcome::Solved(jumps_of(&search.best.1)), proven: true },
        (Flow::Spent, Goal::FewestPegs) => Found { outcome: Outcome::Solved(jumps_of(&search.best.1)), proven: false },
        (Flow::Go, _) => Found { outcome: Outcome::Unsolvable, proven: true },
        (Flow::Spent, _) => unknown,
    }
}
