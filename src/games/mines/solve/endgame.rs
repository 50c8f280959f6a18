//! The endgame, searched exactly: when few layouts of the remaining mines are left (with the total
//! known), every one is listed and the guess is the one with the greatest chance of winning the whole
//! game, by search over what each click would show.
//!
//! A state is the set of layouts still possible. A click on a cell splits it by what the cell shows
//! (a mine ends the game); the chance of winning a state is 1 when one layout is left, else the best
//! over cells of the chances of its parts, weighted by their sizes. A cell certainly clear that tells
//! the layouts apart is free information and is taken first; cells that behave the same in every
//! layout are tried once. States are memoised; the search stops when the budget is spent, and the
//! heuristic guess stands then. (A 0 also opens its neighbours in the real game, which only tells
//! more: the chance found is a lower bound.)

use std::collections::HashMap;

use super::position::{Known, Position};
use crate::budget::BudgetClock;

/// At most this many layouts are searched exactly.
pub const MAX_LAYOUTS: usize = 250;
/// At most this many unknown cells (one bit each).
const MAX_CELLS: usize = 128;

/// A set of layouts, one bit each.
type Set = [u64; MAX_LAYOUTS.div_ceil(64)];

struct Endgame {
    /// Per unknown cell: the layouts where it is a mine, and for each layout what it would show.
    mine: Vec<Set>,
    shows: Vec<Vec<u8>>,
    memo: HashMap<Set, f64>,
    spent: bool,
}

fn count(s: &Set) -> u32 {
    s.iter().map(|w| w.count_ones()).sum()
}

fn members(s: &Set) -> impl Iterator<Item = usize> + '_ {
    s.iter().enumerate().flat_map(|(k, &w)| (0..64).filter(move |b| w >> b & 1 == 1).map(move |b| k * 64 + b))
}

/// Lists every layout of the unknown cells consistent with the numbers and the mines left, as the
/// mines among `unknown`; None when there are more than `MAX_LAYOUTS` or the budget runs out.
fn layouts(pos: &Position, unknown: &[usize], clock: &mut BudgetClock) -> Option<Vec<u128>> {
    let left = pos.mines_left()?;
    let constraints = pos.constraints().ok()?;
    let index: HashMap<u32, usize> = unknown.iter().enumerate().map(|(k, &i)| (i as u32, k)).collect();
    // Per constraint: its cells (as indices into `unknown`) and target.
    let cons: Vec<(Vec<usize>, i32)> =
        constraints.iter().map(|c| (c.cells.iter().map(|j| index[j]).collect(), c.target as i32)).collect();
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); unknown.len()];
    for (ci, (cells, _)) in cons.iter().enumerate() {
        for &k in cells {
            of_cell[k].push(ci);
        }
    }
    // Frontier cells first, so constraints close early; the rest last.
    let mut order: Vec<usize> = (0..unknown.len()).collect();
    order.sort_by_key(|&k| (of_cell[k].is_empty(), k));
    let mut sum = vec![0i32; cons.len()];
    let mut cap: Vec<i32> = cons.iter().map(|(c, _)| c.len() as i32).collect();
    let mut found = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn go(
        depth: usize,
        mines: i64,
        mask: u128,
        order: &[usize],
        of_cell: &[Vec<usize>],
        cons: &[(Vec<usize>, i32)],
        sum: &mut [i32],
        cap: &mut [i32],
        left: i64,
        found: &mut Vec<u128>,
        clock: &mut BudgetClock,
    ) -> bool {
        if !clock.tick() || found.len() > MAX_LAYOUTS {
            return false;
        }
        let remaining = (order.len() - depth) as i64;
        if mines > left || mines + remaining < left {
            return true;
        }
        if depth == order.len() {
            found.push(mask);
            return true;
        }
        let k = order[depth];
        for bit in [0, 1] {
            let fits = of_cell[k].iter().all(|&c| {
                let s = sum[c] + bit;
                s <= cons[c].1 && s + cap[c] > cons[c].1
            });
            if !fits {
                continue;
            }
            for &c in &of_cell[k] {
                sum[c] += bit;
                cap[c] -= 1;
            }
            let ok = go(
                depth + 1,
                mines + bit as i64,
                mask | (bit as u128) << k,
                order,
                of_cell,
                cons,
                sum,
                cap,
                left,
                found,
                clock,
            );
            for &c in &of_cell[k] {
                sum[c] -= bit;
                cap[c] += 1;
            }
            if !ok {
                return false;
            }
        }
        true
    }
    let complete = go(0, 0, 0, &order, &of_cell, &cons, &mut sum, &mut cap, left, &mut found, clock);
    (complete && found.len() <= MAX_LAYOUTS).then_some(found)
}

impl Endgame {
    /// The chance of winning from `set`, and the best cell to click (an index into the unknown cells).
    fn best(&mut self, set: &Set, clock: &mut BudgetClock) -> (f64, Option<usize>) {
        let n = count(set);
        if n <= 1 {
            return (1.0, None);
        }
        if let Some(&p) = self.memo.get(set) {
            return (p, None);
        }
        if !clock.tick() {
            self.spent = true;
            return (0.0, None);
        }
        let mut seen: Vec<Vec<u16>> = Vec::new();
        let mut best = (-1.0, None);
        // Free information first: a cell clear in every layout that tells them apart.
        let mut order: Vec<usize> = (0..self.mine.len()).collect();
        order.sort_by_key(|&c| {
            let mines = (0..set.len()).map(|k| (self.mine[c][k] & set[k]).count_ones()).sum::<u32>();
            (mines != 0, c)
        });
        for c in order {
            let mut parts: Vec<(u8, Set)> = Vec::new();
            let mut survivors = 0;
            for l in members(set) {
                if self.mine[c][l / 64] >> (l % 64) & 1 == 1 {
                    continue;
                }
                survivors += 1;
                let v = self.shows[c][l];
                match parts.iter_mut().find(|p| p.0 == v) {
                    Some(p) => p.1[l / 64] |= 1 << (l % 64),
                    None => {
                        let mut s = [0u64; MAX_LAYOUTS.div_ceil(64)];
                        s[l / 64] |= 1 << (l % 64);
                        parts.push((v, s));
                    }
                }
            }
            if survivors == 0 || (survivors == n && parts.len() == 1) {
                continue; // certainly a mine, or clear and telling nothing
            }
            // Cells behaving alike in every layout of the set give the same outcome.
            let mut signature: Vec<u16> = parts
                .iter()
                .flat_map(|(v, s)| std::iter::once(*v as u16 + 1000).chain(members(s).map(|l| l as u16)))
                .collect();
            signature.push(survivors as u16);
            if seen.contains(&signature) {
                continue;
            }
            seen.push(signature);
            let mut chance = 0.0;
            for (_, part) in &parts {
                chance += count(part) as f64 * self.best(part, clock).0;
                if self.spent {
                    return (0.0, None);
                }
            }
            chance /= n as f64;
            if survivors == n {
                // Free information: take it.
                self.memo.insert(*set, chance);
                return (chance, Some(c));
            }
            if chance > best.0 + 1e-12 {
                best = (chance, Some(c));
            }
        }
        let p = best.0.max(0.0);
        self.memo.insert(*set, p);
        (p, best.1)
    }
}

/// The cell with the greatest chance of winning, and that chance, when the endgame is small enough
/// to search within the budget.
pub fn solve(pos: &Position, clock: &mut BudgetClock) -> Option<(usize, f64)> {
    let unknown: Vec<usize> = (0..pos.cells.len()).filter(|&i| pos.cells[i] == Known::Unknown).collect();
    if unknown.is_empty() || unknown.len() > MAX_CELLS {
        return None;
    }
    let all = layouts(pos, &unknown, clock)?;
    if all.len() < 2 {
        return None;
    }
    let index: HashMap<usize, usize> = unknown.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let mut mine = vec![[0u64; MAX_LAYOUTS.div_ceil(64)]; unknown.len()];
    let mut shows = vec![vec![0u8; all.len()]; unknown.len()];
    for (c, &cell) in unknown.iter().enumerate() {
        let known_mines = pos.around(cell).iter().filter(|&&j| pos.cells[j as usize] == Known::Mine).count() as u8;
        let around: Vec<usize> = pos.around(cell).iter().filter_map(|&j| index.get(&(j as usize)).copied()).collect();
        for (l, &layout) in all.iter().enumerate() {
            if layout >> c & 1 == 1 {
                mine[c][l / 64] |= 1 << (l % 64);
            }
            shows[c][l] = known_mines + around.iter().filter(|&&k| layout >> k & 1 == 1).count() as u8;
        }
    }
    let mut set = [0u64; MAX_LAYOUTS.div_ceil(64)];
    for l in 0..all.len() {
        set[l / 64] |= 1 << (l % 64);
    }
    let mut search = Endgame { mine, shows, memo: HashMap::new(), spent: false };
    let (chance, best) = search.best(&set, clock);
    if search.spent {
        return None;
    }
    best.map(|c| (unknown[c], chance))
}
