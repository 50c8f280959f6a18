//! Beam search: the fast, inexact half of the solver, on the one beam search (`crate::beam`).
//!
//! Each round expands every kept state by every useful colour (plus the forced moves after it)
//! and keeps the `width` best distinct results, ranked by moves so far plus the lower bound,
//! then by the most cells flooded, counting those on the frontier at half weight (the cells a
//! flood holds and the cells it can take next). Against the fewest regions left, this tie-break
//! took the total of the first 50 boards of b24c6 from 1586 to 1581, and of boards 501-550 from
//! 1600 to 1594, at 100,000 nodes a board. A narrow beam gives the exact search a tight first bound
//! in well under a millisecond on a 14x14 board; when the exact search runs out of budget,
//! beams of doubling width spend what is left, so a board too big to solve exactly still gets
//! a good plan. Every plan a beam returns is a real, winning one.

use super::Meter;
use super::bits::Bits;
use super::graph::{Graph, State};
use super::table::Records;
use crate::beam::{self, Next, Selection};

/// A state of the beam and how it was reached.
struct Entry<const N: usize> {
    state: State<N>,
    g: u32,
    record: u32,
    /// Cells flooded plus cells flooded or on the frontier (kept from parent to child).
    score: u32,
    /// Rank: (g + lower bound, then the higher `score`); smaller is better.
    key: (u32, u32),
}

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
    let mut records = Records::new();
    let mut best = None;
    let mut finished = true;
    let id = |entry: &Entry<N>| -> Bits<N> { entry.state.flooded };
    let score = graph.cells(&start.flooded) + graph.cells(&start.flooded.or(start.frontier));
    let root = Entry { state: start, g: 0, record: Records::ROOT, score, key: (0, 0) };
    let expand = |_round: usize, layer: &[Entry<N>], children: &mut Vec<Entry<N>>| {
        for entry in layer {
            if !clock.tick() {
                finished = false;
                return Next::Stop;
            }
            let parent_reach = entry.state.flooded.or(entry.state.frontier);
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
                let reach = state.flooded.or(state.frontier);
                let score = entry.score
                    + graph.cells(&state.flooded.minus(entry.state.flooded))
                    + graph.cells(&reach.minus(parent_reach));
                let key = (g + h, u32::MAX - score);
                children.push(Entry { state, g, record, score, key });
            }
        }
        // A plan found this round lowers the bound for every child made before it.
        children.retain(|child| child.key.0 < bound);
        Next::Continue
    };
    beam::run(vec![root], &Selection::new(width, &id), expand, |a, b| a.key.cmp(&b.key));
    (best.map(|record| records.moves(record)), finished)
}
