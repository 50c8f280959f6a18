//! Reads a Minesweeper board from a frame, by the profile's colours.
//!
//! Finding it: every pixel is given the nearest of the profile's colours (or none, beyond the
//! tolerance). The bevels (the light and dark edges of cells) and the frame around the board form
//! one connected shape, the largest of its kind in the window; its bounding box is the frame's
//! outside. The frame is as wide on every side as it is at the bottom-right corner, where it is light
//! and the corner cell never is, so that width gives the board's inside. The cell size is then the
//! smallest one (from the profile's minimum) that divides the board's width and height and whose
//! every cell edge, down and across, is bevel over the whole board: a size that is too small cuts
//! through cells, whose insides are not bevel.
//!
//! Reading a cell: a covered cell has a light top edge, an opened one a dark line there. Inside, a
//! covered cell may carry a flag; an opened one shows the hit mine's background, a mine (dark, with a
//! light glint), the colour of a number, or nothing (a 0). A cell whose inside is mostly colours of
//! no kind is an error naming it (something covers the board, or the profile is wrong).

use crate::frame::{Frame, Rect};
use crate::vision::grid::Grid;
use crate::vision::regions::components_8;

use super::board::{Board, Cell};
use super::config::{MinesConfig, Rgb};
pub use super::read_error::ReadError;

/// The kinds of pixel the reader tells apart (several may share a colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Covered,
    Opened,
    Highlight,
    Lowlight,
    Number(u8),
    Mine,
    Flag,
    Hit,
    Overflagged,
}

/// The profile's colours, each with the kinds it stands for.
struct Classifier {
    colours: Vec<([i32; 3], Vec<Kind>)>,
    tolerance2: i32,
}

impl Classifier {
    fn new(rgb: &Rgb, tolerance: f32) -> Classifier {
        let mut list: Vec<(Kind, [u8; 3])> = vec![
            (Kind::Covered, rgb.covered),
            (Kind::Opened, rgb.opened),
            (Kind::Highlight, rgb.highlight),
            (Kind::Lowlight, rgb.lowlight),
            (Kind::Mine, rgb.mine),
            (Kind::Flag, rgb.flag),
            (Kind::Hit, rgb.hit),
            (Kind::Overflagged, rgb.overflagged),
        ];
        list.extend(rgb.numbers.iter().enumerate().map(|(k, &c)| (Kind::Number(k as u8 + 1), c)));
        let mut colours: Vec<([i32; 3], Vec<Kind>)> = Vec::new();
        for (kind, c) in list {
            let c = [c[0] as i32, c[1] as i32, c[2] as i32];
            match colours.iter_mut().find(|(known, _)| *known == c) {
                Some((_, kinds)) => kinds.push(kind),
                None => colours.push((c, vec![kind])),
            }
        }
        Classifier { colours, tolerance2: (tolerance * tolerance) as i32 }
    }

    /// The index of the nearest colour within the tolerance.
    #[inline]
    fn classify(&self, p: [u8; 3]) -> Option<u8> {
        let mut best = (i32::MAX, 0);
        for (k, (c, _)) in self.colours.iter().enumerate() {
            let d = (p[0] as i32 - c[0]).pow(2) + (p[1] as i32 - c[1]).pow(2) + (p[2] as i32 - c[2]).pow(2);
            if d < best.0 {
                best = (d, k);
            }
        }
        (best.0 <= self.tolerance2).then_some(best.1 as u8)
    }

    fn is(&self, class: Option<u8>, kind: Kind) -> bool {
        class.is_some_and(|k| self.colours[k as usize].1.contains(&kind))
    }

    /// The class of a kind (the first colour standing for it).
    fn class_of(&self, kind: Kind) -> Option<u8> {
        self.colours.iter().position(|(_, kinds)| kinds.contains(&kind)).map(|k| k as u8)
    }
}

/// Every pixel's class, row-major.
fn classes(frame: &Frame, classifier: &Classifier) -> Vec<Option<u8>> {
    frame.image.pixels().map(|p| classifier.classify([p.0[0], p.0[1], p.0[2]])).collect()
}

fn classifier(config: &MinesConfig) -> Result<Classifier, ReadError> {
    let rgb = config.rgb().map_err(ReadError::Colours)?;
    Ok(Classifier::new(&rgb, config.vision.tolerance))
}

/// Finds the board in a frame (by the learned looks when the profile has them).
pub fn locate(frame: &Frame, config: &MinesConfig) -> Result<Grid, ReadError> {
    if let Some(looks) = &config.looks {
        let grid = super::learn::cells::locate(frame, looks)?;
        super::learn::whole::refuse_part(frame, &grid, looks)?;
        return Ok(grid);
    }
    let classifier = classifier(config)?;
    let w = frame.width() as usize;
    let class = classes(frame, &classifier);
    let bevel: Vec<bool> =
        class.iter().map(|&c| classifier.is(c, Kind::Highlight) || classifier.is(c, Kind::Lowlight)).collect();
    let (x0, y0, x1, y1) = largest_shape(&bevel, w).ok_or(ReadError::NoFrame("none at all".into()))?;
    let highlight = |x: usize, y: usize| classifier.is(class[y * w + x], Kind::Highlight);
    let mut frame_width = 0;
    while frame_width < (x1 - x0).min(y1 - y0) / 2 && highlight(x1 - frame_width, y1 - frame_width) {
        frame_width += 1;
    }
    if frame_width == 0 || (x1 - x0) < 2 * frame_width + 3 || (y1 - y0) < 2 * frame_width + 3 {
        return Err(ReadError::NoFrame(format!("the shape at ({x0}, {y0}) has no frame around it")));
    }
    let (gx0, gy0, gx1, gy1) = (x0 + frame_width, y0 + frame_width, x1 - frame_width, y1 - frame_width);
    let (gw, gh) = (gx1 - gx0 + 1, gy1 - gy0 + 1);
    let min = config.vision.min_cell.max(2) as usize;
    let share = config.vision.line_share;
    let column_is_edge = |x: usize| (gy0..=gy1).filter(|&y| bevel[y * w + x]).count() as f64 >= share * gh as f64;
    let row_is_edge = |y: usize| (gx0..=gx1).filter(|&x| bevel[y * w + x]).count() as f64 >= share * gw as f64;
    for size in min..=gw.min(gh) {
        if !gw.is_multiple_of(size) || !gh.is_multiple_of(size) {
            continue;
        }
        let (cols, rows) = (gw / size, gh / size);
        if (0..cols).all(|k| column_is_edge(gx0 + k * size)) && (0..rows).all(|k| row_is_edge(gy0 + k * size)) {
            let rect = Rect { x: gx0 as f64, y: gy0 as f64, width: gw as f64, height: gh as f64 };
            return Ok(Grid { rect, rows, cols });
        }
    }
    Err(ReadError::NoCells { x: gx0 as u32, y: gy0 as u32, width: gw as u32, height: gh as u32, min: min as u32 })
}

/// The bounding box (inclusive) of the largest 8-connected shape of `mask` (`w` wide).
fn largest_shape(mask: &[bool], w: usize) -> Option<(usize, usize, usize, usize)> {
    // The first of equal largest shapes, top-left first.
    let largest = components_8(mask, w).into_iter().rev().max_by_key(|c| c.area)?;
    let (x0, y0, x1, y1) = (largest.x0 as usize, largest.y0 as usize, largest.x1 as usize, largest.y1 as usize);
    Some((x0, y0, x1 - 1, y1 - 1))
}

/// Reads every cell of `grid`; the board takes the profile's rules, and the total of mines from
/// the program's counter where the profile has none and the counter reads (`counter`).
pub fn read(frame: &Frame, grid: &Grid, config: &MinesConfig) -> Result<Board, ReadError> {
    let mut board = match &config.looks {
        Some(looks) => super::learn::cells::read(frame, grid, config, looks)?,
        None => read_cells(frame, grid, config)?,
    };
    if board.mines.is_none() {
        board.mines = super::counter::total(frame, grid.rect, &board);
    }
    Ok(board)
}

/// Each cell of `grid` read alone, row by row: its cell, or why it reads as none (`read` stops at
/// the first such cell).
pub fn read_each(frame: &Frame, grid: &Grid, config: &MinesConfig) -> Result<Vec<Result<Cell, String>>, ReadError> {
    let cells = (0..grid.rows).flat_map(|row| (0..grid.cols).map(move |col| grid.cell_rect(row, col)));
    Ok(match &config.looks {
        Some(looks) => cells.map(|rect| super::learn::cells::read_cell(frame, rect, looks)).collect(),
        None => {
            let classifier = classifier(config)?;
            cells.map(|rect| read_cell(frame, rect, &classifier, config)).collect()
        }
    })
}

/// Reads every cell of `grid` by the hand-made profile's colours.
fn read_cells(frame: &Frame, grid: &Grid, config: &MinesConfig) -> Result<Board, ReadError> {
    let classifier = classifier(config)?;
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let cell = read_cell(frame, grid.cell_rect(row, col), &classifier, config)
                .map_err(|what| ReadError::Cell { row, col, what })?;
            cells.push(cell);
        }
    }
    let board = Board {
        rows: grid.rows,
        cols: grid.cols,
        cells,
        mines: config.rules.mines,
        first_click: config.rules.first_click,
    };
    Ok(board)
}

/// Reads one cell from its rectangle.
fn read_cell(frame: &Frame, rect: Rect, classifier: &Classifier, config: &MinesConfig) -> Result<Cell, String> {
    let (x, y) = (rect.x.round() as i64, rect.y.round() as i64);
    let size = rect.width.round() as i64;
    let inside = |px: i64, py: i64| px >= 0 && py >= 0 && (px as u32) < frame.width() && (py as u32) < frame.height();
    if !inside(x, y) || !inside(x + size - 1, y + size - 1) || size < 4 {
        return Err("the cell lies outside the frame".into());
    }
    let class = |px: i64, py: i64| classifier.classify(frame.rgb(px as u32, py as u32));
    // The top edge, between the corners: light on a covered cell, a dark line on an opened one.
    let top: Vec<Option<u8>> = (x + 1..x + size - 1).map(|px| class(px, y)).collect();
    let light = top.iter().filter(|&&c| classifier.is(c, Kind::Highlight)).count();
    let dark = top.iter().filter(|&&c| classifier.is(c, Kind::Lowlight)).count();
    let covered = if light * 2 > top.len() {
        true
    } else if dark * 2 > top.len() {
        false
    } else {
        return Err("its top edge is neither a covered cell's nor an opened one's".into());
    };
    // The inside, clear of the bevels.
    let margin = (size / 10).max(1) + 1;
    let mut counts = vec![0usize; classifier.colours.len()];
    let mut unknown = 0;
    for py in y + margin..y + size - margin {
        for px in x + margin..x + size - margin {
            match class(px, py) {
                Some(k) => counts[k as usize] += 1,
                None => unknown += 1,
            }
        }
    }
    let area = ((size - 2 * margin).max(1) * (size - 2 * margin).max(1)) as f64;
    let count = |kind: Kind| classifier.class_of(kind).map_or(0, |k| counts[k as usize]);
    let vision = &config.vision;
    if covered {
        let face = count(Kind::Covered) + count(Kind::Flag) + count(Kind::Mine);
        if (face as f64) < 0.6 * area {
            return Err(format!(
                "a covered cell, but only {:.0}% of its inside is a covered cell's",
                100.0 * face as f64 / area
            ));
        }
        return Ok(if count(Kind::Flag) as f64 >= vision.number_share * area { Cell::Flagged } else { Cell::Covered });
    }
    if count(Kind::Hit) as f64 >= vision.hit_share * area {
        return Ok(Cell::Mine);
    }
    if count(Kind::Mine) as f64 >= 0.1 * area && count(Kind::Highlight) > 0 {
        return Ok(Cell::Mine);
    }
    let known = area - unknown as f64;
    if known < 0.6 * area {
        return Err(format!(
            "an opened cell, but {:.0}% of its inside has none of the profile's colours",
            100.0 * unknown as f64 / area
        ));
    }
    let mut best: Option<(u8, usize)> = None;
    for n in 1..=8u8 {
        let c = count(Kind::Number(n));
        if c as f64 >= vision.number_share * area && best.is_none_or(|(_, b)| c > b) {
            best = Some((n, c));
        }
    }
    Ok(Cell::Open(best.map_or(0, |(n, _)| n)))
}
