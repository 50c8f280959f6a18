//! Learns a Flood-it profile from one screenshot: where the board is (a lattice of cells,
//! `flood::lattice`: cells of one colour standing alone repeat at the board's pitch; the board grows
//! from them while the cells next to it are flat and of its colours), the palette (each colour's
//! mean over the cells that have it, with a ΔE limit derived from how far cells strayed from it),
//! and the input style: colour buttons when a blob of every colour lies outside the board, else
//! clicking cells.
//!
//! With the known board (a case's `[board]`) the labels come from the truth and the board must have
//! its size; without it they are proposed by grouping the cells' colours, for the user to check on
//! the drawn picture. Nothing here knows a program: gaps, lines, shading and what lies around the
//! board are all handled by the lattice.

use anyhow::{Context, bail};

use super::board::Board;
use super::config::{ClickStyle, FloodConfig, InputConfig};
use super::lattice::{Extent, cells, flat_core, grow};
use super::read;
use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::grid::{FindBoard, Grid, GridParams};
use crate::vision::lattice::{Search, find};
use crate::vision::learn::{Learned, button_of, learn_classes};
use crate::vision::palette::{Palette, Sample, cluster};

/// Without the known board, cells whose colours lie within this ΔE are one colour.
const MERGE: f32 = 15.0;
/// The smallest button, as a share of a cell's side.
const MIN_BUTTON: f64 = 0.4;
/// How many of the best lattice candidates are tried.
const TRIED: usize = 6;

/// What calibration learned.
#[derive(Clone, Debug)]
pub struct Learnt {
    pub config: FloodConfig,
    pub grid: Grid,
    /// The board as the learned profile reads it.
    pub board: Board,
    /// The colour buttons found, label 0 first (empty when moves are cell clicks).
    pub buttons: Vec<Rect>,
    /// What was learned, for a person.
    pub notes: Vec<String>,
}

/// The labels of `truth` renumbered 0, 1, ... in increasing order, and their count.
fn dense_labels(cells: &[u8]) -> (Vec<usize>, usize) {
    let mut used: Vec<u8> = cells.to_vec();
    used.sort_unstable();
    used.dedup();
    (cells.iter().map(|c| used.binary_search(c).unwrap_or(0)).collect(), used.len())
}

/// The index of the colour in `centres` nearest to `sample` within `MERGE`.
fn near(sample: &Sample, centres: &[Lab]) -> Option<usize> {
    centres
        .iter()
        .map(|c| c.delta_e(&sample.lab))
        .enumerate()
        .filter(|&(_, d)| d <= MERGE)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The board as a grid, its cells' colours (row-major) and their labels, learned into classes.
struct Found {
    grid: Grid,
    labels: Vec<usize>,
    learned: Learned,
}

/// The known board's place within `extent`: the sub-rectangle of its size whose cells group by
/// its labels with the least spread.
fn fit_truth(
    frame: &Frame,
    lattice: &crate::vision::lattice::Lattice,
    extent: Extent,
    truth: &Board,
) -> Result<Found, String> {
    let ((r0, r1), (c0, c1)) = extent;
    let (rows, cols) = (truth.rows as i64, truth.cols as i64);
    if r1 - r0 + 1 < rows || c1 - c0 + 1 < cols {
        return Err(format!(
            "the lattice has {}x{} cells, fewer than the known board's {rows}x{cols}",
            r1 - r0 + 1,
            c1 - c0 + 1
        ));
    }
    let (labels, classes) = dense_labels(&truth.cells);
    let mut best: Option<Found> = None;
    let mut why = String::new();
    for top in r0..=r1 + 1 - rows {
        for left in c0..=c1 + 1 - cols {
            let sub = ((top, top + rows - 1), (left, left + cols - 1));
            let Some(samples) = cells(frame, lattice, sub) else { continue };
            match learn_classes(&samples, &labels, classes) {
                Ok(learned) if best.as_ref().is_none_or(|b| learned.spread < b.learned.spread) => {
                    best = Some(Found { grid: lattice.grid(sub.0, sub.1), labels: labels.clone(), learned })
                }
                Ok(_) => {}
                Err(e) => why = e.to_string(),
            }
        }
    }
    best.ok_or_else(|| format!("its cells do not group by the known board ({why})"))
}

/// Finds the board: the best lattice candidate whose cells are flat, grown while the next row or
/// column is flat and of its colours (without the known board, of two colours or more: a board
/// just dealt has no row of one colour, the area around it often has).
fn find_board(frame: &Frame, truth: Option<&Board>) -> anyhow::Result<Found> {
    let found = find(frame, &Search::default());
    let mut misses = Vec::new();
    for candidate in found.candidates.iter().take(TRIED) {
        let lattice = &candidate.lattice;
        let Some(core_extent) = flat_core(frame, candidate) else {
            misses.push(format!("{}: no two by two of its cells are flat", candidate.describe()));
            continue;
        };
        let Some(core) = cells(frame, lattice, core_extent) else {
            misses.push(format!("{}: not every cell among them is flat", candidate.describe()));
            continue;
        };
        let centres: Vec<Lab> = {
            let (_, colours) = cluster(&core, MERGE);
            colours.iter().map(|&c| Lab::from_rgb8(c)).collect()
        };
        let blind = truth.is_none();
        let takes = |row: &[Sample]| {
            let labels: Option<Vec<usize>> = row.iter().map(|s| near(s, &centres)).collect();
            labels.is_some_and(|l| !blind || l.iter().any(|&x| x != l[0]))
        };
        let extent = grow(frame, lattice, core_extent, &takes);
        let result = match truth {
            Some(board) => fit_truth(frame, lattice, extent, board),
            None => {
                let samples = cells(frame, lattice, extent).unwrap_or(core);
                let (labels, colours) = cluster(&samples, MERGE);
                let labels: Vec<usize> = labels.into_iter().map(usize::from).collect();
                if colours.len() < 2 {
                    Err("its cells show one colour only".to_string())
                } else {
                    learn_classes(&samples, &labels, colours.len())
                        .map(|learned| Found { grid: lattice.grid(extent.0, extent.1), labels, learned })
                        .map_err(|e| e.to_string())
                }
            }
        };
        match result {
            Ok(found) => return Ok(found),
            Err(why) => misses.push(format!("{}: {why}", candidate.describe())),
        }
    }
    if misses.is_empty() {
        bail!(
            "no board found: looked for a lattice of cells (at least 4 like cells repeating across and down) in the {}x{} picture and found none",
            frame.width(),
            frame.height()
        );
    }
    bail!("no board found whose cells group into distinct colours; looked at:\n  {}", misses.join("\n  "))
}

/// The colour buttons: a blob of every palette colour outside the board, all of about one size
/// (None unless every colour has one).
fn buttons(frame: &Frame, learned: &Learned, board: &Grid) -> Option<Vec<Rect>> {
    let cell = board.cell_width().min(board.cell_height());
    let found: Vec<Rect> = learned
        .colours
        .iter()
        .map(|&c| button_of(frame, c, learned.max_delta_e, board.rect, cell * MIN_BUTTON))
        .collect::<Option<_>>()?;
    let mut widths: Vec<f64> = found.iter().map(|b| b.width).collect();
    let mut heights: Vec<f64> = found.iter().map(|b| b.height).collect();
    widths.sort_by(f64::total_cmp);
    heights.sort_by(f64::total_cmp);
    let (w, h) = (widths[widths.len() / 2], heights[heights.len() / 2]);
    let alike = |b: &Rect| b.width <= 2.0 * w && b.width * 2.0 >= w && b.height <= 2.0 * h && b.height * 2.0 >= h;
    found.iter().all(alike).then_some(found)
}

/// Learns a profile from `frame`, whose board is `truth` when known.
pub fn learn(frame: &Frame, truth: Option<&Board>) -> anyhow::Result<Learnt> {
    let Found { grid, labels, learned } = find_board(frame, truth)?;
    let mut notes = vec![format!(
        "board: {}x{} cells at ({:.0}, {:.0}), {:.0}x{:.0} px, found as a lattice of cells {:.1}x{:.1} px apart",
        grid.rows,
        grid.cols,
        grid.rect.x,
        grid.rect.y,
        grid.rect.width,
        grid.rect.height,
        grid.cell_width(),
        grid.cell_height()
    )];
    let palette = Palette::from_rgb(&learned.colours, learned.max_delta_e);
    notes.push(format!(
        "palette: {} (cells stray up to ΔE {:.1} from their colour, colours lie ΔE {:.1} apart or more: limit {:.1})",
        palette.hex().join(" "),
        learned.widest,
        learned.closest,
        learned.max_delta_e
    ));
    let expected = Board::new(grid.rows, grid.cols, labels.iter().map(|&l| l as u8).collect());
    let vision = GridParams {
        find: FindBoard::Lattice,
        max_patch_spread: GridParams::default().max_patch_spread.max((learned.spread * 2.0 + 10.0).round()),
        ..GridParams::default()
    };
    let located =
        read::locate(frame, &vision, Some(&palette)).context("the learned profile does not find the board again")?;
    let bigger = located.rows * located.cols > grid.rows * grid.cols
        && located.rect.x <= grid.rect.x + 1.0
        && located.rect.y <= grid.rect.y + 1.0
        && located.rect.x + located.rect.width + 1.0 >= grid.rect.x + grid.rect.width
        && located.rect.y + located.rect.height + 1.0 >= grid.rect.y + grid.rect.height;
    if truth.is_none() && bigger {
        // Rows or columns of one colour at the board's edge (a board a few moves in) that the
        // proposal left out: the palette takes them in. The board is what the profile reads there.
        let reading = read::read(frame, &located, &vision, Some(&palette))
            .context("the learned profile does not read the board")?;
        notes.push(format!(
            "the palette finds the board larger, {}x{} cells: learned again from it",
            located.rows, located.cols
        ));
        let samples = reading.samples.clone();
        let labels: Vec<usize> = reading.board.cells.iter().map(|&c| c as usize).collect();
        let classes = labels.iter().max().map_or(0, |m| m + 1);
        let learned = learn_classes(&samples, &labels, classes).context("the larger board's colours do not group")?;
        let palette = Palette::from_rgb(&learned.colours, learned.max_delta_e);
        return finish(frame, located, reading.board, learned, palette, vision, notes);
    }
    let same_place = (located.rows, located.cols) == (grid.rows, grid.cols)
        && (located.rect.x - grid.rect.x).abs() < grid.cell_width() / 4.0
        && (located.rect.y - grid.rect.y).abs() < grid.cell_height() / 4.0;
    if !same_place {
        bail!(
            "the learned profile finds {}x{} cells at ({:.0}, {:.0}), not the board learned ({}x{} at ({:.0}, {:.0}))",
            located.rows,
            located.cols,
            located.rect.x,
            located.rect.y,
            grid.rows,
            grid.cols,
            grid.rect.x,
            grid.rect.y
        );
    }
    let board = read::read(frame, &located, &vision, Some(&palette))
        .context("the learned profile does not read the board")?
        .board;
    if board.canonical() != expected.canonical() {
        bail!("the learned profile reads\n{board}\nnot the board learned\n{expected}");
    }
    finish(frame, located, board, learned, palette, vision, notes)
}

/// Learns the input style and puts the profile together.
fn finish(
    frame: &Frame,
    located: Grid,
    board: Board,
    learned: Learned,
    palette: Palette,
    vision: GridParams,
    mut notes: Vec<String>,
) -> anyhow::Result<Learnt> {
    let buttons = buttons(frame, &learned, &located);
    let input = match &buttons {
        Some(buttons) => {
            let in_cells = buttons
                .iter()
                .map(|b| {
                    let centre = (b.x + b.width / 2.0, b.y + b.height / 2.0);
                    let x = (centre.0 - located.rect.x) / located.cell_width();
                    let y = (centre.1 - located.rect.y) / located.cell_height();
                    [(x * 1000.0).round() / 1000.0, (y * 1000.0).round() / 1000.0]
                })
                .collect();
            notes.push(format!("input: a button of every colour outside the board: {} buttons", buttons.len()));
            InputConfig { style: ClickStyle::Button, buttons: Vec::new(), buttons_in_cells: in_cells }
        }
        None => {
            notes.push("input: no button of every colour outside the board, so a move clicks a cell".into());
            InputConfig { style: ClickStyle::Cell, ..InputConfig::default() }
        }
    };
    let config = FloodConfig { palette: Some(palette), vision, input, start: None };
    Ok(Learnt { config, grid: located, board, buttons: buttons.unwrap_or_default(), notes })
}

#[cfg(test)]
mod tests {
    use super::super::sim_window::render;
    use super::*;

    fn palette() -> Palette {
        Palette::from_rgb(&[[250, 240, 200], [90, 60, 90], [230, 120, 100], [255, 190, 130]], 20.0)
    }

    #[test]
    fn learns_a_pale_palette_from_the_truth_and_reads_the_board_again() {
        let truth = Board::from_rows(&["0123", "1230", "2301", "3012"]).unwrap();
        let frame = render(&truth, &palette(), 20, (200, 160));
        let learnt = learn(&frame, Some(&truth)).unwrap();
        assert_eq!(learnt.board, truth);
        assert_eq!(learnt.config.palette.unwrap().colours, palette().colours);
        assert_eq!(learnt.config.input.style, ClickStyle::Cell);
    }

    /// Draws a board as many web Flood-its do: rounded cells with gaps, each shaded top to bottom,
    /// inside a dark frame on a coloured page, with round colour buttons below and a title above.
    fn shaded(board: &Board, colours: &[[u8; 3]], pitch: u32) -> Frame {
        let (w, h) = (board.cols as u32 * pitch + 120, board.rows as u32 * pitch + 200);
        let mut image = image::RgbaImage::from_pixel(w, h, image::Rgba([70, 110, 160, 255]));
        let put = |image: &mut image::RgbaImage, x: u32, y: u32, rgb: [u8; 3]| {
            image.put_pixel(x, y, image::Rgba([rgb[0], rgb[1], rgb[2], 255]))
        };
        let (x0, y0) = (60, 60);
        for y in y0 - 8..y0 + board.rows as u32 * pitch + 8 {
            for x in x0 - 8..x0 + board.cols as u32 * pitch + 8 {
                put(&mut image, x, y, [30, 30, 40]);
            }
        }
        for x in 20..200.min(w) {
            for y in 20..34 {
                put(&mut image, x, y, [250, 250, 250]);
            }
        }
        let radius = pitch as f64 / 5.0;
        for r in 0..board.rows {
            for c in 0..board.cols {
                let base = colours[board.get(r, c) as usize];
                for dy in 1..pitch - 1 {
                    for dx in 1..pitch - 1 {
                        let (fx, fy) = (dx as f64 - 1.0, dy as f64 - 1.0);
                        let side = (pitch - 3) as f64;
                        let (cx, cy) = (fx.min(side - fx), fy.min(side - fy));
                        if cx < radius && cy < radius && (radius - cx).hypot(radius - cy) > radius {
                            continue;
                        }
                        let shade = 1.1 - 0.2 * dy as f64 / pitch as f64;
                        let rgb = base.map(|v| (v as f64 * shade).min(255.0) as u8);
                        put(&mut image, x0 + c as u32 * pitch + dx, y0 + r as u32 * pitch + dy, rgb);
                    }
                }
            }
        }
        let by = y0 + board.rows as u32 * pitch + 40;
        for (i, &rgb) in colours.iter().enumerate() {
            let bx = x0 + i as u32 * (pitch + 10) + pitch / 2;
            for y in by - pitch / 2..by + pitch / 2 {
                for x in bx - pitch / 2..bx + pitch / 2 {
                    if (x as f64 - bx as f64).hypot(y as f64 - by as f64) < pitch as f64 / 2.0 - 1.0 {
                        put(&mut image, x, y, rgb);
                    }
                }
            }
        }
        Frame::from_image(image)
    }

    #[test]
    fn learns_shaded_rounded_cells_with_gaps_in_a_frame_and_buttons_below() {
        let colours = [[200, 40, 40], [230, 200, 60], [40, 160, 80], [60, 80, 200]];
        let truth = Board::from_rows(&["0123", "1230", "2301", "3012", "0011"]).unwrap();
        let first = shaded(&truth, &colours, 30);
        let learnt = learn(&first, Some(&truth)).unwrap();
        assert_eq!(learnt.board, truth);
        assert_eq!(learnt.config.input.style, ClickStyle::Button, "{:?}", learnt.notes);
        // Another board of the same program, drawn bigger, reads with what was learned.
        let other = Board::from_rows(&["3210", "0000", "1111", "2323", "0101", "2222"]).unwrap();
        let frame = shaded(&other, &colours, 44);
        let config = &learnt.config;
        let grid = read::locate(&frame, &config.vision, config.palette.as_ref()).unwrap();
        let reading = read::read(&frame, &grid, &config.vision, config.palette.as_ref()).unwrap();
        assert_eq!(reading.board, other);
    }

    #[test]
    fn a_truth_of_the_wrong_size_is_refused() {
        let truth = Board::from_rows(&["0123", "1230", "2301", "3012"]).unwrap();
        let frame = render(&truth, &palette(), 20, (200, 160));
        let wrong = Board::from_rows(&["012", "120", "201"]).unwrap();
        assert!(learn(&frame, Some(&wrong)).is_err());
    }
}
