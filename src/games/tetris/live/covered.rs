//! Cells a program's own drawing covers. A cell only partly drawn is, in one frame, a piece in
//! motion (a step being animated) and the loop looks again; but a program may draw its own text
//! over its well (a score, a label, a message), and the cells under it are then never drawn whole.
//! Waiting on them would wait for ever.
//!
//! The rule: a piece in motion changes the cells it crosses within an animation, so a partly drawn
//! cell whose pixels stay the same over several frames and at least the profile's `mismatch_ms`
//! (the time after which a stack unlike the prediction is believed, well above any step's
//! animation) is no piece in motion but a cover. It is read as what most of it shows: filled when
//! at least half of its points are not the empty colour, else empty (strokes of text are thin: a
//! settled cell shows its colour in most of its area under them, an empty one the background).
//! Each cover's pixels are remembered with that reading, so when the cell shows them again (after
//! a piece has crossed it) it is read at once; a cell showing new pixels (the stack grown under
//! the text) is watched again.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::frame::Frame;

/// Points a cell is sampled at, each way.
const LATTICE: usize = 8;
/// Two samples of a point are the same pixels when no channel differs by more than this.
const SAME: u8 = 8;
/// Frames a cover must show unchanged (besides the time) before it is believed.
const FRAMES: u32 = 3;
/// Covers remembered per cell.
const KEPT: usize = 8;

/// A cell's pixels at a lattice of points inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Patch(Vec<[u8; 3]>);

impl Patch {
    /// The pixels of a cell whose point at fractions (fx, fy) of it is `at(fx, fy)` in the frame.
    pub fn of(frame: &Frame, at: impl Fn(f64, f64) -> (f64, f64)) -> Patch {
        let step = |i: usize| (i as f64 + 0.5) / LATTICE as f64;
        let clamp = |v: f64, max: u32| (v.max(0.0) as u32).min(max.saturating_sub(1));
        let points = (0..LATTICE).flat_map(|j| (0..LATTICE).map(move |i| (step(i), step(j))));
        Patch(
            points
                .map(|(fx, fy)| {
                    let (x, y) = at(fx, fy);
                    frame.rgb(clamp(x, frame.width()), clamp(y, frame.height()))
                })
                .collect(),
        )
    }

    fn same(&self, other: &Patch) -> bool {
        self.0.len() == other.0.len()
            && self.0.iter().zip(&other.0).all(|(a, b)| a.iter().zip(b).all(|(x, y)| x.abs_diff(*y) <= SAME))
    }

    /// True when at least half of its points are not the empty colour (`empty` tells a pixel).
    pub fn mostly_filled(&self, empty: impl Fn([u8; 3]) -> bool) -> bool {
        2 * self.0.iter().filter(|&&p| !empty(p)).count() >= self.0.len()
    }
}

/// A partly drawn cell being watched: its pixels, since when and in how many frames.
#[derive(Clone, Debug)]
struct Watch {
    patch: Patch,
    since: Instant,
    frames: u32,
}

/// What is known of the partly drawn cells over the frames read so far.
#[derive(Clone, Debug, Default)]
pub struct Covers {
    watching: HashMap<(usize, usize), Watch>,
    known: HashMap<(usize, usize), Vec<(Patch, bool)>>,
    notes: Vec<String>,
}

impl Covers {
    /// The reading of the partly drawn `cell` showing `patch` (`filled`: what most of it shows):
    /// `Some` once it is known as a cover, `None` while it may still be a piece in motion.
    pub fn judge(&mut self, cell: (usize, usize), patch: Patch, filled: bool, hold: Duration) -> Option<bool> {
        if let Some(&(_, known)) = self.known.get(&cell).and_then(|k| k.iter().find(|(p, _)| p.same(&patch))) {
            return Some(known);
        }
        let watch = match self.watching.get_mut(&cell) {
            Some(w) if w.patch.same(&patch) => {
                w.frames += 1;
                w
            }
            _ => {
                self.watching.insert(cell, Watch { patch, since: Instant::now(), frames: 1 });
                return None;
            }
        };
        if watch.frames < FRAMES || watch.since.elapsed() < hold {
            return None;
        }
        let patch = watch.patch.clone();
        self.watching.remove(&cell);
        let kept = self.known.entry(cell).or_default();
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((patch, filled));
        self.notes.push(format!(
            "row {} col {} stayed partly drawn, unchanged, for {} ms: no piece in motion but the program's own drawing over the well (text?), read as {} (what most of it shows)",
            cell.0,
            cell.1,
            hold.as_millis(),
            if filled { "filled" } else { "empty" }
        ));
        Some(filled)
    }

    /// Forgets the watches on cells not partly drawn in the last frame (`partial`): a watch is of
    /// consecutive frames.
    pub fn keep_watching(&mut self, partial: &[(usize, usize)]) {
        self.watching.retain(|cell, _| partial.contains(cell));
    }

    /// The notes of covers found since the last call.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patch(v: u8) -> Patch {
        Patch(vec![[v, v, v]; LATTICE * LATTICE])
    }

    #[test]
    fn a_cell_is_a_cover_once_unchanged_over_frames_and_the_hold_and_is_then_known_at_once() {
        let mut covers = Covers::default();
        let hold = Duration::ZERO;
        assert_eq!(covers.judge((3, 0), patch(90), false, hold), None);
        assert_eq!(covers.judge((3, 0), patch(200), false, hold), None, "changed: watched again");
        assert_eq!(covers.judge((3, 0), patch(200), false, hold), None);
        assert_eq!(covers.judge((3, 0), patch(203), false, hold), Some(false), "within the tolerance");
        assert_eq!(covers.take_notes().len(), 1);
        assert_eq!(covers.judge((3, 0), patch(200), true, hold), Some(false), "known at once, as first read");
        assert_eq!(covers.judge((3, 1), patch(200), true, hold), None, "another cell is watched on its own");
        covers.keep_watching(&[]);
        assert_eq!(covers.judge((3, 1), patch(200), true, hold), None, "a break in the frames starts it again");
    }

    #[test]
    fn a_cover_reads_as_what_most_of_it_shows() {
        let mut points = vec![[0, 0, 0]; LATTICE * LATTICE];
        points[..LATTICE * LATTICE / 2 - 1].fill([255, 255, 255]);
        let dark = |p: [u8; 3]| p.iter().all(|&v| v < 40);
        assert!(!Patch(points.clone()).mostly_filled(dark));
        points[LATTICE * LATTICE / 2 - 1] = [255, 255, 255];
        assert!(Patch(points).mostly_filled(dark), "half and half: filled");
    }
}
