//! The guess, when no cell is certain: the cell with the best chance of winning, estimated as the
//! chance of surviving this click and then the next ones.
//!
//! The candidates are the safest cells (those within a margin of the safest), and a few of the cells
//! touching no number (those with the fewest covered neighbours, where a 0 and its opening is most
//! likely). For each, every number it could show is tried: the position with that number is solved
//! again (local deductions, then exact probabilities), which gives both how likely the number is
//! (its count of layouts, relative to the others) and how good the position is then (1 when a cell
//! becomes certain, else the safest next click). The score is `P(safe) * sum over numbers of
//! P(number) * value(after)`: the chance of surviving two clicks. The few candidates closest to the
//! best are then scored a click deeper (the value after is itself the best such score over the next
//! candidates), which decides between them. Candidates are taken safest first and the search stops
//! once no remaining candidate can beat the best score (a score is never above the cell's own
//! safety), or when the budget is spent; the best found so far stands.

use super::position::{Known, Position};
use super::prob::{Cache, Probabilities, probabilities};
use crate::budget::BudgetClock;

/// How far below the safest cell a candidate may be (absolute probability).
const MARGIN: f64 = 0.12;
/// At most this many frontier candidates and rest candidates are looked ahead.
const MAX_FRONTIER: usize = 10;
const MAX_REST: usize = 3;
/// The candidates whose two-click scores are within `DEEP_CLOSE` of the best (at most
/// `DEEP_OUTER` of them) are scored three clicks deep, over the best `DEEP_INNER` next candidates.
const DEEP_CLOSE: f64 = 0.05;
const DEEP_OUTER: usize = 3;
const DEEP_INNER: usize = 4;

/// The chosen guess.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    pub cell: usize,
    /// Its chance of holding no mine.
    pub safety: f64,
    /// The estimated chance of surviving it and the next click.
    pub score: f64,
}

/// The candidates, safest first (ties: fewer covered neighbours, then reading order).
fn candidates(pos: &Position, probs: &Probabilities) -> Vec<(usize, f64)> {
    let unknown: Vec<usize> = (0..pos.cells.len()).filter(|&i| pos.cells[i] == Known::Unknown).collect();
    let best = unknown.iter().map(|&i| 1.0 - probs.mine[i]).fold(0.0f64, f64::max);
    let covered_around = |i: usize| pos.around(i).iter().filter(|&&j| pos.cells[j as usize] == Known::Unknown).count();
    let is_rest = |i: usize| probs.rest.binary_search(&i).is_ok();
    let mut frontier: Vec<(usize, f64)> = unknown
        .iter()
        .filter(|&&i| !is_rest(i) && 1.0 - probs.mine[i] >= best - MARGIN)
        .map(|&i| (i, 1.0 - probs.mine[i]))
        .collect();
    frontier
        .sort_by(|a, b| b.1.total_cmp(&a.1).then(covered_around(a.0).cmp(&covered_around(b.0))).then(a.0.cmp(&b.0)));
    frontier.truncate(MAX_FRONTIER);
    let mut all = frontier;
    if !probs.rest.is_empty() && 1.0 - probs.rest_p >= best - MARGIN {
        let mut rest = probs.rest.clone();
        rest.sort_by_key(|&i| (covered_around(i), i));
        all.extend(rest.into_iter().take(MAX_REST).map(|i| (i, 1.0 - probs.rest_p)));
    }
    all.sort_by(|a, b| b.1.total_cmp(&a.1).then(covered_around(a.0).cmp(&covered_around(b.0))).then(a.0.cmp(&b.0)));
    all
}

/// The position after `cell` is opened showing `shown` (its local deductions made), its
/// probabilities, and the log of its weight; None when the number is impossible.
fn reveal(
    pos: &Position,
    cell: usize,
    shown: u8,
    clock: &mut BudgetClock,
    cache: &mut Cache,
) -> Option<(Position, Probabilities)> {
    let mut next = pos.clone();
    next.cells[cell] = Known::Open(shown);
    next.deduce().ok()?;
    let probs = probabilities(&next, clock, cache).ok()?;
    Some((next, probs))
}

/// How good `pos` is to be in, looking `depth` clicks ahead: 1 when a cell is certain (or nothing
/// is left); else, at depth 1, the best cell's safety, and deeper, the best candidate's score.
fn value(pos: &Position, probs: &Probabilities, depth: usize, clock: &mut BudgetClock, cache: &mut Cache) -> f64 {
    if pos.unknown_count() == 0 || pos.cells.contains(&Known::Safe) || !probs.safe_cells(pos).is_empty() {
        return 1.0;
    }
    if depth <= 1 {
        return (0..pos.cells.len())
            .filter(|&i| pos.cells[i] == Known::Unknown)
            .map(|i| 1.0 - probs.mine[i])
            .fold(0.0f64, f64::max);
    }
    let mut best = 0.0f64;
    for &(cell, safety) in candidates(pos, probs).iter().take(DEEP_INNER) {
        if safety <= best {
            break;
        }
        best = best.max(score(pos, cell, safety, depth - 1, clock, cache));
    }
    best
}

/// The chance of surviving a click on `cell` and then doing as well as `value` says from what it
/// shows: `safety * sum over numbers of P(number) * value(after)`.
fn score(pos: &Position, cell: usize, safety: f64, depth: usize, clock: &mut BudgetClock, cache: &mut Cache) -> f64 {
    let mines_around = pos.around(cell).iter().filter(|&&j| pos.cells[j as usize] == Known::Mine).count() as u8;
    let unknown_around = pos.around(cell).iter().filter(|&&j| pos.cells[j as usize] == Known::Unknown).count() as u8;
    let mut outcomes: Vec<(f64, f64)> = Vec::new();
    for shown in mines_around..=mines_around + unknown_around {
        if let Some((next, probs)) = reveal(pos, cell, shown, clock, cache) {
            outcomes.push((value(&next, &probs, depth, clock, cache), probs.ln_weight));
        }
    }
    if outcomes.is_empty() {
        return 0.0;
    }
    let top = outcomes.iter().map(|o| o.1).fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = outcomes.iter().map(|o| (o.1 - top).exp()).sum();
    safety * outcomes.iter().map(|o| (o.1 - top).exp() * o.0).sum::<f64>() / total
}

/// The guess with the best estimated chance of surviving two clicks; the closest few are then
/// looked at one click deeper.
pub fn choose(pos: &Position, probs: &Probabilities, clock: &mut BudgetClock, cache: &mut Cache) -> Option<Guess> {
    let list = candidates(pos, probs);
    let first = *list.first()?;
    let mut scored: Vec<Guess> = Vec::new();
    let mut best = Guess { cell: first.0, safety: first.1, score: 0.0 };
    for (cell, safety) in list {
        if safety <= best.score {
            break;
        }
        let guess = Guess { cell, safety, score: score(pos, cell, safety, 1, clock, cache) };
        if guess.score > best.score + 1e-12 {
            best = guess;
        }
        scored.push(guess);
        if !clock.tick() {
            return Some(best);
        }
    }
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    let close: Vec<Guess> =
        scored.into_iter().filter(|g| g.score >= best.score - DEEP_CLOSE).take(DEEP_OUTER).collect();
    if close.len() < 2 {
        return Some(best);
    }
    let mut deep_best: Option<Guess> = None;
    for g in close {
        let deep = score(pos, g.cell, g.safety, 2, clock, cache);
        if !clock.tick() {
            return Some(best);
        }
        if deep_best.is_none_or(|b| deep > b.score + 1e-12) {
            deep_best = Some(Guess { score: deep, ..g });
        }
    }
    deep_best.or(Some(best))
}
