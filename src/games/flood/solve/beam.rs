//! Beam search: the fast, inexact half of the solver.
//!
//! Each round expands every kept state by every useful colour (plus the forced moves after it)
//! and keeps the `width` best distinct results, ranked by moves so far plus the lower bound,
//! then by the fewest regions left. A narrow beam gives the exact search a tight first bound
//! in well under a millisecond on a 14x14 board; when the exact search runs out of budget,
//! beams of doubling width spend what is left, so a board too big to solve exactly still gets
//! a good plan. Every plan a beam returns is a real, winning one.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::Meter;
use super::bits::Bits;
use super::graph::{Graph, State};
use super::table::Records;

/// One beam search of `width` from `start` (settled, not won), looking for plans shorter than
/// `bound`. Returns the shortest plan it found (colour indices) and whether it finished before
/// the clock ran out (one tick per state expanded).
pub(super) fn beam<const N: usize>(
    graph: &Graph<N>,
    start: State<N>,
    width: usize,
    mut bound: u32,
    clock: &mut Meter,
) -> (Option<Vec<u8>>, bool) {
    struct Entry<const N: usize> {
        state: State<N>,
        g: u32,
        record: u32,
        /// Rank: (g + lower bound, regions not flooded); smaller is better.
        key: (u32, u32),
    }
    let mut records = Records::new();
    let mut layer = vec![Entry { state: start, g: 0, record: Records::ROOT, key: (0, 0) }];
    let mut children: Vec<Entry<N>> = Vec::new();
    let mut seen: HashSet<Bits<N>, BuildHasherDefault<PassThrough>> = HashSet::default();
    let mut best = None;
    while !layer.is_empty() {
        children.clear();
        for entry in &layer {
            if !clock.tick() {
                return (best.map(|record| records.moves(record)), false);
            }
            let mut choices = graph.colours_in(&entry.state.frontier);
            while choices != 0 {
                let colour = choices.trailing_zeros() as u8;
                choices &= choices - 1;
                let (state, step) = graph.step(&entry.state, colour);
                let g = entry.g + step.len as u32;
                if g >= bound {
                    continue;
                }
                if graph.is_done(&state) {
                    bound = g;
                    best = Some(records.push(entry.record, step.as_slice()));
                    continue;
                }
                let h = graph.lower_bound_capped(&state, bound - g);
                if g + h >= bound {
                    continue;
                }
                let record = records.push(entry.record, step.as_slice());
                let key = (g + h, graph.regions as u32 - state.flooded.len());
                children.push(Entry { state, g, record, key });
            }
        }
        children.sort_by_key(|child| child.key);
        seen.clear();
        layer.clear();
        for child in children.drain(..) {
            if layer.len() == width {
                break;
            }
            if child.key.0 < bound && seen.insert(child.state.flooded) {
                layer.push(child);
            }
        }
    }
    (best.map(|record| records.moves(record)), true)
}

/// A hasher for keys that hash themselves well (`Bits` writes its own 64-bit mix).
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
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
