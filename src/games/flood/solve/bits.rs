//! Fixed-size bitsets of regions, `N` 64-bit words long.
//!
//! A search state is a set of regions, and the solver spends nearly all its time taking unions,
//! differences and subset tests of such sets. Making the width a const generic lets the compiler
//! unroll every operation for the handful of words a board needs (a 14x14 board has ~100-150
//! regions: 2 or 3 words), and keeps states `Copy` and compact in the search's node arena.

/// A set of region indices `0..64 * N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bits<const N: usize>(pub [u64; N]);

impl<const N: usize> Bits<N> {
    pub const EMPTY: Self = Bits([0; N]);

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn or(self, other: Self) -> Self {
        let mut out = self;
        for k in 0..N {
            out.0[k] |= other.0[k];
        }
        out
    }

    #[inline]
    pub fn and(self, other: Self) -> Self {
        let mut out = self;
        for k in 0..N {
            out.0[k] &= other.0[k];
        }
        out
    }

    /// `self \ other`.
    #[inline]
    pub fn minus(self, other: Self) -> Self {
        let mut out = self;
        for k in 0..N {
            out.0[k] &= !other.0[k];
        }
        out
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }

    /// True when every member of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &Self) -> bool {
        let mut stray = 0;
        for k in 0..N {
            stray |= self.0[k] & !other.0[k];
        }
        stray == 0
    }

    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        let mut common = 0;
        for k in 0..N {
            common |= self.0[k] & other.0[k];
        }
        common != 0
    }

    /// A well-mixed 64-bit hash (the search uses the high bits for the slot, the low for a tag).
    #[inline]
    pub fn hash64(&self) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for k in 0..N {
            h = (h.rotate_left(23) ^ self.0[k]).wrapping_mul(K);
        }
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 29)
    }
}

impl<const N: usize> std::hash::Hash for Bits<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash64());
    }
}
