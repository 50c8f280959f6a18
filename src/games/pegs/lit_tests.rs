//! Issue 40: a hole lit at its rim is a hole, not a peg drawn selected, when the lit ring reaches
//! past the rings of the look into the square's corners (its surround). A page may ring a hole in
//! the pegs' colour (setko-pegs rings its goal hole in gold); zoomed out and smoothed, part of that
//! ring spreads beyond the rings' reach, so the square's surround turns gold while everything
//! inside stays the dark page: every ring then stands out from the surround by about as much, as a
//! disc's do, and by shape alone the square was a peg drawn in another colour. Its inside is the
//! hole's own colours, which no peg's is: a match by colour (`Classes::lit_hole`) comes before a
//! match by shape alone (`Classes::judge`).

use super::board::Cell;
use super::looks::Classes;
use crate::frame::{Frame, Rect};
use crate::vision::looks::{Look, look};
use image::{Rgba, RgbaImage};

/// The dark page, the yellow peg, the thin grey ring of a hole, the gold of a lit ring.
const PAGE: [f64; 3] = [34.0, 34.0, 34.0];
const PEG: [f64; 3] = [255.0, 225.0, 85.0];
const RING: [f64; 3] = [85.0, 85.0, 85.0];
const GOLD: [f64; 3] = [230.0, 180.0, 20.0];

/// The look of one square `size` px across, each pixel `paint(r)` (r: its distance from the
/// centre over the size), each pixel the mean of 4x4 samples (edges smoothed).
fn drawn(size: u32, paint: impl Fn(f64) -> [f64; 3]) -> Look {
    let mut image = RgbaImage::new(size, size);
    let c = size as f64 / 2.0;
    for (x, y, p) in image.enumerate_pixels_mut() {
        let mut sum = [0.0; 3];
        for (i, j) in (0..16).map(|k| (k % 4, k / 4)) {
            let (sx, sy) = (x as f64 + (i as f64 + 0.5) / 4.0, y as f64 + (j as f64 + 0.5) / 4.0);
            let colour = paint((sx - c).hypot(sy - c) / size as f64);
            (0..3).for_each(|k| sum[k] += colour[k] / 16.0);
        }
        *p = Rgba([sum[0].round() as u8, sum[1].round() as u8, sum[2].round() as u8, 255]);
    }
    let rect = Rect { x: 0.0, y: 0.0, width: size as f64, height: size as f64 };
    look(&Frame::from_image(image), rect).unwrap()
}

fn classes(size: u32, relative: bool) -> Classes {
    let peg = drawn(size, |r| if r < 0.42 { PEG } else { PAGE });
    let hole = drawn(size, |r| if (0.40..0.45).contains(&r) { RING } else { PAGE });
    let off = drawn(size, |_| PAGE);
    let mut classes = Classes { peg, hole, off: vec![off], limit: 0.0, relative, rim: false };
    // As calibration sets it: half the distance of the nearest two looks.
    let looks = [&classes.peg, &classes.hole, &classes.off[0]];
    let closest = (0..3)
        .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
        .map(|(i, j)| classes.distance(looks[i], looks[j]))
        .fold(f32::INFINITY, f32::min);
    classes.limit = closest / 2.0;
    classes
}

/// Drawn at three sizes, the looks compared as they are (compared relative to their surrounds, the
/// lit square drawn here reads as a bare square: the surround's gold is forgiven as a change of the
/// page; not this test's matter).
#[test]
fn a_hole_lit_past_the_rings_into_its_corners_is_a_hole_not_a_selected_peg() {
    for size in [24, 32, 48] {
        let classes = classes(size, false);
        // The lit ring from the rings' reach (0.45 of the square) out into the corners.
        let lit = drawn(size, |r| if (0.44..0.56).contains(&r) { GOLD } else { PAGE });
        let judged = classes.judge(&lit);
        assert!(
            judged.is_some_and(|j| j.cell == Cell::Hole && !j.selected),
            "{size} px: {judged:?} (limit {:.1})",
            classes.limit
        );
        // A peg drawn in another colour is still a selected peg.
        let selected = drawn(size, |r| if r < 0.42 { [60.0, 140.0, 255.0] } else { PAGE });
        let judged = classes.judge(&selected);
        assert!(judged.is_some_and(|j| j.cell == Cell::Peg && j.selected), "{size} px: {judged:?}");
    }
}
