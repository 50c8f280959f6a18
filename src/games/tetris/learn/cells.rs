//! Telling filled cells from empty ones in a well found by `well.rs`, and the falling piece and
//! its ghost among the filled ones, for a program whose cells gamebot has never seen.
//!
//! A cell's look is the mean colour of five parts of it: its middle (0.3 to 0.7 of the cell each
//! way) and a band along each side, a tenth to three tenths in. The empty look is learned: the
//! median of each part over the well's top rows (nearly all empty at any time: pieces come in
//! there), or taken from the profile. A cell is filled when its middle differs from the empty
//! look's (flat, bevelled and gradient cells), or all four of its side bands do (a cell drawn as an
//! outline with a dark middle). Grid lines and seams sit on the cells' edges, outside every part,
//! and the drop shadow a cell casts darkens one or two sides of its neighbours, never all four nor
//! (unless larger than a third of a cell) their middles. "Differs" is a ΔE above `DIFFERENT`, the
//! same for every program.
//!
//! The falling piece is a tetromino of cells of one look that rests on nothing. Its ghost is
//! where it would land: cells of another look (fainter, or only outlined), lying exactly where the
//! piece dropped straight down first meets the stack or the floor; the ghost is no settled cell.

use super::super::Piece;
use super::super::live::shape::{self, Cells};
use super::well::Well;
use crate::frame::Frame;
use crate::vision::colour::Lab;

/// Two looks whose ΔE is above this are different (a cell's part against the empty one's).
pub const DIFFERENT: f32 = 18.0;
/// How many of the well's top rows the empty look is learned from.
const TOP_ROWS: usize = 4;

/// The mean colours of a cell's middle and of its top, bottom, left and right bands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look(pub [[f32; 3]; 5]);

impl Look {
    /// ΔE of each part against another look's.
    fn distances(&self, other: &Look) -> [f32; 5] {
        std::array::from_fn(|i| Lab::from_rgb(self.0[i]).delta_e(&Lab::from_rgb(other.0[i])))
    }

    /// True when this cell's look is a filled cell's against the empty look.
    pub fn filled_against(&self, empty: &Look) -> bool {
        let d = self.distances(empty);
        d[0] > DIFFERENT || d[1..].iter().all(|&x| x > DIFFERENT)
    }

    /// True when the cell looks half drawn: its middle filled, but some of its side bands (not
    /// all) still the empty look (a piece drawn sliding from one cell to the next).
    pub fn partly_drawn(&self, empty: &Look) -> bool {
        let d = self.distances(empty);
        let empty_sides = d[1..].iter().filter(|&&x| x <= DIFFERENT).count();
        d[0] > DIFFERENT && (1..4).contains(&empty_sides)
    }

    /// The middle's colour, rounded.
    pub fn middle(&self) -> [u8; 3] {
        self.0[0].map(|v| v.round().clamp(0.0, 255.0) as u8)
    }
}

/// The mean colour of the part of cell (row, col) between fractions fx0..fx1 and fy0..fy1.
fn part(
    frame: &Frame,
    well: &Well,
    (row, col): (usize, usize),
    (fx0, fx1, fy0, fy1): (f64, f64, f64, f64),
) -> [f32; 3] {
    let (ax, ay) = well.point(row, col, fx0, fy0);
    let (bx, by) = well.point(row, col, fx1, fy1);
    let clamp = |v: f64, max: u32| (v.max(0.0) as u32).min(max.saturating_sub(1));
    let (x0, y0, x1, y1) =
        (clamp(ax, frame.width()), clamp(ay, frame.height()), clamp(bx, frame.width()), clamp(by, frame.height()));
    let (mut sum, mut n) = ([0f32; 3], 0f32);
    for y in y0..=y1.max(y0) {
        for x in x0..=x1.max(x0) {
            for (s, v) in sum.iter_mut().zip(frame.rgb(x, y)) {
                *s += f32::from(v);
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

/// The look of cell (row, col).
pub fn look(frame: &Frame, well: &Well, cell: (usize, usize)) -> Look {
    Look([
        part(frame, well, cell, (0.3, 0.7, 0.3, 0.7)),
        part(frame, well, cell, (0.2, 0.8, 0.1, 0.3)),
        part(frame, well, cell, (0.2, 0.8, 0.7, 0.9)),
        part(frame, well, cell, (0.1, 0.3, 0.2, 0.8)),
        part(frame, well, cell, (0.7, 0.9, 0.2, 0.8)),
    ])
}

/// Every cell's look, `[row][col]`.
pub fn looks(frame: &Frame, well: &Well) -> Vec<Vec<Look>> {
    (0..well.rows).map(|r| (0..well.cols).map(|c| look(frame, well, (r, c))).collect()).collect()
}

/// The empty look: per part and channel, the median over the top rows' cells.
pub fn empty_look(looks: &[Vec<Look>]) -> Look {
    let top: Vec<&Look> = looks.iter().take(TOP_ROWS).flatten().collect();
    Look(std::array::from_fn(|part| {
        std::array::from_fn(|ch| {
            let mut v: Vec<f32> = top.iter().map(|l| l.0[part][ch]).collect();
            v.sort_by(f32::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(0.0)
        })
    }))
}

/// The falling piece and its ghost in a grid of filled cells, given every cell's look.
#[derive(Clone, Debug, PartialEq)]
pub struct Falling {
    pub piece: Piece,
    pub cells: Cells,
    /// The ghost's cells that show (where the piece covers part of it, the piece shows).
    pub ghost: Cells,
}

fn is_filled(filled: &[Vec<bool>], (r, c): (i32, i32)) -> bool {
    r >= 0 && c >= 0 && filled.get(r as usize).and_then(|row| row.get(c as usize)).copied().unwrap_or(false)
}

/// The 4-connected groups of filled cells, topmost first, those joined only through cells of the
/// seed's look when `seed_look` is given.
fn group_from(filled: &[Vec<bool>], start: (i32, i32), same: &dyn Fn((i32, i32)) -> bool) -> Cells {
    let (mut group, mut stack) = (vec![start], vec![start]);
    while let Some((r, c)) = stack.pop() {
        for n in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if is_filled(filled, n) && same(n) && !group.contains(&n) {
                group.push(n);
                stack.push(n);
            }
        }
    }
    group
}

fn middle_lab(looks: &[Vec<Look>], (r, c): (i32, i32)) -> Lab {
    Lab::from_rgb(looks[r as usize][c as usize].0[0])
}

fn alike(looks: &[Vec<Look>], a: (i32, i32), b: (i32, i32)) -> bool {
    middle_lab(looks, a).delta_e(&middle_lab(looks, b)) <= DIFFERENT
}

/// The ghost of a piece: the cells, filled, of one look and not the piece's, where the piece
/// dropped straight down would rest, with nothing filled on its way there; only the cells the
/// piece does not cover.
fn ghost_of(filled: &[Vec<bool>], looks: &[Vec<Look>], cells: &[(i32, i32)]) -> Cells {
    let rows = filled.len() as i32;
    let seed = cells[0];
    let shift = |d: i32| -> Cells { cells.iter().map(|&(r, c)| (r + d, c)).filter(|p| !cells.contains(p)).collect() };
    for d in 1..rows {
        let ghost = shift(d);
        if ghost.iter().any(|&(r, _)| r >= rows) {
            break;
        }
        if !ghost.iter().all(|&p| is_filled(filled, p) && !alike(looks, p, seed) && alike(looks, p, ghost[0])) {
            continue;
        }
        let landed: Cells = cells.iter().map(|&(r, c)| (r + d, c)).collect();
        let rests = landed
            .iter()
            .any(|&(r, c)| r + 1 >= rows || (is_filled(filled, (r + 1, c)) && !landed.contains(&(r + 1, c))));
        let clear_way = (1..d).all(|k| shift(k).iter().all(|p| ghost.contains(p) || !is_filled(filled, *p)));
        if rests && clear_way {
            return ghost;
        }
    }
    Vec::new()
}

/// The falling piece: of each group of filled cells (topmost first), the cells joined to its top
/// cell through cells of that cell's look, when they are four making a tetromino that rests on
/// nothing but its own ghost.
pub fn falling(filled: &[Vec<bool>], looks: &[Vec<Look>]) -> Option<Falling> {
    let rows = filled.len() as i32;
    let mut seen: Vec<(i32, i32)> = Vec::new();
    for r in 0..rows {
        for c in 0..filled[r as usize].len() as i32 {
            if !is_filled(filled, (r, c)) || seen.contains(&(r, c)) {
                continue;
            }
            let whole = group_from(filled, (r, c), &|_| true);
            seen.extend(&whole);
            let mut cells = group_from(filled, (r, c), &|p| alike(looks, p, (r, c)));
            if cells.len() != 4 {
                continue;
            }
            cells.sort();
            let Some(piece) = shape::recognise(&cells) else { continue };
            let ghost = ghost_of(filled, looks, &cells);
            let free = cells.iter().all(|&(r, c)| {
                r + 1 < rows
                    && (!is_filled(filled, (r + 1, c)) || cells.contains(&(r + 1, c)) || ghost.contains(&(r + 1, c)))
            });
            if free {
                return Some(Falling { piece, cells, ghost });
            }
        }
    }
    None
}
