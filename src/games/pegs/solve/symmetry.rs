//! The symmetries of a board's shape, and canonical positions for the transposition tables.
//!
//! Of the eight symmetries of the square (four rotations, four reflections), a board has those
//! that map its holes onto themselves; the English and French boards have all eight, most random
//! boards only the identity. When the target is one square, only the symmetries fixing it keep
//! the question the same. Symmetric positions have the same answer, so the tables store each
//! class once under its canonical form, the least of its images. An image is computed with one
//! lookup table per byte of the position: `image = OR over k of table[k][byte k]`.

use super::super::board::Pos;
use super::bits::Bits;

/// A symmetry as a map of `(row, col)`, given the last row and column `(h, w)`: `(r, c, h, w)`.
type Map = fn(usize, usize, usize, usize) -> (usize, usize);

pub struct Symmetries<B> {
    /// The non-identity symmetries as square permutations of the box.
    pub perms: Vec<Vec<usize>>,
    /// Symmetry `s`, byte `k` at `s * bytes + k`: the image of each value of that byte.
    tables: Vec<[B; 256]>,
    bytes: usize,
}

impl<B: Bits> Symmetries<B> {
    /// The symmetries of the holes of a `rows x cols` box (`is_hole` row-major) that fix `fixed`
    /// (box coordinates; one outside the box leaves only the identity).
    pub fn new(rows: usize, cols: usize, is_hole: &[bool], fixed: Option<Pos>) -> Symmetries<B> {
        let (h, w) = (rows - 1, cols - 1);
        let maps: [Map; 7] = [
            |r, c, _, w| (r, w - c),
            |r, c, h, _| (h - r, c),
            |r, c, h, w| (h - r, w - c),
            |r, c, _, _| (c, r),
            |r, c, h, w| (w - c, h - r),
            |r, c, h, _| (c, h - r),
            |r, c, _, w| (w - c, r),
        ];
        let mut perms = Vec::new();
        for (i, map) in maps.iter().enumerate() {
            // The last four swap rows and columns: only for a square box.
            if i >= 3 && rows != cols {
                continue;
            }
            let perm: Vec<usize> = (0..rows * cols)
                .map(|sq| {
                    let (r, c) = map(sq / cols, sq % cols, h, w);
                    r * cols + c
                })
                .collect();
            let keeps_shape = (0..rows * cols).all(|sq| is_hole[sq] == is_hole[perm[sq]]);
            let keeps_fixed = fixed.is_none_or(|(r, c)| r < rows && c < cols && perm[r * cols + c] == r * cols + c);
            if keeps_shape && keeps_fixed {
                perms.push(perm);
            }
        }
        let bytes = (rows * cols).div_ceil(8);
        let tables = perms.iter().flat_map(|perm| byte_tables(perm, bytes)).collect();
        Symmetries { perms, tables, bytes }
    }

    /// The size of the group (the identity included).
    pub fn count(&self) -> usize {
        self.perms.len() + 1
    }

    /// The least image of `pegs`.
    #[inline]
    pub fn canonical(&self, pegs: B) -> B {
        if self.tables.is_empty() {
            return pegs;
        }
        let mut values = [0usize; 16];
        for (k, value) in values.iter_mut().enumerate().take(self.bytes) {
            *value = pegs.byte(k);
        }
        let mut best = pegs;
        for table in self.tables.chunks_exact(self.bytes) {
            let mut image = B::ZERO;
            for (bytes, &value) in table.iter().zip(&values) {
                image = image | bytes[value];
            }
            if image < best {
                best = image;
            }
        }
        best
    }
}

/// For each byte of a position, the image of every value of that byte under `perm`.
fn byte_tables<B: Bits>(perm: &[usize], bytes: usize) -> Vec<[B; 256]> {
    (0..bytes)
        .map(|k| {
            let mut table = [B::ZERO; 256];
            for (value, image) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let sq = 8 * k + bit;
                    if value & (1 << bit) != 0 && sq < perm.len() {
                        *image = *image | B::bit(perm[sq]);
                    }
                }
            }
            table
        })
        .collect()
}
