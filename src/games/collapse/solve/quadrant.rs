//! The solvers' view of a position: one quadrant at a time, as a compact grid of (food, water)
//! pairs, with the weighted "best to the end" dynamic programme that both solvers build on.
//!
//! Once the player has moved along an axis, the line behind has collapsed and that axis is fixed
//! (see `board.rs`); the collapses the player causes never touch a room still ahead. So every game
//! from a position is a monotone path inside one of the four quadrants (up/down x left/right)
//! whose corner is the player, over the rooms standing now, ending where no step forward is left.
//! A quadrant is copied into a row-major grid, cell (i, j) being i steps along its vertical
//! direction and j along its horizontal one; easy-mode supplies are stored as food.

use super::super::board::{Board, Dir, Room};

/// A room that cannot be entered.
const BLOCKED: [u8; 2] = [u8::MAX, u8::MAX];

/// (food, water) in a room, or `BLOCKED`; easy-mode supplies count as food. Selects rather than
/// a `match` over every variant, whose jump table mispredicts on random boards.
fn contents(room: Room) -> [u8; 2] {
    let food = if let Room::Food(v) | Room::Supply(v) = room { v } else { 0 };
    let water = if let Room::Water(v) = room { v } else { 0 };
    if room == Room::Collapsed { BLOCKED } else { [food, water] }
}

/// One quadrant of a position.
pub(super) struct Quadrant {
    pub vertical: Dir,
    pub horizontal: Dir,
    pub rows: usize,
    pub cols: usize,
    /// (food, water) of each cell, row-major; `BLOCKED` where no one can enter; (0, 0) at the start.
    cells: Vec<[u8; 2]>,
}

/// A path inside a quadrant: for each move, true for a vertical step, false for a horizontal one.
pub(super) type Steps = Vec<bool>;

impl Quadrant {
    /// The four quadrants around the player, in a fixed order.
    pub fn all(board: &Board) -> Vec<Quadrant> {
        let mut quadrants = Vec::with_capacity(4);
        for vertical in [Dir::Up, Dir::Down] {
            for horizontal in [Dir::Left, Dir::Right] {
                quadrants.push(Quadrant::new(board, vertical, horizontal));
            }
        }
        quadrants
    }

    pub fn new(board: &Board, vertical: Dir, horizontal: Dir) -> Quadrant {
        let (pr, pc) = board.player();
        let size = board.size;
        let (rows, row_step) = if vertical == Dir::Up { (pr + 1, -1) } else { (size - pr, 1) };
        let cols = if horizontal == Dir::Left { pc + 1 } else { size - pc };
        let mut cells = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            let line = pr.strict_add_signed(row_step * i as isize) * size;
            if horizontal == Dir::Left {
                cells.extend(board.cells[line..=line + pc].iter().rev().map(|&r| contents(r)));
            } else {
                cells.extend(board.cells[line + pc..line + size].iter().map(|&r| contents(r)));
            }
        }
        cells[0] = [0, 0];
        Quadrant { vertical, horizontal, rows, cols, cells }
    }

    pub fn open(&self, k: usize) -> bool {
        self.cells[k] != BLOCKED
    }

    /// (food, water) of cell k (not meaningful for a blocked cell).
    pub fn value(&self, k: usize) -> (u32, u32) {
        let [f, w] = self.cells[k];
        (f.into(), w.into())
    }

    /// The open cells one step forward from cell (i, j): below (vertical), then right (horizontal).
    pub fn successors(&self, i: usize, j: usize) -> [Option<usize>; 2] {
        let k = i * self.cols + j;
        let down = (i + 1 < self.rows && self.open(k + self.cols)).then_some(k + self.cols);
        let right = (j + 1 < self.cols && self.open(k + 1)).then_some(k + 1);
        [down, right]
    }

    /// For each cell, the most `a * food + b * water` a path can still collect after it (the cell's
    /// own contents excluded); 0 at cells with no way forward. O(rows * cols), one pass backwards
    /// keeping the gains (weight + best) of the row below, negative where no one can enter.
    /// Branch-free in the inner loop: this DP is most of the hard solver's time on big boards.
    pub fn best_to_end(&self, a: u32, b: u32) -> Vec<u32> {
        const NO_GAIN: i64 = -1;
        let (a, b) = (i64::from(a), i64::from(b));
        let mut best = vec![0u32; self.cells.len()];
        let mut below = vec![NO_GAIN; self.cols];
        for (row, out) in self.cells.chunks_exact(self.cols).zip(best.chunks_exact_mut(self.cols)).rev() {
            let mut right = NO_GAIN;
            for ((&[f, w], slot), down) in row.iter().zip(out.iter_mut()).zip(below.iter_mut()).rev() {
                let onward = (*down).max(right).max(0);
                *slot = onward as u32;
                let gain = onward + a * i64::from(f) + b * i64::from(w);
                right = if [f, w] == BLOCKED { NO_GAIN } else { gain };
                *down = right;
            }
        }
        best
    }

    /// Follows a table from `best_to_end(a, b)` from the start: the path it describes (vertical
    /// first on ties) and the (food, water) it collects.
    pub fn walk(&self, best: &[u32], a: u32, b: u32) -> (Steps, (u32, u32)) {
        let (mut i, mut j) = (0, 0);
        let (mut steps, mut total) = (Vec::with_capacity(self.rows + self.cols), (0, 0));
        loop {
            let gain = |s: usize| {
                let (f, w) = self.value(s);
                a * f + b * w + best[s]
            };
            let next = match self.successors(i, j) {
                [Some(down), Some(right)] => Some(if gain(down) >= gain(right) { down } else { right }),
                [Some(s), None] | [None, Some(s)] => Some(s),
                [None, None] => None,
            };
            let Some(s) = next else { break };
            let vertical = s == (i + 1) * self.cols + j;
            steps.push(vertical);
            if vertical {
                i += 1;
            } else {
                j += 1;
            }
            let (f, w) = self.value(s);
            total = (total.0 + f, total.1 + w);
        }
        (steps, total)
    }

    /// The arrow keys for a path in this quadrant.
    pub fn moves(&self, steps: &[bool]) -> Vec<Dir> {
        steps.iter().map(|&v| if v { self.vertical } else { self.horizontal }).collect()
    }

    /// Bytes held by the grid, for the memory estimate.
    pub fn bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<[u8; 2]>()
    }
}
