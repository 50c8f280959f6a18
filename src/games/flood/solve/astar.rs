//! The exact search: A* over flooded-region sets, bounded by the best plan known and a budget.
//!
//! The open list is a bucket queue indexed by f = g + h and then g. Below the last level
//! (f < bound - 1) the shallowest states go first, so that when a state is popped every state
//! of its depth and f or less that could dominate it (below) has been generated; on the last
//! level the deepest go first, diving towards a goal. Against last-in first-out within each f,
//! this took a fifth off the first 200 boards of the 14x14 set and the first 60 of floodtest19
//! (flooded from the centre); shallowest-first on every level was slower than either. Only
//! states with f below the best plan's length are kept, so once none is left the plan is
//! proven optimal. States live in one arena, found again through `table.rs`. Three things
//! keep their number down, all resting on one fact: the game is monotone (a larger flood
//! never needs more moves than a smaller one, as every move absorbs at least as much from it):
//!
//! - forced moves are played at once (`Graph::settle`);
//! - *reordering*: when a move's regions already touched the flood a few moves earlier, it is
//!   replayed there; if that floods strictly more, the better state replaces the child;
//! - *dominance*: a state taken from the open list is dropped, unexpanded, when another kept
//!   state of the same depth floods a strict superset of it. The dropped state is never needed:
//!   the larger one finishes in no more moves, and as strict containment cannot cycle, every
//!   chain of such justifications ends at a state that is expanded. On the 14x14 benchmark this
//!   removes about two thirds of the states the search would otherwise expand. Kept states are
//!   filed by depth *and* f, and a state of f is only compared with those of f or less: the
//!   bound is monotone (a larger flood has a bound no higher, `Graph::lower_bound`), so a
//!   superset at the same depth never has a larger f, and the states of larger f (most of them
//!   children that will never be expanded) stay out of the scan. Any subset of the kept states
//!   may be scanned without losing exactness, since dropping is only ever an economy.
//!
//! The bound matters as much: when the first plan is one move too long, every state of f equal
//! to the optimum is kept and scanned as well, and the proof costs up to twice as much. So once
//! the search has expanded 4096 states, and again at every doubling, it runs a beam search 128
//! times narrower than its expansions so far; a shorter plan lowers the bound at once (states
//! of f at or above it are then skipped when popped). Beams included, this cut the time of
//! the first 200 boards of the 12x12 and 14x14 sets by a fifth, while easy boards never reach
//! them. The beams tick the search's clock, so they share its budget.

use super::Meter;
use super::beam;
use super::graph::{Graph, MAX_SEARCH_COLOURS, STEP_MOVES, State, Step};
use super::layer::Layer;
use super::table::{Records, Table};

/// Expansions before the first beam search inside the exact one (then one at every doubling).
const FIRST_BEAM_AT: u64 = 4096;
/// A beam inside the search is this many times narrower than the expansions made so far.
const BEAM_DIV: u64 = 128;
/// The widest beam inside the search.
const MAX_BEAM: usize = 1 << 14;

/// Stop before the search's memory passes roughly this many bytes.
const MEMORY_LIMIT: usize = 1 << 30;

/// How many moves back reordering looks. A replay is this many moves, one more, and forced
/// moves, which must fit in a `Step`.
const WINDOW: usize = 8;
const _: () = assert!(WINDOW + 1 + MAX_SEARCH_COLOURS <= STEP_MOVES);

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// No plan shorter than the best one exists.
    Proven,
    /// The budget or the memory limit ran out; every plan is at least `lower_bound` long.
    Stopped { lower_bound: u32 },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Open,
    Closed,
    Dominated,
}

struct Node<const N: usize> {
    state: State<N>,
    /// The last move record of the best known way here.
    path: u32,
    /// The node this one was reached from by the move `first` (and forced moves after it), or
    /// `NO_PARENT` when it was reached by a longer replay; used by reordering.
    parent: u32,
    g: u16,
    /// A lower bound on the moves left: exact, unless `partial`, when it only shows f >= bound.
    h: u16,
    first: u8,
    partial: bool,
    status: Status,
}

const NO_PARENT: u32 = u32::MAX;

struct Search<'g, const N: usize> {
    graph: &'g Graph<N>,
    nodes: Vec<Node<N>>,
    table: Table,
    records: Records,
    /// `buckets[f * width + g]`: open nodes with that f and g (stale entries are skipped when
    /// popped), and `queued[f]` the entries of all g together.
    buckets: Vec<Vec<u32>>,
    queued: Vec<usize>,
    /// `layers[g * width + f]`: the states kept at depth g with that f, for the dominance test.
    layers: Vec<Layer<N>>,
    /// The first bound: every kept g and f is below it.
    width: usize,
    /// Members of all layers together (never lowered: a bound for the memory check).
    layer_members: usize,
    /// Plans must be shorter than this; the best plan found so far has this length.
    bound: u32,
    /// No bucket below this holds an open node. Usually the f being expanded, but a replay
    /// (see `reorder`) can reach a state more cheaply than the node being expanded, so lower.
    lowest: u32,
    best: Option<u32>,
}

/// Searches for a plan from `start` (a settled state, not won) shorter than `bound` moves.
/// Returns why it stopped and the shortest plan it found (colour indices, from `start`), if any.
pub(super) fn search<const N: usize>(
    graph: &Graph<N>,
    start: State<N>,
    bound: u32,
    clock: &mut Meter,
) -> (Outcome, Option<Vec<u8>>) {
    let h = graph.lower_bound(&start);
    if h >= bound {
        return (Outcome::Proven, None);
    }
    let mut search = Search {
        graph,
        nodes: Vec::new(),
        table: Table::new(),
        records: Records::new(),
        buckets: vec![Vec::new(); (bound * bound) as usize],
        queued: vec![0; bound as usize],
        layers: (0..bound * bound).map(|_| Layer::new()).collect(),
        width: bound as usize,
        layer_members: 0,
        bound,
        lowest: h,
        best: None,
    };
    search.offer(start, 0, Records::ROOT, NO_PARENT, 0, &[]);
    let mut expanded = 0u64;
    let mut next_beam = FIRST_BEAM_AT;
    // A plan a beam found (the best one until `search.best` is set again).
    let mut found = None;
    let node_bytes = std::mem::size_of::<Node<N>>() + 4;
    let outcome = loop {
        let mut f = search.lowest;
        while f < search.bound && search.queued[f as usize] == 0 {
            f += 1;
        }
        search.lowest = f;
        if f >= search.bound {
            break Outcome::Proven;
        }
        let width = search.width;
        // Below the last level, shallowest first: every parent of a state's dominators has been
        // expanded before the state is popped. On the last level, deepest first.
        let dive = f + 1 == search.bound;
        let level = &mut search.buckets[f as usize * width..][..=f as usize];
        let bucket = if dive {
            level.iter_mut().rev().find(|b| !b.is_empty())
        } else {
            level.iter_mut().find(|b| !b.is_empty())
        };
        let index = bucket.unwrap().pop().unwrap();
        search.queued[f as usize] -= 1;
        let node = &search.nodes[index as usize];
        if node.status != Status::Open || (node.g + node.h) as u32 != f {
            continue; // dominated, or reached again more cheaply after it was queued
        }
        let memory = search.nodes.len() * node_bytes
            + search.table.bytes()
            + search.records.bytes()
            + search.layer_members * Layer::<N>::MEMBER_BYTES;
        if !clock.tick() || memory > MEMORY_LIMIT {
            break Outcome::Stopped { lower_bound: f };
        }
        let (g, flood) = (node.g as usize, node.state.flooded);
        let row = g * search.width;
        if (g..=f as usize).rev().any(|f| search.layers[row + f].covers(&flood)) {
            search.nodes[index as usize].status = Status::Dominated;
            let nodes = &search.nodes;
            search.layers[row + f as usize].forget_dominated(|n| nodes[n as usize].status == Status::Dominated);
            continue;
        }
        search.expand(index);
        expanded += 1;
        if expanded == next_beam {
            // A shorter plan found now spares every state of f from its length up to the bound.
            next_beam *= 2;
            let width = (expanded / BEAM_DIV).min(MAX_BEAM as u64) as usize;
            if let (Some(plan), _) = beam::beam(graph, start, width, search.bound, clock) {
                search.bound = plan.len() as u32;
                search.best = None;
                found = Some(plan);
            }
        }
    };
    let plan = match search.best {
        Some(record) => Some(search.records.moves(record)),
        None => found,
    };
    (outcome, plan)
}

impl<const N: usize> Search<'_, N> {
    fn expand(&mut self, index: u32) {
        let node = &mut self.nodes[index as usize];
        node.status = Status::Closed;
        let (state, g, path) = (node.state, node.g as u32, node.path);
        let mut choices = self.graph.colours_in(&state.frontier);
        while choices != 0 {
            let colour = choices.trailing_zeros() as u8;
            choices &= choices - 1;
            let (child, step) = self.graph.step(&state, colour);
            let child_g = g + step.len as u32;
            match self.reorder(index, colour, &child, child_g) {
                Some((better, from, replay)) => {
                    let from = &self.nodes[from as usize];
                    let (g, path) = (from.g as u32 + replay.len as u32, from.path);
                    self.offer(better, g, path, NO_PARENT, 0, replay.as_slice());
                }
                None => self.offer(child, child_g, path, index, colour, step.as_slice()),
            }
        }
    }

    /// Considers the state `state`, reached at depth `g` by playing `moves` after plan record
    /// `path` (from node `parent` when `moves` starts with the single free move `first`).
    fn offer(&mut self, state: State<N>, g: u32, path: u32, parent: u32, first: u8, moves: &[u8]) {
        if g >= self.bound {
            return;
        }
        if self.graph.is_done(&state) {
            self.bound = g;
            self.best = Some(self.records.push(path, moves));
            return;
        }
        let hash = state.flooded.hash64();
        let nodes = &self.nodes;
        let found = self.table.find(hash, &state.flooded, |n| &nodes[n as usize].state.flooded);
        if let Ok(seen) = found {
            let node = &self.nodes[seen as usize];
            if node.g as u32 <= g || g + node.h as u32 >= self.bound {
                return;
            }
        }
        // A new state, or a known one reached in fewer moves.
        let index = match found {
            Ok(seen) => seen,
            Err(pos) => {
                let index = self.nodes.len() as u32;
                self.nodes.push(Node {
                    state,
                    path: Records::ROOT,
                    parent,
                    g: u16::MAX,
                    h: 0,
                    first,
                    partial: true,
                    status: Status::Closed,
                });
                let nodes = &self.nodes;
                self.table.insert(pos, hash, index, |n| nodes[n as usize].state.flooded.hash64());
                index
            }
        };
        let node = &mut self.nodes[index as usize];
        if node.partial {
            let h = self.graph.lower_bound_capped(&state, self.bound - g);
            node.h = h as u16;
            node.partial = g + h >= self.bound;
        }
        node.g = g as u16;
        if node.partial {
            return; // f >= bound: kept only so that meeting it again costs no bound
        }
        node.path = self.records.push(path, moves);
        node.parent = parent;
        node.first = first;
        node.status = Status::Open;
        let f = g + node.h as u32;
        self.buckets[f as usize * self.width + g as usize].push(index);
        self.queued[f as usize] += 1;
        self.lowest = self.lowest.min(f);
        self.layers[g as usize * self.width + f as usize].push(state.flooded, index);
        self.layer_members += 1;
    }

    /// Reordering. `child` is what playing `colour` at node `index` gives, at depth `child_g`.
    /// Walking up the nodes this one came from, find the earliest one whose frontier already
    /// held every region `colour` takes now; replay `colour` there, followed by the moves made
    /// since. The replay is returned (state, node it starts from, moves) when it floods a strict
    /// superset of `child` in no more moves, or the same set in fewer.
    fn reorder(&self, index: u32, colour: u8, child: &State<N>, child_g: u32) -> Option<(State<N>, u32, Step)> {
        let taken = self.nodes[index as usize].state.frontier.and(self.graph.mask(colour));
        let mut moves = [0u8; WINDOW];
        let mut depth = 0;
        let mut at = index;
        while depth < WINDOW {
            let node = &self.nodes[at as usize];
            if node.parent == NO_PARENT || !taken.is_subset(&self.nodes[node.parent as usize].state.frontier) {
                break;
            }
            moves[depth] = node.first;
            depth += 1;
            at = node.parent;
        }
        if depth == 0 {
            return None;
        }
        let from = &self.nodes[at as usize];
        let mut state = self.graph.play(&from.state, colour);
        let mut replay = Step::NONE;
        replay.extend(&[colour]);
        for &m in moves[..depth].iter().rev() {
            if !state.frontier.intersects(&self.graph.mask(m)) {
                return None; // that move would take nothing here
            }
            state = self.graph.play(&state, m);
            replay.extend(&[m]);
        }
        self.graph.settle(&mut state, &mut replay);
        let g = from.g as u32 + replay.len as u32;
        let better = child.flooded.is_subset(&state.flooded)
            && (g < child_g || (g == child_g && state.flooded != child.flooded));
        better.then_some((state, at, replay))
    }
}
