//! A plan by the rules a profile gives (`rules::Rules`): the classic rules (jumps along rows and
//! columns, one peg left, anywhere or on the centre square) go to the fast solver (`solve`); the
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
        Goal::OnePeg => "one peg left",
        Goal::OnePegInCentre => "one peg left on the centre square",
        Goal::FewestPegs => "as few pegs left as can be",
    };
    format!("{jumps}, {goal}")
}

/// Plans from `board` by `rules` within `budget`.
pub fn plan(board: &Board, rules: &Rules, budget: Budget) -> anyhow::Result<Plan<Jump>> {
    if rules.goal == Goal::OnePegInCentre && Rules::centre(board).is_none() {
        bail!(
            "the goal is one peg on the centre square, but this board has none (odd rows and columns, a hole there)\n{board}"
        );
    }
    let outcome = match (rules.jumps, rules.goal) {
        (Jumps::Orthogonal, Goal::OnePeg) => solve::solve(board, Target::OnePeg, budget).outcome,
        (Jumps::Orthogonal, Goal::OnePegInCentre) => {
            let centre = Rules::centre(board).unwrap_or_default();
            solve::solve(board, Target::OnePegAt(centre), budget).outcome
        }
        _ => general::solve(board, rules, budget).0,
    };
    match outcome {
        Outcome::Solved(jumps) => Ok(Plan { moves: jumps, proven_optimal: false }),
        Outcome::Unsolvable => bail!(
            "this position is proven unsolvable by the profile's rules ({}): if the program plays by others, say so in its profile's [rules]\n{board}",
            describe(rules)
        ),
        Outcome::Unknown => bail!("no solution found within the budget (pass a larger --budget-ms)"),
    }
}
