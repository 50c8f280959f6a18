//! Finding a program's start control by sight (issue 37: a game that starts only by a click on its
//! "Start Game" button, which a click in the window's middle misses and no key reaches). A button
//! is drawn as a box of one colour with text on it: a region of nearly one colour whose bounding
//! box is the region's own along its whole rim (a rectangle, filled; for a button drawn as an
//! outline, the inside of the outline is that region), with ink of a far colour inside it (the
//! letters: holes in the region). It is a control, not a part of the game's board: it lies clear of
//! the well and of the boxes showing pieces (`avoid`), is no taller than a third of the window and
//! no wider than two thirds. Buttons carry one line of text where score panels carry a label and
//! a number, so the controls come one-line first, then the larger first.

use image::Luma;
use imageproc::region_labelling::{Connectivity, connected_components};

use super::boxes::Rect;
use crate::frame::{Frame, Point};
use crate::vision::regions::mask_image;

/// Neighbouring pixels of one region differ by at most this in every channel.
const EVEN: i32 = 10;
/// Ink (a letter's pixel) departs from the region's colour by at least this in some channel.
const INK: i32 = 64;
/// A control is at least this many pixels across and down (a button holds a word).
const LEAST: (u32, u32) = (24, 10);
/// The share of its bounding box's rim the region must cover, in percent.
const RIM: u64 = 90;
/// The share of its bounding box the region covers, in percent: at least (the letters are thin),
/// and the share ink covers, at least (it carries text).
const FILL: u64 = 50;
const LEAST_INK: u64 = 1;

/// A control found: its box and the lines of text on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    pub rect: Rect,
    pub lines: usize,
}

impl Control {
    pub fn centre(&self) -> Point {
        let (x0, y0, x1, y1) = self.rect;
        Point::new(((x0 + x1) / 2) as i32, ((y0 + y1) / 2) as i32)
    }
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The controls a frame shows clear of `avoid`, the likeliest start button first.
pub fn controls(frame: &Frame, avoid: &[Rect]) -> Vec<Control> {
    let (w, h) = (frame.width(), frame.height());
    if w < 3 || h < 3 {
        return Vec::new();
    }
    let px = |x: u32, y: u32| frame.rgb(x, y).map(i32::from);
    let close = |a: [i32; 3], b: [i32; 3]| a.iter().zip(b).all(|(u, v)| (u - v).abs() <= EVEN);
    let mut even = vec![false; (w * h) as usize];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let p = px(x, y);
            even[(y * w + x) as usize] =
                [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].iter().all(|&(u, v)| close(p, px(u, v)));
        }
    }
    let labels = connected_components(&mask_image(&even, w as usize), Connectivity::Four, Luma([0u8]));
    // Per label: bounding box, area, colour sums.
    let mut regions: Vec<(Rect, u64, [u64; 3])> = Vec::new();
    for (y, row) in labels.as_raw().chunks_exact(w as usize).enumerate() {
        for (x, &label) in row.iter().enumerate() {
            if label == 0 {
                continue;
            }
            let i = label as usize - 1;
            if regions.len() <= i {
                regions.resize(i + 1, ((u32::MAX, u32::MAX, 0, 0), 0, [0; 3]));
            }
            let (x, y) = (x as u32, y as u32);
            let (rect, area, sums) = &mut regions[i];
            *rect = (rect.0.min(x), rect.1.min(y), rect.2.max(x + 1), rect.3.max(y + 1));
            *area += 1;
            for (s, v) in sums.iter_mut().zip(frame.rgb(x, y)) {
                *s += u64::from(v);
            }
        }
    }
    let label_at = |x: u32, y: u32| labels.get_pixel(x, y).0[0];
    let mut found: Vec<Control> = Vec::new();
    for (i, &(rect, area, sums)) in regions.iter().enumerate() {
        let (x0, y0, x1, y1) = rect;
        let (rw, rh) = (x1 - x0, y1 - y0);
        if rw < LEAST.0 || rh < LEAST.1 || rw * 3 > w * 2 || rh * 3 > h || avoid.iter().any(|&a| overlaps(a, rect)) {
            continue;
        }
        let boxed = u64::from(rw) * u64::from(rh);
        if area * 100 < boxed * FILL || area >= boxed {
            continue;
        }
        let own = (i + 1) as u32;
        let rim: Vec<(u32, u32)> = (x0..x1)
            .flat_map(|x| [(x, y0), (x, y1 - 1)])
            .chain((y0..y1).flat_map(|y| [(x0, y), (x1 - 1, y)]))
            .collect();
        let on_rim = rim.iter().filter(|&&(x, y)| label_at(x, y) == own).count() as u64;
        if on_rim * 100 < rim.len() as u64 * RIM {
            continue;
        }
        let colour = sums.map(|s| (s / area) as i32);
        let inked_row = |y: u32| {
            (x0..x1)
                .filter(|&x| label_at(x, y) != own && px(x, y).iter().zip(colour).any(|(u, v)| (u - v).abs() >= INK))
                .count()
        };
        let per_row: Vec<usize> = (y0..y1).map(inked_row).collect();
        let ink: u64 = per_row.iter().map(|&n| n as u64).sum();
        if ink * 100 < boxed * LEAST_INK {
            continue;
        }
        let lines = per_row
            .iter()
            .zip(std::iter::once(&0).chain(per_row.iter()))
            .filter(|(n, before)| **n > 0 && **before == 0)
            .count();
        found.push(Control { rect, lines });
    }
    found.sort_by_key(|c| (c.lines, std::cmp::Reverse((c.rect.2 - c.rect.0) * (c.rect.3 - c.rect.1))));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    fn fill(img: &mut RgbaImage, (x, y, w, h): (u32, u32, u32, u32), rgb: [u8; 3]) {
        for yy in y..y + h {
            for xx in x..x + w {
                img.put_pixel(xx, yy, Rgba([rgb[0], rgb[1], rgb[2], 255]));
            }
        }
    }

    /// A panel of two lines of text (a score: label and number) is found after a button of one
    /// line, though larger; a box showing a piece, given to avoid, is none; the page is none.
    #[test]
    fn a_one_line_button_comes_before_a_two_line_panel_and_an_avoided_box_is_none() {
        let mut img = RgbaImage::from_pixel(400, 300, Rgba([200, 210, 220, 255]));
        let white = [250, 250, 250];
        // A black panel of two lines, 120 x 60, at (20, 20).
        fill(&mut img, (20, 20, 120, 60), [0, 0, 0]);
        fill(&mut img, (40, 30, 80, 8), white);
        fill(&mut img, (70, 55, 20, 8), white);
        // A grey-blue button of one line, 100 x 30, at (200, 200).
        fill(&mut img, (200, 200, 100, 30), [90, 110, 140]);
        fill(&mut img, (215, 210, 70, 10), white);
        // A light box showing a purple square (a piece), at (250, 20): avoided.
        fill(&mut img, (250, 20, 100, 80), [228, 230, 231]);
        fill(&mut img, (280, 40, 40, 40), [150, 20, 180]);
        let found = controls(&Frame::from_image(img), &[(250, 20, 350, 100)]);
        let rects: Vec<Rect> = found.iter().map(|c| c.rect).collect();
        assert_eq!(rects.len(), 2, "{found:?}");
        assert!(rects[0].0 >= 200 && rects[0].1 >= 200, "the button first: {found:?}");
        assert_eq!((found[0].lines, found[1].lines), (1, 2));
    }
}
