//! Learns a peg solitaire profile from one screenshot and its known board: where the board is
//! (the largest thing unlike the window's background), its pegs and holes (round shapes unlike the
//! board's own colour, of one size or two, that sit on a lattice of the known board's size), the
//! look of a peg, an empty hole and each kind of square with no hole (including the board's
//! surface between holes), sampled at the centres the truth names, and the reader's settings that
//! find this board again. How a jump is entered cannot be seen on a still screen: it is given.

use anyhow::{Context, bail};

use super::board::{Board, Cell};
use super::lattice::{Wanted, find_lattice};
use super::read;
use super::{FindBy, MoveStyle, PegsConfig, PegsInput, PegsVision};
use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::discs::{Disc, discs_in_mask};
use crate::vision::grid::Grid;
use crate::vision::learn::{learn_classes, near_mask};
use crate::vision::palette::{Palette, Sample, cluster, sample};

/// Background samples within this ΔE of each other are one background colour.
const MERGE: f32 = 15.0;
/// The share of the pitch sampled on the board's surface between four holes.
const SURFACE_PATCH: f64 = 0.1;

/// What calibration learned.
#[derive(Clone, Debug)]
pub struct Learnt {
    pub config: PegsConfig,
    pub grid: Grid,
    pub board: Board,
    pub notes: Vec<String>,
}

/// The mean diameter of the discs centred (within a quarter of a square) on squares of `kind`.
fn mean_diameter(discs: &[Disc], grid: &Grid, truth: &Board, kind: Cell) -> Option<f64> {
    let of_kind: Vec<f64> = discs
        .iter()
        .filter(|d| {
            let (fx, fy) = ((d.x - grid.rect.x) / grid.cell_width(), (d.y - grid.rect.y) / grid.cell_height());
            let (col, row) = (fx.floor(), fy.floor());
            let centred = (fx - col - 0.5).abs() < 0.25 && (fy - row - 0.5).abs() < 0.25;
            centred
                && row >= 0.0
                && col >= 0.0
                && (row as usize) < truth.rows
                && (col as usize) < truth.cols
                && truth.get((row as usize, col as usize)) == kind
        })
        .map(|d| d.diameter)
        .collect();
    (!of_kind.is_empty()).then(|| of_kind.iter().sum::<f64>() / of_kind.len() as f64)
}

/// Samples of the board's surface: the middle of every four squares that all hold holes.
fn surface_samples(frame: &Frame, grid: &Grid, truth: &Board) -> Vec<Sample> {
    let mut found = Vec::new();
    for r in 0..truth.rows.saturating_sub(1) {
        for c in 0..truth.cols.saturating_sub(1) {
            if [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)].iter().all(|&p| truth.get(p) != Cell::Off) {
                let (w, h) = (grid.cell_width() * SURFACE_PATCH, grid.cell_height() * SURFACE_PATCH);
                let corner = grid.cell_rect(r + 1, c + 1);
                found.push(sample(frame, Rect { x: corner.x - w / 2.0, y: corner.y - h / 2.0, width: w, height: h }));
            }
        }
    }
    found
}

/// Learns a profile from `frame`, whose board is `truth`; jumps are entered by `style`.
pub fn learn(frame: &Frame, truth: &Board, style: MoveStyle) -> anyhow::Result<Learnt> {
    let (grid, _) = find_lattice(frame, Wanted::Known(truth))?;
    let mut errors = Vec::new();
    for fraction in PATCH_FRACTIONS {
        match learn_sampling(frame, truth, style, &grid, fraction) {
            Ok(learnt) => return Ok(learnt),
            Err(e) => errors.push(format!("sampling {:.0}% of a square: {e:#}", fraction * 100.0)),
        }
    }
    bail!("{}", errors.join("\n"))
}

/// The patch sizes tried (shares of a square), smallest first: a flat peg or hole reads the same
/// at any size, but a shaded ball's middle can be as light as the board and needs more of it.
const PATCH_FRACTIONS: [f64; 3] = [0.2, 0.4, 0.6];

/// [`learn`] with the board found and one patch size for sampling squares.
fn learn_sampling(
    frame: &Frame,
    truth: &Board,
    style: MoveStyle,
    grid: &Grid,
    fraction: f64,
) -> anyhow::Result<Learnt> {
    let vision = PegsVision { find: FindBy::Shapes, patch_fraction: fraction, ..PegsVision::default() };
    let mut samples = Vec::new();
    let mut labels = Vec::new();
    let mut background = Vec::new();
    for (i, &cell) in truth.cells.iter().enumerate() {
        let s = sample(frame, grid.cell_patch(i / truth.cols, i % truth.cols, vision.patch_fraction));
        match cell {
            Cell::Peg | Cell::Hole => {
                samples.push(s);
                labels.push(if cell == Cell::Peg { 0 } else { 1 });
            }
            Cell::Off => background.push(s),
        }
    }
    background.extend(surface_samples(frame, grid, truth));
    let (kinds, colours) = cluster(&background, MERGE);
    samples.extend(background);
    labels.extend(kinds.iter().map(|&k| 2 + k as usize));
    let learned = learn_classes(&samples, &labels, 2 + colours.len())
        .context("the known board's pegs, holes and background do not look distinct")?;
    let palette = Palette::from_rgb(&learned.colours, learned.max_delta_e);
    // The sizes of pegs and holes as the reader will see them: shapes unlike the learned background.
    let background: Vec<Lab> = learned.colours[2..].iter().map(|&c| Lab::from_rgb8(c)).collect();
    let mask: Vec<bool> = near_mask(frame, &background, learned.max_delta_e).into_iter().map(|b| !b).collect();
    let discs = discs_in_mask(&mask, frame.width() as usize, 4);
    let hole_to_peg =
        match (mean_diameter(&discs, grid, truth, Cell::Peg), mean_diameter(&discs, grid, truth, Cell::Hole)) {
            (Some(p), Some(h)) => (h / p * 100.0).round() / 100.0,
            _ => 1.0,
        };
    let vision = PegsVision { hole_to_peg, ..vision };
    let mut notes = vec![
        format!(
            "board: {}x{} squares at ({:.0}, {:.0}), {:.1} px apart",
            grid.rows,
            grid.cols,
            grid.rect.x,
            grid.rect.y,
            grid.cell_width()
        ),
        format!(
            "peg {}, hole {}, background {} (limit ΔE {:.1}); a hole is {hole_to_peg} of a peg across",
            palette.colours[0],
            palette.colours[1],
            palette.colours[2..].join(" "),
            learned.max_delta_e
        ),
    ];
    let vision =
        PegsVision { max_patch_spread: vision.max_patch_spread.max((learned.spread * 2.0 + 10.0).round()), ..vision };
    let config = PegsConfig { palette: Some(palette), vision, input: PegsInput { style } };
    let located = read::locate_with(frame, &config).context("the learned profile does not find the board again")?;
    let board = read::read_with(frame, &located, &config).context("the learned profile does not read the board")?;
    if board != *truth {
        bail!("the learned profile reads\n{board}\nnot the known board\n{truth}");
    }
    notes.push(format!("found again as round shapes unlike the background; jumps by {style:?}"));
    Ok(Learnt { config, grid: located, board, notes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    /// Draws a board: outlined pegs, smaller holes, on a round board in a dark window, with a title.
    fn drawn(board: &Board, pitch: u32) -> Frame {
        let size = pitch * (board.cols as u32 + 4);
        let mut image = RgbaImage::from_pixel(size, size + 40, Rgba([20, 20, 20, 255]));
        let centre = size as f64 / 2.0 + 0.5;
        let disc = |image: &mut RgbaImage, cx: f64, cy: f64, r: f64, rgb: [u8; 3], rim: [u8; 3]| {
            for y in (cy - r).floor() as u32..=(cy + r).ceil() as u32 {
                for x in (cx - r).floor() as u32..=(cx + r).ceil() as u32 {
                    let d = (x as f64 - cx).hypot(y as f64 - cy);
                    if d <= r {
                        let c = if d > r - 2.0 { rim } else { rgb };
                        image.put_pixel(x, y, Rgba([c[0], c[1], c[2], 255]));
                    }
                }
            }
        };
        disc(&mut image, centre, centre, size as f64 / 2.0 - 4.0, [200, 170, 120], [90, 60, 30]);
        for x in 10..size / 2 {
            for y in size + 10..size + 25 {
                image.put_pixel(x, y, Rgba([240, 240, 240, 255]));
            }
        }
        let origin = 2.0 * pitch as f64 + pitch as f64 / 2.0;
        for r in 0..board.rows {
            for c in 0..board.cols {
                let (x, y) = (origin + (c as u32 * pitch) as f64, origin + (r as u32 * pitch) as f64);
                match board.get((r, c)) {
                    Cell::Peg => disc(&mut image, x, y, pitch as f64 * 0.4, [40, 90, 200], [10, 20, 60]),
                    Cell::Hole => disc(&mut image, x, y, pitch as f64 * 0.2, [60, 40, 20], [30, 20, 10]),
                    Cell::Off => {}
                }
            }
        }
        Frame::from_image(image)
    }

    #[test]
    fn learns_outlined_pegs_and_small_holes_and_reads_another_board_at_another_size() {
        let truth = Board::from_rows(&["#o.#", "oo.o", ".ooo", "#o.#"]).unwrap();
        let learnt = learn(&drawn(&truth, 40), &truth, MoveStyle::Click).unwrap();
        assert_eq!(learnt.board, truth);
        assert!((0.3..0.7).contains(&learnt.config.vision.hole_to_peg), "{:?}", learnt.config.vision);
        let other = Board::from_rows(&["#..#", "o.oo", "oo.o", "#oo#"]).unwrap();
        let frame = drawn(&other, 56);
        let grid = read::locate_with(&frame, &learnt.config).unwrap();
        let read = read::read_with(&frame, &grid, &learnt.config).unwrap();
        assert_eq!(read, other, "read\n{read}\nin {grid:?}, learned {:?}", learnt.notes);
    }

    #[test]
    fn a_known_board_that_is_not_on_the_screen_is_refused() {
        let truth = Board::from_rows(&["#o.#", "oo.o", ".ooo", "#o.#"]).unwrap();
        let wrong = Board::from_rows(&["ooo", "o.o", "ooo"]).unwrap();
        assert!(learn(&drawn(&truth, 40), &wrong, MoveStyle::Drag).is_err());
    }
}
