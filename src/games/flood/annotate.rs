//! Pictures of what the bot saw and plans on a Flood-it board, for `--dry-run` and `calibrate`.
//!
//! Every cell is outlined and labelled with the colour it was read as; a panel on the right lists
//! the plan, numbered, each move as a swatch of the colour to pick.

use image::{Rgba, RgbaImage};

use crate::frame::{Frame, Rect};
use crate::vision::annotate::{BLACK, fill, label, number, outline, with_panel};
use crate::vision::grid::Grid;

use super::board::Board;

/// Draws the reading and the plan over the frame. `colours[label]` is the RGB seen for each label.
pub fn draw(frame: &Frame, grid: &Grid, board: &Board, colours: &[[u8; 3]], plan: &[u8]) -> RgbaImage {
    let swatch = 18u32;
    let columns = plan.len().div_ceil(((frame.height().saturating_sub(8)) / (swatch + 6)).max(1) as usize).max(1);
    let mut image = with_panel(&frame.image, 16 + columns as u32 * (swatch + 40));
    let scale = if grid.cell_width() >= 24.0 { 2 } else { 1 };
    outline(&mut image, grid.rect, 1, Rgba([255, 255, 255, 255]));
    for row in 0..board.rows {
        for col in 0..board.cols {
            let cell = grid.cell_rect(row, col);
            outline(&mut image, cell, 1, Rgba([60, 60, 60, 255]));
            if grid.cell_width() >= 10.0 {
                let centre = cell.centre();
                label(&mut image, centre.x as i64, centre.y as i64, board.get(row, col) as usize, scale);
            }
        }
    }
    let rows_per_column = ((frame.height().saturating_sub(8)) / (swatch + 6)).max(1) as usize;
    for (i, &colour) in plan.iter().enumerate() {
        let x = frame.width() as f64 + 8.0 + (i / rows_per_column) as f64 * (swatch + 40) as f64;
        let y = 8.0 + (i % rows_per_column) as f64 * (swatch + 6) as f64;
        number(&mut image, x as i64, y as i64 + 4, i + 1, 2, BLACK);
        let rgb = colours.get(colour as usize).copied().unwrap_or([128, 128, 128]);
        let patch = Rect { x: x + 20.0, y, width: swatch as f64, height: swatch as f64 };
        fill(&mut image, patch, Rgba([rgb[0], rgb[1], rgb[2], 255]));
        outline(&mut image, patch, 1, BLACK);
    }
    image
}
