//! A quick depth-first probe for a hard-mode game reaching a target score, before the full sweep.
//!
//! The sweep (`sweep.rs`) keeps every Pareto-optimal total, which is right for random boards but
//! slow when very many games tie (e.g. rows alternating food and water: fronts grow with n and
//! the sweep with n^3). Then any one game reaching the dual bound proves itself optimal, and a
//! depth-first search that always steps to the room with the better bound (`Bounds::most`), and
//! drops rooms that cannot reach the target, usually finds one in about 2n steps. The probe
//! stops after a node budget; it never claims more than it found.

use super::bounds::Bounds;
use super::front::Entry;
use super::quadrant::Steps;

/// One room on the probe's path: where, the totals on arrival, and the next rooms to try.
struct Frame {
    i: usize,
    totals: Entry,
    /// The first `count` are the rooms (index k) one step forward, best bound first.
    next: [usize; 2],
    count: usize,
    tried: usize,
}

/// A game in the quadrant ending with min(food, water) >= `target`, found within `budget` rooms
/// visited, as (score, path); None if none was found (which proves nothing).
pub(super) fn probe(bounds: &Bounds, target: u32, budget: usize) -> Option<(u32, Steps)> {
    let q = bounds.q;
    if !bounds.can_reach(0, bounds.base, target) {
        return None;
    }
    let frame = |i: usize, j: usize, totals: Entry| {
        let rank = |k: usize| {
            let (f, w) = q.value(k);
            bounds.most(k, (totals.0 + f, totals.1 + w))
        };
        let (next, count) = match q.successors(i, j) {
            [Some(a), Some(b)] if rank(b) > rank(a) => ([b, a], 2),
            [Some(a), Some(b)] => ([a, b], 2),
            [Some(a), None] | [None, Some(a)] => ([a, a], 1),
            [None, None] => ([0, 0], 0),
        };
        Frame { i, totals, next, count, tried: 0 }
    };
    let mut stack = vec![frame(0, 0, bounds.base)];
    let mut visited = 0;
    while let Some(top) = stack.last_mut() {
        if top.count == 0 {
            let (f, w) = top.totals;
            // Only rooms that can reach the target are entered, and here nothing is left to collect.
            debug_assert!(f.min(w) >= target);
            let steps = stack.windows(2).map(|pair| pair[1].i > pair[0].i).collect();
            return Some((f.min(w), steps));
        }
        if top.tried == top.count {
            stack.pop();
            continue;
        }
        let k = top.next[top.tried];
        top.tried += 1;
        visited += 1;
        if visited > budget {
            return None;
        }
        let (f, w) = q.value(k);
        let totals = (top.totals.0 + f, top.totals.1 + w);
        if bounds.can_reach(k, totals, target) {
            let (i, j) = (k / q.cols, k % q.cols);
            stack.push(frame(i, j, totals));
        }
    }
    None
}
