//! Reading a Breach Protocol screenshot: the code matrix, the daemons and the buffer size, at any
//! resolution, aspect ratio, UI language and brightness, from shapes alone.
//!
//! The steps: bright ink -> character-like glyphs -> stand-alone pairs of glyphs (tokens) -> the
//! largest square block of evenly spaced tokens (the matrix) -> left-aligned token lines to its
//! right (the daemons) -> dashed squares above them (the buffer slots). Every token is then read by
//! the shapes of its two glyphs (`shape`); a daemon's or the buffer's code drawn too small for the
//! shapes to be sure is read by the screen's own glyphs, learned from its matrix (`learned`).
//! Nothing is configured per image: sizes are in units of the text height, thresholds in shares of
//! the way from background to ink. Mid-game, cells
//! already picked show "[ ]" (`used`), the buffer holds the picked codes left of its empty slots,
//! and a band lights the line of the next pick (`line`).

mod buffer;
mod daemons;
pub mod end;
mod learned;
mod line;
pub mod luma;
mod matrix;
pub mod shape;
mod tokens;
mod used;

#[cfg(test)]
mod tests;

use serde::Deserialize;

use crate::frame::{Frame, Rect};
use crate::vision::regions::Component;

use super::board::{Code, Line, Puzzle, Start};
use luma::{Luma, percentile};
use tokens::Token;

/// What was read, with where each part is on the frame.
#[derive(Clone, Debug)]
pub struct BreachScreen {
    pub puzzle: Puzzle,
    /// Where the breach stands: picks already made (cells shown as "[ ]"), the next pick's line.
    pub start: Start,
    /// The box of each matrix cell (one pitch square around its code), row by row.
    pub cells: Vec<Vec<Rect>>,
    /// The box of each matrix code's two glyphs, row by row.
    pub codes: Vec<Vec<Rect>>,
    /// The box of each daemon code, daemon by daemon.
    pub daemon_codes: Vec<Vec<Rect>>,
    /// The empty buffer slots, left to right.
    pub slots: Vec<Rect>,
    /// The height of the matrix's text in pixels (the scale of the screen).
    pub text_height: f64,
}

/// What the reader is told of a screen's look by the profile (`[read]`): sizes in text heights.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ReadHints {
    /// The smallest and largest side of an empty buffer slot, in text heights (the game draws
    /// them about 1.5 high, the clone about 2.7).
    pub slot_size: (f64, f64),
    /// The widest step between a daemon's codes, centre to centre, in text heights (the game
    /// about 2.5, the clone about 3.3).
    pub daemon_step: f64,
    /// Whether a daemon may stand some columns right of the others (the clone moves each daemon
    /// along as the buffer fills; the game keeps them left-aligned).
    pub daemons_move: bool,
    /// The colours that mark a daemon's row installed or failed when the breach ends (`[read.end]`);
    /// without them the end is not read.
    pub end: Option<end::EndHints>,
}

impl Default for ReadHints {
    fn default() -> ReadHints {
        ReadHints { slot_size: (1.1, 2.6), daemon_step: 3.0, daemons_move: false, end: None }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(
        "no code matrix found: no square block of 4x4 to 7x7 evenly spaced two-character codes ({tokens} candidate codes on the screen; is the whole matrix in view, not scrolled or covered?)"
    )]
    NoMatrix { tokens: usize },
    #[error("no daemon sequences found right of the code matrix or above it")]
    NoDaemons,
    #[error("no empty buffer slots found above the daemons")]
    NoBuffer,
    #[error("{picked} codes in the buffer but {used} cells shown as \"[ ]\" in the matrix")]
    Picks { picked: usize, used: usize },
    #[error("no highlighted row or column in the code matrix after {picked} picks")]
    NoLine { picked: usize },
    #[error(
        "{place} at pixel ({x}, {y}): the shapes are not clearly one code (nearest {nearest}, {distance} features off; next {runner_up} off)"
    )]
    Unsure { place: String, x: u32, y: u32, nearest: Code, distance: u32, runner_up: u32 },
}

/// Reads a full-screen capture of the Breach Protocol screen with the game's own look.
pub fn read(frame: &Frame) -> Result<BreachScreen, ReadError> {
    read_with(frame, &ReadHints::default())
}

/// Reads a full-screen capture of the Breach Protocol screen, with the profile's hints. The ink is
/// first what is brighter than the frame's threshold; when that finds no matrix (a lit band behind a
/// row joins its codes into one blob), it is taken again against each pixel's surroundings.
pub fn read_with(frame: &Frame, hints: &ReadHints) -> Result<BreachScreen, ReadError> {
    let luma = Luma::of(frame);
    let threshold = luma::text_threshold(&luma);
    let against_surroundings = || read_glyphs(&luma, tokens::glyphs_of(&luma, &luma::banded_mask(&luma)), hints);
    match read_glyphs(&luma, tokens::glyphs(&luma, threshold), hints) {
        Err(first @ ReadError::NoMatrix { .. }) => against_surroundings().map_err(|_| first),
        // A band brighter than the threshold beside the block read may hide a row or column of
        // it (the band's codes join into one blob): the larger matrix wins.
        Ok(screen) if band_beside(&luma, &screen.cells, threshold) => match against_surroundings() {
            Ok(wider) if wider.cells.len() > screen.cells.len() => Ok(wider),
            _ => Ok(screen),
        },
        result => result,
    }
}

/// True when the row or column of cells one step outside the matrix read, on some side, is mostly
/// brighter than the ink threshold: a lit band, not codes on the dark background.
fn band_beside(luma: &Luma, cells: &[Vec<Rect>], threshold: u8) -> bool {
    let n = cells.len();
    if n == 0 {
        return false;
    }
    let (first, last) = (&cells[0][0], &cells[n - 1][n - 1]);
    let (pitch_x, pitch_y) = (first.width, first.height);
    let (left, top) = (first.x, first.y);
    let (right, bottom) = (last.x + last.width, last.y + last.height);
    let sides = [
        (left - pitch_x, top, left, bottom),
        (right, top, right + pitch_x, bottom),
        (left, top - pitch_y, right, top),
        (left, bottom, right, bottom + pitch_y),
    ];
    sides.iter().any(|&(x0, y0, x1, y1)| {
        let clamp = |v: f64, hi: usize| v.clamp(0.0, hi as f64) as usize;
        let (x0, x1, y0, y1) =
            (clamp(x0, luma.width), clamp(x1, luma.width), clamp(y0, luma.height), clamp(y1, luma.height));
        let area = (x1.saturating_sub(x0)) * (y1.saturating_sub(y0));
        let bright =
            (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).filter(|&(x, y)| luma.at(x, y) > threshold).count();
        area > 0 && bright * 2 > area
    })
}

fn read_glyphs(luma: &Luma, glyphs: Vec<Component>, hints: &ReadHints) -> Result<BreachScreen, ReadError> {
    let used_cells: Vec<Token> =
        used::candidates(&glyphs).into_iter().filter(|pair| used::is_used_cell(luma, pair)).collect();
    let is_used = |t: &Token| used_cells.iter().any(|u| u.left == t.left);
    let mut all: Vec<Token> = tokens::tokens(&glyphs).into_iter().filter(|t| !is_used(t)).collect();
    let codes_only = all.clone();
    all.extend(used_cells.iter().copied());
    let matrix = matrix::find(&all).ok_or(ReadError::NoMatrix { tokens: all.len() })?;
    let mut grid = Vec::new();
    let mut used = Vec::new();
    let mut cells = Vec::new();
    let mut codes_at = Vec::new();
    let mut read_surely = Vec::new();
    for (r, row) in matrix.rows.iter().enumerate() {
        let mut codes = Vec::new();
        for (c, token) in row.iter().enumerate() {
            if is_used(token) {
                used.push((r, c));
                // A placeholder: no path picks a used cell, so its code never counts.
                codes.push(Code::C1C);
            } else {
                let code = code_of(luma, token, None, || format!("matrix row {r} col {c}"))?;
                read_surely.push((*token, code));
                codes.push(code);
            }
        }
        grid.push(codes);
        cells.push(row.iter().map(|t| cell_box(t, matrix.pitch_x, matrix.pitch_y)).collect());
        codes_at.push(row.iter().map(token_box).collect());
    }
    // The daemons' and the buffer's codes, too small on a small screen for the shapes to be sure,
    // are read by the matrix's own glyphs then.
    let learned = learned::Learned::from_matrix(luma, &read_surely);
    let is_code = |t: &Token| shape::classify(luma, t).is_sure();
    let pairs: Vec<Token> = tokens::pairs(&glyphs).into_iter().filter(|t| !is_used(t)).collect();
    let daemon_lines = daemons::find(&codes_only, &pairs, &matrix, hints, is_code);
    if daemon_lines.is_empty() {
        return Err(ReadError::NoDaemons);
    }
    let mut daemons = Vec::new();
    for (d, line) in daemon_lines.iter().enumerate() {
        let codes = line
            .iter()
            .enumerate()
            .map(|(i, t)| code_of(luma, t, Some(&learned), || format!("daemon {d} code {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        daemons.push(codes);
    }
    let text_height = matrix.rows.iter().flatten().map(|t| t.height()).sum::<f64>() / (grid.len() * grid.len()) as f64;
    let ink = ink_level(luma, matrix.rows.iter().flatten().find(|t| !is_used(t)).unwrap_or(&matrix.rows[0][0]));
    let top_daemon = daemon_lines[0][0];
    // The buffer stands above the daemons: right of the matrix beside them, or anywhere across
    // when the panels are stacked above the matrix.
    let stacked = top_daemon.y0() < matrix.rows[0][0].y0();
    let region = (
        if stacked { 0 } else { matrix.rows[0][matrix.rows[0].len() - 1].x1() as usize },
        0,
        luma.width,
        top_daemon.y0().saturating_sub(text_height as u32) as usize,
    );
    let slots = buffer::find(luma, region, text_height, ink, hints.slot_size);
    if slots.is_empty() {
        return Err(ReadError::NoBuffer);
    }
    let picked = buffer::picked(&codes_only, &slots)
        .iter()
        .enumerate()
        .map(|(i, t)| code_of(luma, t, Some(&learned), || format!("buffer code {i}")))
        .collect::<Result<Vec<_>, _>>()?;
    if picked.len() != used.len() {
        return Err(ReadError::Picks { picked: picked.len(), used: used.len() });
    }
    let line = match line::find(luma, &cells, ink) {
        Some(line) => line,
        None if picked.is_empty() => Line::Row(0),
        None => return Err(ReadError::NoLine { picked: picked.len() }),
    };
    let daemon_codes = daemon_lines.iter().map(|l| l.iter().map(token_box).collect()).collect();
    let puzzle = Puzzle { grid, daemons, buffer: slots.len() + picked.len() };
    Ok(BreachScreen {
        puzzle,
        start: Start { picked, used, line },
        cells,
        codes: codes_at,
        daemon_codes,
        slots,
        text_height,
    })
}

/// The code of a token: by its shapes when they are sure, else by the screen's own glyphs when
/// `learned` is given and clear.
fn code_of(
    luma: &Luma,
    token: &Token,
    learned: Option<&learned::Learned>,
    place: impl Fn() -> String,
) -> Result<Code, ReadError> {
    let verdict = shape::classify(luma, token);
    if verdict.is_sure() {
        Ok(verdict.code)
    } else if let Some(code) = learned.and_then(|l| l.classify(luma, token)) {
        Ok(code)
    } else {
        Err(ReadError::Unsure {
            place: place(),
            x: token.x0(),
            y: token.y0(),
            nearest: verdict.code,
            distance: verdict.distance,
            runner_up: verdict.runner_up,
        })
    }
}

/// The brightness of a token's ink (its 99th percentile).
fn ink_level(luma: &Luma, token: &Token) -> u8 {
    percentile(
        &luma.histogram(token.x0() as usize, token.y0() as usize, token.x1() as usize, token.y1() as usize),
        0.99,
    )
}

fn token_box(t: &Token) -> Rect {
    Rect { x: t.x0() as f64, y: t.y0() as f64, width: (t.x1() - t.x0()) as f64, height: t.height() }
}

/// A cell: one pitch wide and high, centred on its code.
fn cell_box(t: &Token, pitch_x: f64, pitch_y: f64) -> Rect {
    let (cx, cy) = t.centre();
    Rect { x: cx - pitch_x / 2.0, y: cy - pitch_y / 2.0, width: pitch_x, height: pitch_y }
}
