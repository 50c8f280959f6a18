//! The goal of a search and the invariants that prove a position can never reach it.
//!
//! The position class ([`super::geometry::Geometry::class`], the diagonal colourings mod 3 of de
//! Bruijn and Conway) never changes, so at the root it narrows the squares the last peg can end on
//! to those of the position's own class; when none is left the problem is unsolvable at once. A
//! peg's parity class `(row mod 2, col mod 2)` never changes either: once no peg is left in a class
//! that holds a possible final square, the position is dead. The other tests, in order of cost:
//! a stranded peg ([`super::pagoda::Arrival`]); pegs that can never meet (the squares they could
//! ever reach fall apart into parts, and pegs sit in two of them, or none of the part holds a final
//! square); and, per possible final square `t`, the pagoda functions centred on `t` (the pegs must
//! weigh at least `p(t)` for one of them). The costlier tests run only once few pegs are left,
//! where they cut most; all are sound at any count.

use super::bits::Bits;
use super::geometry::Geometry;
use super::pagoda::{Arrival, Pagoda};

/// The stranded-peg test runs at or below this many pegs.
const STRAND_PEGS: u32 = 10;
/// The reach test runs at or below this many pegs.
const REACH_PEGS: u32 = 12;
/// With several possible final squares, their pagodas run at or below this many pegs (with one,
/// always).
const PAGODA_PEGS: u32 = 10;

/// Where the last peg may stand, and the tests that prove it cannot get there.
pub struct Goal<B> {
    /// Squares the last peg may end on: the target squares of the root's position class.
    pub finals: B,
    /// The parity classes of `finals`: some peg must stay in them.
    survivors: B,
    /// For each final square, its pagodas with the weight of that square.
    pagodas: Vec<Vec<(Pagoda<B>, i32)>>,
    pagoda_pegs: u32,
    arrival: Arrival<B>,
}

impl<B: Bits> Goal<B> {
    /// The goal "one peg on a square of `targets`" from the root position `root`.
    pub fn new(geo: &Geometry<B>, targets: B, root: B) -> Goal<B> {
        let class = geo.class(root);
        let finals =
            targets.ones().filter(|&sq| geo.class(B::bit(sq)) == class).fold(B::ZERO, |acc, sq| acc | B::bit(sq));
        let survivors = finals.ones().fold(B::ZERO, |acc, sq| acc | geo.parity_mask(sq));
        let pagodas = finals
            .ones()
            .map(|sq| {
                [true, false]
                    .into_iter()
                    .map(|tail| Pagoda::distance(geo, sq, tail))
                    .filter(|p| p.is_valid(geo))
                    .map(|p| {
                        let need = p.weights[sq];
                        (p, need)
                    })
                    .collect()
            })
            .collect();
        let pagoda_pegs = if finals.count() <= 1 { u32::MAX } else { PAGODA_PEGS };
        Goal { finals, survivors, pagodas, pagoda_pegs, arrival: Arrival::new(geo) }
    }

    /// True when `pegs` (two or more of them) provably cannot end with one peg on a final square.
    #[inline]
    pub fn dead(&self, geo: &Geometry<B>, pegs: B, count: u32) -> bool {
        if (pegs & self.survivors).is_zero() {
            return true;
        }
        if count <= STRAND_PEGS && self.arrival.stranded(geo, pegs) {
            return true;
        }
        // Pegs interact only through squares that can hold pegs; pegs in two separate parts of
        // those squares can never meet, so more than one would be left.
        if count <= REACH_PEGS && !geo.connected(geo.reach(pegs), pegs, self.finals) {
            return true;
        }
        if count > self.pagoda_pegs {
            return false;
        }
        self.pagodas.iter().all(|list| list.iter().any(|(p, need)| p.value(pegs) < *need))
    }
}
