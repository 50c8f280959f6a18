//! Boxes framed as the well is: a program may draw its next box in the well's own frame (the same
//! border lines, the same gradient) and make it exactly as large as the piece it shows, so that the
//! piece touches the box's sides and what is left of the well's colour in it is no box (an L of
//! three by two cells beside a J, two one-cell columns beside an O, one row under an I).
//!
//! The well's frame is what lies one pixel outside its sides, over its rows: those colours (a
//! gradient gives many), the well's own colour left out, are the frame's. Each region of the well's
//! colour beside the well at least `LEAST_SEED` of a cell each way is a seed: its bounding box
//! grows, side by side, while the line just outside that side is mostly not of the frame's colours
//! (the piece's ink, bevels and all, is passed through), and stops where the frame begins. What it
//! grew to is a box when the whole ring just outside it is of the frame's colours, it is two cells
//! each way or more, at most `MOST_CELLS` wide and the well's height tall, and it touches neither the image's edge nor the well.
//! A patch of the well's colour on a page with no such frame grows until it is too large. A well
//! with no frame of its own (its sides mostly of its own colour) has no framed boxes.

use super::boxes::{Rect, outline_share};
use super::well::near;
use crate::frame::Frame;
use crate::vision::regions::Component;

/// A seed is at least this share of a cell wide and tall (a one-cell column left beside an O).
const LEAST_SEED: f64 = 0.75;
/// A framed box is at most this many cells wide, and this many or the well's height tall (a column
/// of several previews: hona9/tetris shows three in one box 6 cells wide and 12 tall, which was
/// left unread).
const MOST_CELLS: f64 = 6.0;
/// The ring just outside a framed box is at least this share of the frame's colours.
const FRAMED: f64 = 0.9;

/// The colours one pixel outside the well's left and right sides over its rows, its own colour
/// left out; empty when those sides are mostly of the well's colour (no frame of its own).
fn frame_colours(frame: &Frame, well: &Component, bottom: u32, empty: [u8; 3]) -> Vec<[u8; 3]> {
    let (Some(left), right) = (well.x0.checked_sub(1), well.x1) else { return Vec::new() };
    if right >= frame.width() {
        return Vec::new();
    }
    let side: Vec<[u8; 3]> =
        (well.y0..bottom.min(frame.height())).flat_map(|y| [frame.rgb(left, y), frame.rgb(right, y)]).collect();
    let mut colours: Vec<[u8; 3]> = side.iter().copied().filter(|&c| !near(c, empty)).collect();
    if colours.len() * 2 < side.len() {
        return Vec::new();
    }
    colours.sort_unstable();
    colours.dedup();
    colours
}

struct Framing<'a> {
    frame: &'a Frame,
    colours: Vec<[u8; 3]>,
}

impl Framing<'_> {
    fn is_frame(&self, x: u32, y: u32) -> bool {
        let p = self.frame.rgb(x, y);
        self.colours.iter().any(|&c| near(p, c))
    }

    /// The share of frame pixels along a line of pixels.
    fn share(&self, line: impl Iterator<Item = (u32, u32)>) -> f64 {
        let (mut own, mut n) = (0u32, 0u32);
        for (x, y) in line {
            own += u32::from(self.is_frame(x, y));
            n += 1;
        }
        f64::from(own) / f64::from(n.max(1))
    }

    /// A seed's bounding box grown to the frame around it, if it stays within `most` pixels (wide,
    /// tall) and off the image's edge.
    fn grow(&self, seed: &Component, most: (u32, u32)) -> Option<Rect> {
        let (mut x0, mut y0, mut x1, mut y1) = (seed.x0, seed.y0, seed.x1, seed.y1);
        loop {
            if x0 == 0 || y0 == 0 || x1 >= self.frame.width() || y1 >= self.frame.height() {
                return None;
            }
            if x1 - x0 > most.0 || y1 - y0 > most.1 {
                return None;
            }
            let mut moved = false;
            if self.share((y0..y1).map(|y| (x0 - 1, y))) < 0.5 {
                (x0, moved) = (x0 - 1, true);
            }
            if self.share((y0..y1).map(|y| (x1, y))) < 0.5 {
                (x1, moved) = (x1 + 1, true);
            }
            if self.share((x0..x1).map(|x| (x, y0 - 1))) < 0.5 {
                (y0, moved) = (y0 - 1, true);
            }
            if self.share((x0..x1).map(|x| (x, y1))) < 0.5 {
                (y1, moved) = (y1 + 1, true);
            }
            if !moved {
                return Some((x0, y0, x1, y1));
            }
        }
    }

    /// Whether the whole ring just outside a rect is of the frame's colours.
    fn framed(&self, (x0, y0, x1, y1): Rect) -> bool {
        outline_share((x0 - 1, y0 - 1, x1, y1), |x, y| self.is_frame(x, y)) >= FRAMED
    }
}

/// The boxes framed as the well is, grown from `seeds` (the other regions of the well's colour),
/// for the well whose empty top is `well`, `pitch` px cells, floor at `bottom`.
pub fn find(
    frame: &Frame,
    well: &Component,
    bottom: u32,
    pitch: f64,
    empty: [u8; 3],
    seeds: &[Component],
) -> Vec<Rect> {
    let colours = frame_colours(frame, well, bottom, empty);
    if colours.is_empty() {
        return Vec::new();
    }
    let framing = Framing { frame, colours };
    let least_seed = pitch * LEAST_SEED;
    let wide = (pitch * MOST_CELLS) as u32;
    let most = (wide, wide.max(bottom.saturating_sub(well.y0)));
    let least_box = pitch * 2.0 - 1.0;
    let mut out: Vec<Rect> = seeds
        .iter()
        .filter(|s| s.x1 <= well.x0 || s.x0 >= well.x1)
        .filter(|s| f64::from(s.width()) >= least_seed && f64::from(s.height()) >= least_seed)
        .filter_map(|s| framing.grow(s, most))
        .filter(|&(x0, y0, x1, y1)| f64::from(x1 - x0) >= least_box && f64::from(y1 - y0) >= least_box)
        .filter(|&(x0, _, x1, _)| x1 < well.x0 || x0 > well.x1)
        .filter(|&r| framing.framed(r))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The boxes found otherwise, less those inside a framed box (the well's colour left beside its
/// piece), with the framed boxes.
pub fn merge(boxes: Vec<Rect>, framed: Vec<Rect>) -> Vec<Rect> {
    let inside = |b: &Rect, f: &Rect| f.0 <= b.0 && f.1 <= b.1 && f.2 >= b.2 && f.3 >= b.3;
    let mut out: Vec<Rect> = boxes.into_iter().filter(|b| !framed.iter().any(|f| inside(b, f))).collect();
    out.extend(framed);
    out
}
