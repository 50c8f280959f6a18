//! The end of the game, solved backwards: every position that can finish in at most `depth`
//! moves, with its exact distance.
//!
//! A move played backwards is a chain of "unjumps" by one peg: the peg on `c` goes back to `a`,
//! two squares away over an empty `b`, and a peg reappears on `b`. Breadth-first search by
//! backward moves from the final positions (one peg on a final square) finds, level by level,
//! the positions exactly `k` moves from the end; they are stored once per symmetry class. The
//! forward search then needs to go only `depth` moves less deep: a position with `left <= depth`
//! moves to spare is decided by one lookup, and any position not in the table needs more than
//! `depth` moves. Levels are added while the table stays under a size limit. Most lookups at the
//! frontier miss, so a small bit filter over the table's hashes answers most of them from cache.

use super::bits::{Bits, BitsMap};
use super::geometry::Geometry;
use crate::budget::BudgetClock;

/// Marks a table value as an exact distance (the low bits), not just a lower bound.
pub const EXACT: u8 = 0x80;

pub struct Frontier<B> {
    /// Canonical position -> `EXACT | distance`.
    pub dist: BitsMap<B, u8>,
    /// Every position that can finish within `depth` moves is in the table.
    pub depth: u32,
}

/// A bit per hash value of the frontier's positions: a clear bit proves a position is not in it,
/// with one access to a table small enough for the cache instead of a probe of the big one.
pub struct Filter {
    bits: Vec<u64>,
    mask: u64,
}

impl Filter {
    pub fn new<B: Bits>(keys: impl ExactSizeIterator<Item = B>) -> Filter {
        let size = (keys.len() * 2).next_power_of_two().max(64) as u64;
        let mut bits = vec![0u64; (size / 64) as usize];
        let mask = size - 1;
        for key in keys {
            let h = hash(key) & mask;
            bits[(h / 64) as usize] |= 1 << (h % 64);
        }
        Filter { bits, mask }
    }

    /// False when `key` is surely not in the frontier.
    #[inline]
    pub fn may_hold<B: Bits>(&self, key: B) -> bool {
        let h = hash(key) & self.mask;
        self.bits[(h / 64) as usize] & (1 << (h % 64)) != 0
    }
}

#[inline]
fn hash<B: Bits>(key: B) -> u64 {
    use std::hash::BuildHasher;
    // Rotated, so the filter's bits do not follow the table's buckets.
    super::bits::MixState::default().hash_one(key).rotate_left(23)
}

impl<B: Bits> Frontier<B> {
    /// The table up to `max_depth` levels, not starting a new level once it holds `max_entries`.
    /// Every position generated is a tick of `clock`; a level cut short by the budget is kept
    /// (its distances are exact) but not counted in `depth`.
    pub fn build(
        geo: &Geometry<B>,
        finals: B,
        max_depth: u32,
        max_entries: usize,
        clock: &mut BudgetClock,
    ) -> Frontier<B> {
        let mut dist = BitsMap::default();
        let mut level = Vec::new();
        for sq in finals.ones() {
            let key = geo.canonical(B::bit(sq));
            if dist.insert(key, EXACT).is_none() {
                level.push(key);
            }
        }
        let mut depth = 0;
        while depth < max_depth && dist.len() <= max_entries {
            let mut next = Vec::new();
            let mut complete = true;
            'level: for &pegs in &level {
                for at in pegs.ones() {
                    if !unchain(geo, pegs, at, depth as u8 + 1, &mut dist, &mut next, clock) {
                        complete = false;
                        break 'level;
                    }
                }
            }
            if !complete {
                break;
            }
            depth += 1;
            level = next;
        }
        Frontier { dist, depth }
    }
}

/// Plays the peg on `at` backwards along every chain, recording each new position at distance
/// `d`. False when the budget ran out.
fn unchain<B: Bits>(
    geo: &Geometry<B>,
    pegs: B,
    at: usize,
    d: u8,
    dist: &mut BitsMap<B, u8>,
    next: &mut Vec<B>,
    clock: &mut BudgetClock,
) -> bool {
    for &index in &geo.into_square[at] {
        let jump = &geo.jumps[index as usize];
        if !(pegs & jump.need).is_zero() {
            continue;
        }
        let before = pegs ^ jump.flip;
        let key = geo.canonical(before);
        if let std::collections::hash_map::Entry::Vacant(entry) = dist.entry(key) {
            if !clock.tick() {
                return false;
            }
            entry.insert(EXACT | d);
            next.push(key);
        }
        if !unchain(geo, before, jump.from as usize, d, dist, next, clock) {
            return false;
        }
    }
    true
}
