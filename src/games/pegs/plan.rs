//! A plan by the rules a profile gives (`rules::Rules`): the classic rules (jumps along rows and
//! columns, one peg left, anywhere or on the centre square or a named one) go to the fast solver (`solve`); the
//! others (diagonal jumps too, the fewest pegs) to the plain search (`solve::general`). Errors say
//! why there is no plan, naming the rules.

use anyhow::bail;

use super::board::{Board, Jump};
use super::rules::{Goal, Jumps, Rules};
use super::solve::{self, Outcome, Target, general};
use crate::budget::Budget;
use crate::game::Plan;

/// The rules in words, for messages.
pub fn describe(rules: &Rules) -> String {
    let jumps = match rules.jumps {
        Jumps::Orthogonal => "jumps along rows and columns",
        Jumps::Diagonal => "jumps along rows, columns and diagonals",
    };
    let goal = match rules.goal {
        Goal::OnePeg => "one peg left".to_string(),
        Goal::OnePegInCentre => "one peg left on the centre square".to_string(),
        Goal::OnePegOnSquare => match rules.square {
            Some((r, c)) => format!("one peg left on row {r} col {c}"),
            None => "one peg left on a square the rules do not name".to_string(),
        },
        Goal::FewestPegs => "as few pegs left as can be".to_string(),
    };
    format!("{jumps}, {goal}")
}

/// Plans from `board` by `rules` within `budget`.
pub fn plan(board: &Board, rules: &Rules, budget: Budget) -> anyhow::Result<Plan<Jump>> {
    match search(board, rules, budget)? {
        Outcome::Solved(jumps) => Ok(Plan { moves: jumps, proven_optimal: false }),
        Outcome::Unsolvable => bail!(
            "this position is proven unsolvable by the profile's rules ({}): if the program plays by others, say so in its profile's [rules]\n{board}",
            describe(rules)
        ),
        Outcome::Unknown => bail!("no solution found within the budget (pass a larger --budget-ms)"),
    }
}

/// The search for a plan from `board` by `rules` within `budget`, by the solver the rules need;
/// an error where the rules name a goal square the board lacks.
fn search(board: &Board, rules: &Rules, budget: Budget) -> anyhow::Result<Outcome> {
    if rules.goal == Goal::OnePegInCentre && Rules::centre(board).is_none() {
        bail!(
            "the goal is one peg on the centre square, but this board has none (odd rows and columns, a hole there)\n{board}"
        );
    }
    if rules.goal == Goal::OnePegOnSquare && rules.target(board).is_none() {
        match rules.square {
            Some((r, c)) => bail!("the goal is one peg on row {r} col {c}, but this board has no hole there\n{board}"),
            None => bail!("the goal is one peg on a square, but the rules name none (`square = [row, col]`)"),
        }
    }
    Ok(match (rules.jumps, rules.goal) {
        (Jumps::Orthogonal, Goal::OnePeg) => solve::solve(board, Target::OnePeg, budget).outcome,
        (Jumps::Orthogonal, Goal::OnePegInCentre | Goal::OnePegOnSquare) => {
            let target = rules.target(board).unwrap_or_default();
            solve::solve(board, Target::OnePegAt(target), budget).outcome
        }
        _ => general::solve(board, rules, budget).0,
    })
}

/// A warning when `board` (a profile's first, just learned) is proven unwinnable by `rules`: the
/// program is likely to play by others (the fewest pegs, diagonal jumps), which a still screen
/// does not show. None when it can be won, or when a short search cannot tell.
pub fn unwinnable(board: &Board, rules: &Rules) -> Option<String> {
    if rules.goal == Goal::FewestPegs || board.pegs() == 0 {
        return None;
    }
    match search(board, rules, Budget::nodes(UNWINNABLE_NODES)) {
        Ok(Outcome::Unsolvable) => Some(format!(
            "note: by these rules ({}) this board cannot be won; if it is the program's start, it plays by others: learn again with --goal fewest-pegs, --jumps diagonal or --goal one-peg-on-square --square R,C, or set the profile's [rules]",
            describe(rules)
        )),
        _ => None,
    }
}

/// How far `unwinnable` searches: a classic board's start is decided within it.
const UNWINNABLE_NODES: u64 = 2_000_000;
