//! Finds a rectangular board of coloured cells in a frame: where it is and how many rows and columns.
//!
//! The board is taken to be the largest cluster of saturated pixels (cells drawn in colour, separated
//! at most by thin dark lines). Its row and column count come from where cell boundaries lie: for a
//! candidate count N, every predicted boundary must show boundary evidence (a sharp colour change,
//! as at the edge of a dividing line), and the largest N for which that holds is the grid. Doubling N puts half the predicted
//! lines in the middle of uniform cells, so the true count wins over its multiples.

use serde::{Deserialize, Serialize};

use super::regions::{Component, components};
use crate::frame::{Frame, Rect};

/// Tunable parameters of the grid finder and cell sampling, kept in the profile (`[vision]`), with
/// defaults that suit any flat-coloured board.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct GridParams {
    /// How the board is found: by the grid finder here (`grid`), or as a lattice of cells
    /// (`lattice`, `vision::lattice`), as calibration learns it.
    pub find: FindBoard,
    /// A pixel counts as "coloured" when max(r,g,b) - min(r,g,b) is at least this.
    pub min_saturation: u8,
    /// Coloured blocks closer than this many pixels belong to the same board.
    pub max_gap_px: u32,
    /// The smallest cell side in pixels that is searched for.
    pub min_cell_px: u32,
    /// The largest number of rows or columns searched for.
    pub max_cells: usize,
    /// The share of a cell's width and height, around its centre, that is sampled for its colour.
    pub patch_fraction: f64,
    /// A sampled patch whose pixels spread more than this (RMS, RGB units) is not one colour.
    pub max_patch_spread: f32,
    /// Without a palette, patches within this ΔE of each other are taken as one colour.
    pub merge_delta_e: f32,
    /// Find the board by the profile's palette (pixels near one of its colours) rather than by
    /// saturation: for programs whose cells are pale or whose background is itself colourful.
    pub by_palette: bool,
    /// With `by_palette`: how near (ΔE) a pixel must be to a palette colour to count as the
    /// board's, when shading inside a cell strays further than the palette's own limit.
    pub by_palette_delta_e: Option<f32>,
    /// The share of lines across the board that must show a boundary where one is predicted.
    /// Small for boards drawn with lines only between different colours (sgt-flood); larger where
    /// every cell has its own outline, gap or rounded corners, whose corners would otherwise pass
    /// for boundaries in the middle of cells.
    pub min_boundary_share: f64,
    /// Cells are square: when one axis shows too few boundaries to count its cells (a late-game
    /// board whose flooded region spans whole columns), its count follows the other axis's pitch.
    pub square_cells: bool,
}

/// How a grid board is found.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum FindBoard {
    /// The largest cluster of saturated (or palette) pixels, cut into cells by boundary evidence.
    #[default]
    Grid,
    /// A lattice of like cells (`vision::lattice`), grown while the cells next to it are flat and of
    /// the palette.
    Lattice,
}

impl Default for GridParams {
    fn default() -> GridParams {
        GridParams {
            find: FindBoard::Grid,
            min_saturation: 60,
            max_gap_px: 6,
            min_cell_px: 4,
            max_cells: 60,
            patch_fraction: 0.5,
            max_patch_spread: 30.0,
            merge_delta_e: 15.0,
            square_cells: true,
            by_palette: false,
            by_palette_delta_e: None,
            min_boundary_share: 0.02,
        }
    }
}

/// How far, in pixels, a layout found before may run past the frame's edge and still fit it.
const PAST_EDGE: f64 = 0.5;

/// A board's position in a frame and its rows and columns (cells of equal size).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grid {
    pub rect: Rect,
    pub rows: usize,
    pub cols: usize,
}

impl Grid {
    pub fn cell_width(&self) -> f64 {
        self.rect.width / self.cols as f64
    }

    pub fn cell_height(&self) -> f64 {
        self.rect.height / self.rows as f64
    }

    pub fn cell_rect(&self, row: usize, col: usize) -> Rect {
        let (w, h) = (self.cell_width(), self.cell_height());
        Rect { x: self.rect.x + col as f64 * w, y: self.rect.y + row as f64 * h, width: w, height: h }
    }

    /// True when the grid has at least one row and one column, of a finite size and cells of a
    /// pixel or more (a saved calibration is only a file: it may say anything).
    pub fn has_cells(&self) -> bool {
        self.rows > 0
            && self.cols > 0
            && self.rect.width.is_finite()
            && self.rect.height.is_finite()
            && self.cell_width() >= 1.0
            && self.cell_height() >= 1.0
    }

    /// The central part of a cell, `fraction` of its width and height: the patch a reader samples,
    /// clear of borders and anti-aliasing.
    pub fn cell_patch(&self, row: usize, col: usize, fraction: f64) -> Rect {
        let cell = self.cell_rect(row, col);
        let (w, h) = (cell.width * fraction, cell.height * fraction);
        Rect { x: cell.x + (cell.width - w) / 2.0, y: cell.y + (cell.height - h) / 2.0, width: w, height: h }
    }

    /// True when the grid has cells, of a size, and every cell lies inside the frame.
    pub fn fits(&self, frame: &Frame) -> bool {
        self.has_cells() && self.rect.inside(frame.width(), frame.height())
    }

    /// True when a layout found on an earlier picture fits `frame`: as `fits`, give or take
    /// `PAST_EDGE`. A board whose lines were fitted in the middle of one-pixel gaps has its
    /// first line half a pixel before the window's edge when the window begins with a cell.
    pub fn still_fits(&self, frame: &Frame) -> bool {
        let r = self.rect;
        let (x, y) = (r.x + PAST_EDGE, r.y + PAST_EDGE);
        let within = Rect { x, y, width: r.width - 2.0 * PAST_EDGE, height: r.height - 2.0 * PAST_EDGE };
        self.has_cells() && within.inside(frame.width(), frame.height())
    }
}

/// Why no board was found.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GridError {
    #[error("the image is empty")]
    EmptyImage,
    #[error("no coloured board found: the image has no block of saturated colour big enough to be a board")]
    NoColour,
    #[error(
        "the largest coloured area ({width}x{height} px at {x},{y}) is not a board: only {percent:.0}% of it is coloured"
    )]
    NotABoard { x: u32, y: u32, width: u32, height: u32, percent: f64 },
    #[error("found a coloured area at {x},{y} ({width}x{height} px) but no regular grid of cells in it ({axis})")]
    NoGrid { x: u32, y: u32, width: u32, height: u32, axis: &'static str },
}

fn saturated(rgb: [u8; 3], min_saturation: u8) -> bool {
    let max = rgb[0].max(rgb[1]).max(rgb[2]);
    let min = rgb[0].min(rgb[1]).min(rgb[2]);
    max - min >= min_saturation
}

/// Finds the board: the largest cluster of coloured blocks, and its grid of cells.
pub fn find_grid(frame: &Frame, params: &GridParams) -> Result<Grid, GridError> {
    if frame.width() == 0 || frame.height() == 0 {
        return Err(GridError::EmptyImage);
    }
    let mask: Vec<bool> = frame.image.pixels().map(|p| saturated([p[0], p[1], p[2]], params.min_saturation)).collect();
    find_grid_in_mask(frame, &mask, params)
}

/// Finds the board among the pixels of `mask` (one flag per pixel, row-major): the largest cluster
/// of marked blocks, and its grid of cells. `find_grid` marks saturated pixels; a calibrated
/// profile marks the pixels near its palette instead, so boards of pale colours are found too.
pub fn find_grid_in_mask(frame: &Frame, mask: &[bool], params: &GridParams) -> Result<Grid, GridError> {
    let width = frame.width();
    if width == 0 || frame.height() == 0 || mask.len() != (width * frame.height()) as usize {
        return Err(GridError::EmptyImage);
    }
    let board = largest_cluster(mask, width as usize, params).ok_or(GridError::NoColour)?;
    let percent = 100.0 * board.area as f64 / (board.width() as f64 * board.height() as f64);
    // Thin lines between small cells take a large share; a third coloured is still a board.
    if percent < 35.0 || board.width() < 2 * params.min_cell_px || board.height() < 2 * params.min_cell_px {
        return Err(GridError::NotABoard {
            x: board.x0,
            y: board.y0,
            width: board.width(),
            height: board.height(),
            percent,
        });
    }
    let no_grid =
        |axis| GridError::NoGrid { x: board.x0, y: board.y0, width: board.width(), height: board.height(), axis };
    let (col_evidence, row_evidence) = boundary_profiles(frame, &board);
    let cols = best_count(&col_evidence, board.height() as usize, params).ok_or_else(|| no_grid("columns"))?;
    let mut rows = best_count(&row_evidence, board.width() as usize, params).ok_or_else(|| no_grid("rows"))?;
    let mut cols = cols;
    if params.square_cells {
        let (pitch_x, pitch_y) = (board.width() as f64 / cols as f64, board.height() as f64 / rows as f64);
        if pitch_x > pitch_y * 1.2 {
            cols = (board.width() as f64 / pitch_y).round() as usize;
        } else if pitch_y > pitch_x * 1.2 {
            rows = (board.height() as f64 / pitch_x).round() as usize;
        }
    }
    let rect =
        Rect { x: board.x0 as f64, y: board.y0 as f64, width: board.width() as f64, height: board.height() as f64 };
    Ok(Grid { rect, rows, cols })
}

/// The bounding box of the largest group of marked blocks lying within `max_gap_px` of each
/// other: where a board stands, before its cells are counted.
pub fn largest_region(mask: &[bool], width: usize, params: &GridParams) -> Option<Rect> {
    largest_cluster(mask, width, params).map(|c| rect_of(&c))
}

/// Every group of coloured components lying within `max_gap_px` of each other, largest first
/// (by the area of their pixels), as bounding boxes.
pub fn regions_by_area(mask: &[bool], width: usize, params: &GridParams) -> Vec<Rect> {
    let mut found = clusters(mask, width, params);
    found.sort_by_key(|c| (std::cmp::Reverse(c.area), c.y0, c.x0));
    found.iter().map(rect_of).collect()
}

fn rect_of(c: &Component) -> Rect {
    Rect { x: c.x0 as f64, y: c.y0 as f64, width: c.width() as f64, height: c.height() as f64 }
}

/// The largest group of coloured components lying within `max_gap_px` of each other.
fn largest_cluster(mask: &[bool], width: usize, params: &GridParams) -> Option<Component> {
    clusters(mask, width, params).into_iter().max_by_key(|c| (c.area, std::cmp::Reverse((c.y0, c.x0))))
}

/// The groups of coloured components lying within `max_gap_px` of each other.
fn clusters(mask: &[bool], width: usize, params: &GridParams) -> Vec<Component> {
    let min_area = (params.min_cell_px * params.min_cell_px / 2).max(2) as usize;
    let mut blocks: Vec<Component> = components(mask, width).into_iter().filter(|c| c.area >= min_area).collect();
    // A photo-like screen could have thousands of specks; the board's cells are among the largest.
    blocks.sort_by_key(|c| std::cmp::Reverse(c.area));
    blocks.truncate(4000);
    blocks.sort_by_key(|c| c.x0);
    let mut sets = DisjointSets::new(blocks.len());
    for i in 0..blocks.len() {
        for j in i + 1..blocks.len() {
            if blocks[j].x0 > blocks[i].x1 + params.max_gap_px {
                break;
            }
            if blocks[i].gap(&blocks[j]) <= params.max_gap_px {
                sets.union(i as u32, j as u32);
            }
        }
    }
    let mut groups: std::collections::HashMap<u32, Component> = std::collections::HashMap::new();
    for (i, block) in blocks.iter().enumerate() {
        groups.entry(sets.find(i as u32)).and_modify(|c| c.merge(block)).or_insert(*block);
    }
    groups.into_values().collect()
}

/// For every column (and row) offset inside the board, how many rows (columns) show a boundary
/// there: a sharp colour change from the previous pixel along that axis, which is where a cell
/// or a dividing line begins or ends.
fn boundary_profiles(frame: &Frame, board: &Component) -> (Vec<u32>, Vec<u32>) {
    let (w, h) = (board.width() as usize, board.height() as usize);
    let mut cols = vec![0u32; w];
    let mut rows = vec![0u32; h];
    let differs = |a: [u8; 3], b: [u8; 3]| a.iter().zip(&b).map(|(&p, &q)| p.abs_diff(q) as u32).sum::<u32>() > 90;
    for (dy, row_count) in rows.iter_mut().enumerate() {
        let y = board.y0 + dy as u32;
        for (dx, col_count) in cols.iter_mut().enumerate() {
            let x = board.x0 + dx as u32;
            let here = frame.rgb(x, y);
            if dx > 0 && differs(here, frame.rgb(x - 1, y)) {
                *col_count += 1;
            }
            if dy > 0 && differs(here, frame.rgb(x, y - 1)) {
                *row_count += 1;
            }
        }
    }
    (cols, rows)
}

/// The largest cell count whose every predicted boundary shows evidence in at least one line
/// across (and `min_boundary_share` of them), or None when not even two cells fit.
fn best_count(evidence: &[u32], across: usize, params: &GridParams) -> Option<usize> {
    let len = evidence.len();
    let needed = ((across as f64 * params.min_boundary_share).ceil() as u32).max(1);
    let most = (len / params.min_cell_px.max(1) as usize).min(params.max_cells);
    (1..=most).rev().find(|&n| {
        let pitch = len as f64 / n as f64;
        let tolerance = ((pitch * 0.15).round() as usize).max(1) + 1;
        (1..n).all(|k| {
            let at = (k as f64 * pitch).round() as usize;
            let lo = at.saturating_sub(tolerance);
            let hi = (at + tolerance).min(len - 1);
            evidence[lo..=hi].iter().copied().max().unwrap_or(0) >= needed
        })
    })
}

/// A union-find over block indices, with path halving: which blocks of colour belong together.
struct DisjointSets {
    parent: Vec<u32>,
}

impl DisjointSets {
    fn new(n: usize) -> DisjointSets {
        DisjointSets { parent: (0..n as u32).collect() }
    }

    fn find(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let grand = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = grand;
            i = grand;
        }
        i
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb) as usize] = ra.min(rb);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    const COLOURS: [[u8; 3]; 4] = [[230, 20, 20], [20, 200, 40], [40, 60, 240], [240, 200, 0]];

    /// Draws a board like sgt-flood's: cells of `pitch` px with a dark `line`-px border on the
    /// left and top of each cell (none between equal colours), on a grey window.
    pub(crate) fn draw_board(rows: &[&str], pitch: u32, line: u32, at: (u32, u32), size: (u32, u32)) -> Frame {
        let mut image = RgbaImage::from_pixel(size.0, size.1, Rgba([212, 212, 212, 255]));
        let cell = |r: usize, c: usize| rows[r].as_bytes()[c] - b'0';
        let (n_rows, n_cols) = (rows.len(), rows[0].len());
        for r in 0..n_rows {
            for c in 0..n_cols {
                let colour = COLOURS[cell(r, c) as usize];
                for dy in 0..pitch {
                    for dx in 0..pitch {
                        let left_line = dx < line && (c == 0 || cell(r, c - 1) != cell(r, c));
                        let top_line = dy < line && (r == 0 || cell(r - 1, c) != cell(r, c));
                        let rgb = if left_line || top_line { [0, 0, 0] } else { colour };
                        let (x, y) = (at.0 + c as u32 * pitch + dx, at.1 + r as u32 * pitch + dy);
                        image.put_pixel(x, y, Rgba([rgb[0], rgb[1], rgb[2], 255]));
                    }
                }
            }
        }
        Frame::from_image(image)
    }

    const BOARD: [&str; 5] = ["01230", "11230", "22301", "30012", "01233"];

    #[test]
    fn finds_a_bordered_board_and_its_size() {
        let frame = draw_board(&BOARD, 20, 2, (33, 47), (200, 220));
        let grid = find_grid(&frame, &GridParams::default()).unwrap();
        assert_eq!((grid.rows, grid.cols), (5, 5));
        assert!((grid.rect.x - 35.0).abs() <= 2.0 && (grid.rect.y - 49.0).abs() <= 2.0, "{grid:?}");
        assert!((grid.cell_width() - 20.0).abs() < 1.0);
    }

    #[test]
    fn finds_a_borderless_board_with_small_cells() {
        let frame = draw_board(&BOARD, 6, 0, (3, 5), (60, 50));
        let grid = find_grid(&frame, &GridParams::default()).unwrap();
        assert_eq!((grid.rows, grid.cols), (5, 5));
    }

    #[test]
    fn columns_without_boundaries_follow_the_row_pitch() {
        // The first two columns are one colour top to bottom, as late in a game: no line between them.
        let board = ["00123", "00231", "00312", "00123", "00231"];
        let frame = draw_board(&board, 20, 2, (10, 10), (140, 140));
        let grid = find_grid(&frame, &GridParams::default()).unwrap();
        assert_eq!((grid.rows, grid.cols), (5, 5));
        let without = GridParams { square_cells: false, ..GridParams::default() };
        assert_ne!(find_grid(&frame, &without).unwrap().cols, 5, "the prior is what finds the count");
    }

    #[test]
    fn a_grey_image_has_no_board() {
        let frame = Frame::from_image(RgbaImage::from_pixel(50, 40, Rgba([120, 120, 120, 255])));
        assert_eq!(find_grid(&frame, &GridParams::default()), Err(GridError::NoColour));
    }

    #[test]
    fn an_empty_image_is_an_error() {
        let frame = Frame::from_image(RgbaImage::new(0, 0));
        assert_eq!(find_grid(&frame, &GridParams::default()), Err(GridError::EmptyImage));
    }

    #[test]
    fn a_coloured_ring_is_not_a_board() {
        let mut image = RgbaImage::from_pixel(100, 100, Rgba([212, 212, 212, 255]));
        for i in 10..90 {
            for t in 10..13 {
                for (x, y) in [(i, t), (t, i), (i, 99 - t), (99 - t, i)] {
                    image.put_pixel(x, y, Rgba([200, 0, 0, 255]));
                }
            }
        }
        let err = find_grid(&Frame::from_image(image), &GridParams::default()).unwrap_err();
        assert!(matches!(err, GridError::NotABoard { .. }), "{err}");
    }
}
