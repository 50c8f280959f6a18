//! An admissible lower bound on the number of moves still needed: pattern databases over regions.
//!
//! Every move has one origin, the square its peg starts from. Cut the board into disjoint regions;
//! the moves whose origin lies in a region can be counted apart from all others, so the sum over
//! the regions of "moves that must start in this region" is a lower bound on all moves left.
//! For one region that count is computed exactly in a relaxed game, for every pattern of pegs in
//! the region: squares outside the region hold whatever suits best, and moves starting outside are
//! free, even when their chain runs through the region; a move starting inside costs one, with its
//! whole chain (which may leave the region and come back). A real solution maps onto a relaxed one
//! costing no more than its moves with origin in the region, so the bound never overestimates.
//! It sees, for instance, that a corner peg (which nothing can jump) must move itself, and that a
//! full arm of the English board needs three moves from inside it. The relaxed game's states are
//! (pattern, square of the peg whose chain may continue for free); a 0-1 breadth-first search
//! backwards from the goal patterns gives every pattern's cost.
//!
//! The regions are blocks of a grid over the box of holes, bands of two or three rows and columns
//! (the English board's arms and centre). Several partitions, shifted against each other, give
//! several bounds; their maximum is taken.

use std::collections::VecDeque;

use super::bits::Bits;
use super::geometry::Geometry;

/// Cost of a pattern that cannot reach the goal even in the relaxed game.
pub const INFINITE: u32 = 1000;
const UNREACHED: u8 = u8::MAX;
/// Largest region, in holes (2^16 patterns x 17 chain states; the grid blocks have at most 16).
const MAX_REGION: usize = 16;

/// One region's table.
struct Region {
    shift: u32,
    mask: u64,
    cost: Vec<u8>,
}

/// Pattern databases for one partition of the holes.
struct Partition {
    /// Per byte of a position: the packed region patterns of the bits in that byte.
    extract: Vec<[u64; 256]>,
    regions: Vec<Region>,
}

/// The lower bound: the largest over several partitions.
pub struct Bound {
    partitions: Vec<Partition>,
}

impl Bound {
    pub fn new<B: Bits>(geo: &Geometry<B>, finals: B) -> Bound {
        Bound::with_partitions(geo, finals, &default_partitions(geo))
    }

    /// The bound over the given partitions (each a list of disjoint regions of squares); those
    /// with a region larger than `MAX_REGION`, or more than 64 holes in all (their patterns are
    /// packed into one 64-bit word), are left out: on such boards the bound is weaker, never wrong.
    pub fn with_partitions<B: Bits>(geo: &Geometry<B>, finals: B, partitions: &[Vec<Vec<usize>>]) -> Bound {
        let partitions = partitions
            .iter()
            .filter(|regions| regions.iter().all(|r| r.len() <= MAX_REGION))
            .filter(|regions| regions.iter().map(Vec::len).sum::<usize>() <= 64)
            .map(|regions| Partition::new(geo, regions, finals))
            .collect();
        Bound { partitions }
    }

    /// At least this many moves are needed to finish from `pegs` (`INFINITE` when impossible).
    #[inline]
    pub fn of<B: Bits>(&self, pegs: B) -> u32 {
        self.partitions.iter().map(|p| p.of(pegs)).max().unwrap_or(0)
    }
}

/// Grid blocks over the box of holes, as partitions of the holes.
fn default_partitions<B: Bits>(geo: &Geometry<B>) -> Vec<Vec<Vec<usize>>> {
    let mut partitions = Vec::new();
    for (row_shift, col_shift) in [(0, 0), (1, 1)] {
        let mut regions = Vec::new();
        for &(r0, r1) in &bands(geo.rows, row_shift) {
            for &(c0, c1) in &bands(geo.cols, col_shift) {
                let squares: Vec<usize> = (r0..r1)
                    .flat_map(|r| (c0..c1).map(move |c| r * geo.cols + c))
                    .filter(|&sq| geo.holes.has(sq))
                    .collect();
                if !squares.is_empty() {
                    regions.push(squares);
                }
            }
        }
        partitions.push(regions);
    }
    partitions
}

/// Splits `0..len` into bands of two or three, the wider ones in the middle; `shift` moves the
/// cuts by one (a different partition).
fn bands(len: usize, shift: usize) -> Vec<(usize, usize)> {
    let count = len.div_ceil(3).max(1);
    let mut sizes = vec![len / count; count];
    let extra = len - sizes.iter().sum::<usize>();
    let middle = count / 2;
    for i in 0..extra {
        // Spread the wider bands out from the middle, alternating sides.
        let k = if i % 2 == 0 { middle + i / 2 } else { middle - 1 - i / 2 };
        sizes[k.min(count - 1)] += 1;
    }
    let mut cuts = vec![0];
    for size in sizes {
        cuts.push(cuts.last().copied().unwrap_or(0) + size);
    }
    if shift > 0 && count > 1 {
        for cut in cuts.iter_mut().skip(1).take(count - 1) {
            *cut = (*cut + shift).min(len);
        }
    }
    cuts.windows(2).filter(|w| w[1] > w[0]).map(|w| (w[0], w[1])).collect()
}

impl Partition {
    fn new<B: Bits>(geo: &Geometry<B>, regions: &[Vec<usize>], finals: B) -> Partition {
        let mut extract = vec![[0u64; 256]; (geo.rows * geo.cols).div_ceil(8)];
        let mut shift = 0u32;
        let mut tables = Vec::new();
        for squares in regions {
            for (local, &sq) in squares.iter().enumerate() {
                let (k, bit) = (sq / 8, sq % 8);
                for (value, packed) in extract[k].iter_mut().enumerate() {
                    if value & (1 << bit) != 0 {
                        *packed |= 1 << (shift as usize + local);
                    }
                }
            }
            tables.push(Region { shift, mask: (1 << squares.len()) - 1, cost: region_costs(geo, squares, finals) });
            shift += squares.len() as u32;
        }
        assert!(shift <= 64, "partition patterns must pack into 64 bits");
        Partition { extract, regions: tables }
    }

    #[inline]
    fn of<B: Bits>(&self, pegs: B) -> u32 {
        let mut packed = 0u64;
        for (k, table) in self.extract.iter().enumerate() {
            packed |= table[pegs.byte(k)];
        }
        let mut total = 0;
        for region in &self.regions {
            let cost = region.cost[((packed >> region.shift) & region.mask) as usize];
            if cost == UNREACHED {
                return INFINITE;
            }
            total += cost as u32;
        }
        total
    }
}

/// A jump seen from inside a region: local bits, and where its peg starts and lands (if inside).
struct LocalJump {
    clear: u32,
    set: u32,
    start: Option<usize>,
    land: Option<usize>,
}

/// For each pattern of pegs in `squares`, the fewest moves starting inside the region that take it
/// to a pattern the goal allows (a single peg on a final square inside, or none).
///
/// `none[p]` is the cost of pattern `p` between moves, `active[p * m + s]` its cost while the peg
/// on `s` may still carry its chain on for free. An active peg can only help, so
/// `active <= none`, and the search keeps an active state only while it is strictly cheaper. Going
/// backwards from a state, every jump that could have led to it gives its predecessor: free when
/// the jump starts outside the region or continues the chain of its starting square, one move
/// otherwise.
fn region_costs<B: Bits>(geo: &Geometry<B>, squares: &[usize], finals: B) -> Vec<u8> {
    let m = squares.len();
    let local = |sq: u8| squares.iter().position(|&s| s == sq as usize);
    let jumps: Vec<LocalJump> = geo
        .jumps
        .iter()
        .filter_map(|j| {
            let (a, b, c) = (local(j.from), local(j.over), local(j.to));
            if a.is_none() && b.is_none() && c.is_none() {
                return None;
            }
            let bit = |x: Option<usize>| x.map_or(0u32, |i| 1 << i);
            Some(LocalJump { clear: bit(a) | bit(b), set: bit(c), start: a, land: c })
        })
        .collect();
    let mut landing_at: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (i, j) in jumps.iter().enumerate() {
        if let Some(s) = j.land {
            landing_at[s].push(i);
        }
    }
    let mut none = vec![UNREACHED; 1 << m];
    let mut active = vec![UNREACHED; (1 << m) * m];
    // Queue entries: pattern * (m + 1) + square, or + m for "between moves".
    let width = m + 1;
    let mut queue = VecDeque::new();
    if finals.ones().any(|sq| !squares.contains(&sq)) {
        none[0] = 0;
        queue.push_back(m);
    }
    for (i, &sq) in squares.iter().enumerate() {
        if finals.has(sq) {
            none[1 << i] = 0;
            queue.push_back((1 << i) * width + m);
        }
    }
    let relax =
        |queue: &mut VecDeque<usize>, none: &mut [u8], active: &mut [u8], j: &LocalJump, after: usize, d: u8| {
            if after as u32 & j.set != j.set || after as u32 & j.clear != 0 {
                return;
            }
            let before = (after & !(j.set as usize)) | j.clear as usize;
            match j.start {
                None => {
                    if d < none[before] {
                        none[before] = d;
                        queue.push_front(before * width + m);
                    }
                }
                Some(s) => {
                    if d < active[before * m + s] && d < none[before] {
                        active[before * m + s] = d;
                        queue.push_front(before * width + s);
                    }
                    if d + 1 < none[before] {
                        none[before] = d + 1;
                        queue.push_back(before * width + m);
                    }
                }
            }
        };
    let mut expanded = vec![false; (1 << m) * width];
    while let Some(entry) = queue.pop_front() {
        if std::mem::replace(&mut expanded[entry], true) {
            continue;
        }
        let (after, at) = (entry / width, entry % width);
        if at == m {
            let d = none[after];
            for j in &jumps {
                relax(&mut queue, &mut none, &mut active, j, after, d);
            }
        } else {
            let d = active[after * m + at];
            if d >= none[after] {
                continue;
            }
            for &i in &landing_at[at] {
                relax(&mut queue, &mut none, &mut active, &jumps[i], after, d);
            }
        }
    }
    none
}
