//! Bookkeeping for the exact search: a hash index of flooded sets and a shared tree of moves.
//!
//! The index is hand-written open addressing over node numbers rather than a std `HashMap`:
//! keys live once, in the node arena, the table stays small (8 bytes a slot), and no random
//! seed is involved, so runs are reproducible. Plans are kept as (parent, colour) records so
//! that the many nodes sharing a prefix share its storage.

use super::bits::Bits;

/// Open addressing with linear probing; a slot holds `tag << 32 | node` (all ones = empty),
/// where the tag is the low half of the key's hash.
pub(super) struct Table {
    slots: Vec<u64>,
    shift: u32,
    len: usize,
}

const EMPTY: u64 = u64::MAX;

impl Table {
    pub fn new() -> Table {
        let bits = 12;
        Table { slots: vec![EMPTY; 1 << bits], shift: 64 - bits, len: 0 }
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// The node whose key is `key` (`Ok`), or the empty slot where it belongs (`Err`).
    /// `key_of(node)` returns a node's key.
    #[inline]
    pub fn find<'k, const N: usize>(
        &self,
        hash: u64,
        key: &Bits<N>,
        key_of: impl Fn(u32) -> &'k Bits<N>,
    ) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let tag = hash as u32;
        let mut pos = (hash >> self.shift) as usize;
        loop {
            let slot = self.slots[pos];
            if slot == EMPTY {
                return Err(pos);
            }
            if (slot >> 32) as u32 == tag && key_of(slot as u32) == key {
                return Ok(slot as u32);
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Fills the empty slot `pos` that `find` returned, growing the table when it is 5/8 full
    /// (which needs every stored node's hash again: `hash_of(node)`).
    pub fn insert(&mut self, pos: usize, hash: u64, node: u32, hash_of: impl Fn(u32) -> u64) {
        self.slots[pos] = (hash as u32 as u64) << 32 | node as u64;
        self.len += 1;
        if self.len * 8 > self.slots.len() * 5 {
            let grown = vec![EMPTY; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, grown);
            self.shift -= 1;
            let mask = self.slots.len() - 1;
            for slot in old.into_iter().filter(|&s| s != EMPTY) {
                let mut pos = (hash_of(slot as u32) >> self.shift) as usize;
                while self.slots[pos] != EMPTY {
                    pos = (pos + 1) & mask;
                }
                self.slots[pos] = slot;
            }
        }
    }
}

/// Plans as a tree: record i says "then play `colour[i]`, after record `parent[i]`".
pub(super) struct Records {
    parent: Vec<u32>,
    colour: Vec<u8>,
}

impl Records {
    /// The parent of the first move of a plan.
    pub const ROOT: u32 = u32::MAX;

    pub fn new() -> Records {
        Records { parent: Vec::new(), colour: Vec::new() }
    }

    pub fn bytes(&self) -> usize {
        self.parent.len() * 5
    }

    /// Appends `colours` after record `parent`; returns the record of the last one.
    pub fn push(&mut self, parent: u32, colours: &[u8]) -> u32 {
        let mut last = parent;
        for &c in colours {
            self.parent.push(last);
            self.colour.push(c);
            last = (self.parent.len() - 1) as u32;
        }
        last
    }

    /// The plan that ends with `record`.
    pub fn moves(&self, mut record: u32) -> Vec<u8> {
        let mut moves = Vec::new();
        while record != Self::ROOT {
            moves.push(self.colour[record as usize]);
            record = self.parent[record as usize];
        }
        moves.reverse();
        moves
    }
}
