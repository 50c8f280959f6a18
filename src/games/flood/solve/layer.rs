//! The states the exact search keeps at one depth, indexed for the dominance test "does a kept
//! state flood a strict superset of this one?".
//!
//! A plain scan of every member made the test cost more than the rest of the search together
//! on hard boards (layers of 10^5 states). Once a layer is big, its members are filed into
//! buckets by their bits on a few *pivot* regions, chosen as the regions that about half the
//! members have flooded. A superset of a flood has every pivot the flood has, so a query only
//! scans the buckets whose key contains the query's key: about (3/4)^PIVOTS of the layer. A
//! query also stops after `SCAN_LIMIT` members: a missed dominance only costs the search the
//! expansion of a state it could have dropped, so the search stays exact and deterministic.

use super::bits::Bits;

/// Members before the layer is first indexed (a scan is cheaper below this).
const INDEX_AT: usize = 512;
/// The most pivot regions (so at most `1 << PIVOTS` buckets).
const PIVOTS: usize = 15;
/// Members per bucket aimed at when choosing how many pivots: fewer buckets than members means
/// a query visits buckets that hold something, rather than thousands of empty ones.
const BUCKET_MEMBERS: usize = 4;
/// A query gives up (answers no) after comparing about this many members. The answer may only
/// ever be a missed dominance, which the search can afford; on the hardest floodtest19 board
/// (934th, flooded from the centre) the unbounded test took 72% of the time, and this limit took
/// its CPU time from 13.0 s to 5.7 s, while the first 200 boards of the 14x14 set stayed at 5.9 s.
const SCAN_LIMIT: usize = 512;
/// The pivots are chosen again when the layer has grown this many times since the last choice.
const REINDEX_GROWTH: usize = 4;

#[derive(Default)]
struct Bucket<const N: usize> {
    floods: Vec<Bits<N>>,
    nodes: Vec<u32>,
}

pub(super) struct Layer<const N: usize> {
    /// Pivot regions; empty while the layer has a single bucket.
    pivots: Vec<usize>,
    buckets: Vec<Bucket<N>>,
    len: usize,
    /// The length after the last clean-up, and when the pivots were last chosen.
    cleaned: usize,
    indexed_at: usize,
}

impl<const N: usize> Layer<N> {
    /// An empty layer (allocates nothing until its first member).
    pub fn new() -> Layer<N> {
        Layer { pivots: Vec::new(), buckets: Vec::new(), len: 0, cleaned: 0, indexed_at: 0 }
    }

    /// Bytes a member takes (its flood and its node).
    pub const MEMBER_BYTES: usize = std::mem::size_of::<Bits<N>>() + 4;

    #[inline]
    fn key(&self, flood: &Bits<N>) -> usize {
        let mut key = 0;
        for (i, &p) in self.pivots.iter().enumerate() {
            key |= ((flood.0[p >> 6] >> (p & 63)) as usize & 1) << i;
        }
        key
    }

    pub fn push(&mut self, flood: Bits<N>, node: u32) {
        if self.buckets.is_empty() {
            self.buckets.push(Bucket::default());
        }
        let key = self.key(&flood);
        let bucket = &mut self.buckets[key];
        bucket.floods.push(flood);
        bucket.nodes.push(node);
        self.len += 1;
        if self.len >= INDEX_AT && self.len >= REINDEX_GROWTH * self.indexed_at {
            self.reindex();
        }
    }

    /// True when some member floods a strict superset of `flood`; false when none does, or
    /// (rarely) when `SCAN_LIMIT` members were compared without finding one.
    pub fn covers(&self, flood: &Bits<N>) -> bool {
        self.covers_within(flood, SCAN_LIMIT)
    }

    /// [`Layer::covers`], giving up after comparing about `limit` members.
    fn covers_within(&self, flood: &Bits<N>, limit: usize) -> bool {
        if self.len == 0 {
            return false;
        }
        let key = self.key(flood);
        let full = self.buckets.len() - 1;
        let mut k = key;
        let mut scanned = 0;
        loop {
            if self.buckets[k].floods.iter().any(|member| flood.is_subset(member) && flood != member) {
                return true;
            }
            scanned += self.buckets[k].floods.len();
            if scanned > limit {
                return false;
            }
            if k == full {
                return false;
            }
            k = (k + 1) | key;
        }
    }

    /// Drops the members whose nodes `dominated` says were found dominated, once the layer has
    /// doubled since the last clean-up (whatever they contain, their dominator does).
    pub fn forget_dominated(&mut self, dominated: impl Fn(u32) -> bool) {
        if self.len < 2 * self.cleaned.max(32) {
            return;
        }
        self.len = 0;
        for bucket in &mut self.buckets {
            let mut kept = 0;
            for i in 0..bucket.floods.len() {
                if !dominated(bucket.nodes[i]) {
                    bucket.floods[kept] = bucket.floods[i];
                    bucket.nodes[kept] = bucket.nodes[i];
                    kept += 1;
                }
            }
            bucket.floods.truncate(kept);
            bucket.nodes.truncate(kept);
            self.len += kept;
        }
        self.cleaned = self.len;
    }

    /// Chooses the pivots anew (the regions flooded in nearest half of the members, about one
    /// for every doubling of the layer past `BUCKET_MEMBERS`) and files every member again.
    fn reindex(&mut self) {
        let mut count = vec![0usize; 64 * N];
        for flood in self.buckets.iter().flat_map(|b| &b.floods) {
            for (w, &word) in flood.0.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    count[64 * w + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
        let half = self.len / 2;
        let mut order: Vec<usize> = (0..64 * N).filter(|&r| count[r] > 0 && count[r] < self.len).collect();
        order.sort_by_key(|&r| (count[r].abs_diff(half), r));
        let wanted = (self.len / BUCKET_MEMBERS).max(2).ilog2() as usize;
        order.truncate(wanted.min(PIVOTS));
        let old = std::mem::take(&mut self.buckets);
        self.pivots = order;
        self.buckets = (0..1 << self.pivots.len()).map(|_| Bucket::default()).collect();
        for bucket in old {
            for (flood, node) in bucket.floods.into_iter().zip(bucket.nodes) {
                let key = self.key(&flood);
                self.buckets[key].floods.push(flood);
                self.buckets[key].nodes.push(node);
            }
        }
        self.indexed_at = self.len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64 as Rng;

    /// The indexed test answers as a scan of every member would; with the scan limit it never
    /// answers yes wrongly.
    #[test]
    fn covers_agrees_with_a_full_scan() {
        let mut rng = Rng(42);
        let mut layer = Layer::<2>::new();
        let mut all = Vec::new();
        let random_flood = |rng: &mut Rng| {
            // Dense low regions, sparse high ones, as in a real layer.
            let mut flood = Bits::<2>::EMPTY;
            (0..128).filter(|&r| rng.index(128) >= r).for_each(|r| flood.insert(r));
            flood
        };
        for i in 0..5000u32 {
            let flood = random_flood(&mut rng);
            layer.push(flood, i);
            all.push(flood);
            if i % 97 == 0 {
                let query = random_flood(&mut rng);
                let scan = all.iter().any(|m| query.is_subset(m) && query != *m);
                assert_eq!(layer.covers_within(&query, usize::MAX), scan, "after {i} members");
                assert!(scan || !layer.covers(&query));
                let member = all[rng.index(all.len())];
                let scan = all.iter().any(|m| member.is_subset(m) && member != *m);
                assert_eq!(layer.covers_within(&member, usize::MAX), scan, "member after {i}");
                assert!(scan || !layer.covers(&member));
            }
        }
        assert!(!layer.pivots.is_empty());
        layer.forget_dominated(|node| node % 2 == 0);
        assert_eq!(layer.len, 2500);
    }
}
