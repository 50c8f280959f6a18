//! Finding and reading a board by a learned program's looks (`[looks]` of a profile).
//!
//! A cell is described by what any Minesweeper draws: its background (the colour most of its
//! inside has, and the main colour of each side of its edge, where bevels, gaps and lines show)
//! and the ink on it (pixels far from that background), as a glyph (`glyph`). The board is a
//! lattice of like things (`vision::lattice`), its lines fitted over the whole board (`pitch`),
//! grown over the rows and columns next to it while their cells have the looks of cells or their
//! lines are the board's; so square or stretched cells, gaps or none, a frame or none and a page
//! around the board are all one case. Reading: the background says covered, opened or the hit mine; the ink says a
//! flag, a mine, a number (by the program's own glyphs, else by the general digit shapes), or
//! nothing. Whatever matches none of these is an error naming the cell, never a guess.

use std::collections::HashMap;

use super::glyph::{self, Glyph};
use super::numbers::{is_flag, learned_kind, number};
use crate::frame::{Frame, Rect};
use crate::games::mines::board::{Board, Cell};
use crate::games::mines::config::{Looks, MinesConfig, Role};
use crate::games::mines::read_error::ReadError;
use crate::vision::colour::{Lab, parse_hex, to_hex};
use crate::vision::grid::Grid;
use crate::vision::lattice::{Candidate, Search, first_passing};

/// The share of a cell's side left out all round when its inside is taken (bevels, gaps, lines).
const MARGIN: f64 = 0.14;
/// The share of a cell's side its edge is.
const EDGE: f64 = 0.1;
/// How many lattice candidates are tried (reading and learning alike).
pub const TRIED: usize = 6;
/// A line of a cell's edge this far (ΔE) from its inside is the edge's own.
const UNLIKE: f32 = 10.0;
/// How many times `shift` tries across then down, at most.
const SHIFT_ROUNDS: usize = 3;

/// What a cell looks like.
#[derive(Clone, Debug)]
pub struct CellLook {
    pub centre: [u8; 3],
    /// The mean colour of each side of the cell's edge: top, bottom, left, right.
    pub edge: Edge,
    pub glyph: Option<Glyph>,
}

/// The sides of a cell's edge: top, bottom, left, right.
pub type Edge = [[u8; 3]; 4];

impl CellLook {
    /// How unlike two cells' backgrounds are: the largest ΔE of their sides and twice that of their
    /// insides (an inside's colour is the same in every cell of a look, while a side's mean moves
    /// with where a line falls within a pixel).
    pub fn distance(&self, centre: [u8; 3], edge: Edge) -> f32 {
        self.distance_on(centre, edge, ALL_SIDES)
    }

    /// `distance` judged on the sides `seen` only (top, bottom, left, right).
    pub fn distance_on(&self, centre: [u8; 3], edge: Edge, seen: [bool; 4]) -> f32 {
        let d = |a: [u8; 3], b: [u8; 3]| Lab::from_rgb8(a).delta_e(&Lab::from_rgb8(b));
        (0..4).filter(|&k| seen[k]).map(|k| d(self.edge[k], edge[k])).fold(2.0 * d(self.centre, centre), f32::max)
    }
}

impl CellLook {
    /// True when each side of this cell stands out from its inside about as much as the same side of
    /// the look `centre`/`edge` does from its own (within half of `within`): a stretch of window
    /// with no edge drawn (a title bar, a panel) may have colours near a cell's, but not its edges.
    pub fn drawn_alike(&self, centre: [u8; 3], edge: Edge, within: f32) -> bool {
        self.drawn_alike_on(centre, edge, within, ALL_SIDES)
    }

    /// `drawn_alike` judged on the sides `seen` only (top, bottom, left, right).
    pub fn drawn_alike_on(&self, centre: [u8; 3], edge: Edge, within: f32, seen: [bool; 4]) -> bool {
        let contrast = |c: [u8; 3], e: [u8; 3]| Lab::from_rgb8(c).delta_e(&Lab::from_rgb8(e));
        (0..4)
            .filter(|&k| seen[k])
            .all(|k| (contrast(self.centre, self.edge[k]) - contrast(centre, edge[k])).abs() <= within / 2.0)
    }
}

/// The rectangle shrunk by `share` of its width and height on every side.
fn shrink(rect: Rect, share: f64) -> Rect {
    let (dx, dy) = (rect.width * share, rect.height * share);
    Rect { x: rect.x + dx, y: rect.y + dy, width: rect.width - 2.0 * dx, height: rect.height - 2.0 * dy }
}

/// The pixel bounds of a rectangle inside the frame: x0, y0, x1, y1 (exclusive).
fn bounds(frame: &Frame, rect: Rect) -> (u32, u32, u32, u32) {
    let x0 = rect.x.round().clamp(0.0, frame.width() as f64) as u32;
    let y0 = rect.y.round().clamp(0.0, frame.height() as f64) as u32;
    let x1 = (rect.x + rect.width).round().clamp(0.0, frame.width() as f64) as u32;
    let y1 = (rect.y + rect.height).round().clamp(0.0, frame.height() as f64) as u32;
    (x0, y0, x1, y1)
}

/// The colour most of `rect` has, to within a few levels (colours binned by 8 per channel, the
/// fullest bin's mean): a shaded face still has one.
fn main_colour(frame: &Frame, rect: Rect) -> [u8; 3] {
    let (x0, y0, x1, y1) = bounds(frame, rect);
    main_of((y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).map(|(x, y)| frame.rgb(x, y)))
}

/// The colour most of some pixels have (binned by 8 per channel, the fullest bin's mean; black
/// for none).
fn main_of(colours: impl Iterator<Item = [u8; 3]>) -> [u8; 3] {
    let mut bins: HashMap<[u8; 3], (u32, [u32; 3])> = HashMap::new();
    for p in colours {
        let bin = bins.entry(p.map(|c| c >> 3)).or_insert((0, [0; 3]));
        bin.0 += 1;
        (0..3).for_each(|k| bin.1[k] += p[k] as u32);
    }
    bins.into_values().max_by_key(|(n, sum)| (*n, *sum)).map_or([0; 3], |(n, sum)| sum.map(|s| (s / n) as u8))
}

/// Each side of a cell's edge (top, bottom, left, right): of the lines of pixels along that side
/// within `EDGE` of the cell's side (at least 2), the outermost whose main colour (over the middle
/// 60% of its length: the colour most of it has, so that a number's ink crossing it does not
/// count) lies `UNLIKE` or further from the cell's inside, else the furthest. So a bevel, a line or a gap shows in its own colour
/// whatever the cell's size and wherever it falls within a pixel.
fn sides(frame: &Frame, rect: Rect, centre: [u8; 3]) -> Edge {
    let (x0, y0, x1, y1) = bounds(frame, rect);
    let inside = Lab::from_rgb8(centre);
    let band_x = ((rect.width * EDGE).round() as u32).max(2).min((x1 - x0) / 2);
    let band_y = ((rect.height * EDGE).round() as u32).max(2).min((y1 - y0) / 2);
    let (mx0, mx1) = (x0 + (x1 - x0) / 5, x1 - (x1 - x0) / 5);
    let (my0, my1) = (y0 + (y1 - y0) / 5, y1 - (y1 - y0) / 5);
    let line_mean =
        |pixels: &mut dyn Iterator<Item = (u32, u32)>| -> [u8; 3] { main_of(pixels.map(|(x, y)| frame.rgb(x, y))) };
    // The outermost line unlike the inside, else the furthest from it: a number drawn up to the
    // cell's edge lies inside its line, never outside.
    let furthest = |lines: Vec<[u8; 3]>| -> [u8; 3] {
        let away = |c: &[u8; 3]| Lab::from_rgb8(*c).delta_e(&inside);
        let outer = lines.iter().find(|c| away(c) > UNLIKE).copied();
        outer.or_else(|| lines.into_iter().max_by(|a, b| away(a).total_cmp(&away(b)))).unwrap_or(centre)
    };
    let rows = |ys: Vec<u32>| furthest(ys.into_iter().map(|y| line_mean(&mut (mx0..mx1).map(|x| (x, y)))).collect());
    let cols = |xs: Vec<u32>| furthest(xs.into_iter().map(|x| line_mean(&mut (my0..my1).map(|y| (x, y)))).collect());
    [
        rows((y0..y0 + band_y).collect()),
        rows((y1 - band_y..y1).rev().collect()),
        cols((x0..x0 + band_x).collect()),
        cols((x1 - band_x..x1).rev().collect()),
    ]
}

/// Describes the cell in `rect`; ink is what lies `ink_delta_e` or further from its background.
pub fn describe(frame: &Frame, rect: Rect, ink_delta_e: f32) -> CellLook {
    let mut look = background(frame, rect);
    let inside = shrink(rect, MARGIN);
    look.glyph = glyph::ink(frame, inside, look.centre, ink_delta_e).and_then(|ink| glyph::glyph_of(&ink, rect.height));
    look
}

/// The cell in `rect` by its background alone, with no glyph: all that finding and placing the
/// board compare (the ink, a colour difference per pixel, is the dear part of a description).
pub fn background(frame: &Frame, rect: Rect) -> CellLook {
    let centre = main_colour(frame, shrink(rect, MARGIN));
    CellLook { centre, edge: sides(frame, rect, centre), glyph: None }
}

/// Grows `grid` a row or column at a time (top, bottom, left, right) while the new line lies in
/// the frame and either every cell of it `fits` or it is drawn as the board's cells are
/// (`pitch::lined`).
pub fn grow(frame: &Frame, grid: &Grid, fits: &dyn Fn(&CellLook) -> bool) -> Grid {
    let mut grid = grid.clone();
    let (pw, ph) = (grid.cell_width(), grid.cell_height());
    loop {
        let mut grown = false;
        for side in 0..4 {
            let mut next = grid.clone();
            match side {
                0 => next.rect.y -= ph,
                1 => {}
                2 => next.rect.x -= pw,
                _ => {}
            }
            if side < 2 {
                next.rows += 1;
                next.rect.height += ph;
            } else {
                next.cols += 1;
                next.rect.width += pw;
            }
            if !next.fits(frame) || next.rows * next.cols > crate::games::mines::board::MAX_CELLS {
                continue;
            }
            let line: Vec<(usize, usize)> = match side {
                0 => (0..next.cols).map(|c| (0, c)).collect(),
                1 => (0..next.cols).map(|c| (next.rows - 1, c)).collect(),
                2 => (0..next.rows).map(|r| (r, 0)).collect(),
                _ => (0..next.rows).map(|r| (r, next.cols - 1)).collect(),
            };
            let alike = || line.iter().all(|&(r, c)| fits(&background(frame, next.cell_rect(r, c))));
            if alike() || super::pitch::lined(frame, &grid, side) {
                grid = next;
                grown = true;
            }
        }
        if !grown {
            return grid;
        }
    }
}

/// The board found from a lattice's grid: its lines fitted over it (`pitch::fit`) and moved where
/// its cells look most alike (`shift`), grown over the rows and columns next to it whose cells
/// `fits`, and fitted and moved again over all it then covers.
pub fn settle(
    frame: &Frame,
    start: &Grid,
    fits: &dyn Fn(&CellLook) -> bool,
    cost: &dyn Fn(&[CellLook]) -> f64,
) -> Grid {
    let placed = |grid: &Grid| shift(frame, &super::pitch::fit(frame, grid), cost);
    let grown = grow(frame, &placed(start), fits);
    grow(frame, &placed(&grown), fits)
}

/// The backgrounds of every cell of a grid, row by row.
pub fn looks_of(frame: &Frame, grid: &Grid) -> Vec<CellLook> {
    (0..grid.rows * grid.cols).map(|i| background(frame, grid.cell_rect(i / grid.cols, i % grid.cols))).collect()
}

/// The grid moved by up to 2 px (and less than a sixth of a cell) from where it was given, across, then down, to where
/// `cost` of its cells' looks is least (the nearest on a tie): an edge fitted to the picture's sharpest lines may lie a pixel or two
/// off where the program's cells begin, and cells of one kind look most alike when read where
/// they really lie. Across and down are tried again while either moves (up to `SHIFT_ROUNDS`):
/// read a row too high, a cell's top edge may be the line of the one above, and the best place
/// across is found only once the grid is right down (WineMine, whose cells draw their lines at
/// their bottom and right).
pub fn shift(frame: &Frame, grid: &Grid, cost: &dyn Fn(&[CellLook]) -> f64) -> Grid {
    let mut best = grid.clone();
    let mut least = f64::MAX;
    for _ in 0..SHIFT_ROUNDS {
        let before = (best.rect.x, best.rect.y);
        for across in [true, false] {
            // Each axis moves from where the grid was given, the other where it is now best.
            let mut base = best.clone();
            if across {
                base.rect.x = grid.rect.x
            } else {
                base.rect.y = grid.rect.y
            }
            let pitch = if across { base.cell_width() } else { base.cell_height() };
            for k in [0, -1, 1, -2, 2, -3, 3, -4, 4] {
                let mut moved = base.clone();
                let d = k as f64 * 0.5;
                if d.abs() >= pitch / 6.0 {
                    continue;
                }
                if across {
                    moved.rect.x += d
                } else {
                    moved.rect.y += d
                }
                if !moved.fits(frame) {
                    continue;
                }
                let c = cost(&looks_of(frame, &moved));
                if c < least {
                    (least, best) = (c, moved);
                }
            }
        }
        if (best.rect.x, best.rect.y) == before {
            break;
        }
    }
    best
}

/// The background looks of a profile as RGB, with their roles.
pub(super) fn backgrounds(looks: &Looks) -> Result<Vec<(Role, [u8; 3], Edge)>, ReadError> {
    let hex = |t: &str| parse_hex(t).ok_or_else(|| ReadError::Colours(format!("looks: '{t}' is not #rrggbb")));
    let edge = |e: &[String]| -> Result<Edge, ReadError> {
        if e.len() != 4 {
            return Err(ReadError::Colours(format!("looks: an edge has {} sides, expected 4", e.len())));
        }
        Ok([hex(&e[0])?, hex(&e[1])?, hex(&e[2])?, hex(&e[3])?])
    };
    looks.backgrounds.iter().map(|b| Ok((b.role, hex(&b.centre)?, edge(&b.edge)?))).collect()
}

/// The role of the nearest background look within the profile's ΔE; else, side by side (`by_sides`);
/// else None.
pub(super) fn role_of(look: &CellLook, backgrounds: &[(Role, [u8; 3], Edge)], max: f32) -> Option<(Role, f32)> {
    backgrounds
        .iter()
        .map(|&(role, centre, edge)| (role, look.distance(centre, edge)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|&(_, d)| d <= max)
        .or_else(|| by_sides(look, backgrounds, max).map(|role| (role, max)))
}

/// A look none of the profile's is near may still be a role's: a cell's edge is drawn by what lies
/// beside it (a line shared with the neighbour, the board's edge), so a cell where opened and
/// covered cells meet otherwise than in the calibration shot has an edge of sides seen, put
/// together anew; a program may outline one cell (the cell its keyboard is on) in a colour it
/// draws elsewhere as another look's edge; and a page may leave a line of another colour along
/// one side of a cell (rw-pz's animations leave a black one). It is the role whose looks have its
/// inside colour when no other role's do, and half of its sides at least are each near a side of
/// one of the profile's looks (so that it is a cell of the board drawn as the board's cells are,
/// not something else of that colour).
fn by_sides(look: &CellLook, backgrounds: &[(Role, [u8; 3], Edge)], max: f32) -> Option<Role> {
    let d = |a: [u8; 3], b: [u8; 3]| Lab::from_rgb8(a).delta_e(&Lab::from_rgb8(b));
    let inside: Vec<&(Role, [u8; 3], Edge)> =
        backgrounds.iter().filter(|(_, centre, _)| 2.0 * d(look.centre, *centre) <= max).collect();
    let role = inside.first()?.0;
    let sides_seen = |side: [u8; 3]| backgrounds.iter().any(|(_, _, edge)| edge.iter().any(|&e| d(side, e) <= max));
    let unseen = look.edge.iter().filter(|&&side| !sides_seen(side)).count();
    (inside.iter().all(|b| b.0 == role) && unseen <= ODD_SIDES).then_some(role)
}

/// Whether each side of a cell is crisply a side one of the profile's looks has, or shows no line
/// at all (its inside's colour), each within half the profile's ΔE: the lines of a board zoomed
/// otherwise than in the calibration shot are still drawn in whole pixels of the profile's
/// colours, only falling within other cells' edges (a page's opened cell at 0.7 with the covered
/// cells' white line on two sides and none on a third), where a picture blurred or shrunk below
/// its cells' size mixes every line with what lies beside it (gnome-mines' shot shrunk to 0.4:
/// sides ΔE 6 to 14 from both the gaps' colour and the inside).
fn lined_as_known(look: &CellLook, backgrounds: &[(Role, [u8; 3], Edge)], max: f32) -> bool {
    let d = |a: [u8; 3], b: [u8; 3]| Lab::from_rgb8(a).delta_e(&Lab::from_rgb8(b));
    let crisp = max / 2.0;
    let known = |side: [u8; 3]| backgrounds.iter().any(|(_, _, edge)| edge.iter().any(|&e| d(side, e) <= crisp));
    look.edge.iter().all(|&side| known(side) || d(side, look.centre) <= crisp)
}

/// How many sides of a cell read by its inside (`by_sides`) may be of a colour no look's side has.
const ODD_SIDES: usize = 2;

/// Every side of a cell: top, bottom, left, right.
pub const ALL_SIDES: [bool; 4] = [true; 4];

/// Whether a cell's background is one of the profile's looks, drawn as that look is.
pub fn fits_looks(looks: &Looks) -> Result<impl Fn(&CellLook) -> bool + '_, ReadError> {
    let on = fits_looks_on(looks)?;
    Ok(move |l: &CellLook| on(l, ALL_SIDES))
}

/// `fits_looks` judged on the sides `seen` only (top, bottom, left, right): a cell part of which
/// lies beyond the picture shows only some of its sides.
pub fn fits_looks_on(looks: &Looks) -> Result<impl Fn(&CellLook, [bool; 4]) -> bool + '_, ReadError> {
    let known = backgrounds(looks)?;
    let max = looks.max_delta_e;
    Ok(move |l: &CellLook, seen: [bool; 4]| {
        known.iter().any(|&(_, c, e)| l.distance_on(c, e, seen) <= max && l.drawn_alike_on(c, e, max, seen))
    })
}

/// Finds the board by the profile's looks: the first lattice candidate that, grown over the cells
/// next to it, has cells all of the profile's backgrounds (a tenth at most unlike); when no
/// candidate has, the first whose cells are of the profile's backgrounds or read by their insides
/// (`by_sides`: a page may leave lines of another colour along the sides of many cells at once).
/// A board of cells that fit is preferred: a part of the board may pass by insides alone; and
/// by insides, at most half the cells may be read so unless their sides are all the profile's
/// lines or none (`lined_as_known`).
pub fn locate(frame: &Frame, looks: &Looks) -> Result<Grid, ReadError> {
    locate_by(frame, looks, false).or_else(|strict| match strict {
        ReadError::NoLattice(_) => locate_by(frame, looks, true).map_err(|_| strict),
        _ => Err(strict),
    })
}

/// `locate`, counting cells read by their insides (`by_sides`) as the profile's when `by_insides`.
fn locate_by(frame: &Frame, looks: &Looks, by_insides: bool) -> Result<Grid, ReadError> {
    let fits = fits_looks(looks)?;
    let known = backgrounds(looks)?;
    let placing = |cells: &[CellLook]| placed_cost(cells, &fits);
    // A candidate refused whose board the picture's edge cuts: the reason given when none passes.
    let cut = std::cell::RefCell::new(None);
    let accept = |_: &crate::vision::lattice::Found, candidate: &Candidate| -> Result<Grid, String> {
        let start = candidate.grid();
        let small = start.cell_width().min(start.cell_height());
        if small < looks.min_cell as f64 {
            return Err(format!("{}: cells smaller than {} px", candidate.describe(), looks.min_cell));
        }
        let grid = settle(frame, &start, &fits, &placing);
        let cells = grid.rows * grid.cols;
        // Counting cells by their insides, most must still be drawn with the profile's lines: a
        // picture blurred or shrunk below its cells' size softens every side, and is no board of
        // this profile.
        let (mut unlike, mut odd) = (0, 0);
        for i in 0..cells {
            let look = background(frame, grid.cell_rect(i / grid.cols, i % grid.cols));
            let fitting = fits(&look);
            odd += usize::from(by_insides && !fitting && !lined_as_known(&look, &known, looks.max_delta_e));
            let like = fitting || by_insides && by_sides(&look, &known, looks.max_delta_e).is_some();
            unlike += usize::from(!like);
        }
        if grid.rows < 2 || grid.cols < 2 || unlike * 10 > cells || odd * 2 > cells {
            if let Ok(Some(c)) = super::whole::cut_by_picture(frame, &grid, looks) {
                cut.borrow_mut().get_or_insert(c);
            }
            return Err(format!(
                "{}: {unlike} of its {cells} cells look like no cell of the profile",
                candidate.describe()
            ));
        }
        Ok(grid)
    };
    first_passing(frame, &Search::default(), TRIED, accept).map_err(|misses| {
        if let Some(c) = cut.borrow_mut().take() {
            return ReadError::CutOff(c);
        }
        let why = if misses.is_empty() { "nothing repeats on a lattice".to_string() } else { misses.join("; ") };
        ReadError::NoLattice(why)
    })
}

/// Where reading places a grid: first where the most of its cells are drawn as the profile's looks
/// are, then (on a tie) where its cells look most alike, as calibration placed the grid it learned
/// from. A board drawn at another scale than the calibration shot's (a page zoomed) has its
/// one-pixel lines fall otherwise within its cells from row to row, so the place where its cells
/// look most alike may be one where the lines the profile's looks have fall outside their edges.
fn placed_cost(cells: &[CellLook], fits: &dyn Fn(&CellLook) -> bool) -> f64 {
    cells.iter().filter(|l| !fits(l)).count() as f64 + super::alike(cells) / 10_000.0
}

/// An edge's sides as `#rrggbb`.
pub fn edge_hex(edge: &Edge) -> Vec<String> {
    edge.iter().map(|&c| to_hex(c)).collect()
}

/// Reads one cell by the profile's looks.
pub fn read_cell(frame: &Frame, rect: Rect, looks: &Looks) -> Result<Cell, String> {
    let known = backgrounds(looks).map_err(|e| e.to_string())?;
    let look = describe(frame, rect, looks.ink_delta_e);
    let Some((role, _)) = role_of(&look, &known, looks.max_delta_e) else {
        let unknown = format!(
            "its look (inside {}, edge {}) is none of the profile's cells: is something covering the board?",
            to_hex(look.centre),
            edge_hex(&look.edge).join(" ")
        );
        // An opened cell in a shade of its own, read only when its ink is a number (`shade`).
        return match &look.glyph {
            Some(glyph) if super::shade::opened_in_a_shade(&look, &known, looks.max_delta_e) => {
                match number(glyph, looks, false, rect.height) {
                    Ok(Some(n)) if n > 0 => Ok(Cell::Open(n)),
                    Ok(_) => Err(unknown),
                    Err(ink) => Err(format!("{unknown} (drawn as an opened cell in a shade of its own, with {ink})")),
                }
            }
            _ => Err(unknown),
        };
    };
    let faint = role == Role::Opened && look.glyph.is_none();
    let look = match faint {
        true => super::faint::look_again(frame, rect, shrink(rect, MARGIN), look, looks.ink_delta_e),
        false => look,
    };
    let Some(glyph) = &look.glyph else {
        return Ok(match role {
            Role::Covered => Cell::Covered,
            Role::Opened => Cell::Open(0),
            Role::Hit => Cell::Mine,
            Role::Flagged => Cell::Flagged,
        });
    };
    let learned = learned_kind(glyph, &looks.glyphs, looks.glyph_distance);
    match (role, learned) {
        (Role::Flagged, _) => Ok(Cell::Flagged),
        (Role::Hit, _) | (_, Some("mine")) => Ok(Cell::Mine),
        (_, Some("flag")) => Ok(Cell::Flagged),
        (Role::Covered, _) if is_flag(glyph, looks) => Ok(Cell::Flagged),
        (Role::Covered, _) => Err(format!("a covered cell with an unknown mark on it (ink {})", to_hex(glyph.colour))),
        (Role::Opened, _) => Ok(Cell::Open(number(glyph, looks, faint, rect.height)?.unwrap_or(0))),
    }
}

/// Reads every cell of `grid` by the profile's looks.
pub fn read(frame: &Frame, grid: &Grid, config: &MinesConfig, looks: &Looks) -> Result<Board, ReadError> {
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let cell =
                read_cell(frame, grid.cell_rect(row, col), looks).map_err(|what| ReadError::Cell { row, col, what })?;
            cells.push(cell);
        }
    }
    Ok(Board {
        rows: grid.rows,
        cols: grid.cols,
        cells,
        mines: config.rules.mines,
        first_click: config.rules.first_click,
    })
}

#[cfg(test)]
#[path = "sides_tests.rs"]
mod sides_tests;

#[cfg(test)]
#[path = "scale_tests.rs"]
mod scale_tests;
