//! Exact mine probabilities over the whole board, with the total of mines.
//!
//! The unknown cells next to a number (the frontier) are grouped into boxes: cells that lie in the
//! same constraints are interchangeable, so a box is assigned a count of mines (in `C(size, m)`
//! ways) instead of every subset. Boxes linked by constraints form components, each enumerated on
//! its own by backtracking (a constraint is checked as soon as a box of it is assigned), which gives
//! per component and per count of mines `k` the number of solutions `W[k]` and each box's mines
//! summed over them. The other unknown cells (the rest, touching no number) take the mines the
//! frontier leaves: a combination of components with `K` mines in all is worth `C(rest, left - K)`
//! layouts. Every probability is then a ratio of exact counts (in floating point, scaled to stay in
//! range), and the natural log of the total count is kept, so the look-ahead can weigh what a cell
//! would show. Without a known total, each unknown cell is a mine with the usual density
//! independently, which weighs the counts the same way.
//!
//! A component whose enumeration exceeds the budget is estimated instead (flagged as inexact).
//! Components are cached by their constraints within one decision, so the look-ahead enumerates
//! again only the components a hypothesis touches.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use super::position::{Contradiction, Known, Position};
use crate::budget::BudgetClock;

/// The density of mines assumed when the total is not known (about the classic expert board's).
pub const DENSITY: f64 = 0.2;

/// The mine probability of every cell, and the weight of the position.
#[derive(Clone, Debug)]
pub struct Probabilities {
    /// Per cell: the probability of a mine (0 for opened and known-safe cells, 1 for known mines).
    pub mine: Vec<f64>,
    /// Unknown cells next to no number; each has probability `rest_p`.
    pub rest: Vec<usize>,
    pub rest_p: f64,
    /// The natural log of the number of layouts consistent with the position (weighted by the
    /// density when the total is not known).
    pub ln_weight: f64,
    /// False when a component was estimated rather than enumerated.
    pub exact: bool,
}

impl Probabilities {
    /// Unknown cells certainly free of mines.
    pub fn safe_cells(&self, pos: &Position) -> Vec<usize> {
        (0..pos.cells.len()).filter(|&i| pos.cells[i] == Known::Unknown && self.mine[i] == 0.0).collect()
    }

    /// Unknown cells certainly holding a mine.
    pub fn mine_cells(&self, pos: &Position) -> Vec<usize> {
        (0..pos.cells.len()).filter(|&i| pos.cells[i] == Known::Unknown && self.mine[i] >= 1.0 - 1e-12).collect()
    }
}

/// A component's enumeration: counts by number of mines (from `kmin`), scaled by `exp(-ln_scale)`.
#[derive(Clone, Debug)]
struct Counts {
    kmin: usize,
    w: Vec<f64>,
    /// Each box: its cells and its mines summed over the solutions, by number of mines.
    boxes: Vec<(Vec<u32>, Vec<f64>)>,
    ln_scale: f64,
    exact: bool,
}

/// A component as the cache knows it: the mines left (which bound it) and its constraints (sorted
/// cells, target).
type Key = (Option<i64>, Vec<(Vec<u32>, u8)>);

/// Components already enumerated.
#[derive(Default)]
pub struct Cache {
    map: HashMap<Key, Rc<Counts>>,
}

/// `ln n!` for n up to the largest board.
fn ln_factorial(n: usize) -> f64 {
    static TABLE: OnceLock<Vec<f64>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![0.0f64; super::super::board::MAX_CELLS + 2];
        for i in 1..t.len() {
            t[i] = t[i - 1] + (i as f64).ln();
        }
        t
    });
    table[n]
}

/// `ln C(n, k)`, minus infinity outside 0..=n.
fn ln_choose(n: usize, k: i64) -> f64 {
    if k < 0 || k as usize > n {
        return f64::NEG_INFINITY;
    }
    ln_factorial(n) - ln_factorial(k as usize) - ln_factorial(n - k as usize)
}

/// `C(n, k)` for the small boxes (n <= 8).
const fn small_choose() -> [[f64; 9]; 9] {
    let mut t = [[0.0; 9]; 9];
    let mut n = 0;
    while n < 9 {
        t[n][0] = 1.0;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0.0 };
            k += 1;
        }
        n += 1;
    }
    t
}
const CHOOSE: [[f64; 9]; 9] = small_choose();

/// The exact probabilities of `pos` (after its local deductions).
pub fn probabilities(
    pos: &Position,
    clock: &mut BudgetClock,
    cache: &mut Cache,
) -> Result<Probabilities, Contradiction> {
    let n = pos.cells.len();
    let constraints = pos.constraints()?;
    // The constraints each unknown cell lies in.
    let mut cell_cons: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (ci, c) in constraints.iter().enumerate() {
        for &j in &c.cells {
            cell_cons[j as usize].push(ci as u32);
        }
    }
    // Components of constraints linked by shared cells (union-find).
    let mut parent: Vec<usize> = (0..constraints.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for cons in &cell_cons {
        for w in cons.windows(2) {
            let (a, b) = (find(&mut parent, w[0] as usize), find(&mut parent, w[1] as usize));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for ci in 0..constraints.len() {
        let root = find(&mut parent, ci);
        groups.entry(root).or_default().push(ci);
    }
    let mut roots: Vec<usize> = groups.keys().copied().collect();
    roots.sort_unstable();

    let left = pos.mines_left();
    let mut comps: Vec<Rc<Counts>> = Vec::with_capacity(roots.len());
    for root in roots {
        let members = &groups[&root];
        let mut key: Vec<(Vec<u32>, u8)> = members
            .iter()
            .map(|&ci| {
                let mut cells = constraints[ci].cells.clone();
                cells.sort_unstable();
                (cells, constraints[ci].target)
            })
            .collect();
        key.sort();
        key.dedup();
        let key = (left, key);
        let counts = match cache.map.get(&key) {
            Some(found) => found.clone(),
            None => {
                let counts = Rc::new(enumerate(&key.1, left, clock));
                cache.map.insert(key, counts.clone());
                counts
            }
        };
        if counts.w.iter().all(|&w| w == 0.0) {
            let at = constraints[members[0]].from as usize;
            return Err(Contradiction { at: Some((at / pos.cols, at % pos.cols)) });
        }
        comps.push(counts);
    }
    combine(pos, &cell_cons, comps)
}

/// Enumerates one component, given by its constraints (sorted cells, target).
fn enumerate(constraints: &[(Vec<u32>, u8)], left: Option<i64>, clock: &mut BudgetClock) -> Counts {
    // Boxes: cells with the same constraints.
    let mut by_cell: HashMap<u32, Vec<u32>> = HashMap::new();
    for (ci, (cells, _)) in constraints.iter().enumerate() {
        for &j in cells {
            by_cell.entry(j).or_default().push(ci as u32);
        }
    }
    let mut cells: Vec<u32> = by_cell.keys().copied().collect();
    cells.sort_unstable();
    let mut box_of: HashMap<Vec<u32>, usize> = HashMap::new();
    let mut boxes: Vec<(Vec<u32>, Vec<u32>)> = Vec::new(); // (cells, constraints)
    for j in cells {
        let cons = by_cell[&j].clone();
        let next = boxes.len();
        let b = *box_of.entry(cons.clone()).or_insert(next);
        if b == next {
            boxes.push((Vec::new(), cons));
        }
        boxes[b].0.push(j);
    }
    // Order the boxes breadth-first through shared constraints, so constraints close early.
    let mut con_boxes: Vec<Vec<usize>> = vec![Vec::new(); constraints.len()];
    for (b, (_, cons)) in boxes.iter().enumerate() {
        for &c in cons {
            con_boxes[c as usize].push(b);
        }
    }
    let mut order = Vec::with_capacity(boxes.len());
    let mut placed = vec![false; boxes.len()];
    for start in 0..boxes.len() {
        if placed[start] {
            continue;
        }
        placed[start] = true;
        order.push(start);
        let mut head = order.len() - 1;
        while head < order.len() {
            let b = order[head];
            head += 1;
            for &c in &boxes[b].1 {
                for &nb in &con_boxes[c as usize] {
                    if !placed[nb] {
                        placed[nb] = true;
                        order.push(nb);
                    }
                }
            }
        }
    }
    let total_cells: usize = boxes.iter().map(|(c, _)| c.len()).sum();
    let mut search = Search {
        size: boxes.iter().map(|(c, _)| c.len()).collect(),
        box_cons: boxes.iter().map(|(_, c)| c.clone()).collect(),
        order,
        target: constraints.iter().map(|(_, t)| *t as i32).collect(),
        sum: vec![0; constraints.len()],
        cap: constraints.iter().map(|(c, _)| c.len() as i32).collect(),
        assign: vec![0; boxes.len()],
        w: vec![0.0; total_cells + 1],
        e: vec![0.0; boxes.len() * (total_cells + 1)],
        stride: total_cells + 1,
        max_k: left.map_or(total_cells as i64, |l| l.min(total_cells as i64)),
        clock,
        spent: false,
    };
    search.go(0, 0, 1.0);
    let exact = !search.spent;
    let (mut w, mut e, stride) = (search.w, search.e, search.stride);
    if !exact {
        estimate(constraints, &boxes, &mut w, &mut e, stride);
    }
    let kmin = w.iter().position(|&x| x > 0.0).unwrap_or(0);
    let kmax = w.iter().rposition(|&x| x > 0.0).unwrap_or(0);
    let scale = w.iter().cloned().fold(0.0f64, f64::max);
    let norm = if scale > 0.0 { 1.0 / scale } else { 1.0 };
    let counts_w: Vec<f64> = w[kmin..=kmax].iter().map(|x| x * norm).collect();
    let boxes_out = boxes
        .iter()
        .enumerate()
        .map(|(b, (cells, _))| {
            (cells.clone(), e[b * stride + kmin..=b * stride + kmax].iter().map(|x| x * norm).collect())
        })
        .collect();
    Counts { kmin, w: counts_w, boxes: boxes_out, ln_scale: if scale > 0.0 { scale.ln() } else { 0.0 }, exact }
}

/// The backtracking over boxes.
struct Search<'a> {
    size: Vec<usize>,
    box_cons: Vec<Vec<u32>>,
    order: Vec<usize>,
    target: Vec<i32>,
    /// Per constraint: mines assigned so far, and cells not yet assigned.
    sum: Vec<i32>,
    cap: Vec<i32>,
    assign: Vec<u8>,
    w: Vec<f64>,
    e: Vec<f64>,
    stride: usize,
    max_k: i64,
    clock: &'a mut BudgetClock,
    spent: bool,
}

impl Search<'_> {
    fn go(&mut self, depth: usize, k: usize, weight: f64) {
        if self.spent {
            return;
        }
        if !self.clock.tick() {
            self.spent = true;
            return;
        }
        if depth == self.order.len() {
            self.w[k] += weight;
            for (b, &m) in self.assign.iter().enumerate() {
                if m > 0 {
                    self.e[b * self.stride + k] += weight * m as f64;
                }
            }
            return;
        }
        let b = self.order[depth];
        let size = self.size[b];
        // The range of mines this box may take, by each of its constraints.
        let (mut lo, mut hi) = (0i32, size as i32);
        for &c in &self.box_cons[b] {
            let c = c as usize;
            let need = self.target[c] - self.sum[c];
            let others = self.cap[c] - size as i32;
            lo = lo.max(need - others);
            hi = hi.min(need);
        }
        hi = hi.min((self.max_k - k as i64) as i32);
        if lo > hi {
            return;
        }
        for &c in &self.box_cons[b] {
            self.cap[c as usize] -= size as i32;
        }
        for m in lo..=hi {
            for &c in &self.box_cons[b] {
                self.sum[c as usize] += m;
            }
            self.assign[b] = m as u8;
            self.go(depth + 1, k + m as usize, weight * CHOOSE[size][m as usize]);
            for &c in &self.box_cons[b] {
                self.sum[c as usize] -= m;
            }
        }
        self.assign[b] = 0;
        for &c in &self.box_cons[b] {
            self.cap[c as usize] += size as i32;
        }
    }
}

/// A component too large to enumerate within the budget: each box's density is the mean over its
/// constraints of their share of mines, and the component's count of mines is its expectation.
fn estimate(
    constraints: &[(Vec<u32>, u8)],
    boxes: &[(Vec<u32>, Vec<u32>)],
    w: &mut [f64],
    e: &mut [f64],
    stride: usize,
) {
    w.iter_mut().for_each(|x| *x = 0.0);
    e.iter_mut().for_each(|x| *x = 0.0);
    let density: Vec<f64> = boxes
        .iter()
        .map(|(_, cons)| {
            let shares: f64 =
                cons.iter().map(|&c| constraints[c as usize].1 as f64 / constraints[c as usize].0.len() as f64).sum();
            (shares / cons.len() as f64).clamp(0.0, 1.0)
        })
        .collect();
    let expected: f64 = boxes.iter().zip(&density).map(|((cells, _), d)| cells.len() as f64 * d).sum();
    let k = (expected.round() as usize).min(stride - 1);
    w[k] = 1.0;
    for (b, ((cells, _), d)) in boxes.iter().zip(&density).enumerate() {
        e[b * stride + k] = cells.len() as f64 * d;
    }
}

/// `a * b` as polynomials with offsets.
fn convolve(a: &(usize, Vec<f64>), b: &(usize, Vec<f64>)) -> (usize, Vec<f64>) {
    let mut out = vec![0.0; a.1.len() + b.1.len() - 1];
    for (i, &x) in a.1.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.1.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    (a.0 + b.0, out)
}

/// Combines the components with the rest of the board.
fn combine(pos: &Position, cell_cons: &[Vec<u32>], comps: Vec<Rc<Counts>>) -> Result<Probabilities, Contradiction> {
    let n = pos.cells.len();
    let rest: Vec<usize> = (0..n).filter(|&i| pos.cells[i] == Known::Unknown && cell_cons[i].is_empty()).collect();
    let r = rest.len();
    let frontier_cells: usize = comps.iter().map(|c| c.boxes.iter().map(|(cells, _)| cells.len()).sum::<usize>()).sum();
    // ln of the weight of a frontier total of K mines (the rest's layouts, or the density's odds).
    let left = pos.mines_left();
    let ln_b = |k: usize| -> f64 {
        match left {
            Some(l) => ln_choose(r, l - k as i64),
            None => k as f64 * (DENSITY / (1.0 - DENSITY)).ln(),
        }
    };
    let one = (0usize, vec![1.0]);
    let polys: Vec<(usize, Vec<f64>)> = comps.iter().map(|c| (c.kmin, c.w.clone())).collect();
    let mut prefix = vec![one.clone()];
    for p in &polys {
        let next = convolve(prefix.last().expect("a prefix"), p);
        prefix.push(next);
    }
    let mut suffix = vec![one.clone(); polys.len() + 1];
    for i in (0..polys.len()).rev() {
        suffix[i] = convolve(&polys[i], &suffix[i + 1]);
    }
    let all = &prefix[polys.len()];
    let shift = (0..all.1.len()).filter(|&i| all.1[i] > 0.0).map(|i| ln_b(all.0 + i)).fold(f64::NEG_INFINITY, f64::max);
    if shift == f64::NEG_INFINITY {
        return Err(Contradiction { at: None });
    }
    let b = |k: usize| (ln_b(k) - shift).exp();
    let total: f64 = all.1.iter().enumerate().map(|(i, &p)| p * b(all.0 + i)).sum();
    if total <= 0.0 || !total.is_finite() {
        return Err(Contradiction { at: None });
    }
    let mut mine = vec![0.0; n];
    for (i, k) in pos.cells.iter().enumerate() {
        if *k == Known::Mine {
            mine[i] = 1.0;
        }
    }
    for (ci, comp) in comps.iter().enumerate() {
        let others = convolve(&prefix[ci], &suffix[ci + 1]);
        let q: Vec<f64> = (0..comp.w.len())
            .map(|k| others.1.iter().enumerate().map(|(j, &o)| o * b(comp.kmin + k + others.0 + j)).sum())
            .collect();
        for (cells, e) in &comp.boxes {
            let expected: f64 = e.iter().zip(&q).map(|(x, y)| x * y).sum::<f64>() / total;
            let p = (expected / cells.len() as f64).clamp(0.0, 1.0);
            for &j in cells {
                mine[j as usize] = p;
            }
        }
    }
    let rest_p = match left {
        _ if r == 0 => 0.0,
        Some(l) => {
            let expected: f64 =
                all.1.iter().enumerate().map(|(i, &p)| p * b(all.0 + i) * (l - (all.0 + i) as i64) as f64).sum::<f64>();
            (expected / total / r as f64).clamp(0.0, 1.0)
        }
        None => DENSITY,
    };
    for &i in &rest {
        mine[i] = rest_p;
    }
    let mut ln_weight = total.ln() + shift + comps.iter().map(|c| c.ln_scale).sum::<f64>();
    if left.is_none() {
        let settled_safe = pos.cells.iter().filter(|&&k| k == Known::Safe).count();
        let settled_mines = pos.cells.iter().filter(|&&k| k == Known::Mine).count();
        ln_weight +=
            (frontier_cells + settled_safe) as f64 * (1.0 - DENSITY).ln() + settled_mines as f64 * DENSITY.ln();
    }
    Ok(Probabilities { mine, rest, rest_p, ln_weight, exact: comps.iter().all(|c| c.exact) })
}

#[cfg(test)]
mod tests {
    use super::super::super::board::{Board, Cell, FirstClick};
    use super::super::super::sim::{Game, Layout};
    use super::*;
    use crate::budget::Budget;
    use crate::rng::SplitMix64;

    fn probs(rows: &[&str], total: Option<u32>) -> (Position, Probabilities) {
        let board = Board::from_rows(rows).unwrap().with_mines(total).unwrap();
        let pos = Position::from_board(&board);
        let p = probabilities(&pos, &mut Budget::UNLIMITED.start(), &mut Cache::default()).unwrap();
        (pos, p)
    }

    /// Brute force: every layout of the covered cells consistent with the numbers and the total.
    fn brute(board: &Board, total: u32) -> (Vec<f64>, f64) {
        let unknown: Vec<usize> = (0..board.cells.len()).filter(|&i| board.cells[i].is_covered()).collect();
        let mut counts = vec![0.0; board.cells.len()];
        let mut layouts = 0.0;
        for bits in 0u32..(1 << unknown.len()) {
            if bits.count_ones() != total {
                continue;
            }
            let is_mine = |i: usize| unknown.iter().position(|&u| u == i).is_some_and(|k| bits >> k & 1 == 1);
            let fits = (0..board.cells.len()).all(|i| match board.cells[i] {
                Cell::Open(v) => board.neighbours(i).filter(|&j| is_mine(j)).count() == v as usize,
                _ => true,
            });
            if fits {
                layouts += 1.0;
                for (k, &u) in unknown.iter().enumerate() {
                    if bits >> k & 1 == 1 {
                        counts[u] += 1.0;
                    }
                }
            }
        }
        (counts.iter().map(|c| c / layouts).collect(), layouts)
    }

    #[test]
    fn probabilities_agree_with_brute_force() {
        let mut rng = SplitMix64(3);
        let mut checked = 0;
        for seed in 0..60 {
            let (rows, cols, mines) = (3 + rng.index(2), 4 + rng.index(2), 3 + rng.index(4));
            let first = rng.index(rows * cols);
            let layout = Layout::random(rows, cols, mines, first, FirstClick::Safe, &mut rng).unwrap();
            let mut game = Game::new(layout, FirstClick::Safe);
            game.open(first);
            for _ in 0..rng.index(3) {
                let safe: Vec<usize> =
                    (0..rows * cols).filter(|&i| !game.layout.mine[i] && game.board.cells[i].is_covered()).collect();
                if let Some(&i) = safe.get(rng.index(safe.len().max(1))) {
                    game.open(i);
                }
            }
            let board = game.board.clone();
            if board.covered_count() > 16 || board.covered_count() == mines {
                continue;
            }
            let pos = Position::from_board(&board);
            let p = probabilities(&pos, &mut Budget::UNLIMITED.start(), &mut Cache::default()).unwrap();
            let (want, layouts) = brute(&board, mines as u32);
            for (i, &want_i) in want.iter().enumerate() {
                if pos.cells[i] == Known::Unknown {
                    assert!(
                        (p.mine[i] - want_i).abs() < 1e-9,
                        "seed {seed} cell {i}: {} vs {want_i}\n{board}",
                        p.mine[i]
                    );
                }
            }
            assert!((p.ln_weight - f64::ln(layouts)).abs() < 1e-9, "seed {seed}: {layouts} layouts\n{board}");
            assert!(p.exact);
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} boards were small enough to check");
    }

    #[test]
    fn a_certain_cell_has_probability_zero_or_one() {
        let (pos, p) = probs(&["1#", "##"], Some(1));
        assert!(p.safe_cells(&pos).is_empty());
        let (pos, p) = probs(&["11#", "###"], Some(1));
        // The left 1 sees (1,0),(1,1); the right one also (0,2),(1,2): with one mine in all, those are clear.
        assert_eq!(p.safe_cells(&pos), vec![2, 5]);
        assert!(p.mine_cells(&pos).is_empty());
    }

    #[test]
    fn without_a_total_the_rest_has_the_usual_density() {
        let (_, p) = probs(&["1###", "####"], None);
        assert_eq!(p.rest_p, DENSITY);
    }

    #[test]
    fn an_impossible_board_is_a_contradiction() {
        let board = Board::from_rows(&["1#1", "###"]).unwrap().with_mines(Some(0)).unwrap();
        let pos = Position::from_board(&board);
        assert!(probabilities(&pos, &mut Budget::UNLIMITED.start(), &mut Cache::default()).is_err());
    }
}
