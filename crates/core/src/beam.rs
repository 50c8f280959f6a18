//! Beam search, written once for every game that beams: round after round, every state of the
//! layer is expanded and the `width` best children, one per distinct state, make the next layer.
//!
//! `run` is the loop; `select` is the choice of a layer, which a game with a loop of its own (the
//! Tetris contest planner goes back to saved layers when all of them top out) calls round by
//! round. Children are ranked by the caller's order, and ties go to the child made first, so a
//! search is deterministic. Optionally a share of the beam is reserved per class of states (the
//! best `reserve` of each class are taken before the rest), which keeps lines the ranking alone
//! would crowd out; and the ranking may look only at the best `considered` children, when the
//! caller knows that duplicates among them are few.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A class of states for the reserve (`Selection::reserve`).
pub type Class<'a, C> = &'a dyn Fn(&C) -> usize;

/// How `select` chooses a layer.
pub struct Selection<'a, C, I> {
    /// The most states a layer keeps.
    pub width: usize,
    /// Before sorting, keep only this many of the best children (`usize::MAX`: all of them).
    pub considered: usize,
    /// A child's identity: two children with one identity are one state, and only the better is kept.
    pub id: &'a dyn Fn(&C) -> I,
    /// Up to `reserve.0` of the best children of each class `reserve.1` names are taken first.
    pub reserve: Option<(usize, Class<'a, C>)>,
}

impl<'a, C, I> Selection<'a, C, I> {
    /// The `width` best distinct children, nothing reserved, all children considered.
    pub fn new(width: usize, id: &'a dyn Fn(&C) -> I) -> Selection<'a, C, I> {
        Selection { width, considered: usize::MAX, id, reserve: None }
    }
}

/// The indices of the children that make the next layer, best first: ranked by `better`
/// (`Ordering::Less` when the first is better), ties by index, distinct by `id`, with the reserve
/// taken first and the rest filled in rank order.
pub fn select<C, I: Hash + Eq>(
    children: &[C],
    better: impl Fn(&C, &C) -> Ordering,
    how: &Selection<'_, C, I>,
) -> Vec<usize> {
    let order = |a: &usize, b: &usize| better(&children[*a], &children[*b]).then(a.cmp(b));
    let mut ranked: Vec<usize> = (0..children.len()).collect();
    let keep = how.considered.min(ranked.len());
    if keep > 0 && keep < ranked.len() {
        ranked.select_nth_unstable_by(keep - 1, order);
        ranked.truncate(keep);
    }
    ranked.sort_unstable_by(order);
    let mut seen: HashSet<I, BuildHasherDefault<Mixed>> =
        HashSet::with_capacity_and_hasher(ranked.len(), Default::default());
    let mut taken = vec![false; ranked.len()];
    let mut chosen: Vec<usize> = Vec::with_capacity(how.width);
    if let Some((reserve, class)) = &how.reserve
        && *reserve > 0
    {
        let mut per_class: Vec<usize> = Vec::new();
        for (place, &i) in ranked.iter().enumerate() {
            let c = class(&children[i]);
            if per_class.len() <= c {
                per_class.resize(c + 1, 0);
            }
            if per_class[c] < *reserve && seen.insert((how.id)(&children[i])) {
                per_class[c] += 1;
                taken[place] = true;
                chosen.push(place);
            }
        }
    }
    for (place, &i) in ranked.iter().enumerate() {
        if chosen.len() >= how.width {
            break;
        }
        if !taken[place] && seen.insert((how.id)(&children[i])) {
            chosen.push(place);
        }
    }
    chosen.sort_unstable();
    chosen.truncate(how.width);
    chosen.into_iter().map(|place| ranked[place]).collect()
}

/// Moves the chosen children (indices from `select`) out of `children`, in that order.
pub fn take<C>(children: Vec<C>, chosen: &[usize]) -> Vec<C> {
    let mut slots: Vec<Option<C>> = children.into_iter().map(Some).collect();
    chosen.iter().filter_map(|&i| slots[i].take()).collect()
}

/// What an expansion tells the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Choose the next layer from the children and go on.
    Continue,
    /// Stop now (a budget ran out, or the search has what it wants).
    Stop,
}

/// The beam search loop: from `start`, `expand` fills `children` from the layer (round numbers
/// from 0), the best of them by `better`, chosen as `how` says, make the next layer, until
/// `expand` stops the search or no child is left. Returns the last layer that had states.
pub fn run<S, I: Hash + Eq>(
    start: Vec<S>,
    how: &Selection<'_, S, I>,
    mut expand: impl FnMut(usize, &[S], &mut Vec<S>) -> Next,
    better: impl Fn(&S, &S) -> Ordering,
) -> Vec<S> {
    let mut layer = start;
    let mut children = Vec::new();
    for round in 0.. {
        children.clear();
        let next = expand(round, &layer, &mut children);
        if next == Next::Stop || children.is_empty() {
            break;
        }
        let chosen = select(&children, &better, how);
        layer = take(std::mem::take(&mut children), &chosen);
    }
    layer
}

/// The hasher of the identities seen in a round: identities are states' own 64-bit mixes or hashes
/// (a `u64`, or a type whose `Hash` writes one), so a cheap mix of what is written is enough.
#[derive(Default)]
pub struct Mixed(u64);

impl Hasher for Mixed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 ^= value;
    }
}

/// A score that sorts the higher first, for `better` over floating-point scores.
pub fn higher_first(a: f64, b: f64) -> Ordering {
    b.total_cmp(&a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_value(a: &(u32, u32), b: &(u32, u32)) -> Ordering {
        a.0.cmp(&b.0)
    }

    #[test]
    fn the_best_distinct_children_are_kept_ties_by_order() {
        // (rank, identity)
        let children = [(3, 1), (1, 2), (1, 3), (2, 2), (0, 4)];
        let id = |c: &(u32, u32)| c.1;
        let chosen = select(&children, by_value, &Selection::new(3, &id));
        assert_eq!(chosen, [4, 1, 2], "rank 0, then the two rank-1 children in the order they came");
        let chosen = select(&children, by_value, &Selection::new(10, &id));
        assert_eq!(chosen, [4, 1, 2, 0], "(2, 2) is the same state as (1, 2), which is better");
    }

    #[test]
    fn a_reserve_keeps_the_best_of_each_class() {
        // Class = identity % 2; the four best are all even.
        let children: Vec<(u32, u32)> = vec![(0, 0), (1, 2), (2, 4), (3, 6), (4, 1), (5, 3)];
        let id = |c: &(u32, u32)| c.1;
        let class = |c: &(u32, u32)| (c.1 % 2) as usize;
        let plain = select(&children, by_value, &Selection::new(4, &id));
        assert_eq!(plain, [0, 1, 2, 3]);
        let how = Selection { reserve: Some((1, &class as Class<(u32, u32)>)), ..Selection::new(4, &id) };
        assert_eq!(select(&children, by_value, &how), [0, 1, 2, 4], "the best odd child takes the last place");
    }

    #[test]
    fn the_loop_keeps_width_states_and_stops_when_told() {
        // States are numbers; a child of n is 2n and 2n + 1; the best are the largest.
        let id = |s: &u64| *s;
        let layer = run(
            vec![1u64],
            &Selection::new(3, &id),
            |round, layer, children| {
                layer.iter().for_each(|&n| children.extend([2 * n, 2 * n + 1]));
                if round == 3 { Next::Stop } else { Next::Continue }
            },
            |a, b| b.cmp(a),
        );
        assert_eq!(layer, [15, 14, 13], "three rounds chosen, the fourth stopped before choosing");
    }
}
