//! The region graph of a board and the Flood-it rules restated on it.
//!
//! Cells of one colour that touch form a region; all cells of a region are always flooded
//! together, so the solver never looks at cells again. Regions are numbered breadth-first from
//! the start cell's region (region 0), colours are renumbered `0..k` (k = colours in use), and a
//! search state is just two region sets: the flooded regions and their frontier (unflooded
//! regions touching them). Playing, forcing and the lower bound all live here, so the exact
//! search and the beam search share one statement of the rules.

use super::super::board::Board;
use super::bits::Bits;

/// The most colours the bitset search handles (colour sets are `u16` masks).
pub(super) const MAX_SEARCH_COLOURS: usize = 16;

/// The region graph in plain vectors, independent of the bitset width.
pub(super) struct Regions {
    /// Board label of each colour index.
    pub palette: Vec<u8>,
    /// Colour index of each region.
    pub colour: Vec<u8>,
    /// Sorted, distinct neighbours of each region.
    pub neighbours: Vec<Vec<u32>>,
    /// Cells in each region.
    pub size: Vec<u32>,
}

impl Regions {
    pub fn new(board: &Board) -> Regions {
        let (rows, cols) = (board.rows, board.cols);
        let cells = &board.cells;
        // Label connected same-colour cells.
        let mut label = vec![u32::MAX; cells.len()];
        let mut region_label = Vec::new();
        let mut stack = Vec::new();
        for start in 0..cells.len() {
            if label[start] != u32::MAX {
                continue;
            }
            let id = region_label.len() as u32;
            region_label.push(cells[start]);
            label[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let (r, c) = (i / cols, i % cols);
                let mut visit = |j: usize| {
                    if label[j] == u32::MAX && cells[j] == cells[i] {
                        label[j] = id;
                        stack.push(j);
                    }
                };
                if r > 0 {
                    visit(i - cols);
                }
                if r + 1 < rows {
                    visit(i + cols);
                }
                if c > 0 {
                    visit(i - 1);
                }
                if c + 1 < cols {
                    visit(i + 1);
                }
            }
        }
        let count = region_label.len();
        let mut adjacent = vec![Vec::new(); count];
        for i in 0..cells.len() {
            let (r, c) = (i / cols, i % cols);
            let mut link = |j: usize| {
                let (a, b) = (label[i], label[j]);
                if a != b {
                    adjacent[a as usize].push(b);
                    adjacent[b as usize].push(a);
                }
            };
            if r + 1 < rows {
                link(i + cols);
            }
            if c + 1 < cols {
                link(i + 1);
            }
        }
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
        }
        // Renumber breadth-first from the start cell's region, so region 0 is the flooded one
        // and regions that are near on the board are near in the bitsets.
        let mut order = Vec::with_capacity(count);
        let mut new_id = vec![u32::MAX; count];
        let first = label[board.start];
        new_id[first as usize] = 0;
        order.push(first);
        let mut head = 0;
        while head < order.len() {
            let old = order[head] as usize;
            head += 1;
            for &next in &adjacent[old] {
                if new_id[next as usize] == u32::MAX {
                    new_id[next as usize] = order.len() as u32;
                    order.push(next);
                }
            }
        }
        // Colour indices in order of first use by label value.
        let mut palette: Vec<u8> = region_label.clone();
        palette.sort_unstable();
        palette.dedup();
        let mut index_of = [0u8; 256];
        for (i, &label) in palette.iter().enumerate() {
            index_of[label as usize] = i as u8;
        }
        let colour = order.iter().map(|&old| index_of[region_label[old as usize] as usize]).collect();
        let neighbours = order
            .iter()
            .map(|&old| {
                let mut list: Vec<u32> = adjacent[old as usize].iter().map(|&n| new_id[n as usize]).collect();
                list.sort_unstable();
                list
            })
            .collect();
        let mut cells_of = vec![0u32; count];
        label.iter().for_each(|&l| cells_of[l as usize] += 1);
        let size = order.iter().map(|&old| cells_of[old as usize]).collect();
        Regions { palette, colour, neighbours, size }
    }

    pub fn count(&self) -> usize {
        self.colour.len()
    }
}

/// A search state: the flooded regions and the unflooded regions that touch them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State<const N: usize> {
    pub flooded: Bits<N>,
    pub frontier: Bits<N>,
}

/// The moves of one state transition: a few chosen moves, then the forced moves they allow
/// (at most one per colour, so `STEP_MOVES - MAX_SEARCH_COLOURS` chosen moves always fit).
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub moves: [u8; STEP_MOVES],
    pub len: u8,
}

pub(super) const STEP_MOVES: usize = 32;

impl Step {
    pub const NONE: Step = Step { moves: [0; STEP_MOVES], len: 0 };

    #[inline]
    fn push(&mut self, colour: u8) {
        self.moves[self.len as usize] = colour;
        self.len += 1;
    }

    pub fn extend(&mut self, colours: &[u8]) {
        colours.iter().for_each(|&c| self.push(c));
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.moves[..self.len as usize]
    }
}

/// The region graph as bitsets `N` words wide (`N * 64 >= regions`).
///
/// Tables are fixed-size arrays indexed by `[word][bit & 63]` or `[colour % MAX_SEARCH_COLOURS]`,
/// so the hot loops need no bounds checks.
pub(super) struct Graph<const N: usize> {
    pub regions: usize,
    /// Neighbours of region `64 * word + bit`, at `[word][bit]`.
    adjacent: Box<[[Bits<N>; 64]; N]>,
    /// The regions of each colour index (empty beyond the colours in use).
    masks: [Bits<N>; MAX_SEARCH_COLOURS],
    colours: usize,
    /// Cells in each region, at `[word][bit]`.
    size: Box<[[u32; 64]; N]>,
}

impl<const N: usize> Graph<N> {
    pub fn new(regions: &Regions) -> Graph<N> {
        let count = regions.count();
        assert!(count <= 64 * N && regions.palette.len() <= MAX_SEARCH_COLOURS);
        let mut adjacent: Box<[[Bits<N>; 64]; N]> = vec![[Bits::EMPTY; 64]; N]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the vector has N rows"));
        for (region, list) in regions.neighbours.iter().enumerate() {
            let set = &mut adjacent[region / 64][region % 64];
            list.iter().for_each(|&n| set.insert(n as usize));
        }
        let mut masks = [Bits::EMPTY; MAX_SEARCH_COLOURS];
        for (region, &colour) in regions.colour.iter().enumerate() {
            masks[colour as usize].insert(region);
        }
        let mut size: Box<[[u32; 64]; N]> =
            vec![[0; 64]; N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!("the vector has N rows"));
        for (region, &cells) in regions.size.iter().enumerate() {
            size[region / 64][region % 64] = cells;
        }
        Graph { regions: count, adjacent, masks, colours: regions.palette.len(), size }
    }

    /// The state before any move: region 0 flooded.
    pub fn start(&self) -> State<N> {
        let mut flooded = Bits::EMPTY;
        flooded.insert(0);
        State { flooded, frontier: self.adjacent[0][0] }
    }

    /// Every region touching a member of `set` (members included when they touch each other).
    #[inline]
    pub fn neighbours(&self, set: &Bits<N>) -> Bits<N> {
        let mut out = Bits::EMPTY;
        for (word, rows) in set.0.iter().zip(self.adjacent.iter()) {
            let mut bits = *word;
            while bits != 0 {
                out = out.or(rows[(bits.trailing_zeros() & 63) as usize]);
                bits &= bits - 1;
            }
        }
        out
    }

    /// The cells of the regions in `set`.
    #[inline]
    pub fn cells(&self, set: &Bits<N>) -> u32 {
        let mut cells = 0;
        for (word, sizes) in set.0.iter().zip(self.size.iter()) {
            let mut bits = *word;
            while bits != 0 {
                cells += sizes[(bits.trailing_zeros() & 63) as usize];
                bits &= bits - 1;
            }
        }
        cells
    }

    #[inline]
    pub fn is_done(&self, state: &State<N>) -> bool {
        state.frontier.is_empty()
    }

    /// The colours (as a mask of colour indices) present in `set`.
    #[inline]
    pub fn colours_in(&self, set: &Bits<N>) -> u16 {
        let mut found = 0u16;
        for (c, mask) in self.masks[..self.colours].iter().enumerate() {
            if mask.intersects(set) {
                found |= 1 << c;
            }
        }
        found
    }

    /// The colours that still have unflooded regions.
    #[inline]
    pub fn colours_left(&self, state: &State<N>) -> u16 {
        let mut found = 0u16;
        for (c, mask) in self.masks[..self.colours].iter().enumerate() {
            if !mask.is_subset(&state.flooded) {
                found |= 1 << c;
            }
        }
        found
    }

    /// Plays colour index `colour`: the frontier regions of that colour join the flood.
    #[inline]
    pub fn play(&self, state: &State<N>, colour: u8) -> State<N> {
        let taken = state.frontier.and(self.masks[colour as usize % MAX_SEARCH_COLOURS]);
        let flooded = state.flooded.or(taken);
        let frontier = state.frontier.minus(taken).or(self.neighbours(&taken).minus(flooded));
        State { flooded, frontier }
    }

    /// Colours among `left` whose every remaining region is on the frontier of `state`: one
    /// move of such a colour removes it for good, which makes that move optimal right now.
    #[inline]
    fn completable(&self, state: &State<N>, left: u16) -> u16 {
        let reach = state.flooded.or(state.frontier);
        let mut found = 0u16;
        let mut rest = left;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize % MAX_SEARCH_COLOURS;
            rest &= rest - 1;
            if self.masks[c].is_subset(&reach) {
                found |= 1 << c;
            }
        }
        found
    }

    /// The regions of colour index `colour`.
    #[inline]
    pub fn mask(&self, colour: u8) -> Bits<N> {
        self.masks[colour as usize % MAX_SEARCH_COLOURS]
    }

    /// Plays every forced move (see [`Graph::completable`]) until none is left, recording them.
    ///
    /// Why forced moves are safe: if colour c's remaining regions all touch the flood `F`, take
    /// any optimal plan from `F`; it plays c at least once. Playing c first and then the plan
    /// without (one of) its c moves ends in a superset of the plan's flood after each of its
    /// later moves (the game is monotone: a larger flood never absorbs less), so it also wins
    /// and is no longer. Several completable colours stay completable after each other.
    #[inline]
    pub fn settle(&self, state: &mut State<N>, step: &mut Step) {
        let mut left = self.colours_left(state);
        loop {
            let forced = self.completable(state, left);
            if forced == 0 {
                return;
            }
            let mut rest = forced;
            while rest != 0 {
                let c = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                *state = self.play(state, c);
                step.push(c);
            }
            left &= !forced;
        }
    }

    /// Plays `colour`, then every forced move after it.
    #[inline]
    pub fn step(&self, state: &State<N>, colour: u8) -> (State<N>, Step) {
        let mut step = Step::NONE;
        step.push(colour);
        let mut next = self.play(state, colour);
        self.settle(&mut next, &mut step);
        (next, step)
    }

    /// An admissible (and consistent) lower bound on the moves still needed from `state`.
    ///
    /// It is the exact optimum of a relaxed game with two kinds of move, each costing one:
    /// a *colour-blind* move floods the whole frontier whatever its colours, and a *charging*
    /// move for colour c is allowed once all of c's regions are flooded or on the frontier, and
    /// floods those on the frontier. The game ends when every colour has been charged. A real
    /// plan maps onto a relaxed one of equal length (the last move of each colour charges it,
    /// every other move becomes colour-blind, which floods a superset), so the relaxed optimum
    /// never exceeds the real one. The relaxed game is solved greedily: charging whatever can
    /// be charged is optimal (the forced-move argument again), and otherwise a colour-blind
    /// move dominates every alternative. The bound therefore counts every remaining colour
    /// once, plus the colour-blind layers needed to bring colours within reach.
    /// This is the bound of A. and S. Puchert's `floodit` solver, computed here on bitsets.
    pub fn lower_bound(&self, state: &State<N>) -> u32 {
        self.lower_bound_capped(state, u32::MAX)
    }

    /// [`Graph::lower_bound`] when it is below `cap`; otherwise some value from `cap` up to it
    /// (the computation stops as soon as the bound is known to reach `cap`).
    #[inline]
    pub fn lower_bound_capped(&self, state: &State<N>, cap: u32) -> u32 {
        let mut left = self.colours_left(state);
        let mut reach = state.flooded.or(state.frontier);
        let mut layer = state.frontier;
        let mut moves = 0;
        loop {
            // Every colour left needs a move of its own, so this is already a lower bound.
            let floor = moves + left.count_ones();
            if left.count_ones() <= 1 || floor >= cap {
                return floor;
            }
            let mut charged = 0u16;
            let mut charged_regions = Bits::EMPTY;
            let mut rest = left;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize % MAX_SEARCH_COLOURS;
                rest &= rest - 1;
                if self.masks[c].is_subset(&reach) {
                    charged |= 1 << c;
                    charged_regions = charged_regions.or(self.masks[c]);
                }
            }
            if charged != 0 {
                moves += charged.count_ones();
                left &= !charged;
                if left.count_ones() <= 1 {
                    return moves + left.count_ones();
                }
                let taken = layer.and(charged_regions);
                let grown = self.neighbours(&taken).minus(reach);
                layer = layer.minus(taken).or(grown);
                reach = reach.or(grown);
            } else {
                moves += 1;
                let grown = self.neighbours(&layer).minus(reach);
                reach = reach.or(grown);
                layer = grown;
            }
        }
    }
}
