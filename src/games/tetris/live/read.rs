//! Reading quadrapassel's well and preview from a frame: which cells are filled, which four of them
//! are the falling piece, and which piece the preview shows.
//!
//! Each cell is sampled at four points (a quarter of a cell in from each corner), so a read costs
//! 800 pixel lookups. A cell whose four samples disagree is half drawn: the game animates each step
//! of a piece over about 50 ms, and the "Game Over" text covers cells; such a frame is an error
//! naming the cell, and the caller captures again (the live loop's eyes tell a cell that stays so
//! from a piece in motion: `covered.rs`). Pieces are told by shape, never by colour.

use anyhow::bail;

use super::super::Piece;
use super::locate::{COLUMNS, Layout, ROWS};
use super::shape::{self, Cells};
use crate::frame::Frame;

/// Filled cells, `[row][col]`, row 0 at the top.
pub type Grid = [[bool; COLUMNS]; ROWS];

/// What one frame shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// Every filled cell, the falling piece's included.
    pub grid: Grid,
    /// The falling piece and its cells, when one is told apart from the stack.
    pub piece: Option<(Piece, Cells)>,
    /// The preview piece, when a preview is shown.
    pub next: Option<Piece>,
}

impl Reading {
    /// The settled cells as text rows, top first ('#' filled): the grid without the falling piece.
    pub fn board_rows(&self) -> Vec<String> {
        let piece: &[(i32, i32)] = self.piece.as_ref().map_or(&[], |(_, cells)| cells);
        rows_without(&self.grid, piece)
    }
}

/// The grid as text rows, leaving out `skip` cells.
pub fn rows_without(grid: &Grid, skip: &[(i32, i32)]) -> Vec<String> {
    (0..ROWS)
        .map(|r| {
            (0..COLUMNS).map(|c| if grid[r][c] && !skip.contains(&(r as i32, c as i32)) { '#' } else { '.' }).collect()
        })
        .collect()
}

fn filled(frame: &Frame, (x, y): (u32, u32), empty_max: u8) -> bool {
    let [r, g, b] = frame.rgb(x.min(frame.width() - 1), y.min(frame.height() - 1));
    r.max(g).max(b) > empty_max
}

/// Reads every cell of the well; a half-drawn cell is an error naming it.
pub fn read_grid(frame: &Frame, layout: &Layout, empty_max: u8) -> anyhow::Result<Grid> {
    let (grid, partial) = read_cells(frame, layout, empty_max);
    if let Some(&(r, c)) = partial.first() {
        let (x, y) = layout.point(r, c, 0.5, 0.5);
        bail!("row {r} col {c} (pixel {x},{y}) is only partly drawn: a piece in motion, or text over the well");
    }
    Ok(grid)
}

/// Reads every cell of the well: the grid, with the cells only partly drawn (some of their four
/// samples filled, not all) left empty and listed, as (row, col).
pub fn read_cells(frame: &Frame, layout: &Layout, empty_max: u8) -> (Grid, Vec<(usize, usize)>) {
    let mut grid = [[false; COLUMNS]; ROWS];
    let mut partial = Vec::new();
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let samples = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
                .map(|(fx, fy)| filled(frame, layout.point(r, c, fx, fy), empty_max));
            let count = samples.iter().filter(|&&s| s).count();
            if count != 0 && count != 4 {
                partial.push((r, c));
            }
            *cell = count == 4;
        }
    }
    (grid, partial)
}

/// The 4-connected groups of filled cells.
fn groups(grid: &Grid) -> Vec<Cells> {
    let mut seen = [[false; COLUMNS]; ROWS];
    let mut out = Vec::new();
    for r in 0..ROWS {
        for c in 0..COLUMNS {
            if !grid[r][c] || seen[r][c] {
                continue;
            }
            let (mut group, mut stack) = (Vec::new(), vec![(r, c)]);
            seen[r][c] = true;
            while let Some((r, c)) = stack.pop() {
                group.push((r as i32, c as i32));
                let next = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
                for (nr, nc) in next {
                    if nr < ROWS && nc < COLUMNS && grid[nr][nc] && !seen[nr][nc] {
                        seen[nr][nc] = true;
                        stack.push((nr, nc));
                    }
                }
            }
            out.push(group);
        }
    }
    out
}

/// The falling piece in a single frame: the topmost group of four cells that makes a tetromino and
/// rests on nothing (no cell of it has the floor or a filled cell of another group right below).
pub fn falling_piece(grid: &Grid) -> Option<(Piece, Cells)> {
    groups(grid)
        .into_iter()
        .filter(|g| g.len() == 4)
        .filter(|g| {
            g.iter()
                .all(|&(r, c)| r + 1 < ROWS as i32 && (!grid[(r + 1) as usize][c as usize] || g.contains(&(r + 1, c))))
        })
        .filter_map(|g| shape::recognise(&g).map(|p| (p, g)))
        .min_by_key(|(_, g)| g.iter().map(|c| c.0).min())
}

/// The piece in the preview box: the bounding box of its drawn pixels is 4x1, 2x2 or 3x2 cells
/// (either way up), which gives the preview's cell size; each cell's centre is then sampled.
pub fn read_preview(frame: &Frame, layout: &Layout, empty_max: u8) -> anyhow::Result<Option<Piece>> {
    let Some((x0, y0, x1, y1)) = layout.preview else { return Ok(None) };
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (u32::MAX, u32::MAX, 0, 0);
    for y in y0..y1.min(frame.height()) {
        for x in x0..x1.min(frame.width()) {
            if filled(frame, (x, y), empty_max) {
                (min_x, min_y, max_x, max_y) = (min_x.min(x), min_y.min(y), max_x.max(x), max_y.max(y));
            }
        }
    }
    if min_x > max_x {
        return Ok(None);
    }
    let (w, h) = ((max_x - min_x + 1) as f64, (max_y - min_y + 1) as f64);
    let ratio = w / h;
    let (cols, rows) = [(4, 1), (1, 4), (2, 2), (3, 2), (2, 3)]
        .into_iter()
        .min_by(|a, b| {
            ((a.0 as f64 / a.1 as f64) / ratio).ln().abs().total_cmp(&((b.0 as f64 / b.1 as f64) / ratio).ln().abs())
        })
        .unwrap_or((2, 2));
    let mut cells = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let x = min_x as f64 + (c as f64 + 0.5) * w / cols as f64;
            let y = min_y as f64 + (r as f64 + 0.5) * h / rows as f64;
            if filled(frame, (x as u32, y as u32), empty_max) {
                cells.push((r, c));
            }
        }
    }
    match shape::recognise(&cells) {
        Some(piece) => Ok(Some(piece)),
        None => bail!("the preview shows {} cells in a {cols}x{rows} box, not a tetromino: {cells:?}", cells.len()),
    }
}

/// Reads the whole frame: grid, falling piece (single-frame rule) and preview.
pub fn read(frame: &Frame, layout: &Layout, empty_max: u8) -> anyhow::Result<Reading> {
    let grid = read_grid(frame, layout, empty_max)?;
    let piece = falling_piece(&grid);
    let next = read_preview(frame, layout, empty_max)?;
    Ok(Reading { grid, piece, next })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        let mut grid = [[false; COLUMNS]; ROWS];
        let offset = ROWS - rows.len();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                grid[offset + r][c] = ch == '#';
            }
        }
        grid
    }

    #[test]
    fn the_falling_piece_is_the_unsupported_tetromino_above_the_stack() {
        let mut rows = vec![".........."; 20];
        rows[0] = "...###....";
        rows[1] = "....#.....";
        rows[18] = "##.....###";
        rows[19] = "###.######";
        let g = grid(&rows);
        let (piece, cells) = falling_piece(&g).unwrap();
        assert_eq!(piece, Piece::T);
        assert_eq!(rows_without(&g, &cells)[0], "..........");
        assert_eq!(rows_without(&g, &cells)[19], "###.######");
    }

    #[test]
    fn a_tetromino_lying_on_the_floor_is_not_taken_for_the_falling_piece() {
        let mut rows = vec![".........."; 20];
        rows[18] = "....##....";
        rows[19] = "....##....";
        assert_eq!(falling_piece(&grid(&rows)), None);
        rows[10] = "....####..";
        assert_eq!(falling_piece(&grid(&rows)).map(|(p, _)| p), Some(Piece::I));
    }
}
