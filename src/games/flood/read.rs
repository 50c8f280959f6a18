//! Reads a Flood-it board from a frame: finds the grid, samples the centre of every cell, and
//! classifies each patch against the profile's palette (or clusters colours when there is none).

use crate::frame::{Frame, Rect};
use crate::vision::edge::{CutOff, cut_off};
use crate::vision::grid::{FindBoard, Grid, GridError, GridParams, find_grid, find_grid_in_mask};
use crate::vision::learn::near_mask;
use crate::vision::palette::{Classifier, Palette, Sample, UnknownColour, cluster, sample};

use super::board::{Board, MAX_COLOURS};

/// A board read from the screen.
#[derive(Clone, Debug)]
pub struct FloodReading {
    pub board: Board,
    /// The lowest per-cell confidence (1 when there is no palette to be unsure against).
    pub confidence: f32,
    /// The mean colour of every cell, row-major, as sampled.
    pub samples: Vec<Sample>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Grid(#[from] GridError),
    #[error("row {row} col {col}: {colour}")]
    UnknownColour { row: usize, col: usize, colour: UnknownColour },
    #[error(
        "row {row} col {col}: the cell is not one colour (spread {spread:.0} > {limit:.0}); the layout may be wrong or something covers the board"
    )]
    Uneven { row: usize, col: usize, spread: f32, limit: f32 },
    #[error("the board shows {found} colours; Flood-it boards have at most {MAX_COLOURS}")]
    TooManyColours { found: usize },
    #[error("the palette is invalid: {0}")]
    Palette(String),
    #[error(transparent)]
    NoLattice(#[from] super::lattice::NotFound),
    #[error("finding the board as a lattice needs the profile's palette")]
    LatticeWithoutPalette,
    #[error("{0}")]
    CutOff(CutOff),
}

/// Finds the board's grid (`find`), and refuses one cut off by the picture's edge
/// (`vision::edge`): a cell beyond it whose shown part is one colour of the palette (without a
/// palette: saturated) is the board's.
pub fn locate(frame: &Frame, params: &GridParams, palette: Option<&Palette>) -> Result<Grid, ReadError> {
    let grid = find(frame, params, palette)?;
    let classifier = palette.map(Classifier::new).transpose().map_err(ReadError::Palette)?;
    let shows_board = |_: Rect, shown: Rect| {
        let (w, h) = (shown.width * COLOUR_PATCH, shown.height * COLOUR_PATCH);
        let middle =
            Rect { x: shown.x + (shown.width - w) / 2.0, y: shown.y + (shown.height - h) / 2.0, width: w, height: h };
        let s = sample(frame, middle);
        let saturated = s.rgb.iter().max().unwrap_or(&0) - s.rgb.iter().min().unwrap_or(&0) >= params.min_saturation;
        s.spread <= params.max_patch_spread && classifier.as_ref().map_or(saturated, |c| c.classify(&s).is_ok())
    };
    match cut_off(frame, &grid, &shows_board) {
        Some(cut) => Err(ReadError::CutOff(cut)),
        None => Ok(grid),
    }
}

/// The share of a cut cell's shown part, around its middle, whose colour is judged.
const COLOUR_PATCH: f64 = 0.5;

/// Finds the board's grid in a frame: by saturation, or by the palette when the profile says so
/// (`vision.by_palette`), or as a lattice of cells of the palette's colours (`vision.find =
/// "lattice"`, as calibration learns it).
fn find(frame: &Frame, params: &GridParams, palette: Option<&Palette>) -> Result<Grid, ReadError> {
    if params.find == FindBoard::Lattice {
        let palette = palette.ok_or(ReadError::LatticeWithoutPalette)?;
        let classifier = Classifier::new(palette).map_err(ReadError::Palette)?;
        let fits = |s: &Sample| classifier.classify(s).is_ok() && s.spread <= params.max_patch_spread;
        let core = |samples: &[Sample]| match samples.iter().position(|s| !fits(s)) {
            Some(i) => Err(format!(
                "cell {i} (in reading order) is not of the palette: {}",
                crate::vision::colour::to_hex(samples[i].rgb)
            )),
            None => Ok(()),
        };
        let takes = |samples: &[Sample]| samples.iter().all(fits);
        return match super::lattice::locate(frame, &core, &takes) {
            Ok(located) => Ok(located.grid),
            // A board too small to show a lattice (a 2x2 board of three cells of one colour) is the
            // largest area of the palette's colours, cut into cells where its colours change.
            Err(not_found) => {
                let labs = palette.labs();
                let small = GridParams { find: FindBoard::Grid, ..params.clone() };
                find_grid_in_mask(frame, &near_mask(frame, &labs, palette.max_delta_e), &small)
                    .map_err(|_| not_found.into())
            }
        };
    }
    match palette {
        Some(palette) if params.by_palette => {
            let labs = palette.labs();
            let limit = params.by_palette_delta_e.unwrap_or(palette.max_delta_e);
            Ok(find_grid_in_mask(frame, &near_mask(frame, &labs, limit), params)?)
        }
        _ => Ok(find_grid(frame, params)?),
    }
}

/// Reads every cell of `grid`.
pub fn read(
    frame: &Frame,
    grid: &Grid,
    params: &GridParams,
    palette: Option<&Palette>,
) -> Result<FloodReading, ReadError> {
    let mut samples = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let s = sample(frame, grid.cell_patch(row, col, params.patch_fraction));
            if s.spread > params.max_patch_spread {
                return Err(ReadError::Uneven { row, col, spread: s.spread, limit: params.max_patch_spread });
            }
            samples.push(s);
        }
    }
    let (cells, confidence) = match palette {
        Some(palette) => {
            let classifier = Classifier::new(palette).map_err(ReadError::Palette)?;
            let mut cells = Vec::with_capacity(samples.len());
            let mut confidence = 1f32;
            for (i, s) in samples.iter().enumerate() {
                let c = classifier.classify(s).map_err(|colour| ReadError::UnknownColour {
                    row: i / grid.cols,
                    col: i % grid.cols,
                    colour,
                })?;
                confidence = confidence.min(c.confidence);
                cells.push(c.label);
            }
            (cells, confidence)
        }
        None => (cluster(&samples, params.merge_delta_e).0, 1.0),
    };
    let board = Board::new(grid.rows, grid.cols, cells);
    if board.cells.iter().any(|&c| c as usize >= MAX_COLOURS) {
        return Err(ReadError::TooManyColours { found: board.colour_count() });
    }
    Ok(FloodReading { board, confidence, samples })
}

#[cfg(test)]
mod tests {
    use super::super::sim_window::render;
    use super::*;

    fn palette() -> Palette {
        let profile = crate::profile::Profile::load("sgt-flood", std::path::Path::new("/nonexistent")).unwrap();
        super::super::config::FloodConfig::from_profile(&profile).unwrap().palette.unwrap()
    }

    #[test]
    fn reads_a_rendered_board_with_the_palette() {
        let board = Board::from_rows(&["0123", "4501", "2345", "0011"]).unwrap();
        let frame = render(&board, &palette(), 24, (480, 400));
        let params = GridParams::default();
        let grid = locate(&frame, &params, None).unwrap();
        let reading = read(&frame, &grid, &params, Some(&palette())).unwrap();
        assert_eq!(reading.board, board);
        assert!(reading.confidence > 0.3);
    }

    #[test]
    fn reads_without_a_palette_up_to_renaming() {
        let board = Board::from_rows(&["5123", "4501", "2345", "0011"]).unwrap();
        let frame = render(&board, &palette(), 10, (200, 200));
        let params = GridParams::default();
        let grid = locate(&frame, &params, None).unwrap();
        let reading = read(&frame, &grid, &params, None).unwrap();
        assert_eq!(reading.board.canonical(), board.canonical());
    }

    #[test]
    fn a_board_cut_off_by_the_window_is_refused_naming_the_edge_not_read_in_part() {
        let board = Board::from_rows(&["012345", "123450", "234501", "345012", "450123", "501234"]).unwrap();
        let margin = super::super::sim_window::MARGIN;
        let colours = palette();
        let lattice = GridParams { find: FindBoard::Lattice, ..GridParams::default() };
        for (params, known) in [(GridParams::default(), None), (lattice, Some(colours.clone()))] {
            // Cut through the fifth column, then between the fifth and the sixth, then through the
            // fifth row.
            for (size, edge) in [
                ((margin + 4 * 24 + 12, 300), "right"),
                ((margin + 5 * 24, 300), "right"),
                ((300, margin + 4 * 24 + 10), "bottom"),
            ] {
                let frame = render(&board, &colours, 24, size);
                let found = locate(&frame, &params, known.as_ref());
                let error = found.map(|g| format!("{g:?}")).unwrap_or_else(|e| e.to_string());
                assert!(error.contains(&format!("{edge} edge")), "{:?} in {size:?}: {error}", params.find);
            }
            let whole = render(&board, &colours, 24, (300, 300));
            let grid = locate(&whole, &params, known.as_ref()).unwrap();
            assert_eq!(read(&whole, &grid, &params, known.as_ref()).unwrap().board.canonical(), board.canonical());
        }
    }

    #[test]
    fn a_colour_missing_from_the_palette_names_the_cell() {
        let board = Board::from_rows(&["012", "345", "012"]).unwrap();
        let frame = render(&board, &palette(), 20, (200, 200));
        let mut short = palette();
        short.colours.truncate(5); // no purple (label 5), which sits at row 1 col 2
        let params = GridParams::default();
        let grid = locate(&frame, &params, None).unwrap();
        let err = read(&frame, &grid, &params, Some(&short)).unwrap_err().to_string();
        assert!(err.starts_with("row 1 col 2: colour #8000b3 is not in the palette"), "{err}");
    }
}
