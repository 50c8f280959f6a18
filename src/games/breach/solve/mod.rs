//! The optimal Breach Protocol solver: the most valuable set of daemons, at the fewest picks.
//!
//! Daemon i is worth 2^i, so sets are compared as bitmasks and tried in decreasing mask order. For a
//! set, daemons that are substrings of another member are dropped (they come for free), then every
//! code pattern that could realise the rest is generated: over every order of the members, each
//! next daemon starts after the previous one (overlapping it wherever the codes agree, or after a
//! gap of free picks), with free picks allowed in front. A pattern is a list of tokens, each a code
//! or "any". Patterns are tried by length, shortest first, and each is matched against the grid by
//! a DFS over the alternating row/column structure with a visited bitmask. Any path completing the
//! set has a code sequence that matches one of these patterns (take the first occurrence of every
//! member; with no member inside another, starts and ends are ordered alike), so the first length
//! at which some pattern is realisable is the fewest picks for the set, and the first realisable set
//! is the optimum: exhaustive over sets and lengths, hence proven. A set with an unrealisable member
//! is skipped without search. Pure and deterministic.
//!
//! From a breach under way (`Start`) the same holds with the picked codes as a fixed head of every
//! pattern: only the tail is matched on the grid, from the start's line, avoiding used cells, and a
//! daemon the head already holds is complete for free.
//!
//! Two exact shortcuts keep the DFS fast: it runs from the last pick backwards, so fixed codes prune
//! before the free lead-in is explored; and a gap of free picks is bridged by first solving the
//! picks beyond it without the gap (if that fails, every gap fails, since extra visited cells only
//! remove options) and only then looking for gap picks that avoid that solution.

use std::collections::HashSet;

use super::board::{Code, Line, Puzzle, Start, contains};
use crate::budget::{Budget, BudgetClock};

#[cfg(test)]
mod tests;

/// An optimal answer: the picks, the daemons they complete (ascending) and their value (sum of 2^i).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub path: Vec<(usize, usize)>,
    pub daemons: Vec<usize>,
    pub value: u32,
}

/// A pattern token: a fixed code, or `None` for a free pick (any code).
type Pattern = Vec<Option<Code>>;

/// Solves a puzzle optimally: the largest value, then the fewest picks. With no realisable daemon
/// the answer is the empty path with value 0.
pub fn solve(p: &Puzzle) -> Solution {
    solve_within(p, Budget::UNLIMITED).0
}

/// Solves within a budget (one node per code pattern tried on the grid). Returns the answer and
/// whether it is proven optimal; when the budget runs out first, the answer is the best found so
/// far (at least the most valuable single daemon, which is settled before the budget applies).
pub fn solve_within(p: &Puzzle, budget: Budget) -> (Solution, bool) {
    solve_from(p, &Start::default(), budget)
}

/// Solves from a breach under way: the further picks, and the daemons the whole buffer completes.
pub fn solve_from(p: &Puzzle, start: &Start, budget: Budget) -> (Solution, bool) {
    let n = p.daemons.len();
    let dfs = Dfs::new(p, start);
    let unlimited = &mut Budget::UNLIMITED.start();
    // Singletons first: a set holding an unrealisable daemon is skipped outright, and the best
    // realisable one is the fallback answer.
    let mut infeasible: Vec<u32> = Vec::new();
    let mut fallback = None;
    for i in 0..n {
        match shortest_for(p, start, &dfs, 1 << i, unlimited) {
            Some(Some(path)) => fallback = Some(path),
            _ => infeasible.push(1 << i),
        }
    }
    let answer = |path: Vec<(usize, usize)>| {
        let codes = p.check_from(start, &path).unwrap_or_default();
        let daemons = p.completed(&codes);
        let value = Puzzle::value(&daemons);
        Solution { path, daemons, value }
    };
    let mut clock = budget.start();
    for set in (1..(1u32 << n)).rev() {
        if infeasible.iter().any(|&bad| bad & !set == 0) {
            continue;
        }
        match shortest_for(p, start, &dfs, set, &mut clock) {
            Some(Some(path)) => {
                let solution = answer(path);
                debug_assert_eq!(solution.value, set, "a path completing more would have been found first");
                return (solution, true);
            }
            Some(None) => infeasible.push(set),
            None => {
                let best = fallback.map(answer).unwrap_or(Solution { path: Vec::new(), daemons: Vec::new(), value: 0 });
                return (best, false);
            }
        }
    }
    (Solution { path: Vec::new(), daemons: Vec::new(), value: 0 }, true)
}

/// The members of `set` that are not implied by another member (a substring of it; of two equal
/// daemons the lower index is kept) nor already complete in the codes picked so far (`head`).
fn essential<'a>(p: &'a Puzzle, set: u32, head: &[Code]) -> Vec<&'a [Code]> {
    let members: Vec<usize> = (0..p.daemons.len()).filter(|&i| set >> i & 1 == 1).collect();
    members
        .iter()
        .filter(|&&i| {
            let d = &p.daemons[i];
            !members.iter().any(|&j| {
                let e = &p.daemons[j];
                j != i && contains(e, d) && (e.len() > d.len() || j < i)
            }) && !contains(head, d)
        })
        .map(|&i| p.daemons[i].as_slice())
        .collect()
}

/// The shortest legal path completing every daemon of `set`: Some(None) when none fits in the
/// buffer, None when the budget ran out before that was settled.
fn shortest_for(
    p: &Puzzle,
    start: &Start,
    dfs: &Dfs,
    set: u32,
    clock: &mut BudgetClock,
) -> Option<Option<Vec<(usize, usize)>>> {
    let head = &start.picked;
    let ds = essential(p, set, head);
    if ds.is_empty() {
        return Some(Some(Vec::new()));
    }
    let min_len = ds.iter().map(|d| d.len()).max().unwrap_or(0).max(head.len() + 1);
    for len in min_len..=p.buffer {
        let mut seen = HashSet::new();
        let mut order: Vec<usize> = (0..ds.len()).collect();
        let mut found = None;
        let mut spent = false;
        permutations(&mut order, 0, &mut |order| {
            if found.is_some() || spent {
                return;
            }
            let mut pat = vec![None; len];
            for (slot, &code) in pat.iter_mut().zip(head) {
                *slot = Some(code);
            }
            place(&ds, order, 0, 0, &mut pat, &mut |pat| {
                if found.is_none() && !spent && seen.insert(pat.clone()) {
                    spent = !clock.tick();
                    found = dfs.realise(&pat[head.len()..]);
                }
            });
        });
        if found.is_some() {
            return Some(found);
        }
        if spent {
            return None;
        }
    }
    Some(None)
}

/// Calls `f` with every permutation of `v[k..]` (recursive swapping; `v[..k]` stays fixed).
fn permutations(v: &mut [usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}

/// Places daemon `order[j]` at every start from `from` on that agrees with the codes already in
/// `pat`; the last daemon must end exactly at the pattern's end (trailing picks are never needed).
fn place(ds: &[&[Code]], order: &[usize], j: usize, from: usize, pat: &mut Pattern, f: &mut dyn FnMut(&Pattern)) {
    if j == order.len() {
        f(pat);
        return;
    }
    let d = ds[order[j]];
    let len = pat.len();
    if d.len() > len {
        return;
    }
    let last_start = len - d.len();
    let first_start = if j + 1 == order.len() { last_start.max(from) } else { from };
    for start in first_start..=last_start {
        let fits = d.iter().enumerate().all(|(k, &c)| pat[start + k].is_none_or(|t| t == c));
        if !fits {
            continue;
        }
        let saved: Vec<Option<Code>> = pat[start..start + d.len()].to_vec();
        for (k, &c) in d.iter().enumerate() {
            pat[start + k] = Some(c);
        }
        place(ds, order, j + 1, start + 1, pat, f);
        pat[start..start + d.len()].copy_from_slice(&saved);
    }
}

/// What the gap shortcut learned: a full path, no path at all, or nothing for certain.
enum Bridge {
    Found,
    Impossible,
    Unknown,
}

/// Matches patterns against the grid: a DFS over legal paths with a visited bitmask.
struct Dfs {
    rows: usize,
    cols: usize,
    /// Codes row-major.
    cells: Vec<Code>,
    /// Cells picked before the start, as a bitmask.
    used: u64,
    /// The line of the first pick searched.
    line: Line,
}

impl Dfs {
    fn new(p: &Puzzle, start: &Start) -> Dfs {
        let cells = p.grid.iter().flatten().copied().collect();
        let (rows, cols) = (p.rows(), p.cols());
        let used =
            start.used.iter().filter(|&&(r, c)| r < rows && c < cols).fold(0u64, |m, &(r, c)| m | 1 << (r * cols + c));
        Dfs { rows, cols, cells, used, line: start.line }
    }

    /// True when pick `i` shares its column with pick `i - 1` (else its row): from a row, the
    /// second pick goes down the first one's column.
    fn down_column(&self, i: usize) -> bool {
        (i % 2 == 1) == matches!(self.line, Line::Row(_))
    }

    /// A legal path whose codes match `pat` token by token, if there is one. The search runs from
    /// the last pick backwards: patterns end in fixed codes and may start with free picks, so the
    /// selective part is searched first and the free lead-in (almost always possible) last.
    fn realise(&self, pat: &[Option<Code>]) -> Option<Vec<(usize, usize)>> {
        let mut rev = Vec::with_capacity(pat.len());
        let Some(last) = pat.len().checked_sub(1) else {
            return Some(rev);
        };
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.step(pat, last, (r, c), self.used, &mut rev) {
                    rev.reverse();
                    return Some(rev);
                }
            }
        }
        None
    }

    /// Tries `cell` as pick number `i` (picks after it are in `rev`, last first), then the picks
    /// before it.
    fn step(
        &self,
        pat: &[Option<Code>],
        i: usize,
        (r, c): (usize, usize),
        visited: u64,
        rev: &mut Vec<(usize, usize)>,
    ) -> bool {
        let bit = 1u64 << (r * self.cols + c);
        if visited & bit != 0
            || (i == 0 && !self.line.holds((r, c)))
            || pat[i].is_some_and(|t| t != self.cells[r * self.cols + c])
        {
            return false;
        }
        rev.push((r, c));
        if i == 0 {
            return true;
        }
        let visited = visited | bit;
        match self.bridge_gap(pat, i, (r, c), visited, rev) {
            Bridge::Found => return true,
            Bridge::Impossible => {
                rev.pop();
                return false;
            }
            Bridge::Unknown => {}
        }
        // Pick 0 is on the start's line; after it, picks alternate between column and row.
        let found = if self.down_column(i) {
            (0..self.rows).any(|nr| nr != r && self.step(pat, i - 1, (nr, c), visited, rev))
        } else {
            (0..self.cols).any(|nc| nc != c && self.step(pat, i - 1, (r, nc), visited, rev))
        };
        if !found {
            rev.pop();
        }
        found
    }

    /// A shortcut over a gap of free picks between pick `i` (at `x`, already in `rev` and
    /// `visited`) and the nearest fixed code below it, at `j`: for each cell `y` holding that code,
    /// first solve picks `j..=0` from `y` ignoring the gap, then look for gap picks avoiding that
    /// solution. Extra visited cells only remove options, so if the picks from `y` fail without
    /// the gap they fail with every gap, and `y` is dropped; with every `y` dropped the pattern is
    /// impossible from here. `Unknown` leaves `rev` as it was for the exhaustive search.
    fn bridge_gap(
        &self,
        pat: &[Option<Code>],
        i: usize,
        x: (usize, usize),
        visited: u64,
        rev: &mut Vec<(usize, usize)>,
    ) -> Bridge {
        let Some(j) = (0..i).rev().find(|&k| pat[k].is_some()) else {
            return Bridge::Unknown;
        };
        if j + 1 == i {
            return Bridge::Unknown;
        }
        let start = rev.len();
        let mut any = false;
        for y in 0..self.rows * self.cols {
            if visited >> y & 1 == 1 || pat[j] != Some(self.cells[y]) {
                continue;
            }
            let mut rest = Vec::new();
            if !self.step(pat, j, (y / self.cols, y % self.cols), visited, &mut rest) {
                continue;
            }
            any = true;
            let avoid = rest.iter().fold(visited, |m, &(rr, cc)| m | 1u64 << (rr * self.cols + cc));
            if self.connect(i, x, j, rest[0], avoid, rev) {
                rev.extend(rest);
                return Bridge::Found;
            }
            rev.truncate(start);
        }
        if any { Bridge::Unknown } else { Bridge::Impossible }
    }

    /// Free picks `i - 1` down to `j + 1` after pick `i` at `(r, c)`, avoiding `avoid`, such that
    /// pick `j` can be `y`; pushed onto `rev` on success.
    fn connect(
        &self,
        i: usize,
        (r, c): (usize, usize),
        j: usize,
        y: (usize, usize),
        avoid: u64,
        rev: &mut Vec<(usize, usize)>,
    ) -> bool {
        if i - 1 == j {
            return if self.down_column(i) { y.1 == c } else { y.0 == r };
        }
        let next: Vec<(usize, usize)> = if self.down_column(i) {
            (0..self.rows).filter(|&nr| nr != r).map(|nr| (nr, c)).collect()
        } else {
            (0..self.cols).filter(|&nc| nc != c).map(|nc| (r, nc)).collect()
        };
        for n in next {
            let bit = 1u64 << (n.0 * self.cols + n.1);
            if avoid & bit != 0 {
                continue;
            }
            rev.push(n);
            if self.connect(i - 1, n, j, y, avoid | bit, rev) {
                return true;
            }
            rev.pop();
        }
        false
    }
}
