//! The guess, when no cell is certain: the cell with the best chance of winning, estimated as the
//! chance of surviving this click and then the next one.
//!
//! The candidates are the safest cells (those within a margin of the safest), a few of the cells
//! touching no number (those with the fewest covered neighbours, where a 0 and its opening is most
//! likely). For each, every number it could show is tried: the position with that number is solved
//! again (local deductions, then exact probabilities), which gives both how likely the number is
//! (its count of layouts, relative to the others) and how safe the best next click would be (1 when
//! a cell becomes certain). The score is `P(safe) * sum over numbers of P(number) * next safety`.
//! Candidates are taken safest first and the search stops once no remaining candidate can beat the
//! best score (a score is never above the cell's own safety), or when the budget is spent.

use super::position::{Known, Position};
use super::prob::{Cache, Probabilities, probabilities};
use crate::budget::BudgetClock;

/// How far below the safest cell a candidate may be (absolute probability).
const MARGIN: f64 = 0.12;
/// At most this many frontier candidates and rest candidates are looked ahead.
const MAX_FRONTIER: usize = 10;
const MAX_REST: usize = 3;

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

/// How safe the best click is in `pos` with `cell` opened showing `shown`, and the log of that
/// position's weight; None when the number is impossible.
fn after(pos: &Position, cell: usize, shown: u8, clock: &mut BudgetClock, cache: &mut Cache) -> Option<(f64, f64)> {
    let mut next = pos.clone();
    next.cells[cell] = Known::Open(shown);
    next.deduce().ok()?;
    let probs = probabilities(&next, clock, cache).ok()?;
    let certain = next.cells.contains(&Known::Safe) || !probs.safe_cells(&next).is_empty();
    let unknown = (0..next.cells.len()).filter(|&i| next.cells[i] == Known::Unknown);
    let best = if certain { 1.0 } else { unknown.map(|i| 1.0 - probs.mine[i]).fold(0.0f64, f64::max) };
    // A board with nothing left unknown is finished: surviving it is winning it.
    let best = if next.unknown_count() == 0 { 1.0 } else { best };
    Some((best, probs.ln_weight))
}

/// The guess with the best estimated chance of surviving two clicks.
pub fn choose(pos: &Position, probs: &Probabilities, clock: &mut BudgetClock, cache: &mut Cache) -> Option<Guess> {
    let list = candidates(pos, probs);
    let first = *list.first()?;
    let mut best = Guess { cell: first.0, safety: first.1, score: 0.0 };
    for (cell, safety) in list {
        if safety <= best.score {
            break;
        }
        let mines_around = pos.around(cell).iter().filter(|&&j| pos.cells[j as usize] == Known::Mine).count() as u8;
        let unknown_around =
            pos.around(cell).iter().filter(|&&j| pos.cells[j as usize] == Known::Unknown).count() as u8;
        let outcomes: Vec<(f64, f64)> = (mines_around..=mines_around + unknown_around)
            .filter_map(|shown| after(pos, cell, shown, clock, cache))
            .collect();
        if outcomes.is_empty() {
            continue;
        }
        let top = outcomes.iter().map(|o| o.1).fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = outcomes.iter().map(|o| (o.1 - top).exp()).sum();
        let next: f64 = outcomes.iter().map(|o| (o.1 - top).exp() * o.0).sum::<f64>() / total;
        let score = safety * next;
        if score > best.score + 1e-12 {
            best = Guess { cell, safety, score };
        }
        if !clock.tick() {
            break;
        }
    }
    Some(best)
}
