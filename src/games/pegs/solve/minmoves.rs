//! The fewest-moves search: iterative deepening on the move count, with proof.
//!
//! A move is one peg's whole chain of jumps. The first solution gives an upper bound `U`; then for
//! each count `L` from the lower bound of the start up to `U - 1`, a depth-first search asks
//! "can the goal be reached in at most `L` moves?". A node is a position between moves; its
//! children are the ends of every chain of every peg (each prefix of a chain is a move too),
//! found by a depth-first walk along the chain. A branch is cut when the moves left are fewer than
//! the pattern-database bound ([`super::pdb`]) or the dead-position tests ([`super::goal`]) say.
//! The last moves are not searched at all: the end of the game is solved backwards once
//! ([`super::frontier`]), and a position with few moves to spare is decided by one lookup.
//! A table keyed by the canonical position (one entry per symmetry class) keeps the best proven
//! lower bound on the moves still needed: when a search with `r` moves left fails, the position
//! needs at least `r + 1`. Those entries stay true across iterations, so each count re-searches only
//! what the last one could not settle. The first count that succeeds is the minimum, as all smaller
//! ones were refuted; if none below `U` succeeds, the first solution was already minimal.

use super::super::board::{Jump, group_moves};
use super::bits::{Bits, BitsMap};
use super::dfs::Found;
use super::frontier::{EXACT, Filter, Frontier};
use super::geometry::Geometry;
use super::goal::Goal;
use super::pdb::Bound;
use super::{MinMoves, found};
use crate::budget::BudgetClock;

/// How many levels of the end of the game are solved backwards, at most.
pub const FRONTIER_DEPTH: u32 = 6;
/// No new backward level is started once the table holds this many positions (a level is
/// typically five times the one before).
const FRONTIER_START_CAP: usize = 200_000;

/// Improves `first` (a solution from `root`) to the fewest moves, proving it when the budget
/// allows; when the budget runs out, the best solution so far is returned unproven.
/// At most `frontier` levels of the end are solved backwards.
pub fn improve<B: Bits>(
    geo: &Geometry<B>,
    goal: &Goal<B>,
    root: B,
    first: Vec<Jump>,
    frontier: u32,
    clock: &mut BudgetClock,
) -> MinMoves {
    let upper = group_moves(&first).len() as u32;
    let bound = Bound::new(geo, goal.finals);
    let depth = frontier.min(upper.saturating_sub(1));
    let frontier = Frontier::build(geo, goal.finals, depth, FRONTIER_START_CAP, clock);
    let mut search = Search::new(geo, goal, &bound, frontier, clock);
    for limit in bound.of(root).max(1)..upper {
        match search.node(root, limit, 0) {
            Found::Yes => {
                let jumps = search.path.iter().map(|&j| geo.jump(j)).collect();
                return found(jumps, true);
            }
            Found::No => {}
            Found::OutOfBudget => return found(first, false),
        }
    }
    found(first, true)
}

/// The lower bound on the moves needed from `pegs` (for tests and reports).
pub fn lower_bound<B: Bits>(geo: &Geometry<B>, goal: &Goal<B>, pegs: B) -> u32 {
    Bound::new(geo, goal.finals).of(pegs)
}

struct Search<'a, B> {
    geo: &'a Geometry<B>,
    goal: &'a Goal<B>,
    bound: &'a Bound,
    /// Every position that can finish in this many moves is in `known` with its exact distance.
    reach: u32,
    filter: Filter,
    clock: &'a mut BudgetClock,
    /// Canonical position -> `EXACT | moves it needs` (from the frontier), or a proven lower bound.
    known: BitsMap<B, u8>,
    /// The jumps from the root to the current node.
    path: Vec<u16>,
    /// The chain being walked.
    chain: Vec<u16>,
    /// Per depth: the children of the node, and their moves' jumps.
    children: Vec<Vec<Child<B>>>,
    moves: Vec<Vec<u16>>,
}

/// The position after one move; its move's jumps are `moves[depth][start..start + len]`.
#[derive(Clone, Copy)]
struct Child<B> {
    pegs: B,
    start: u32,
    len: u32,
}

impl<B: Bits> Search<'_, B> {
    fn new<'a>(
        geo: &'a Geometry<B>,
        goal: &'a Goal<B>,
        bound: &'a Bound,
        frontier: Frontier<B>,
        clock: &'a mut BudgetClock,
    ) -> Search<'a, B> {
        Search {
            geo,
            goal,
            bound,
            reach: frontier.depth,
            filter: Filter::new(frontier.dist.keys().copied()),
            clock,
            known: frontier.dist,
            path: Vec::new(),
            chain: Vec::new(),
            children: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Can `pegs`, between moves and within the bound, reach the goal in at most `left` moves?
    fn node(&mut self, pegs: B, left: u32, depth: usize) -> Found {
        let count = pegs.count();
        if count == 1 {
            return if (pegs & self.goal.finals).is_zero() { Found::No } else { Found::Yes };
        }
        if left == 0 || self.goal.dead(self.geo, pegs, count) {
            return Found::No;
        }
        let key = self.geo.canonical(pegs);
        if left <= self.reach && !self.filter.may_hold(key) {
            return Found::No;
        }
        match self.known.get(&key).map(|&v| (v & EXACT != 0, u32::from(v & !EXACT))) {
            Some((true, d)) if d <= left => {
                self.finish(pegs, d);
                return Found::Yes;
            }
            Some((_, need)) if need > left => return Found::No,
            None if left <= self.reach => return Found::No,
            _ => {}
        }
        if !self.clock.tick() {
            return Found::OutOfBudget;
        }
        if self.children.len() <= depth {
            self.children.resize_with(depth + 1, Vec::new);
            self.moves.resize_with(depth + 1, Vec::new);
        }
        let mut children = std::mem::take(&mut self.children[depth]);
        let mut moves = std::mem::take(&mut self.moves[depth]);
        children.clear();
        moves.clear();
        for from in pegs.ones() {
            self.collect(pegs, from, left - 1, &mut children, &mut moves);
        }
        let mark = self.path.len();
        let mut result = Found::No;
        for child in &children {
            let (start, len) = (child.start as usize, child.len as usize);
            self.path.extend_from_slice(&moves[start..start + len]);
            result = self.node(child.pegs, left - 1, depth + 1);
            if result != Found::No {
                break;
            }
            self.path.truncate(mark);
        }
        self.children[depth] = children;
        self.moves[depth] = moves;
        if result == Found::No {
            let need = self.known.entry(key).or_insert(0);
            *need = (*need).max((left + 1).min(u32::from(!EXACT)) as u8);
        }
        result
    }

    /// Walks every chain of the peg on `at` (the move so far has left `pegs`), keeping each end
    /// whose bound allows finishing in `left` more moves.
    fn collect(&mut self, pegs: B, at: usize, left: u32, children: &mut Vec<Child<B>>, moves: &mut Vec<u16>) {
        for i in 0..self.geo.from_square[at].len() {
            let index = self.geo.from_square[at][i];
            if !self.geo.can(pegs, index) {
                continue;
            }
            let jump = &self.geo.jumps[index as usize];
            let next = pegs ^ jump.flip;
            self.chain.push(index);
            if self.bound.of(next) <= left {
                children.push(Child { pegs: next, start: moves.len() as u32, len: self.chain.len() as u32 });
                moves.extend_from_slice(&self.chain);
            }
            self.collect(next, jump.to as usize, left, children, moves);
            self.chain.pop();
        }
    }

    /// Appends to the path the moves that finish from `pegs`, which the frontier says needs `d`.
    fn finish(&mut self, pegs: B, d: u32) {
        for from in pegs.ones() {
            if self.finish_chain(pegs, from, d) {
                return;
            }
        }
    }

    fn finish_chain(&mut self, pegs: B, at: usize, d: u32) -> bool {
        for i in 0..self.geo.from_square[at].len() {
            let index = self.geo.from_square[at][i];
            if !self.geo.can(pegs, index) {
                continue;
            }
            let jump = &self.geo.jumps[index as usize];
            let next = pegs ^ jump.flip;
            self.path.push(index);
            if self.known.get(&self.geo.canonical(next)) == Some(&(EXACT | (d - 1) as u8)) {
                if d > 1 {
                    self.finish(next, d - 1);
                }
                return true;
            }
            if self.finish_chain(next, jump.to as usize, d) {
                return true;
            }
            self.path.pop();
        }
        false
    }
}
