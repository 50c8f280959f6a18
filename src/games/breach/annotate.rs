//! The Breach Protocol dry-run picture: the matrix, daemons and buffer slots as read, outlined,
//! and the plan drawn over the screenshot: a line from pick to pick and each pick numbered.

use image::{Rgba, RgbaImage};

use crate::frame::{Frame, Rect};
use crate::vision::annotate::{label, line, outline};

use super::read::BreachScreen;

const READ: Rgba<u8> = Rgba([0, 200, 255, 255]);
const PATH: Rgba<u8> = Rgba([255, 40, 40, 255]);

/// The screenshot with what was read outlined and `path` numbered in pick order.
pub fn annotate(frame: &Frame, screen: &BreachScreen, path: &[(usize, usize)]) -> RgbaImage {
    let mut image = frame.image.clone();
    let thin = ((screen.text_height / 12.0).round() as u32).max(1);
    for cell in screen.cells.iter().flatten() {
        outline(&mut image, *cell, thin, READ);
    }
    // Daemon codes are outlined a little outside their glyphs, to keep them legible.
    let pad = screen.text_height * 0.25;
    for code in screen.daemon_codes.iter().flatten() {
        let around =
            Rect { x: code.x - pad, y: code.y - pad, width: code.width + 2.0 * pad, height: code.height + 2.0 * pad };
        outline(&mut image, around, thin, READ);
    }
    for slot in &screen.slots {
        outline(&mut image, *slot, thin, READ);
    }
    let centre = |&(r, c): &(usize, usize)| {
        let p = screen.cells[r][c].centre();
        (p.x as f64, p.y as f64)
    };
    for pair in path.windows(2) {
        line(&mut image, centre(&pair[0]), centre(&pair[1]), thin * 2, PATH);
    }
    let scale = ((screen.text_height / 8.0).round() as u32).max(1);
    for (i, pick) in path.iter().enumerate() {
        let cell = screen.cells[pick.0][pick.1];
        outline(&mut image, cell, thin * 2, PATH);
        // The number sits in the cell's top-left corner, clear of the code.
        let (x, y) = (cell.x + cell.width * 0.2, cell.y + cell.height * 0.22);
        label(&mut image, x as i64, y as i64, i + 1, scale);
    }
    image
}
