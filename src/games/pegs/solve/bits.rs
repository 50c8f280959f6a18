//! Bit sets over the squares of a board, and a fast hasher for tables keyed by them.
//!
//! A position is one machine word with a bit per square (row-major over the board's bounding box
//! of holes), so a jump is three mask operations and a whole direction's jumps are a few shifts.
//! Boxes of up to 64 squares (the 7x7 English and French boards) use `u64`, boxes of up to 128
//! squares (9x9 random boards, up to 11x11) use `u128`; the search is generic over [`Bits`] and
//! compiled once for each.

use std::fmt::Debug;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// An unsigned word used as a set of squares.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    /// How many squares fit.
    const SIZE: usize;
    fn bit(i: usize) -> Self;
    fn count(self) -> u32;
    /// Index of the lowest set bit (undefined for zero).
    fn lowest(self) -> usize;
    /// The set without its lowest bit.
    fn clear_lowest(self) -> Self;
    /// Byte `k` (bits `8k..8k+8`) as a table index.
    fn byte(self, k: usize) -> usize;

    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    fn has(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
    /// The indices of the set bits, lowest first.
    fn ones(self) -> Ones<Self> {
        Ones(self)
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const SIZE: usize = <$t>::BITS as usize;
            #[inline]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn clear_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn byte(self, k: usize) -> usize {
                ((self >> (8 * k)) & 0xff) as usize
            }
        }
    };
}
impl_bits!(u64);
impl_bits!(u128);

/// Iterator over the set bits of a [`Bits`] word.
pub struct Ones<B>(B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.clear_lowest();
        Some(i)
    }
}

/// A multiply-rotate hasher for word keys (the std SipHash is several times slower here, and the
/// keys are not attacker-controlled). The final fold spreads the high bits into the low ones,
/// which the hash table uses to pick a bucket.
#[derive(Default, Clone, Copy)]
pub struct MixHasher(u64);

const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for MixHasher {
    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(MIX);
        h ^ (h >> 31)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

pub type MixState = BuildHasherDefault<MixHasher>;
pub type BitsSet<B> = std::collections::HashSet<B, MixState>;
pub type BitsMap<B, V> = std::collections::HashMap<B, V, MixState>;
