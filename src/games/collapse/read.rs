//! Reads the real Collapse game window: where the building is (`locate`) and what every room holds
//! (`read`).
//!
//! The game (pygame, 800x600) draws the building in the left 600x600 as square rooms, each its own
//! 1-pixel white rectangle (so neighbours show double lines), rubble as solid dark grey rooms with
//! no outline, the player as a red '@', and each room's number centred in it: grey in easy mode,
//! brown (food) or blue (water) in hard mode, nothing for an empty room. `locate` measures the room
//! pitch from the standing rooms' outlines and the building's extent from outlines plus rubble;
//! `read` classifies each room by colour and recognises its glyph by shape (`glyph.rs`). Anything it
//! cannot account for is an error naming the room and what was seen: the reader never guesses.

mod digits;
pub mod glyph;
#[cfg(test)]
mod tests;

use thiserror::Error;

use super::board::{Board, Mode, Room};
use super::config::Colours;
use crate::frame::{Frame, Rect};
use crate::vision::grid::Grid;
use crate::vision::regions::{Component, components};
use glyph::Ink;

/// How far (per channel) a pixel may stray from a flat colour (outline, rubble) and still be it.
const FLAT_TOLERANCE: u8 = 12;
/// A pixel brighter than this in some channel is ink (else background black).
const INK_LEVEL: u8 = 40;
/// The most a room's ink may differ on average (RGB distance) from a blend of one ink colour with
/// black.
const MAX_INK_RESIDUAL: f32 = 16.0;
/// The least correlation with a glyph template that counts as recognising it.
const MIN_SCORE: f32 = 0.85;
/// How much better the best glyph must score than the runner-up.
const MIN_MARGIN: f32 = 0.03;
/// Share of a room's inside that must be rubble-grey for the room to be collapsed.
const RUBBLE_SHARE: f64 = 0.9;
/// Share of a standing room's outline that must be white.
const OUTLINE_SHARE: f64 = 0.9;

/// Why a frame could not be read.
#[derive(Debug, Error, PartialEq)]
pub enum ReadError {
    #[error("no Collapse building in the frame: {0}")]
    NoBoard(String),
    #[error("the building's grid does not add up: {0}")]
    BadGrid(String),
    #[error("room (row {row}, col {col}): {seen}")]
    Room { row: usize, col: usize, seen: String },
    #[error("cannot tell easy from hard mode: {0}")]
    Mode(String),
    #[error("the rooms read do not form a building: {0}")]
    Board(String),
}

fn near(p: [u8; 3], c: [u8; 3], tolerance: u8) -> bool {
    p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= tolerance)
}

/// A mask of the frame's pixels within `FLAT_TOLERANCE` of `colour`, row-major.
fn mask(frame: &Frame, colour: [u8; 3]) -> Vec<bool> {
    frame.image.pixels().map(|p| near([p.0[0], p.0[1], p.0[2]], colour, FLAT_TOLERANCE)).collect()
}

/// Runs of consecutive true values, as (start, length).
fn runs(line: impl Iterator<Item = bool>) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut last = false;
    for (i, on) in line.enumerate() {
        match (on, last, out.last_mut()) {
            (true, true, Some(run)) => run.1 += 1,
            (true, _, _) => out.push((i, 1)),
            _ => {}
        }
        last = on;
    }
    out
}

/// The white component that is the standing rooms: a frame-like box whose border is all white
/// (text and glyph strokes are not), the largest such.
fn standing(white: &[bool], width: usize) -> Option<Component> {
    let at = |x: u32, y: u32| white[y as usize * width + x as usize];
    components(white, width)
        .into_iter()
        .filter(|c| c.width() >= 6 && c.height() >= 6)
        .filter(|c| {
            (c.x0..c.x1).all(|x| at(x, c.y0) && at(x, c.y1 - 1)) && (c.y0..c.y1).all(|y| at(c.x0, y) && at(c.x1 - 1, y))
        })
        .max_by_key(|c| c.area)
}

/// The room pitch along one axis of the standing block: its outline lines (full-length white lines
/// across the block) come as a single line at each end and a double line between rooms.
fn pitch(lines: &[(usize, usize)], extent: usize, axis: &str) -> Result<usize, ReadError> {
    let rooms = lines.len().saturating_sub(1);
    let inner_ok = lines.len() >= 2 && lines[1..lines.len() - 1].iter().all(|&(_, len)| len == 2);
    if rooms == 0 || !inner_ok || !extent.is_multiple_of(rooms) {
        return Err(ReadError::BadGrid(format!(
            "the outlines across the standing rooms ({axis}) are not evenly spaced rooms: lines {lines:?} over {extent} px"
        )));
    }
    Ok(extent / rooms)
}

/// Finds the building: the number of rooms (2n+1 a side) and where they lie.
pub fn locate(frame: &Frame, colours: &Colours) -> Result<Grid, ReadError> {
    let width = frame.width() as usize;
    let white = mask(frame, colours.outline);
    let block = standing(&white, width)
        .ok_or_else(|| ReadError::NoBoard("no white room outline (a closed 1-pixel rectangle) anywhere".into()))?;
    let at = |x: u32, y: u32| white[y as usize * width + x as usize];
    let columns = runs((block.x0..block.x1).map(|x| (block.y0..block.y1).all(|y| at(x, y))));
    let rows = runs((block.y0..block.y1).map(|y| (block.x0..block.x1).all(|x| at(x, y))));
    let px = pitch(&columns, block.width() as usize, "columns")?;
    let py = pitch(&rows, block.height() as usize, "rows")?;
    if px != py {
        return Err(ReadError::BadGrid(format!("rooms are {px} px wide but {py} px tall; the game's are square")));
    }
    // The building is the standing block plus the rubble (whole grey rooms) that adjoins it.
    let mut extent = block;
    let rubble = components(&mask(frame, colours.rubble), width);
    let mut pieces: Vec<Component> =
        rubble.into_iter().filter(|c| c.width() as usize >= px && c.height() as usize >= px).collect();
    while let Some(i) = pieces.iter().position(|c| c.gap(&extent) <= 1) {
        extent.merge(&pieces.swap_remove(i));
    }
    let count = |size: u32| (size as f64 / px as f64).round() as usize;
    let (cols, rows) = (count(extent.width()), count(extent.height()));
    let off = |size: u32, n: usize| (size as i64 - (n * px) as i64).abs();
    if cols != rows || cols.is_multiple_of(2) || off(extent.width(), cols) > 1 || off(extent.height(), rows) > 1 {
        return Err(ReadError::BadGrid(format!(
            "outlines and rubble cover {}x{} px at ({}, {}), which is not an odd square of {px}-px rooms",
            extent.width(),
            extent.height(),
            extent.x0,
            extent.y0
        )));
    }
    let side = (cols * px) as f64;
    Ok(Grid { rect: Rect { x: extent.x0 as f64, y: extent.y0 as f64, width: side, height: side }, rows, cols })
}

/// What one room shows before the mode is known.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seen {
    Room(Room),
    Digit(u8, InkColour),
}

/// Which of the game's ink colours a room's marks are drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InkColour {
    Supply,
    Food,
    Water,
    Player,
}

impl InkColour {
    fn colour(self, colours: &Colours) -> [u8; 3] {
        match self {
            InkColour::Supply => colours.supply,
            InkColour::Food => colours.food,
            InkColour::Water => colours.water,
            InkColour::Player => colours.player,
        }
    }

    fn name(self) -> &'static str {
        match self {
            InkColour::Supply => "grey (easy)",
            InkColour::Food => "brown (food)",
            InkColour::Water => "blue (water)",
            InkColour::Player => "red (player)",
        }
    }
}

/// A room's pixel box (x0, y0, x1, y1), clipped to the frame.
fn room_box(frame: &Frame, rect: Rect) -> (u32, u32, u32, u32) {
    let clip = |v: f64, max: u32| (v.round().max(0.0) as u32).min(max);
    let (w, h) = (frame.width(), frame.height());
    (clip(rect.x, w), clip(rect.y, h), clip(rect.x + rect.width, w), clip(rect.y + rect.height, h))
}

/// The ink colour that best explains `pixels` as blends of it with black, and the mean residual.
fn ink_colour(pixels: &[[u8; 3]], colours: &Colours) -> (InkColour, f32) {
    let residual = |c: [u8; 3]| {
        let c = c.map(f32::from);
        let cc: f32 = c.iter().map(|v| v * v).sum();
        let total: f32 = pixels
            .iter()
            .map(|p| {
                let p = p.map(f32::from);
                let alpha = (p.iter().zip(&c).map(|(a, b)| a * b).sum::<f32>() / cc).clamp(0.0, 1.0);
                p.iter().zip(&c).map(|(a, b)| (a - alpha * b).powi(2)).sum::<f32>().sqrt()
            })
            .sum();
        total / pixels.len() as f32
    };
    [InkColour::Supply, InkColour::Food, InkColour::Water, InkColour::Player]
        .into_iter()
        .map(|ink| (ink, residual(ink.colour(colours))))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((InkColour::Supply, f32::MAX))
}

/// Reads one room: rubble, empty, the player, or a digit in some ink colour.
fn read_room(frame: &Frame, grid: &Grid, colours: &Colours, row: usize, col: usize) -> Result<Seen, ReadError> {
    let err = |seen: String| ReadError::Room { row, col, seen };
    let (x0, y0, x1, y1) = room_box(frame, grid.cell_rect(row, col));
    if x1 < x0 + 5 || y1 < y0 + 5 {
        return Err(err(format!("lies outside the frame ({x0}..{x1}, {y0}..{y1})")));
    }
    // The inside, clear of the outline and a pixel of margin.
    let (ix0, iy0, ix1, iy1) = (x0 + 2, y0 + 2, x1 - 2, y1 - 2);
    let inside: Vec<[u8; 3]> =
        (iy0..iy1).flat_map(|y| (ix0..ix1).map(move |x| (x, y))).map(|(x, y)| frame.rgb(x, y)).collect();
    let rubble = inside.iter().filter(|&&p| near(p, colours.rubble, FLAT_TOLERANCE)).count();
    if rubble as f64 >= RUBBLE_SHARE * inside.len() as f64 {
        return Ok(Seen::Room(Room::Collapsed));
    }
    let border: Vec<(u32, u32)> =
        (x0..x1).flat_map(|x| [(x, y0), (x, y1 - 1)]).chain((y0..y1).flat_map(|y| [(x0, y), (x1 - 1, y)])).collect();
    let outlined = border.iter().filter(|&&(x, y)| near(frame.rgb(x, y), colours.outline, FLAT_TOLERANCE)).count();
    if (outlined as f64) < OUTLINE_SHARE * border.len() as f64 {
        return Err(err(format!(
            "neither rubble ({rubble} of {} inside pixels grey) nor a standing room ({outlined} of {} outline pixels white)",
            inside.len(),
            border.len()
        )));
    }
    let inked: Vec<[u8; 3]> = inside.iter().copied().filter(|p| p.iter().any(|&v| v > INK_LEVEL)).collect();
    if inked.is_empty() {
        return Ok(Seen::Room(Room::Empty));
    }
    let (kind, residual) = ink_colour(&inked, colours);
    let colour = kind.colour(colours);
    if residual > MAX_INK_RESIDUAL {
        let mean = [0, 1, 2].map(|i| (inked.iter().map(|p| p[i] as u32).sum::<u32>() / inked.len() as u32) as u8);
        return Err(err(format!(
            "{} ink pixels of no game colour (mean {mean:?}; nearest {} {colour:?}, off by {residual:.0})",
            inked.len(),
            kind.name()
        )));
    }
    let c = colour.map(f32::from);
    let cc: f32 = c.iter().map(|v| v * v).sum();
    let coverage =
        inside.iter().map(|p| (p.iter().zip(&c).map(|(&a, b)| a as f32 * b).sum::<f32>() / cc).clamp(0.0, 1.0));
    let ink = Ink { width: (ix1 - ix0) as usize, height: (iy1 - iy0) as usize, data: coverage.collect() };
    let Some(bounds) = ink.inked_box() else {
        return Err(err(format!("only faint {} ink, no glyph", kind.name())));
    };
    let glyph = ink.crop(bounds);
    let allowed: &[char] =
        if kind == InkColour::Player { &['@'] } else { &['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] };
    let scores = glyph::scores(&glyph, allowed);
    let (best, score) = scores.first().copied().unwrap_or(('?', 0.0));
    let runner = scores.get(1).copied().unwrap_or(('?', 0.0));
    if score < MIN_SCORE || score - runner.1 < MIN_MARGIN {
        return Err(err(format!(
            "a {}x{} {} glyph not recognised: best '{best}' {score:.3}, then '{}' {:.3}",
            glyph.width,
            glyph.height,
            kind.name(),
            runner.0,
            runner.1
        )));
    }
    Ok(match best.to_digit(10) {
        Some(d) => Seen::Digit(d as u8, kind),
        None => Seen::Room(Room::Player),
    })
}

/// Reads every room of the building that `grid` (from `locate`) places in `frame`; the mode comes
/// from the digits' colours.
pub fn read(frame: &Frame, grid: &Grid, colours: &Colours) -> Result<Board, ReadError> {
    read_as(frame, grid, None, colours)
}

/// Like `read`, with the mode already known (e.g. from an earlier frame of the same game): a board
/// with no digits left (the player alone at the end) can then still be read, and digits of the
/// other mode's colours are an error.
pub fn read_as(frame: &Frame, grid: &Grid, known: Option<Mode>, colours: &Colours) -> Result<Board, ReadError> {
    if grid.rows != grid.cols || grid.rows.is_multiple_of(2) {
        return Err(ReadError::BadGrid(format!("{}x{} rooms; a building is (2n+1)x(2n+1)", grid.rows, grid.cols)));
    }
    let size = grid.rows;
    let mut seen = Vec::with_capacity(size * size);
    for row in 0..size {
        for col in 0..size {
            seen.push(read_room(frame, grid, colours, row, col)?);
        }
    }
    let digit_at = |inks: &[InkColour]| {
        seen.iter().position(|s| matches!(s, Seen::Digit(_, c) if inks.contains(c))).map(|i| (i / size, i % size))
    };
    let mode = match (digit_at(&[InkColour::Supply]), digit_at(&[InkColour::Food, InkColour::Water]), known) {
        (Some(e), Some(h), _) => {
            return Err(ReadError::Mode(format!(
                "grey digits (room {e:?}) and food/water digits (room {h:?}) both seen"
            )));
        }
        (Some(e), None, Some(Mode::Hard)) => {
            return Err(ReadError::Mode(format!("hard mode expected, but room {e:?} shows a grey (easy) digit")));
        }
        (None, Some(h), Some(Mode::Easy)) => {
            return Err(ReadError::Mode(format!("easy mode expected, but room {h:?} shows a food/water digit")));
        }
        (Some(_), None, _) => Mode::Easy,
        (None, Some(_), _) => Mode::Hard,
        (None, None, Some(mode)) => mode,
        (None, None, None) => {
            return Err(ReadError::Mode(
                "no digits left on the board (give the mode known from an earlier frame: read_as)".into(),
            ));
        }
    };
    let cells = seen
        .into_iter()
        .map(|s| match s {
            Seen::Room(room) => room,
            Seen::Digit(d, InkColour::Supply) => Room::Supply(d),
            Seen::Digit(d, InkColour::Food) => Room::Food(d),
            Seen::Digit(d, _) => Room::Water(d),
        })
        .collect();
    Board::from_cells(mode, size, cells).map_err(|e| ReadError::Board(e.to_string()))
}

/// True when the room at `pos` shows the player's '@' (one room read, e.g. where the level's last
/// move ends, while the game's result message covers the middle of the building).
pub fn shows_player(frame: &Frame, grid: &Grid, colours: &Colours, (row, col): (usize, usize)) -> bool {
    row < grid.rows && col < grid.cols && read_room(frame, grid, colours, row, col) == Ok(Seen::Room(Room::Player))
}
