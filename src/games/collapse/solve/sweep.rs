//! The sweep of the hard-mode solver: Pareto fronts of (food, water), anti-diagonal by
//! anti-diagonal, pruned by `Bounds`, and the walk back that recovers the winning path.
//!
//! Rooms on one anti-diagonal (i + j = d) depend only on the one before, so the sweep holds two
//! layers (`front::Layer`) plus a copy of every K-th layer, K = ceil(sqrt(D + 1)) for the D
//! anti-diagonals after the start. To recover the path it walks back from the winning total:
//! segment by segment, from the last checkpoint down, it recomputes the layers from the
//! checkpoint with the targets recorded during the sweep, so they come out identical, and finds
//! which predecessor's front holds total - contents. Memory: about D / K + K + 2 ~ 2 sqrt(D)
//! layers; a layer holds at most min(rows, cols) fronts of at most 9d + 1 totals each (8 bytes a
//! total). Time: O(total entries) for the sweep, at most doubled by the walk back.

use super::Stats;
use super::bounds::Bounds;
use super::front::{Entry, Layer, contains, merge};
use super::quadrant::{Quadrant, Steps};

/// The front sweep over one quadrant.
pub(super) struct Sweep<'a> {
    q: &'a Quadrant,
    bounds: &'a Bounds<'a>,
}

impl<'a> Sweep<'a> {
    pub fn new(bounds: &'a Bounds<'a>) -> Sweep<'a> {
        Sweep { q: bounds.q, bounds }
    }

    /// The rows of the rooms on diagonal d.
    fn rows_of(&self, d: usize) -> std::ops::RangeInclusive<usize> {
        d.saturating_sub(self.q.cols - 1)..=d.min(self.q.rows - 1)
    }

    /// Fills `out` with diagonal d from `prev` (diagonal d - 1), keeping totals that can reach
    /// `target`. Returns the best total at a room with no way forward: (score, row, total).
    fn layer(&self, prev: &Layer, d: usize, target: u32, out: &mut Layer) -> Option<(u32, usize, Entry)> {
        let rows = self.rows_of(d);
        out.reset(*rows.start());
        let mut ending: Option<(u32, usize, Entry)> = None;
        for i in rows {
            let j = d - i;
            let k = i * self.q.cols + j;
            if self.q.open(k) {
                let from_above = if i > 0 { prev.front(i - 1) } else { &[] };
                let from_left = if j > 0 { prev.front(i) } else { &[] };
                let start = out.items.len();
                merge(from_above, from_left, self.q.value(k), &mut out.items, |e| self.bounds.can_reach(k, e, target));
                if self.q.successors(i, j) == [None, None] {
                    for &(f, w) in &out.items[start..] {
                        if ending.is_none_or(|(v, _, _)| f.min(w) > v) {
                            ending = Some((f.min(w), i, (f, w)));
                        }
                    }
                }
            }
            out.close_room();
        }
        ending
    }

    /// Sweeps the quadrant for a game scoring more than `incumbent`; returns the best such game
    /// (its score and path), or None when there is none. `fixed` is the memory held meanwhile.
    pub fn run(&self, incumbent: u32, fixed: usize, stats: &mut Stats) -> Option<(u32, Steps)> {
        let last = self.q.rows + self.q.cols - 2;
        let every = ((last + 1) as f64).sqrt().ceil() as usize;
        let mut targets = vec![incumbent + 1];
        let mut cur = Layer::start(self.bounds.base);
        if !self.bounds.can_reach(0, self.bounds.base, incumbent + 1) {
            return None;
        }
        if self.q.successors(0, 0) == [None, None] {
            let (f, w) = self.bounds.base;
            return Some((f.min(w), Vec::new()));
        }
        let mut checkpoints = vec![cur.clone()];
        let (mut next, mut inc, mut found) = (Layer::default(), incumbent, None);
        let mut held = cur.bytes();
        for d in 1..=last {
            targets.push(inc + 1);
            if let Some((value, i, entry)) = self.layer(&cur, d, inc + 1, &mut next) {
                (inc, found) = (value, Some((d, i, entry)));
            }
            std::mem::swap(&mut cur, &mut next);
            stats.front_entries += cur.items.len() as u64;
            if d % every == 0 {
                checkpoints.push(cur.clone());
                held += cur.bytes();
            }
            stats.peak_bytes = stats.peak_bytes.max(fixed + held + cur.bytes() + next.bytes());
            if cur.is_empty() {
                break;
            }
        }
        let (d, i, entry) = found?;
        let steps = self.walk_back(&checkpoints, every, &targets, (d, i, entry), fixed + held, stats);
        Some((inc, steps))
    }

    /// Recovers the path to `entry` at room (i, d - i), recomputing layers from the checkpoints.
    fn walk_back(
        &self,
        checkpoints: &[Layer],
        every: usize,
        targets: &[u32],
        (mut d, mut i, mut entry): (usize, usize, Entry),
        held: usize,
        stats: &mut Stats,
    ) -> Steps {
        let mut steps = Vec::with_capacity(d);
        while d > 0 {
            let base_d = (d - 1) / every * every;
            let checkpoint = &checkpoints[base_d / every];
            let mut segment: Vec<Layer> = Vec::with_capacity(d - 1 - base_d);
            for (e, &target) in (base_d + 1..d).zip(&targets[base_d + 1..d]) {
                let mut layer = Layer::default();
                self.layer(segment.last().unwrap_or(checkpoint), e, target, &mut layer);
                segment.push(layer);
            }
            let bytes: usize = segment.iter().map(Layer::bytes).sum();
            stats.peak_bytes = stats.peak_bytes.max(held + bytes);
            while d > base_d {
                let prev = if d - 1 == base_d { checkpoint } else { &segment[d - 2 - base_d] };
                let (f, w) = self.q.value(i * self.q.cols + (d - i));
                let before = (entry.0 - f, entry.1 - w);
                let vertical = i > 0 && contains(prev.front(i - 1), before);
                debug_assert!(vertical || contains(prev.front(i), before), "the walk back lost the path");
                steps.push(vertical);
                if vertical {
                    i -= 1;
                }
                (d, entry) = (d - 1, before);
            }
        }
        steps.reverse();
        steps
    }
}
