//! The solver's view of a board's shape: squares as bits, jumps as masks, neighbourhoods, and the
//! position-class colourings.
//!
//! Everything here depends only on where the holes are (and on a square the symmetries must fix,
//! when the target is a given square), so it is computed once per solve. Squares are numbered
//! row-major over the bounding box of the holes, so moving one square east is a shift by one bit
//! and south a shift by one row. A jump is three bits: it is legal when `from` and `over` hold pegs
//! and `to` is empty, and making it flips all three; all jumps of one direction are found with a
//! few shifts. The same shifts give lone pegs, the squares pegs can still reach, and connected
//! parts, which the dead-position tests use ([`super::pagoda`]).

use super::super::board::{Board, Cell, Jump, Pos};
use super::bits::Bits;
use super::symmetry::Symmetries;

/// One jump on the bit board.
#[derive(Clone, Copy, Debug)]
pub struct JumpBits<B> {
    pub from: u8,
    pub over: u8,
    pub to: u8,
    /// `from | over`: both must hold pegs.
    pub need: B,
    /// `to`: must be empty.
    pub to_bit: B,
    /// `from | over | to`: xor-ing it makes the jump.
    pub flip: B,
}

/// Marks "no jump" in [`Geometry::jump_at`].
const NONE: u16 = u16::MAX;

/// The bit board for one board shape.
pub struct Geometry<B> {
    /// Size of the bounding box of the holes.
    pub rows: usize,
    pub cols: usize,
    /// Where the box's top-left square is on the original board.
    pub origin: Pos,
    pub holes: B,
    pub jumps: Vec<JumpBits<B>>,
    /// Jumps leaving each square (indices into `jumps`), for chains of one peg.
    pub from_square: Vec<Vec<u16>>,
    /// Jumps landing on each square, for chains played backwards.
    pub into_square: Vec<Vec<u16>>,
    /// `jump_at[dir][square]`: the jump from `square` in direction `dir` (east, west, south, north).
    jump_at: [Vec<u16>; 4],
    /// Squares a jump in each direction may start from without leaving the box.
    dir_ok: [B; 4],
    /// Squares with a square of the box to their west, and to their east.
    has_west: B,
    has_east: B,
    /// Holes with a hole beside them to the east, west, south, north.
    has_hole: [B; 4],
    /// The symmetries of the shape (that fix the target square, if any).
    pub symmetries: Symmetries<B>,
    /// Holes coloured by `(r + c) mod 3` and by `(r - c) mod 3`.
    sum3: [B; 3],
    dif3: [B; 3],
    /// Holes by `(r mod 2, c mod 2)`; a peg never leaves its parity class.
    pub parity: [B; 4],
}

/// The squares with a square to the west and to the east in the box, and for each direction
/// (east, west, south, north) the holes with a hole next to them that way.
fn edge_masks<B: Bits>(rows: usize, cols: usize, is_hole: &[bool]) -> (B, B, [B; 4]) {
    let n = is_hole.len();
    let (mut has_west, mut has_east) = (B::ZERO, B::ZERO);
    for sq in 0..n {
        if sq % cols >= 1 {
            has_west = has_west | B::bit(sq);
        }
        if sq % cols + 1 < cols {
            has_east = has_east | B::bit(sq);
        }
    }
    let mut has_hole = [B::ZERO; 4];
    for sq in (0..n).filter(|&sq| is_hole[sq]) {
        let (r, c) = (sq / cols, sq % cols);
        let near = [
            c + 1 < cols && is_hole[sq + 1],
            c >= 1 && is_hole[sq - 1],
            r + 1 < rows && is_hole[sq + cols],
            r >= 1 && is_hole[sq - cols],
        ];
        for (dir, yes) in near.into_iter().enumerate() {
            if yes {
                has_hole[dir] = has_hole[dir] | B::bit(sq);
            }
        }
    }
    (has_west, has_east, has_hole)
}

/// The holes by class: (row + col) mod 3, (row + 2 col) mod 3, and (row, col) parity.
fn class_masks<B: Bits>(cols: usize, is_hole: &[bool]) -> ([B; 3], [B; 3], [B; 4]) {
    let (mut sum3, mut dif3, mut parity) = ([B::ZERO; 3], [B::ZERO; 3], [B::ZERO; 4]);
    for sq in (0..is_hole.len()).filter(|&sq| is_hole[sq]) {
        let (r, c) = (sq / cols, sq % cols);
        sum3[(r + c) % 3] = sum3[(r + c) % 3] | B::bit(sq);
        dif3[(r + 2 * c) % 3] = dif3[(r + 2 * c) % 3] | B::bit(sq);
        parity[(r % 2) * 2 + c % 2] = parity[(r % 2) * 2 + c % 2] | B::bit(sq);
    }
    (sum3, dif3, parity)
}

impl<B: Bits> Geometry<B> {
    /// The bit board for `board`'s holes, with the symmetries that also fix `fixed` (when given).
    /// None when the board has no hole or its box of holes does not fit in `B`.
    pub fn new(board: &Board, fixed: Option<Pos>) -> Option<Geometry<B>> {
        let squares: Vec<Pos> = (0..board.rows)
            .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
            .filter(|&p| board.get(p) != Cell::Off)
            .collect();
        let r0 = squares.iter().map(|p| p.0).min()?;
        let r1 = squares.iter().map(|p| p.0).max()?;
        let c0 = squares.iter().map(|p| p.1).min()?;
        let c1 = squares.iter().map(|p| p.1).max()?;
        let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
        if rows * cols > B::SIZE {
            return None;
        }
        let n = rows * cols;
        let mut is_hole = vec![false; n];
        let mut holes = B::ZERO;
        for &(r, c) in &squares {
            let sq = (r - r0) * cols + (c - c0);
            is_hole[sq] = true;
            holes = holes | B::bit(sq);
        }
        let mut jumps = Vec::new();
        let mut from_square = vec![Vec::new(); n];
        let mut into_square = vec![Vec::new(); n];
        let mut jump_at: [Vec<u16>; 4] = std::array::from_fn(|_| vec![NONE; n]);
        let mut dir_ok = [B::ZERO; 4];
        let steps: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        for sq in 0..n {
            let (r, c) = ((sq / cols) as isize, (sq % cols) as isize);
            for (dir, (dr, dc)) in steps.iter().enumerate() {
                let (r2, c2) = (r + 2 * dr, c + 2 * dc);
                if r2 < 0 || c2 < 0 || r2 >= rows as isize || c2 >= cols as isize {
                    continue;
                }
                dir_ok[dir] = dir_ok[dir] | B::bit(sq);
                let over = ((r + dr) * cols as isize + c + dc) as usize;
                let to = (r2 * cols as isize + c2) as usize;
                if !(is_hole[sq] && is_hole[over] && is_hole[to]) {
                    continue;
                }
                let index = jumps.len() as u16;
                jump_at[dir][sq] = index;
                from_square[sq].push(index);
                into_square[to].push(index);
                let need = B::bit(sq) | B::bit(over);
                jumps.push(JumpBits {
                    from: sq as u8,
                    over: over as u8,
                    to: to as u8,
                    need,
                    to_bit: B::bit(to),
                    flip: need | B::bit(to),
                });
            }
        }
        let (has_west, has_east, has_hole) = edge_masks::<B>(rows, cols, &is_hole);
        let fixed = fixed.map(|(r, c)| (r.wrapping_sub(r0), c.wrapping_sub(c0)));
        let symmetries = Symmetries::new(rows, cols, &is_hole, fixed);
        let (sum3, dif3, parity) = class_masks::<B>(cols, &is_hole);
        Some(Geometry {
            rows,
            cols,
            origin: (r0, c0),
            holes,
            jumps,
            from_square,
            into_square,
            jump_at,
            dir_ok,
            has_west,
            has_east,
            has_hole,
            symmetries,
            sum3,
            dif3,
            parity,
        })
    }

    /// The square of a board position, if it is inside the box.
    pub fn square(&self, (r, c): Pos) -> Option<usize> {
        let (r, c) = (r.checked_sub(self.origin.0)?, c.checked_sub(self.origin.1)?);
        (r < self.rows && c < self.cols).then(|| r * self.cols + c)
    }

    pub fn pos(&self, sq: usize) -> Pos {
        (sq / self.cols + self.origin.0, sq % self.cols + self.origin.1)
    }

    /// The pegs of `board` as bits.
    pub fn pegs(&self, board: &Board) -> B {
        let mut pegs = B::ZERO;
        for r in 0..board.rows {
            for c in 0..board.cols {
                if board.get((r, c)) == Cell::Peg {
                    // Every peg sits on a hole, so it is inside the box.
                    pegs = pegs | B::bit(self.square((r, c)).unwrap_or(0));
                }
            }
        }
        pegs
    }

    /// A jump in board coordinates.
    pub fn jump(&self, index: u16) -> Jump {
        let j = &self.jumps[index as usize];
        Jump { from: self.pos(j.from as usize), over: self.pos(j.over as usize), to: self.pos(j.to as usize) }
    }

    /// Appends the legal jumps of `pegs` to `out`, grouped by direction, each group in square order.
    pub fn legal(&self, pegs: B, out: &mut Vec<u16>) {
        let empty = self.holes & !pegs;
        let cols = self.cols as u32;
        let mut starts = [
            pegs & (pegs >> 1) & (empty >> 2) & self.dir_ok[0],
            pegs & (pegs << 1) & (empty << 2) & self.dir_ok[1],
            B::ZERO,
            B::ZERO,
        ];
        if self.rows >= 3 {
            starts[2] = pegs & (pegs >> cols) & (empty >> (2 * cols)) & self.dir_ok[2];
            starts[3] = pegs & (pegs << cols) & (empty << (2 * cols)) & self.dir_ok[3];
        }
        for (dir, set) in starts.into_iter().enumerate() {
            for sq in set.ones() {
                out.push(self.jump_at[dir][sq]);
            }
        }
    }

    /// The pegs with no peg beside them.
    #[inline]
    pub fn lonely(&self, pegs: B) -> B {
        let mut near = ((pegs >> 1) & self.has_hole[0]) | ((pegs << 1) & self.has_hole[1]);
        // One row has no squares above or below (and shifting by a whole row's width could be
        // shifting by the word's width).
        if self.rows >= 2 {
            let cols = self.cols as u32;
            near = near | ((pegs >> cols) & self.has_hole[2]) | ((pegs << cols) & self.has_hole[3]);
        }
        pegs & !near
    }

    /// The holes beside `sq`.
    pub fn neighbours(&self, sq: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for (dir, step) in [(0, 1isize), (1, -1), (2, self.cols as isize), (3, -(self.cols as isize))] {
            if self.has_hole[dir].has(sq) {
                out.push((sq as isize + step) as usize);
            }
        }
        out
    }

    /// Steps from `from` to every square through side-by-side holes (`usize::MAX`: no way).
    pub fn distances(&self, from: usize) -> Vec<usize> {
        let mut dist = vec![usize::MAX; self.rows * self.cols];
        let mut queue = std::collections::VecDeque::from([from]);
        dist[from] = 0;
        while let Some(sq) = queue.pop_front() {
            for next in self.neighbours(sq) {
                if dist[next] == usize::MAX {
                    dist[next] = dist[sq] + 1;
                    queue.push_back(next);
                }
            }
        }
        dist
    }

    /// Every square that could ever hold a peg again: the pegs, and (repeatedly) every hole some
    /// jump could land in if all squares found so far held pegs at once. An over-estimate, so
    /// what it rules out is ruled out for sure.
    pub fn reach(&self, pegs: B) -> B {
        let cols = self.cols as u32;
        let mut reach = pegs;
        loop {
            let mut landing =
                ((reach >> 1) & (reach >> 2) & self.dir_ok[0]) | ((reach << 1) & (reach << 2) & self.dir_ok[1]);
            if self.rows >= 3 {
                landing = landing
                    | ((reach >> cols) & (reach >> (2 * cols)) & self.dir_ok[2])
                    | ((reach << cols) & (reach << (2 * cols)) & self.dir_ok[3]);
            }
            let new = landing & self.holes & !reach;
            if new.is_zero() {
                return reach;
            }
            reach = reach | new;
        }
    }

    /// True when all of `pegs` lie in one part of `within` (squares joined through side-by-side
    /// squares of `within`) that also holds a square of `targets`.
    pub fn connected(&self, within: B, pegs: B, targets: B) -> bool {
        let cols = self.cols as u32;
        let mut part = B::bit(pegs.lowest()) & within;
        loop {
            if (pegs & !part).is_zero() && !(part & targets).is_zero() {
                return true;
            }
            let mut grown = part | ((part << 1) & self.has_west) | ((part >> 1) & self.has_east);
            if self.rows >= 2 {
                grown = grown | (part << cols) | (part >> cols);
            }
            let grown = grown & within;
            if grown == part {
                return false;
            }
            part = grown;
        }
    }

    /// True when `pegs` allows jump `index`.
    #[inline]
    pub fn can(&self, pegs: B, index: u16) -> bool {
        let j = &self.jumps[index as usize];
        (pegs & j.need) == j.need && (pegs & j.to_bit).is_zero()
    }

    /// The least image of `pegs` under the symmetries: one key per symmetry class.
    #[inline]
    pub fn canonical(&self, pegs: B) -> B {
        self.symmetries.canonical(pegs)
    }

    /// The position class: the parities of the pairs of diagonal colour counts. A jump changes
    /// every colour count by one (its three squares have the three colours), so the class never
    /// changes, and a position can only reach positions of its own class.
    pub fn class(&self, pegs: B) -> u8 {
        let parity = |masks: &[B; 3]| {
            let n = masks.map(|m| (pegs & m).count());
            (((n[0] + n[1]) & 1) | (((n[1] + n[2]) & 1) << 1)) as u8
        };
        parity(&self.sum3) | (parity(&self.dif3) << 2)
    }

    /// The parity class of a square: pegs keep theirs for ever.
    pub fn parity_mask(&self, sq: usize) -> B {
        let (r, c) = (sq / self.cols, sq % self.cols);
        self.parity[(r % 2) * 2 + c % 2]
    }
}
