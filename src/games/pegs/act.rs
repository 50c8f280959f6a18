//! The inputs of a jump: a drag from the peg's square to the landing hole's (sgt-pegs), or a click
//! on each (programs that take click, then click), at the squares' centres in window pixels; then
//! the pointer rests on a square with no hole, as a person moves the hand off a piece, so that no
//! peg or button under it shows a hover when the board is read again.

use super::MoveStyle;
use super::board::{Board, Cell, Jump, Pos};
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

/// Where the pointer rests after a jump: the middle of the square with no hole nearest to `near`
/// (None on a board without one: the pointer then stays where the jump left it).
pub fn rest(board: &Board, grid: &Grid, near: Pos) -> Option<Point> {
    let distance = |(r, c): Pos| r.abs_diff(near.0).pow(2) + c.abs_diff(near.1).pow(2);
    (0..board.rows)
        .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
        .filter(|&p| board.get(p) == Cell::Off)
        .min_by_key(|&p| distance(p))
        .map(|p| centre(grid, p))
}

#[cfg(test)]
mod tests {
    use super::super::{Pegs, PegsConfig};
    use super::*;
    use crate::frame::Rect;
    use crate::game::TurnBased;

    /// The winning jump too ends with the pointer on a square with no hole: left on the landing
    /// peg, Tk drew that button in its lighter "active" colour and the win read as a board of no
    /// pegs ("proven unsolvable", ZachJGreen's peg solitaire).
    #[test]
    fn the_winning_jump_rests_the_pointer_off_the_landing_peg() {
        let board = Board::from_rows(&["#o#", "#o#", "#.#"]).unwrap();
        let grid = Grid { rect: Rect { x: 0.0, y: 0.0, width: 90.0, height: 90.0 }, rows: 3, cols: 3 };
        let winning = Jump::new((0, 1), (2, 1)).unwrap();
        let actions = Pegs::actions(&winning, &board, &grid, &PegsConfig::default()).unwrap();
        assert_eq!(actions.last(), Some(&Action::Move(Point::new(15, 75))), "{actions:?}");
    }
}
