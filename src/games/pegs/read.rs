//! Reads a peg solitaire board from a frame: pegs and holes are found as discs of the profile's
//! peg and hole colours, the square lattice they sit on gives the rows and columns, and a lattice
//! point with neither is a square with no hole. The board's shape is found, never assumed.

use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::disc_sizes::{largest_group, two_size_choices};
use crate::vision::discs::{Disc, Lattice, discs_in_mask, find_discs, lattice};
use crate::vision::edge::{CutOff, cut_off};
use crate::vision::grid::Grid;
use crate::vision::learn::near_mask;
use crate::vision::palette::{Palette, sample};

use super::board::{Board, Cell, Pos};
use super::{FindBy, PegsConfig, PegsVision};

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("the profile needs a palette: the peg's colour, the empty hole's, then the background's")]
    NoPalette,
    #[error("the palette is invalid: {0}")]
    Palette(String),
    #[error("no pegs or holes found: nothing in the image looks like a peg solitaire board")]
    NothingFound,
    #[error("the {0} pegs and holes found do not sit on a square grid")]
    NoLattice(usize),
    #[error("row {row} col {col}: colour {} is neither a peg, a hole nor the background", crate::vision::colour::to_hex(*rgb))]
    UnknownColour { row: usize, col: usize, rgb: [u8; 3] },
    #[error("row {row} col {col}: the square is not one colour (spread {spread:.0}); something covers the board?")]
    Uneven { row: usize, col: usize, spread: f32 },
    #[error(transparent)]
    Looks(#[from] super::looks::LooksError),
    #[error("{0}")]
    CutOff(CutOff),
}

/// How far apart (in diameters of the larger) two neighbouring pegs or holes of one board may be:
/// a peg is drawn at least half a square across, a hole at least half a peg.
const NEIGHBOUR_REACH: f64 = 2.2;

/// Palette entries: the peg, the empty hole, then one or more background colours.
const PEG: usize = 0;
const HOLE: usize = 1;

fn colours(palette: Option<&Palette>) -> Result<(Vec<Lab>, f32), ReadError> {
    let palette = palette.ok_or(ReadError::NoPalette)?;
    let rgb = palette.colours.clone();
    if rgb.len() < 3 {
        return Err(ReadError::NoPalette);
    }
    Ok((rgb.into_iter().map(Lab::from_rgb8).collect(), palette.max_delta_e))
}

/// Keeps the discs whose size is close to the typical one (drops icons, text dots and the like).
fn typical(mut discs: Vec<Disc>) -> Vec<Disc> {
    if discs.is_empty() {
        return discs;
    }
    let mut sizes: Vec<f64> = discs.iter().map(|d| d.diameter).collect();
    sizes.sort_by(f64::total_cmp);
    let median = sizes[sizes.len() / 2];
    discs.retain(|d| d.diameter >= 0.7 * median && d.diameter <= 1.4 * median);
    discs
}

/// Finds the board: the lattice under all pegs and holes.
pub fn locate(frame: &Frame, palette: Option<&Palette>) -> Result<Grid, ReadError> {
    let (labs, limit) = colours(palette)?;
    let pegs = typical(find_discs(frame, &labs, PEG, limit, 4));
    let holes = typical(find_discs(frame, &labs, HOLE, limit, 3));
    // Pegs and holes share a lattice: keep the holes no bigger than a peg (drops stray shapes).
    let largest_peg = pegs.iter().map(|d| d.diameter).fold(0.0, f64::max);
    let mut discs = pegs;
    discs.extend(holes.into_iter().filter(|h| largest_peg == 0.0 || h.diameter <= largest_peg * 1.1));
    if discs.is_empty() {
        return Err(ReadError::NothingFound);
    }
    let found = lattice(&discs).ok_or(ReadError::NoLattice(discs.len()))?;
    Ok(Grid { rect: found.rect(), rows: found.rows, cols: found.cols })
}

/// Finds the board as the profile says (`find`), and refuses one cut off by the picture's edge
/// (`vision::edge`): a square beyond it whose shown part reads as a peg is the board's (by looks:
/// the rings it shows, `looks::shows_peg`; by colours: its middle).
pub fn locate_with(frame: &Frame, config: &PegsConfig) -> Result<Grid, ReadError> {
    let grid = find(frame, config)?;
    let scales = match config.vision.find {
        FindBy::Looks => super::looks::Classes::from_config(&config.looks)?.at_scales(),
        _ => Vec::new(),
    };
    let shows_board = |cell: Rect, shown: Rect| {
        if super::edge_line::continues_past(frame, &grid, cell, shown) {
            return true;
        }
        if config.vision.find == FindBy::Looks {
            return super::looks::shows_peg(frame, cell, &scales);
        }
        let one = Grid { rect: cell, rows: 1, cols: 1 };
        let (cx, cy) = (cell.x + cell.width / 2.0, cell.y + cell.height / 2.0);
        let middle_shows = cx >= 0.0 && cy >= 0.0 && cx < frame.width() as f64 && cy < frame.height() as f64;
        middle_shows && read_with(frame, &one, config).is_ok_and(|b| b.cells[0] == Cell::Peg)
    };
    match cut_off(frame, &grid, &shows_board) {
        Some(cut) => Err(ReadError::CutOff(cut)),
        None => Ok(grid),
    }
}

/// Finds the board as the profile says: by the peg's and hole's colours, or by round shapes of a
/// peg's or a hole's size that are unlike every background colour (`vision.find = "shapes"`).
fn find(frame: &Frame, config: &PegsConfig) -> Result<Grid, ReadError> {
    match config.vision.find {
        FindBy::Looks => Ok(super::locate::locate(frame, &super::looks::Classes::from_config(&config.looks)?)?),
        FindBy::Colours => locate(frame, config.palette.as_ref()),
        FindBy::Shapes => {
            let (labs, limit) = colours(config.palette.as_ref())?;
            let mask: Vec<bool> = near_mask(frame, &labs[2..], limit).into_iter().map(|bg| !bg).collect();
            let all = discs_in_mask(&mask, frame.width() as usize, 4);
            if all.is_empty() {
                return Err(ReadError::NothingFound);
            }
            // Round letters, a clock's digits or icons elsewhere in the window are other sizes, or
            // off the lattice: then the board is the largest group of shapes that neighbour each other.
            let is_board = |l: &Lattice| l.rows >= 2 && l.cols >= 2;
            two_size_choices(&all, config.vision.hole_to_peg)
                .iter()
                .find_map(|discs| {
                    lattice(discs)
                        .filter(is_board)
                        .or_else(|| lattice(&largest_group(discs, NEIGHBOUR_REACH)).filter(is_board))
                })
                .map(|found| Grid { rect: found.rect(), rows: found.rows, cols: found.cols })
                .ok_or(ReadError::NoLattice(all.len()))
        }
    }
}

/// Reads every square of a known grid with the profile's sampling settings.
pub fn read_with(frame: &Frame, grid: &Grid, config: &PegsConfig) -> Result<Board, ReadError> {
    if config.vision.find == FindBy::Looks {
        return Ok(super::looks::read(frame, grid, &super::looks::Classes::from_config(&config.looks)?)?);
    }
    read_sampled(frame, grid, config.palette.as_ref(), config.vision.patch_fraction, config.vision.max_patch_spread)
}

/// The selected peg, when the profile reads by looks and one is drawn selected (in another colour
/// than the profile's peg); None for a board with none, or a profile that reads by colours.
pub fn selected_with(frame: &Frame, grid: &Grid, config: &PegsConfig) -> Result<Option<Pos>, ReadError> {
    if config.vision.find != FindBy::Looks {
        return Ok(None);
    }
    let classes = super::looks::Classes::from_config(&config.looks)?;
    Ok(super::looks::read_selected(frame, grid, &classes)?.1)
}

/// Reads every square of a known grid from the colour at its centre.
pub fn read(frame: &Frame, grid: &Grid, palette: Option<&Palette>) -> Result<Board, ReadError> {
    let vision = PegsVision::default();
    read_sampled(frame, grid, palette, vision.patch_fraction, vision.max_patch_spread)
}

fn read_sampled(
    frame: &Frame,
    grid: &Grid,
    palette: Option<&Palette>,
    fraction: f64,
    max_spread: f32,
) -> Result<Board, ReadError> {
    let (labs, limit) = colours(palette)?;
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            // The middle of a square lies inside a peg or a hole, whichever is there.
            // A patch that takes in an edge (a board's rim drawn across a square) is uneven; its
            // middle half is then what the square shows.
            let mut s = sample(frame, grid.cell_patch(row, col, fraction));
            if s.spread > max_spread {
                s = sample(frame, grid.cell_patch(row, col, fraction / 2.0));
            }
            if s.spread > max_spread {
                return Err(ReadError::Uneven { row, col, spread: s.spread });
            }
            let nearest = labs.iter().map(|l| l.delta_e(&s.lab)).enumerate().min_by(|a, b| a.1.total_cmp(&b.1));
            let cell = match nearest {
                Some((PEG, d)) if d <= limit => Cell::Peg,
                Some((HOLE, d)) if d <= limit => Cell::Hole,
                Some((_, d)) if d <= limit => Cell::Off,
                _ => {
                    return Err(ReadError::UnknownColour { row, col, rgb: s.rgb });
                }
            };
            cells.push(cell);
        }
    }
    Ok(Board { rows: grid.rows, cols: grid.cols, cells })
}
