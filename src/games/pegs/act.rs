//! The inputs of a jump: a drag from the peg's square to the landing hole's (sgt-pegs), or a click
//! on each (programs that take click, then click), at the squares' centres in window pixels.

use super::MoveStyle;
use super::board::{Jump, Pos};
use crate::frame::Point;
use crate::input::Action;
use crate::vision::grid::Grid;

/// The actions that make `jump` on a board laid out as `grid`.
pub fn jump(jump: &Jump, grid: &Grid, style: MoveStyle) -> Vec<Action> {
    let (from, to) = (centre(grid, jump.from), centre(grid, jump.to));
    match style {
        MoveStyle::Drag => vec![Action::Drag { from, to }],
        MoveStyle::Click => vec![Action::Click(from), Action::Click(to)],
    }
}

/// The centre of a square, in whole window pixels.
pub fn centre(grid: &Grid, (r, c): Pos) -> Point {
    grid.cell_rect(r, c).centre()
}
