//! Finding and reading a board by a learned program's looks (`[looks]` of a profile).
//!
//! A cell is described by what any Minesweeper draws: its background (the colour most of its
//! inside has, and the mean of its edge, where bevels, gaps and lines show) and the ink on it
//! (pixels far from that background), as a glyph (`glyph`). The board is a lattice of like things
//! (`vision::lattice`) grown over the rows and columns next to it while their cells have the looks
//! of cells; so square or stretched cells, gaps or none, a frame or none and a page around the board
//! are all one case. Reading: the background says covered, opened or the hit mine; the ink says a
//! flag, a mine, a number (by the program's own glyphs, else by the general digit shapes), or
//! nothing. Whatever matches none of these is an error naming the cell, never a guess.

use std::collections::HashMap;

use super::glyph::{self, Glyph, general_digit, shape_distance};
use crate::frame::{Frame, Rect};
use crate::games::mines::board::{Board, Cell};
use crate::games::mines::config::{GlyphLook, Looks, MinesConfig, Role};
use crate::games::mines::read_error::ReadError;
use crate::vision::colour::{Lab, parse_hex, to_hex};
use crate::vision::grid::Grid;
use crate::vision::lattice::{Candidate, Search, first_passing};

/// The share of a cell's side left out all round when its inside is taken (bevels, gaps, lines).
const MARGIN: f64 = 0.14;
/// The share of a cell's side its edge is.
const EDGE: f64 = 0.1;
/// How many lattice candidates are tried.
const TRIED: usize = 6;
/// How far a glyph's colour may lie from a learned glyph's for it to count as that one.
const GLYPH_COLOUR: f32 = 30.0;

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
        let d = |a: [u8; 3], b: [u8; 3]| Lab::from_rgb8(a).delta_e(&Lab::from_rgb8(b));
        (0..4).map(|k| d(self.edge[k], edge[k])).fold(2.0 * d(self.centre, centre), f32::max)
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
    let mut bins: HashMap<[u8; 3], (u32, [u32; 3])> = HashMap::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let p = frame.rgb(x, y);
            let bin = bins.entry(p.map(|c| c >> 3)).or_insert((0, [0; 3]));
            bin.0 += 1;
            (0..3).for_each(|k| bin.1[k] += p[k] as u32);
        }
    }
    bins.into_values().max_by_key(|(n, sum)| (*n, *sum)).map_or([0; 3], |(n, sum)| sum.map(|s| (s / n) as u8))
}

/// Each side of a cell's edge (top, bottom, left, right): of the lines of pixels along that side
/// within `EDGE` of the cell's side (at least 2), the one whose mean colour (over the middle 60%
/// of its length) lies furthest from the cell's inside. So a bevel, a line or a gap shows in its
/// own colour whatever the cell's size and wherever it falls within a pixel.
fn sides(frame: &Frame, rect: Rect, centre: [u8; 3]) -> Edge {
    let (x0, y0, x1, y1) = bounds(frame, rect);
    let inside = Lab::from_rgb8(centre);
    let band_x = ((rect.width * EDGE).round() as u32).max(2).min((x1 - x0) / 2);
    let band_y = ((rect.height * EDGE).round() as u32).max(2).min((y1 - y0) / 2);
    let (mx0, mx1) = (x0 + (x1 - x0) / 5, x1 - (x1 - x0) / 5);
    let (my0, my1) = (y0 + (y1 - y0) / 5, y1 - (y1 - y0) / 5);
    let line_mean =
        |pixels: &mut dyn Iterator<Item = (u32, u32)>| -> [u8; 3] { mean_rgb(pixels.map(|(x, y)| frame.rgb(x, y))) };
    let furthest = |lines: Vec<[u8; 3]>| -> [u8; 3] {
        lines
            .into_iter()
            .max_by(|a, b| Lab::from_rgb8(*a).delta_e(&inside).total_cmp(&Lab::from_rgb8(*b).delta_e(&inside)))
            .unwrap_or(centre)
    };
    let rows = |ys: Vec<u32>| furthest(ys.into_iter().map(|y| line_mean(&mut (mx0..mx1).map(|x| (x, y)))).collect());
    let cols = |xs: Vec<u32>| furthest(xs.into_iter().map(|x| line_mean(&mut (my0..my1).map(|y| (x, y)))).collect());
    [
        rows((y0..y0 + band_y).collect()),
        rows((y1 - band_y..y1).collect()),
        cols((x0..x0 + band_x).collect()),
        cols((x1 - band_x..x1).collect()),
    ]
}

/// The mean of some colours (black for none).
fn mean_rgb(colours: impl Iterator<Item = [u8; 3]>) -> [u8; 3] {
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    for c in colours {
        (0..3).for_each(|k| sum[k] += c[k] as u64);
        n += 1;
    }
    if n == 0 { [0; 3] } else { sum.map(|s| (s / n) as u8) }
}

/// Describes the cell in `rect`; ink is what lies `ink_delta_e` or further from its background.
pub fn describe(frame: &Frame, rect: Rect, ink_delta_e: f32) -> CellLook {
    let inside = shrink(rect, MARGIN);
    let centre = main_colour(frame, inside);
    let edge = sides(frame, rect, centre);
    let glyph = glyph::ink(frame, inside, centre, ink_delta_e).and_then(|ink| glyph::glyph_of(&ink, rect.height));
    CellLook { centre, edge, glyph }
}

/// Grows `grid` a row or column at a time (top, bottom, left, right) while every cell of the new
/// line lies in the frame and `fits`.
pub fn grow(frame: &Frame, grid: &Grid, fits: &dyn Fn(&CellLook) -> bool, ink_delta_e: f32) -> Grid {
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
            if line.iter().all(|&(r, c)| fits(&describe(frame, next.cell_rect(r, c), ink_delta_e))) {
                grid = next;
                grown = true;
            }
        }
        if !grown {
            return grid;
        }
    }
}

/// The grid moved (by less than half a cell) and, with `refine_pitch`, its pitch set (within 0.6 px) to where the lines
/// between its cells are sharpest: a lattice found from the things on the cells knows its phase
/// and pitch only roughly (a bevelled face is off its cell's centre; a pitch a fifth of a pixel
/// off is three pixels off after 16 cells), and a cell's edge must be read where it lies.
pub fn align(frame: &Frame, grid: &Grid, refine_pitch: bool) -> Grid {
    let grey = |x: i64, y: i64| -> i32 {
        let (x, y) = (x.clamp(0, frame.width() as i64 - 1) as u32, y.clamp(0, frame.height() as i64 - 1) as u32);
        let p = frame.rgb(x, y);
        p[0] as i32 + p[1] as i32 + p[2] as i32
    };
    // The sharpness of the lines at x0 + k * pitch (across) or y0 + k * pitch (down).
    let score = |start: f64, pitch: f64, lines: (usize, usize), across: bool| -> i64 {
        let (from, to) = if across {
            (grid.rect.y as i64, (grid.rect.y + grid.rect.height) as i64)
        } else {
            (grid.rect.x as i64, (grid.rect.x + grid.rect.width) as i64)
        };
        let mut sum = 0i64;
        for k in lines.0..=lines.1 {
            let at = (start + k as f64 * pitch).round() as i64;
            for t in (from..to).step_by(2) {
                let d = if across { grey(at, t) - grey(at - 1, t) } else { grey(t, at) - grey(t, at - 1) };
                sum += d.abs() as i64;
            }
        }
        sum
    };
    // The sharpest phase; where a second edge nearly as sharp lies close by (the two sides of a
    // gap, or of a line), the middle of the two.
    let best = |start: f64, pitch: f64, lines: (usize, usize), across: bool| -> (f64, i64) {
        let steps = (pitch * 2.0).ceil() as i64;
        let scored: Vec<(f64, i64)> =
            (-steps..=steps).map(|s| start + s as f64 * 0.25).map(|o| (o, score(o, pitch, lines, across))).collect();
        let Some(&(first, top)) = scored.iter().max_by_key(|(o, v)| (*v, -((o - start).abs() * 100.0) as i64)) else {
            return (start, 0);
        };
        let near = |o: f64| (o - first).abs() >= 1.0 && (o - first).abs() <= 0.2 * pitch;
        let second = scored.iter().filter(|(o, _)| near(*o)).max_by_key(|(_, v)| *v);
        match second {
            Some(&(other, v)) if v as f64 >= 0.6 * top as f64 => ((first + other) / 2.0, top),
            _ => (first, top),
        }
    };
    // The pitch too, within 0.6 px of the lattice's, where that makes the lines a quarter sharper:
    // over many cells a small error adds up (a gap's two sides make smaller gains of a wrong one).
    let pitch_and_phase = |start: f64, pitch: f64, lines: usize, across: bool| -> (f64, f64) {
        let (phase, own) = best(start, pitch, (0, lines), across);
        if !refine_pitch {
            return (pitch, phase);
        }
        (-6..=6)
            .map(|k| pitch + k as f64 * 0.1)
            .map(|p| {
                let (phase, score) = best(start, p, (0, lines), across);
                (p, phase, score)
            })
            .max_by_key(|&(p, _, score)| (score, -((p - pitch).abs() * 100.0) as i64))
            .filter(|&(_, _, score)| score as f64 > 1.25 * own as f64)
            .map_or((pitch, phase), |(p, phase, _)| (p, phase))
    };
    let mut aligned = grid.clone();
    let (pitch_x, x) = pitch_and_phase(grid.rect.x, grid.cell_width(), grid.cols, true);
    let (pitch_y, y) = pitch_and_phase(grid.rect.y, grid.cell_height(), grid.rows, false);
    aligned.rect = Rect { x, y, width: pitch_x * grid.cols as f64, height: pitch_y * grid.rows as f64 };
    if aligned.fits(frame) { aligned } else { grid.clone() }
}

/// The background looks of a profile as RGB, with their roles.
fn backgrounds(looks: &Looks) -> Result<Vec<(Role, [u8; 3], Edge)>, ReadError> {
    let hex = |t: &str| parse_hex(t).ok_or_else(|| ReadError::Colours(format!("looks: '{t}' is not #rrggbb")));
    let edge = |e: &[String]| -> Result<Edge, ReadError> {
        if e.len() != 4 {
            return Err(ReadError::Colours(format!("looks: an edge has {} sides, expected 4", e.len())));
        }
        Ok([hex(&e[0])?, hex(&e[1])?, hex(&e[2])?, hex(&e[3])?])
    };
    looks.backgrounds.iter().map(|b| Ok((b.role, hex(&b.centre)?, edge(&b.edge)?))).collect()
}

/// The role of the nearest background look within the profile's ΔE, or None.
fn role_of(look: &CellLook, backgrounds: &[(Role, [u8; 3], Edge)], max: f32) -> Option<(Role, f32)> {
    backgrounds
        .iter()
        .map(|&(role, centre, edge)| (role, look.distance(centre, edge)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|&(_, d)| d <= max)
}

/// Finds the board by the profile's looks: the first lattice candidate that, grown over the cells
/// next to it, has cells all of the profile's backgrounds.
pub fn locate(frame: &Frame, config: &MinesConfig, looks: &Looks) -> Result<Grid, ReadError> {
    let known = backgrounds(looks)?;
    let fits = |l: &CellLook| role_of(l, &known, looks.max_delta_e).is_some();
    let accept = |_: &crate::vision::lattice::Found, candidate: &Candidate| -> Result<Grid, String> {
        let start = candidate.grid();
        let small = start.cell_width().min(start.cell_height());
        if small < looks.min_cell as f64 {
            return Err(format!("{}: cells smaller than {} px", candidate.describe(), looks.min_cell));
        }
        // Aligned with the lattice's pitch, else with the pitch refined: the first whose cells all
        // look like cells, else the one with fewer that do not.
        let mut tries = Vec::new();
        for refine in [false, true] {
            let grid = grow(frame, &align(frame, &start, refine), &fits, looks.ink_delta_e);
            let cells = grid.rows * grid.cols;
            let unlike = (0..cells)
                .filter(|&i| !fits(&describe(frame, grid.cell_rect(i / grid.cols, i % grid.cols), looks.ink_delta_e)))
                .count();
            tries.push((unlike, grid));
            if unlike == 0 {
                break;
            }
        }
        tries.sort_by_key(|(unlike, _)| *unlike);
        let (unlike, grid) = tries.swap_remove(0);
        let cells = grid.rows * grid.cols;
        if grid.rows < 2 || grid.cols < 2 || unlike * 10 > cells {
            return Err(format!(
                "{}: {unlike} of its {cells} cells look like no cell of the profile",
                candidate.describe()
            ));
        }
        Ok(grid)
    };
    let _ = config;
    first_passing(frame, &Search::default(), TRIED, accept).map_err(|misses| {
        let why = if misses.is_empty() { "nothing repeats on a lattice".to_string() } else { misses.join("; ") };
        ReadError::NoFrame(format!("no lattice of cells with the profile's looks: {why}"))
    })
}

/// What a glyph is by the profile's learned glyphs: the kind of the nearest within its distance.
fn learned_kind<'a>(glyph: &Glyph, glyphs: &'a [GlyphLook], max: f32) -> Option<&'a str> {
    let colour = Lab::from_rgb8(glyph.colour);
    glyphs
        .iter()
        .filter(|g| g.zones.len() == glyph::ZONES && g.holes == glyph.holes)
        .filter(|g| parse_hex(&g.colour).is_some_and(|c| Lab::from_rgb8(c).delta_e(&colour) <= GLYPH_COLOUR))
        .map(|g| {
            let mut zones = [0f32; glyph::ZONES];
            zones.copy_from_slice(&g.zones);
            let other = Glyph { zones, holes: g.holes, aspect: g.aspect, ..glyph.clone() };
            (g.kind.as_str(), shape_distance(glyph, &other))
        })
        .filter(|&(_, d)| d <= max)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(kind, _)| kind)
}

/// The number a glyph shows on an opened cell: a learned glyph, else the general digit shapes
/// (refused when the program tells its numbers by colour and this one has another number's).
fn number(glyph: &Glyph, looks: &Looks) -> Result<Option<u8>, String> {
    if let Some(kind) = learned_kind(glyph, &looks.glyphs, looks.glyph_distance) {
        return Ok(kind.parse::<u8>().ok());
    }
    match general_digit(glyph) {
        Ok(v) => {
            let colour = Lab::from_rgb8(glyph.colour);
            let clash = looks.glyphs.iter().find(|g| {
                g.kind != v.digit.to_string()
                    && g.kind.parse::<u8>().is_ok()
                    && parse_hex(&g.colour).is_some_and(|c| Lab::from_rgb8(c).delta_e(&colour) <= 8.0)
                    && !looks.glyphs.iter().any(|o| o.kind == v.digit.to_string())
                    && colour_coded(looks)
            });
            match clash {
                Some(g) => Err(format!(
                    "a glyph shaped like {} in the colour of the program's {} ({}): unknown",
                    v.digit,
                    g.kind,
                    to_hex(glyph.colour)
                )),
                None => Ok(Some(v.digit)),
            }
        }
        Err(v) => Err(format!(
            "an unknown glyph (ink {}, {} holes; nearest digit {} at {:.3}, next at {:.3})",
            to_hex(glyph.colour),
            glyph.holes,
            v.digit,
            v.distance,
            v.runner_up
        )),
    }
}

/// True when the learned numbers all have colours of their own (ΔE over 8 apart).
fn colour_coded(looks: &Looks) -> bool {
    let colours: Vec<Lab> = looks
        .glyphs
        .iter()
        .filter(|g| g.kind.parse::<u8>().is_ok())
        .filter_map(|g| parse_hex(&g.colour).map(Lab::from_rgb8))
        .collect();
    colours.len() >= 2 && colours.iter().enumerate().all(|(i, a)| colours[i + 1..].iter().all(|b| a.delta_e(b) > 8.0))
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
        return Err(format!(
            "its look (inside {}, edge {}) is none of the profile's cells: is something covering the board?",
            to_hex(look.centre),
            edge_hex(&look.edge).join(" ")
        ));
    };
    let Some(glyph) = &look.glyph else {
        return Ok(match role {
            Role::Covered => Cell::Covered,
            Role::Opened => Cell::Open(0),
            Role::Hit => Cell::Mine,
        });
    };
    let learned = learned_kind(glyph, &looks.glyphs, looks.glyph_distance);
    match (role, learned) {
        (Role::Hit, _) | (_, Some("mine")) => Ok(Cell::Mine),
        (_, Some("flag")) => Ok(Cell::Flagged),
        (Role::Covered, _) => Err(format!("a covered cell with an unknown mark on it (ink {})", to_hex(glyph.colour))),
        (Role::Opened, _) => Ok(Cell::Open(number(glyph, looks)?.unwrap_or(0))),
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
