//! Which ring of a look a pixel falls in, without a square root per pixel. A look puts a pixel at
//! squared offset `s` from the cell's centre (in shares of the cell's width and height) in ring
//! `⌊√s / REACH · RINGS⌋`, or around the rings once `√s / REACH` reaches 1. Each of those is a
//! rising function of `s` in floating point too (a square root, a division and a product, each
//! rounded as it rises), so every ring begins at a least `s`, found once among the f64s
//! themselves: comparing `s` with those bounds gives the ring the formula gives, to the bit.

use std::sync::OnceLock;

use super::looks::{REACH, RINGS};

/// Where a pixel falls: a ring (the middle 0) or around the rings.
/// Ordered from the middle out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd)]
pub enum Place {
    Ring(usize),
    Around,
}

/// The place of a pixel at squared offset `s`, as the formula puts it: what `place` must agree with.
pub fn place_by_root(s: f64) -> Place {
    let rho = s.sqrt() / REACH;
    if rho >= 1.0 {
        return Place::Around;
    }
    Place::Ring(((rho * RINGS as f64) as usize).min(RINGS - 1))
}

/// The least `s` of rings 1 to `RINGS - 1`, then of around the rings.
fn bounds() -> &'static [f64; RINGS] {
    static BOUNDS: OnceLock<[f64; RINGS]> = OnceLock::new();
    BOUNDS.get_or_init(|| {
        std::array::from_fn(|k| {
            if k + 1 < RINGS {
                least(|s| place_by_root(s) >= Place::Ring(k + 1))
            } else {
                least(|s| place_by_root(s) == Place::Around)
            }
        })
    })
}

/// The least non-negative f64 at which `reached` holds, given that it holds at every larger one,
/// not at 0 and at 1: non-negative f64s are ordered as their bits, so the search halves bits.
fn least(reached: impl Fn(f64) -> bool) -> f64 {
    let (mut below, mut at) = (0f64.to_bits(), 1f64.to_bits());
    while at - below > 1 {
        let mid = below + (at - below) / 2;
        if reached(f64::from_bits(mid)) {
            at = mid;
        } else {
            below = mid;
        }
    }
    f64::from_bits(at)
}

/// The ring bounds, ready for many pixels (`place`).
#[derive(Clone, Copy)]
pub struct Rings {
    bounds: [f64; RINGS],
}

impl Rings {
    pub fn new() -> Rings {
        Rings { bounds: *bounds() }
    }

    /// The place of a pixel at squared offset `s`: `place_by_root(s)`, by comparisons.
    #[inline]
    pub fn place(&self, s: f64) -> Place {
        if s >= self.bounds[RINGS - 1] {
            return Place::Around;
        }
        Place::Ring(self.bounds[..RINGS - 1].iter().filter(|&&b| s >= b).count())
    }
}

impl Default for Rings {
    fn default() -> Rings {
        Rings::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bound, the f64s either side of it, and a spread of offsets across and beyond the
    /// rings fall where the square root puts them.
    #[test]
    fn comparisons_place_pixels_as_the_square_root_does() {
        let rings = Rings::new();
        let mut tried: Vec<f64> = Vec::new();
        for &b in bounds() {
            let bits = b.to_bits();
            tried.extend((bits - 3..=bits + 3).map(f64::from_bits));
        }
        tried.extend((0..200_000).map(|i| i as f64 / 200_000.0 * 0.6));
        let mut seed = 3u64;
        for _ in 0..200_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (u, v) = ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5, (seed & 0xffff) as f64 / 65536.0 - 0.5);
            tried.push(u * u + v * v);
        }
        for s in tried {
            assert_eq!(rings.place(s), place_by_root(s), "s = {s:e}");
        }
        // The bounds lie where the rings are meant to begin: k / RINGS of REACH, squared.
        for (k, &b) in bounds().iter().enumerate() {
            let meant = ((k + 1) as f64 / RINGS as f64 * REACH).powi(2);
            assert!((b - meant).abs() < 1e-12, "bound {k}: {b} not {meant}");
        }
    }
}
