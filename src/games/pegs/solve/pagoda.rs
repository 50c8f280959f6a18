//! Conway's pagoda functions, derived from the board's own shape, and the stranded-peg test
//! built on them.
//!
//! A pagoda function gives each hole a weight with `p(a) + p(b) >= p(c)` for every jump from `a`
//! over `b` into `c`, so the total weight of the pegs never grows: a peg can only ever land on
//! square `t` while the pegs weigh at least `p(t)`. The functions here are Conway's "soldiers"
//! weights, made exact in integers: `p(x) = g(d(x, t))`, where `d` counts steps through side-by-side
//! holes from `t` and `g` falls like the Fibonacci numbers (`g(d) = g(d + 1) + g(d + 2)`), so a jump
//! straight towards `t` keeps the total and every other jump lowers it. The proof needs only that
//! neighbouring holes differ by at most one step, true on any shape, and on an irregular board the
//! step count is larger (so stronger) than the straight-line distance. Each function is still
//! checked against every jump of the board before it is used ([`Pagoda::is_valid`]).

use super::bits::Bits;
use super::geometry::Geometry;

/// Distances at which the Fibonacci weights reach 0 at the latest (`F(30)` times 128 pegs still
/// fits an `i32`).
const MAX_STEPS: usize = 30;

/// `g(d)` for each square's distance `d`: `g(far) = tail`, `g(far - 1) = 1`, `g(d) = g(d + 1) +
/// g(d + 2)` nearer, and 0 beyond `far` or where there is no way.
fn fibonacci_weights(steps: &[usize], far: usize, tail: bool) -> Vec<i32> {
    let mut g = vec![0i32; far + 3];
    g[far] = i32::from(tail);
    if far >= 1 {
        g[far - 1] = 1;
    }
    for d in (0..far.saturating_sub(1)).rev() {
        g[d] = g[d + 1] + g[d + 2];
    }
    steps.iter().map(|&d| if d <= far { g[d] } else { 0 }).collect()
}

/// A pagoda function on one board, with byte tables for a fast total.
pub struct Pagoda<B> {
    pub weights: Vec<i32>,
    sums: Vec<[i32; 256]>,
    _bits: std::marker::PhantomData<B>,
}

impl<B: Bits> Pagoda<B> {
    pub fn new(weights: Vec<i32>) -> Pagoda<B> {
        let sums = (0..weights.len().div_ceil(8))
            .map(|k| {
                let mut table = [0i32; 256];
                for (value, sum) in table.iter_mut().enumerate() {
                    *sum =
                        (0..8).filter(|bit| value & (1 << bit) != 0).filter_map(|bit| weights.get(8 * k + bit)).sum();
                }
                table
            })
            .collect();
        Pagoda { weights, sums, _bits: std::marker::PhantomData }
    }

    /// The Fibonacci distance pagoda centred on `centre`: `g(d)` with `d` the number of steps
    /// through side-by-side holes (adjacent squares differ by at most one step, which is all the
    /// proof needs, and on an irregular board it is larger than the straight-line distance).
    /// With `tail` the farthest holes weigh 1, without it 0 (more of the weight sits near the
    /// centre). Beyond `MAX_STEPS` the weights are 0, which keeps totals in range.
    pub fn distance(geo: &Geometry<B>, centre: usize, tail: bool) -> Pagoda<B> {
        let steps = geo.distances(centre);
        let far = geo.holes.ones().map(|sq| steps[sq]).filter(|&d| d != usize::MAX).max().unwrap_or(0);
        let (far, tail) = if far > MAX_STEPS { (MAX_STEPS, false) } else { (far, tail) };
        Pagoda::new(fibonacci_weights(&steps, far, tail))
    }

    /// The total weight of the pegs.
    #[inline]
    pub fn value(&self, pegs: B) -> i32 {
        self.sums.iter().enumerate().map(|(k, table)| table[pegs.byte(k)]).sum()
    }

    /// True when no jump of the board can raise the total weight.
    pub fn is_valid(&self, geo: &Geometry<B>) -> bool {
        geo.jumps.iter().all(|j| {
            let w = |sq: u8| self.weights[sq as usize];
            w(j.from) + w(j.over) >= w(j.to)
        })
    }
}

/// Whether a peg can ever arrive on a square: for each square `y`, the Fibonacci distance pagoda
/// centred on `y`; a peg can land on `y` only while the pegs weigh at least `g(0)`.
///
/// A lone peg (none beside it) takes part in no jump until a peg lands beside it, so until then
/// the others play as if it were not there. If for every square beside it the other pegs weigh
/// too little for a peg ever to land there, it is stranded: it can never be removed, and neither
/// can the last of the others, so a position with a stranded peg and any other peg is dead.
pub struct Arrival<B> {
    /// For each square `y`, its pagoda (None where no square is).
    pagodas: Vec<Option<Pagoda<B>>>,
    need: Vec<i32>,
    neighbours: Vec<Vec<usize>>,
    /// The squares one and two steps from each square.
    ring1: Vec<B>,
    ring2: Vec<B>,
}

impl<B: Bits> Arrival<B> {
    pub fn new(geo: &Geometry<B>) -> Arrival<B> {
        let n = geo.rows * geo.cols;
        let mut pagodas: Vec<Option<Pagoda<B>>> = (0..n).map(|_| None).collect();
        let mut need = vec![0; n];
        for y in geo.holes.ones() {
            let steps = geo.distances(y);
            let far = geo.holes.ones().map(|sq| steps[sq]).filter(|&d| d != usize::MAX).max().unwrap_or(0);
            let pagoda = Pagoda::new(fibonacci_weights(&steps, far.min(MAX_STEPS), false));
            // An invalid function (there is none; the check guards the proof) would never prune.
            need[y] = if pagoda.is_valid(geo) { pagoda.weights[y] } else { 0 };
            pagodas[y] = Some(pagoda);
        }
        let neighbours: Vec<Vec<usize>> =
            (0..n).map(|sq| if geo.holes.has(sq) { geo.neighbours(sq) } else { Vec::new() }).collect();
        let ring = |sq: usize, d: usize| {
            let steps = geo.distances(sq);
            geo.holes.ones().filter(|&s| steps[s] == d).fold(B::ZERO, |acc, s| acc | B::bit(s))
        };
        let ring1 = (0..n).map(|sq| if geo.holes.has(sq) { ring(sq, 1) } else { B::ZERO }).collect();
        let ring2 = (0..n).map(|sq| if geo.holes.has(sq) { ring(sq, 2) } else { B::ZERO }).collect();
        Arrival { pagodas, need, neighbours, ring1, ring2 }
    }

    /// True when some lone peg of `pegs` is stranded.
    pub fn stranded(&self, geo: &Geometry<B>, pegs: B) -> bool {
        geo.lonely(pegs).ones().any(|x| {
            let rest = pegs ^ B::bit(x);
            self.neighbours[x].iter().all(|&y| {
                // Quick way out: a peg beside `y` and another within two steps weigh
                // g(1) + g(2) >= g(0) already.
                let near = rest & self.ring1[y];
                if !near.is_zero() && (near.count() >= 2 || !(rest & self.ring2[y]).is_zero()) {
                    return false;
                }
                self.pagodas[y].as_ref().is_some_and(|p| p.value(rest) < self.need[y])
            })
        })
    }
}
