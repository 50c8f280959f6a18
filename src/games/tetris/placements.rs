//! Where a piece can end up: every final placement reachable on a board.
//!
//! Hard drops: each distinct shape of the piece in each column, dropped straight from above the
//! stack; the landing row comes from the column heights and the shape's lowest cell per column, so
//! no row is scanned. With `tucks` on, a search over (x, y, rotation) states also finds the places a
//! piece reaches only by moving or turning after a soft drop: slid under an overhang (a tuck) or
//! turned into a slot (a spin). Placements that would top out are left out.
//!
//! The tucks' search: a breadth-first search over piece states (x, y, rotation) under the moves
//! left, right, turn clockwise, turn counter-clockwise and down. Every state at or above a column's
//! straight-drop landing row is reachable from spawn (turn and shift above the stack, then fall), so
//! all of them seed the search; the search then finds the states below that only sideways moves or
//! turns reach. A final placement is a state that cannot move down. Turns happen in the rotation box
//! with no wall kicks. Placements with the same cells (I, S, Z and O have repeated shapes) are
//! reported once, preferring a straight drop.

use std::collections::VecDeque;

use super::board::{Board, Placed, WIDTH};
use super::piece::{Piece, Rotation};

/// A final resting place of a piece: rotation state, and the lowest-left corner of its normalised
/// cells (`x` = leftmost column, `y` = bottom row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub piece: Piece,
    pub rot: u8,
    pub x: i8,
    pub y: i8,
    /// True when a straight drop cannot reach it (a tuck or a spin).
    pub tuck: bool,
}

/// One input on the way to a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Left,
    Right,
    /// A clockwise quarter turn.
    Cw,
    /// A counter-clockwise quarter turn.
    Ccw,
    /// One row down (soft drop).
    Down,
    /// Soft drop until the piece's bottom row is this row.
    SoftDropTo(i8),
    /// Drop to the stack and lock.
    HardDrop,
}

impl Placement {
    pub fn rotation(&self) -> &'static Rotation {
        self.piece.rotation(self.rot)
    }

    /// The board after this placement, and what it cleared; `None` on a top-out.
    pub fn apply(&self, board: &Board) -> Option<(Board, Placed)> {
        let mut after = *board;
        let placed = after.place(self.rotation(), self.x as i32, self.y as i32)?;
        Some((after, placed))
    }

    /// The inputs from spawn (rotation 0, rotation box's left column at 3, above the stack):
    /// turns, shifts and a hard drop; for a tuck or spin, the path the state search found.
    pub fn path(&self, board: &Board) -> Vec<Step> {
        if self.tuck
            && let Some(path) = path_to(board, self)
        {
            return path;
        }
        let mut steps = turns_and_shifts(self.piece, self.rot, self.x);
        steps.push(Step::HardDrop);
        steps
    }

    /// The placement's cells on the board.
    pub fn cells(&self) -> [(i32, i32); 4] {
        self.rotation().cells.map(|(cx, cy)| (self.x as i32 + cx as i32, self.y as i32 + cy as i32))
    }
}

/// Spawn column of the rotation box's left edge (guideline: centred, rounded left).
pub const SPAWN_BOX_X: i32 = 3;

/// Turns from spawn to `rot` (the shorter way), then shifts to put the shape's left edge at `x`.
pub fn turns_and_shifts(piece: Piece, rot: u8, x: i8) -> Vec<Step> {
    let mut steps = match rot & 3 {
        0 => vec![],
        1 => vec![Step::Cw],
        2 => vec![Step::Cw, Step::Cw],
        _ => vec![Step::Ccw],
    };
    let start = SPAWN_BOX_X + piece.rotation(rot).box_offset.0 as i32;
    let shift = x as i32 - start;
    let step = if shift < 0 { Step::Left } else { Step::Right };
    steps.extend(std::iter::repeat_n(step, shift.unsigned_abs() as usize));
    steps
}

/// Row where `rot` comes to rest when dropped straight down with its left edge at column x.
#[inline]
pub fn landing_row(heights: &[u8; WIDTH], rot: &Rotation, x: usize) -> i32 {
    (0..rot.width as usize).map(|c| heights[x + c] as i32 - rot.bottom[c] as i32).max().unwrap_or(0).max(0)
}

/// Fills `out` with the hard-drop placements of `piece` (one per distinct shape and column) that
/// do not top out.
pub fn hard_drops(board: &Board, piece: Piece, out: &mut Vec<Placement>) {
    out.clear();
    let heights = board.column_heights();
    let height = board.height() as i32;
    for &rot in piece.distinct_rotations() {
        let r = piece.rotation(rot);
        for x in 0..=(WIDTH - r.width as usize) {
            let y = landing_row(&heights, r, x);
            if y + r.height as i32 <= height {
                out.push(Placement { piece, rot, x: x as i8, y: y as i8, tuck: false });
            }
        }
    }
}

/// Fills `out` with every final placement: the hard drops, then (with `tucks`) the tucks and spins.
pub fn placements(board: &Board, piece: Piece, tucks: bool, out: &mut Vec<Placement>) {
    if tucks {
        all_placements(board, piece, out);
    } else {
        hard_drops(board, piece, out);
    }
}

const XS: usize = WIDTH + 4;

/// A searched state space: for every visited state, the step and the state it came from.
struct Search {
    rows: usize,
    /// `None` = not visited; `Some(None)` = a seed; `Some(Some((parent, step)))` otherwise.
    came_from: Vec<Option<Option<(usize, Step)>>>,
    finals: Vec<usize>,
}

fn index(rows: usize, rot: u8, x: i32, y: i32) -> usize {
    ((rot as usize * XS) + (x + 3) as usize) * rows + y as usize
}

fn decode(rows: usize, i: usize) -> (u8, i32, i32) {
    let y = (i % rows) as i32;
    let rest = i / rows;
    ((rest / XS) as u8, (rest % XS) as i32 - 3, y)
}

fn search(board: &Board, piece: Piece) -> Search {
    let rows = board.height() + 1;
    let heights = board.column_heights();
    let top = board.top() as i32;
    let mut came_from = vec![None; 4 * XS * rows];
    let mut queue = VecDeque::new();
    for rot in 0..4u8 {
        let r = piece.rotation(rot);
        for x in 0..=(WIDTH - r.width as usize) {
            let land = landing_row(&heights, r, x);
            for y in land..=top.max(land).min(board.height() as i32) {
                let i = index(rows, rot, x as i32, y);
                came_from[i] = Some(None);
                queue.push_back(i);
            }
        }
    }
    let mut finals = Vec::new();
    while let Some(i) = queue.pop_front() {
        let (rot, x, y) = decode(rows, i);
        let r = piece.rotation(rot);
        if !board.fits(r, x, y - 1) {
            finals.push(i);
        }
        let (bx, by) = (x - r.box_offset.0 as i32, y - r.box_offset.1 as i32);
        let turn = |to: u8| {
            let o = piece.rotation(to).box_offset;
            (to, bx + o.0 as i32, by + o.1 as i32)
        };
        let moves = [
            (Step::Left, (rot, x - 1, y)),
            (Step::Right, (rot, x + 1, y)),
            (Step::Down, (rot, x, y - 1)),
            (Step::Cw, turn((rot + 1) & 3)),
            (Step::Ccw, turn((rot + 3) & 3)),
        ];
        for (step, (nr, nx, ny)) in moves {
            if ny as usize >= rows || !board.fits(piece.rotation(nr), nx, ny) {
                continue;
            }
            let j = index(rows, nr, nx, ny);
            if came_from[j].is_none() {
                came_from[j] = Some(Some((i, step)));
                queue.push_back(j);
            }
        }
    }
    Search { rows, came_from, finals }
}

/// Fills `out` with the hard drops followed by every other final placement (marked `tuck`).
pub fn all_placements(board: &Board, piece: Piece, out: &mut Vec<Placement>) {
    hard_drops(board, piece, out);
    let found = search(board, piece);
    let height = board.height() as i32;
    let mut seen: Vec<(u8, i8, i8)> = out.iter().map(|p| (p.rotation().shape, p.x, p.y)).collect();
    let mut finals = found.finals.clone();
    finals.sort_unstable();
    for i in finals {
        let (rot, x, y) = decode(found.rows, i);
        let r = piece.rotation(rot);
        let key = (r.shape, x as i8, y as i8);
        if y + r.height as i32 > height || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        out.push(Placement { piece, rot, x: x as i8, y: y as i8, tuck: true });
    }
}

/// The steps from spawn to `target` (or to a state with the same cells), if the search reaches it.
pub fn path_to(board: &Board, target: &Placement) -> Option<Vec<Step>> {
    let found = search(board, target.piece);
    let shape = target.rotation().shape;
    let end = (0..4u8).find_map(|rot| {
        let r = target.piece.rotation(rot);
        let i = index(found.rows, rot, target.x as i32, target.y as i32);
        (r.shape == shape && found.came_from.get(i).copied().flatten().is_some()).then_some(i)
    })?;
    let mut steps = Vec::new();
    let mut at = end;
    while let Some(Some((parent, step))) = found.came_from[at] {
        steps.push(step);
        at = parent;
    }
    steps.reverse();
    let (rot, x, y) = decode(found.rows, at);
    let mut path = turns_and_shifts(target.piece, rot, x as i8);
    path.push(Step::SoftDropTo(y as i8));
    path.extend(steps);
    Some(path)
}
