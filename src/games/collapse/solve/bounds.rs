//! Upper bounds on how a hard-mode game can still end, from any room with any totals so far.
//!
//! For weights a, b >= 0 (not both 0), min(F, W) <= (a F + b W) / (a + b) for the final totals
//! F, W. If G_ab(room) is the most a * food + b * water a path can still collect after the room
//! (`Quadrant::best_to_end`), a game holding (f, w) at the room ends with at most
//! (a f + b w + G_ab(room)) / (a + b); the bound used is the least over a few weights. The tests
//! are monotone in f and w, as front pruning requires (`front::merge`).

use super::front::Entry;
use super::quadrant::Quadrant;

/// A quadrant with its bound tables.
pub(super) struct Bounds<'a> {
    pub q: &'a Quadrant,
    /// The totals at the start (the board's tally).
    pub base: Entry,
    /// (a, b, G_ab) for each weight pair.
    tables: Vec<(u32, u32, Vec<u32>)>,
}

impl<'a> Bounds<'a> {
    /// Computes the tables for `weights`: one O(rows x cols) DP and one u32 per room each.
    pub fn new(q: &'a Quadrant, base: Entry, weights: &[(u32, u32)]) -> Bounds<'a> {
        let tables = weights.iter().map(|&(a, b)| (a, b, q.best_to_end(a, b))).collect();
        Bounds { q, base, tables }
    }

    /// Bytes held by the tables.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|(_, _, t)| t.capacity() * 4).sum()
    }

    /// True when totals `(f, w)` at room k may still end with min(food, water) >= `target`.
    pub fn can_reach(&self, k: usize, (f, w): Entry, target: u32) -> bool {
        self.tables.iter().all(|(a, b, table)| {
            let most = u64::from(*a) * u64::from(f) + u64::from(*b) * u64::from(w) + u64::from(table[k]);
            most >= u64::from(target) * u64::from(a + b)
        })
    }

    /// The bound itself (as a real number), to rank the moves of a probe.
    pub fn most(&self, k: usize, (f, w): Entry) -> f64 {
        self.tables
            .iter()
            .map(|(a, b, table)| {
                let most = f64::from(*a) * f64::from(f) + f64::from(*b) * f64::from(w) + f64::from(table[k]);
                most / f64::from(a + b)
            })
            .fold(f64::INFINITY, f64::min)
    }
}
