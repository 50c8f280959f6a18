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
use crate::vision::colour::Lab;
use crate::vision::grid::{Grid, GridParams, find_grid_in_mask, largest_region};
use crate::vision::learn::{Learned, border_colour, button_of, dominant_colour, learn_classes, unlike_mask};
use crate::vision::palette::{Palette, Sample, cluster, sample};

/// How far (ΔE) a pixel must differ from the window's background to be part of something drawn.
const UNLIKE_BACKGROUND: f32 = 10.0;
/// Gaps between a board's cells tried when looking for it, smallest first.
const GAPS: [u32; 5] = [0, 1, 3, 6, 12];
/// The share of a cell whose pixels tell how far shading strays from the cell's colour.
const PIXEL_PATCH: f64 = 0.7;
/// The shares of lines across that must show a predicted boundary, tried smallest first.
const SHARES: [f64; 4] = [0.02, 0.1, 0.25, 0.5];
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

/// The largest thing inside `rect` unlike the colour of `rect`'s own edge: a board inside a frame.
fn framed(frame: &Frame, rect: Rect) -> Option<Rect> {
    // Inside a frame there is only the board: its cells may stand as far apart as any gap tried.
    let params = GridParams { max_gap_px: GAPS[GAPS.len() - 1], ..GridParams::default() };
    let edge = dominant_colour(frame, Rect { x: rect.x, y: rect.y, width: rect.width, height: 2.0 });
    let width = frame.width() as usize;
    let mask: Vec<bool> = unlike_mask(frame, edge, UNLIKE_BACKGROUND)
        .into_iter()
        .enumerate()
        .map(|(i, unlike)| {
            let (x, y) = ((i % width) as f64, (i / width) as f64);
            unlike && x >= rect.x && y >= rect.y && x < rect.x + rect.width && y < rect.y + rect.height
        })
        .collect();
    largest_region(&mask, width, &params).filter(|inner| inner != &rect)
}

/// How near (ΔE) the pixels of the cells' middles lie to their colour: the 95th percentile, a
/// quarter more for other boards' shading.
fn pixel_reach(frame: &Frame, grid: &Grid, labels: &[usize], colours: &[[u8; 3]]) -> f32 {
    let labs: Vec<Lab> = colours.iter().map(|&c| Lab::from_rgb8(c)).collect();
    let mut distances = Vec::new();
    for (i, &label) in labels.iter().enumerate() {
        let patch = grid.cell_patch(i / grid.cols, i % grid.cols, PIXEL_PATCH);
        let (x0, y0) = (patch.x.ceil().max(0.0) as u32, patch.y.ceil().max(0.0) as u32);
        let x1 = ((patch.x + patch.width) as u32).min(frame.width());
        let y1 = ((patch.y + patch.height) as u32).min(frame.height());
        for y in y0..y1 {
            for x in x0..x1 {
                distances.push(Lab::from_rgb8(frame.rgb(x, y)).delta_e(&labs[label]));
            }
        }
    }
    distances.sort_by(f32::total_cmp);
    distances.get(distances.len() * 95 / 100).copied().unwrap_or(0.0) * 1.25
}

/// Finds the board without a palette: the largest thing unlike the background, cut into the
/// truth's rows and columns (or counted, without a truth), whose cells group into distinct colours.
fn find_board(frame: &Frame, truth: Option<&Board>) -> anyhow::Result<(Grid, Vec<usize>, Learned)> {
    let mask = unlike_mask(frame, border_colour(frame), UNLIKE_BACKGROUND);
    let mut last_error = String::from("nothing unlike the background");
    for gap in GAPS {
        let params = GridParams { max_gap_px: gap, ..GridParams::default() };
        let grid = match truth {
            Some(board) => {
                let Some(outer) = largest_region(&mask, frame.width() as usize, &params) else { continue };
                // The board itself, or the board inside a frame of its own colour.
                let inner = framed(frame, outer);
                // Of the two, the one whose cells are the most even is where the cells are.
                let fits = [Some(outer), inner]
                    .into_iter()
                    .flatten()
                    .filter_map(|rect| {
                        let grid = Grid { rect, rows: board.rows, cols: board.cols };
                        let cells = samples(frame, &grid, params.patch_fraction);
                        let (labels, classes) = dense_labels(&board.cells);
                        learn_classes(&cells, &labels, classes).ok().map(|learned| (grid, labels, learned))
                    })
                    .min_by(|a, b| a.2.spread.total_cmp(&b.2.spread));
                match fits {
                    Some(found) => return Ok(found),
                    None => {
                        last_error =
                            format!("{}x{} cells in {outer:?} do not group by the known board", board.rows, board.cols);
                        continue;
                    }
                }
            }
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
    // Shading may reach further than the palette's limit, but never halfway to the page's colour.
    let page = Lab::from_rgb8(border_colour(frame));
    let to_page = learned.colours.iter().map(|&c| Lab::from_rgb8(c).delta_e(&page)).fold(f32::INFINITY, f32::min);
    let reach = pixel_reach(frame, &grid, &labels, &learned.colours).min(learned.closest / 2.0).min(to_page / 2.0);
    let base = GridParams {
        by_palette: true,
        by_palette_delta_e: (reach > learned.max_delta_e).then(|| reach.round()),
        max_patch_spread: GridParams::default().max_patch_spread.max((learned.spread * 2.0 + 10.0).round()),
        ..GridParams::default()
    };
    // The reader finds the board by its palette: the widest gap between cells that still finds
    // exactly this board (a narrower one would split a board whose cells stand apart).
    let mut found = None;
    let mut why = Vec::new();
    let tries = SHARES.iter().flat_map(|&share| GAPS.iter().rev().map(move |&gap| (share, gap)));
    for (share, gap) in tries {
        let vision = GridParams { max_gap_px: gap, min_boundary_share: share, ..base.clone() };
        let located = match read::locate(frame, &vision, Some(&palette)) {
            Ok(located) => located,
            Err(e) => {
                why.push(format!("gap {gap}: {e}"));
                continue;
            }
        };
        let same_place = (located.rows, located.cols) == (grid.rows, grid.cols)
            && (located.rect.x - grid.rect.x).abs() < grid.cell_width() / 4.0
            && (located.rect.y - grid.rect.y).abs() < grid.cell_height() / 4.0;
        match read::read(frame, &located, &vision, Some(&palette)) {
            Ok(reading) if same_place && reading.board.canonical() == expected.canonical() => {
                found = Some((vision, located, reading.board));
                break;
            }
            Ok(_) => {
                why.push(format!("gap {gap}: found {}x{} cells at {:?}", located.rows, located.cols, located.rect))
            }
            Err(e) => {
                why.push(format!("gap {gap}: {}x{} cells at {:?}: {e}", located.rows, located.cols, located.rect))
            }
        }
    }
    let (vision, located, board) = found.with_context(|| {
        format!(
            "the board ({}x{} at {:?}) was learned, but the learned palette does not find it again: {}",
            grid.rows,
            grid.cols,
            grid.rect,
            why.join("; ")
        )
    })?;
    notes.push(format!(
        "found again by its palette with cells up to {} px apart, boundaries shown across {}% of the board",
        vision.max_gap_px,
        vision.min_boundary_share * 100.0
    ));
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
