//! A tiny deterministic random number generator (SplitMix64) for tests, benchmarks and seeded
//! search jitter: reproducible everywhere, and no `rand` dependency.

/// SplitMix64: each call advances the state by a constant and scrambles it.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits (a generator, not an `Iterator`: it never ends).
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// An index in `0..n` (n > 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
}
