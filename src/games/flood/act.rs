//! Turns a Flood-it move (a colour) into a click: on a cell of that colour next to the flooded
//! region (sgt-flood), or on the colour's palette button (the original Flood-it).

use super::config::{ClickStyle, InputConfig};
use crate::frame::Point;
use crate::input::Action;
use crate::vision::grid::Grid;

use super::board::Board;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ActError {
    #[error("colour {0} is not on the board, so no cell of it can be clicked")]
    NoSuchColour(u8),
    #[error("the profile has no button for colour {0} (it lists {1} buttons)")]
    NoButton(u8, usize),
}

/// The click that plays `colour` on `board`.
pub fn click_for(colour: u8, board: &Board, grid: &Grid, input: &InputConfig) -> Result<Action, ActError> {
    match input.style {
        ClickStyle::Button if !input.buttons_in_cells.is_empty() => input
            .buttons_in_cells
            .get(colour as usize)
            .map(|&[x, y]| {
                let (px, py) = (grid.rect.x + x * grid.cell_width(), grid.rect.y + y * grid.cell_height());
                Action::Click(Point::new(px.floor() as i32, py.floor() as i32))
            })
            .ok_or(ActError::NoButton(colour, input.buttons_in_cells.len())),
        ClickStyle::Button => input
            .buttons
            .get(colour as usize)
            .map(|&p| Action::Click(p))
            .ok_or(ActError::NoButton(colour, input.buttons.len())),
        ClickStyle::Cell => {
            let i = target_cell(colour, board).ok_or(ActError::NoSuchColour(colour))?;
            Ok(Action::Click(grid.cell_rect(i / board.cols, i % board.cols).centre()))
        }
    }
}

/// A cell of `colour`, preferring one that touches the flooded region (the cell a person would
/// click), then the first in reading order.
fn target_cell(colour: u8, board: &Board) -> Option<usize> {
    let flooded = board.flooded_mask();
    let touches = |i: usize| {
        let (r, c) = (i / board.cols, i % board.cols);
        (r > 0 && flooded[i - board.cols])
            || (r + 1 < board.rows && flooded[i + board.cols])
            || (c > 0 && flooded[i - 1])
            || (c + 1 < board.cols && flooded[i + 1])
    };
    let candidates = || (0..board.cells.len()).filter(|&i| board.cells[i] == colour && !flooded[i]);
    candidates().find(|&i| touches(i)).or_else(|| candidates().next())
}

/// True when every point of `action` lies inside a `width` x `height` window.
pub fn inside(action: &Action, width: u32, height: u32) -> bool {
    action.points().iter().all(|p: &Point| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Rect;

    fn grid() -> Grid {
        Grid { rect: Rect { x: 10.0, y: 20.0, width: 30.0, height: 30.0 }, rows: 3, cols: 3 }
    }

    #[test]
    fn clicks_a_cell_of_the_colour_next_to_the_flood() {
        let board = Board::from_rows(&["002", "012", "222"]).unwrap();
        let action = click_for(1, &board, &grid(), &InputConfig::default()).unwrap();
        assert_eq!(action, Action::Click(Point::new(25, 35)), "row 1 col 1");
        let action = click_for(2, &board, &grid(), &InputConfig::default()).unwrap();
        assert_eq!(action, Action::Click(Point::new(35, 25)), "row 0 col 2");
    }

    #[test]
    fn a_colour_absent_from_the_board_cannot_be_clicked() {
        let board = Board::from_rows(&["001", "011", "111"]).unwrap();
        assert_eq!(click_for(3, &board, &grid(), &InputConfig::default()), Err(ActError::NoSuchColour(3)));
    }

    #[test]
    fn button_style_clicks_the_palette_button() {
        let board = Board::from_rows(&["01", "10"]).unwrap();
        let input = InputConfig {
            style: ClickStyle::Button,
            buttons: vec![Point::new(5, 300), Point::new(25, 300)],
            ..InputConfig::default()
        };
        assert_eq!(click_for(1, &board, &grid(), &input), Ok(Action::Click(Point::new(25, 300))));
        assert_eq!(click_for(4, &board, &grid(), &input), Err(ActError::NoButton(4, 2)));
    }
}
