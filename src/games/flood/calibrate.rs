//! Learns a Flood-it profile from one screenshot: where the board is (it stands out from the
//! window's background), the palette (each colour's mean over the cells that have it, with a ΔE
//! limit derived from how far cells strayed from it), the grid finder's settings that find this
//! board again by its palette, and the input style: colour buttons when a blob of every colour
//! lies outside the board, else clicking cells.
//!
//! With the known board (a case's `[board]`) the labels come from the truth; without it they are
//! proposed by clustering the cells' colours, for the user to check on the drawn picture.

use anyhow::{Context, bail};

use super::board::Board;
use super::config::{ClickStyle, FloodConfig, InputConfig};
use super::read;
use crate::frame::{Frame, Rect};
use crate::vision::grid::{Grid, GridParams, find_grid_in_mask, largest_region};
use crate::vision::learn::{Learned, border_colour, button_of, learn_classes, unlike_mask};
use crate::vision::palette::{Palette, Sample, cluster, sample};

/// How far (ΔE) a pixel must differ from the window's background to be part of something drawn.
const UNLIKE_BACKGROUND: f32 = 10.0;
/// Gaps between a board's cells tried when looking for it, smallest first.
const GAPS: [u32; 5] = [0, 1, 3, 6, 12];
/// The smallest button, as a share of a cell's side.
const MIN_BUTTON: f64 = 0.4;

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

fn samples(frame: &Frame, grid: &Grid, fraction: f64) -> Vec<Sample> {
    (0..grid.rows * grid.cols).map(|i| sample(frame, grid.cell_patch(i / grid.cols, i % grid.cols, fraction))).collect()
}

/// The labels of `truth` renumbered 0, 1, ... in increasing order, and their count.
fn dense_labels(cells: &[u8]) -> (Vec<usize>, usize) {
    let mut used: Vec<u8> = cells.to_vec();
    used.sort_unstable();
    used.dedup();
    (cells.iter().map(|c| used.binary_search(c).unwrap_or(0)).collect(), used.len())
}

/// Finds the board without a palette: the largest thing unlike the background, cut into the
/// truth's rows and columns (or counted, without a truth), whose cells group into distinct colours.
fn find_board(frame: &Frame, truth: Option<&Board>) -> anyhow::Result<(Grid, Vec<usize>, Learned)> {
    let mask = unlike_mask(frame, border_colour(frame), UNLIKE_BACKGROUND);
    let mut last_error = String::from("nothing unlike the background");
    for gap in GAPS {
        let params = GridParams { max_gap_px: gap, ..GridParams::default() };
        let grid = match truth {
            Some(board) => match largest_region(&mask, frame.width() as usize, &params) {
                Some(rect) => Grid { rect, rows: board.rows, cols: board.cols },
                None => continue,
            },
            None => match find_grid_in_mask(frame, &mask, &params) {
                Ok(grid) => grid,
                Err(e) => {
                    last_error = e.to_string();
                    continue;
                }
            },
        };
        let cells = samples(frame, &grid, params.patch_fraction);
        let (labels, classes) = match truth {
            Some(board) => dense_labels(&board.cells),
            None => {
                let (labels, colours) = cluster(&cells, params.merge_delta_e);
                (labels.into_iter().map(usize::from).collect(), colours.len())
            }
        };
        if classes < 2 {
            last_error = "the board shows one colour only".into();
            continue;
        }
        match learn_classes(&cells, &labels, classes) {
            Ok(learned) => return Ok((grid, labels, learned)),
            Err(e) => last_error = format!("{}x{} cells at {:?}: {e}", grid.rows, grid.cols, grid.rect),
        }
    }
    bail!("no board found whose cells group into distinct colours ({last_error})")
}

/// Learns a profile from `frame`, whose board is `truth` when known.
pub fn learn(frame: &Frame, truth: Option<&Board>) -> anyhow::Result<Learnt> {
    let (grid, labels, learned) = find_board(frame, truth)?;
    let mut notes = vec![format!(
        "board: {}x{} cells at ({:.0}, {:.0}), {:.0}x{:.0} px",
        grid.rows, grid.cols, grid.rect.x, grid.rect.y, grid.rect.width, grid.rect.height
    )];
    let palette = Palette::from_rgb(&learned.colours, learned.max_delta_e);
    notes.push(format!(
        "palette: {} (cells stray up to ΔE {:.1} from their colour, colours lie ΔE {:.1} apart or more: limit {:.1})",
        palette.colours.join(" "),
        learned.widest,
        learned.closest,
        learned.max_delta_e
    ));
    let expected = Board::new(grid.rows, grid.cols, labels.iter().map(|&l| l as u8).collect());
    let base = GridParams {
        by_palette: true,
        max_patch_spread: GridParams::default().max_patch_spread.max((learned.spread * 2.0 + 10.0).round()),
        ..GridParams::default()
    };
    // The reader finds the board by its palette: the widest gap between cells that still finds
    // exactly this board (a narrower one would split a board whose cells stand apart).
    let mut found = None;
    for gap in GAPS.iter().rev() {
        let vision = GridParams { max_gap_px: *gap, ..base.clone() };
        let Ok(located) = read::locate(frame, &vision, Some(&palette)) else { continue };
        let same_place = (located.rows, located.cols) == (grid.rows, grid.cols)
            && (located.rect.x - grid.rect.x).abs() < grid.cell_width() / 4.0
            && (located.rect.y - grid.rect.y).abs() < grid.cell_height() / 4.0;
        if let Ok(reading) = read::read(frame, &located, &vision, Some(&palette))
            && same_place
            && reading.board.canonical() == expected.canonical()
        {
            found = Some((vision, located, reading.board));
            break;
        }
    }
    let (vision, located, board) =
        found.context("the board was learned, but reading by the learned palette does not find it again")?;
    notes.push(format!("found again by its palette with cells up to {} px apart", vision.max_gap_px));
    let cell = located.cell_width().min(located.cell_height());
    let buttons: Option<Vec<Rect>> = learned
        .colours
        .iter()
        .map(|&c| button_of(frame, c, learned.max_delta_e, located.rect, cell * MIN_BUTTON))
        .collect();
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
    use super::*;
    use crate::games::flood::sim::render;

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

    #[test]
    fn a_truth_of_the_wrong_size_is_refused() {
        let truth = Board::from_rows(&["0123", "1230", "2301", "3012"]).unwrap();
        let frame = render(&truth, &palette(), 20, (200, 160));
        let wrong = Board::from_rows(&["012", "120", "201"]).unwrap();
        assert!(learn(&frame, Some(&wrong)).is_err());
    }
}
