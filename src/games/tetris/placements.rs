//! Where a piece can end up: every final placement reachable on a board.
//!
//! Hard drops: each distinct shape of the piece in each column, dropped straight from above the
//! stack; the landing row comes from the column heights and the shape's lowest cell per column, so
//! no row is scanned. With `tucks` on, a search over (x, y, rotation) states also finds the places a
//! piece reaches only by moving or turning after a soft drop: slid under an overhang (a tuck) or
//! turned into a slot (a spin); see `tucks.rs`. Placements that would top out are left out.

use super::board::{Board, Placed, WIDTH};
use super::piece::{Piece, Rotation};
use super::tucks;

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
            && let Some(path) = tucks::path_to(board, self)
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
        tucks::all_placements(board, piece, out);
    } else {
        hard_drops(board, piece, out);
    }
}
