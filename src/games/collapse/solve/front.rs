//! Pareto fronts of (food, water) totals, stored one anti-diagonal of a quadrant at a time.
//!
//! A front is the set of totals that paths from the start can bring to a room, keeping only the
//! ones no other total beats in both food and water. It is a staircase: sorted by food, highest
//! first, water then strictly rising. A room's front is its two predecessors' fronts merged and
//! shifted by the room's contents, so a merge of two sorted staircases is the whole inner loop.
//! A `Layer` holds the fronts of every room on one anti-diagonal (i + j = d) in one flat vector,
//! which keeps the hard solver's memory to a few layers rather than one front per room.

/// Totals (food, water) collected on the way to a room.
pub(super) type Entry = (u32, u32);

/// The fronts of the rooms on one anti-diagonal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Layer {
    /// The row index i of the first room of the diagonal.
    pub first: usize,
    /// The front of room `first + c` is `items[starts[c]..starts[c + 1]]`.
    pub starts: Vec<u32>,
    pub items: Vec<Entry>,
}

impl Layer {
    /// A layer of one room (the start) holding one entry.
    pub fn start(entry: Entry) -> Layer {
        Layer { first: 0, starts: vec![0, 1], items: vec![entry] }
    }

    /// Empties the layer for a diagonal whose first room is in row `first`.
    pub fn reset(&mut self, first: usize) {
        self.first = first;
        self.starts.clear();
        self.starts.push(0);
        self.items.clear();
    }

    /// Closes the front of the next room (its entries were pushed onto `items`).
    pub fn close_room(&mut self) {
        self.starts.push(self.items.len() as u32);
    }

    /// The front of the room in row `i` of this diagonal (empty when the room is not on it).
    pub fn front(&self, i: usize) -> &[Entry] {
        match i.checked_sub(self.first) {
            Some(c) if c + 1 < self.starts.len() => &self.items[self.starts[c] as usize..self.starts[c + 1] as usize],
            _ => &[],
        }
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Bytes held (capacity, not length), for the memory estimate.
    pub fn bytes(&self) -> usize {
        self.items.capacity() * std::mem::size_of::<Entry>() + self.starts.capacity() * 4
    }
}

/// True when the staircase `front` holds exactly `entry`.
pub(super) fn contains(front: &[Entry], entry: Entry) -> bool {
    front.binary_search_by(|e| entry.0.cmp(&e.0)).is_ok_and(|at| front[at].1 == entry.1)
}

/// Merges two staircases, drops the dominated totals, adds `(df, dw)` to each survivor and
/// pushes those `keep` accepts onto `out`, still as a staircase. Linear in the inputs.
///
/// Pruning after dominance loses nothing: `keep` must be monotone (if it refuses a total it
/// refuses every total that total dominates), which every upper-bound test is.
pub(super) fn merge(
    x: &[Entry],
    y: &[Entry],
    (df, dw): Entry,
    out: &mut Vec<Entry>,
    mut keep: impl FnMut(Entry) -> bool,
) {
    let (mut p, mut q) = (0, 0);
    let mut best_water: Option<u32> = None;
    loop {
        let (food, water) = match (x.get(p), y.get(q)) {
            (Some(&a), Some(&b)) if a.0 == b.0 => {
                p += 1;
                q += 1;
                (a.0, a.1.max(b.1))
            }
            (Some(&a), Some(&b)) if a.0 > b.0 => {
                p += 1;
                a
            }
            (_, Some(&b)) => {
                q += 1;
                b
            }
            (Some(&a), None) => {
                p += 1;
                a
            }
            (None, None) => break,
        };
        if best_water.is_none_or(|bw| water > bw) {
            best_water = Some(water);
            let entry = (food + df, water + dw);
            if keep(entry) {
                out.push(entry);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_keeps_the_staircase_of_both_fronts() {
        let x = [(9, 0), (5, 4), (2, 6)];
        let y = [(9, 1), (6, 2), (5, 3), (1, 8)];
        let mut out = Vec::new();
        merge(&x, &y, (1, 10), &mut out, |_| true);
        assert_eq!(out, vec![(10, 11), (7, 12), (6, 14), (3, 16), (2, 18)]);
        out.clear();
        merge(&x, &[], (0, 0), &mut out, |e| e.0 >= 5);
        assert_eq!(out, vec![(9, 0), (5, 4)]);
    }

    #[test]
    fn layers_index_fronts_by_row() {
        let mut layer = Layer::default();
        layer.reset(2);
        layer.items.extend([(3, 1), (1, 2)]);
        layer.close_room();
        layer.close_room();
        layer.items.push((0, 0));
        layer.close_room();
        assert_eq!(layer.front(2), &[(3, 1), (1, 2)]);
        assert!(layer.front(3).is_empty());
        assert_eq!(layer.front(4), &[(0, 0)]);
        assert!(layer.front(1).is_empty() && layer.front(5).is_empty());
        assert!(contains(layer.front(2), (1, 2)) && !contains(layer.front(2), (1, 3)));
    }
}
