//! The inputs of a Minesweeper move: a left click in the middle of every cell it opens. A flagged
//! cell cannot be opened by a click (the games refuse, for safety), and the solver never asks for
//! one; a move naming one is an error rather than a click that does nothing.

use anyhow::bail;

use super::Move;
use super::board::{Board, Cell};
use crate::input::Action;
use crate::vision::grid::Grid;

/// The clicks that make `mv` on `board`.
pub fn clicks(mv: &Move, board: &Board, grid: &Grid) -> anyhow::Result<Vec<Action>> {
    let mut actions = Vec::with_capacity(mv.cells.len());
    for &(row, col) in &mv.cells {
        if row >= board.rows || col >= board.cols || (grid.rows, grid.cols) != (board.rows, board.cols) {
            bail!("row {row} col {col} is not on the {}x{} board", board.rows, board.cols);
        }
        match board.cells[row * board.cols + col] {
            Cell::Covered => actions.push(Action::Click(grid.cell_rect(row, col).centre())),
            Cell::Flagged => bail!("row {row} col {col} is flagged: remove the flag to let it be opened"),
            other => bail!("row {row} col {col} is not covered (it shows '{}')", other.symbol()),
        }
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::{Point, Rect};

    #[test]
    fn each_cell_is_clicked_in_its_middle() {
        let board = Board::from_rows(&["##", "#1"]).unwrap();
        let grid = Grid { rect: Rect { x: 10.0, y: 20.0, width: 40.0, height: 40.0 }, rows: 2, cols: 2 };
        let mv = Move { cells: vec![(0, 1), (1, 0)], safety: None, total_left_out: None };
        let actions = clicks(&mv, &board, &grid).unwrap();
        assert_eq!(actions, vec![Action::Click(Point::new(40, 30)), Action::Click(Point::new(20, 50))]);
        let open = Move { cells: vec![(1, 1)], safety: None, total_left_out: None };
        assert!(clicks(&open, &board, &grid).is_err());
        let flagged = Board::from_rows(&["F#", "#1"]).unwrap();
        let mv = Move { cells: vec![(0, 0)], safety: Some(0.5), total_left_out: None };
        assert!(clicks(&mv, &flagged, &grid).unwrap_err().to_string().contains("flagged"));
    }
}
