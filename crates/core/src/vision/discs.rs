//! Finds filled discs of one colour (pegs, holes, counters) and the square lattice they sit on.
//!
//! A disc is a connected blob of pixels near the wanted colour whose bounding box is about square
//! and about π/4 full. Lines, frames and text of the same colour fail that test. The lattice is
//! found from the disc centres alone: they cluster into columns and rows, the pitch is the smallest
//! gap between neighbouring clusters, and every centre must sit on a whole multiple of it.

use std::collections::HashMap;

use super::colour::Lab;
use super::regions::{Component, components};
use crate::frame::{Frame, Rect};

/// A disc found in a frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    pub x: f64,
    pub y: f64,
    pub diameter: f64,
}

/// Pixels whose nearest colour among `palette` is entry `target`, within `max_delta_e`, as a mask.
/// Colours are converted once each (screens show few distinct colours), so this stays fast on
/// large frames.
pub fn colour_mask(frame: &Frame, palette: &[Lab], target: usize, max_delta_e: f32) -> Vec<bool> {
    let mut known: HashMap<[u8; 3], bool> = HashMap::new();
    let is_target = |rgb: [u8; 3]| {
        let lab = Lab::from_rgb8(rgb);
        let nearest = palette.iter().map(|p| p.delta_e(&lab)).enumerate().min_by(|a, b| a.1.total_cmp(&b.1));
        nearest.is_some_and(|(i, d)| i == target && d <= max_delta_e)
    };
    // Neighbouring pixels are mostly equal: remember the last answer before asking the map.
    let mut last: Option<([u8; 3], bool)> = None;
    frame
        .image
        .pixels()
        .map(|p| {
            let rgb = [p[0], p[1], p[2]];
            match last {
                Some((seen, answer)) if seen == rgb => answer,
                _ => {
                    let answer = *known.entry(rgb).or_insert_with(|| is_target(rgb));
                    last = Some((rgb, answer));
                    answer
                }
            }
        })
        .collect()
}

fn as_disc(c: &Component, min_diameter: u32) -> Option<Disc> {
    let (w, h) = (c.width() as f64, c.height() as f64);
    let fill = c.area as f64 / (w * h);
    let square = w.min(h) / w.max(h) >= 0.8;
    let round = (0.6..=0.95).contains(&fill);
    (square && round && c.width().min(c.height()) >= min_diameter).then(|| Disc {
        x: c.x0 as f64 + w / 2.0,
        y: c.y0 as f64 + h / 2.0,
        diameter: (w + h) / 2.0,
    })
}

/// The discs of palette entry `target` in the frame, at least `min_diameter` pixels across.
pub fn find_discs(frame: &Frame, palette: &[Lab], target: usize, max_delta_e: f32, min_diameter: u32) -> Vec<Disc> {
    let mask = colour_mask(frame, palette, target, max_delta_e);
    components(&mask, frame.width() as usize).iter().filter_map(|c| as_disc(c, min_diameter)).collect()
}

/// The discs among the marked pixels of `mask` (row-major, `width` wide), at least
/// `min_diameter` pixels across.
pub fn discs_in_mask(mask: &[bool], width: usize, min_diameter: u32) -> Vec<Disc> {
    components(mask, width).iter().filter_map(|c| as_disc(c, min_diameter)).collect()
}

/// A square lattice: the centre of cell (row, col) is (x0 + col * pitch_x, y0 + row * pitch_y).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    pub x0: f64,
    pub y0: f64,
    pub pitch_x: f64,
    pub pitch_y: f64,
    pub rows: usize,
    pub cols: usize,
}

impl Lattice {
    /// The lattice's cells as a rectangle (each centre in the middle of its cell).
    pub fn rect(&self) -> Rect {
        Rect {
            x: self.x0 - self.pitch_x / 2.0,
            y: self.y0 - self.pitch_y / 2.0,
            width: self.pitch_x * self.cols as f64,
            height: self.pitch_y * self.rows as f64,
        }
    }
}

/// Groups sorted values into clusters of values closer than `tolerance`; returns cluster means.
fn clusters(mut values: Vec<f64>, tolerance: f64) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    let mut groups: Vec<Vec<f64>> = Vec::new();
    for v in values {
        match groups.last_mut() {
            Some(g) if v - g[g.len() - 1] <= tolerance => g.push(v),
            _ => groups.push(vec![v]),
        }
    }
    groups.iter().map(|g| g.iter().sum::<f64>() / g.len() as f64).collect()
}

/// The pitch and count of one axis: every cluster must lie on a whole multiple of the pitch.
fn axis(values: Vec<f64>, tolerance: f64) -> Option<(f64, f64, usize)> {
    let centres = clusters(values, tolerance);
    let first = *centres.first()?;
    if centres.len() == 1 {
        return Some((first, 0.0, 1));
    }
    let pitch = centres.windows(2).map(|w| w[1] - w[0]).fold(f64::INFINITY, f64::min);
    let mut steps = Vec::with_capacity(centres.len());
    for c in &centres {
        let k = (c - first) / pitch;
        if (k - k.round()).abs() > 0.2 {
            return None;
        }
        steps.push(k.round());
    }
    // Refine the pitch over the whole span.
    let span = steps.last().copied().unwrap_or(0.0);
    let pitch = if span > 0.0 { (centres[centres.len() - 1] - first) / span } else { pitch };
    Some((first, pitch, span as usize + 1))
}

/// The lattice the discs sit on, or None when their centres do not form one. Cells are taken to
/// be square, so an axis whose discs happen to lie two cells apart takes its pitch from the other.
pub fn lattice(discs: &[Disc]) -> Option<Lattice> {
    let diameter = discs.iter().map(|d| d.diameter).fold(f64::INFINITY, f64::min);
    if discs.is_empty() || !diameter.is_finite() {
        return None;
    }
    let tolerance = (diameter / 3.0).max(1.5);
    let (x0, px, cols) = axis(discs.iter().map(|d| d.x).collect(), tolerance)?;
    let (y0, py, rows) = axis(discs.iter().map(|d| d.y).collect(), tolerance)?;
    let pitch = match (px > 0.0, py > 0.0) {
        (true, true) => px.min(py),
        (true, false) => px,
        (false, true) => py,
        (false, false) => diameter * 1.5,
    };
    // Re-count each axis in the common pitch: its span must be a whole number of pitches.
    let recount = |axis_pitch: f64, n: usize| -> Option<(f64, usize)> {
        let span = axis_pitch * (n - 1) as f64;
        let steps = span / pitch;
        if (steps - steps.round()).abs() > 0.2 {
            return None;
        }
        let steps = steps.round() as usize;
        Some((if steps > 0 { span / steps as f64 } else { pitch }, steps + 1))
    };
    let (pitch_x, cols) = recount(px, cols)?;
    let (pitch_y, rows) = recount(py, rows)?;
    Some(Lattice { x0, y0, pitch_x, pitch_y, rows, cols })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    fn disc(image: &mut RgbaImage, cx: i32, cy: i32, r: i32, rgb: [u8; 3]) {
        for y in cy - r..=cy + r {
            for x in cx - r..=cx + r {
                if (x - cx).pow(2) + (y - cy).pow(2) <= r * r {
                    image.put_pixel(x as u32, y as u32, Rgba([rgb[0], rgb[1], rgb[2], 255]));
                }
            }
        }
    }

    #[test]
    fn finds_discs_but_not_lines_of_the_same_colour() {
        let mut image = RgbaImage::from_pixel(200, 120, Rgba([213, 213, 213, 255]));
        disc(&mut image, 40, 40, 12, [0, 0, 255]);
        disc(&mut image, 90, 40, 12, [0, 0, 255]);
        for x in 10..190 {
            image.put_pixel(x, 100, Rgba([0, 0, 255, 255]));
            image.put_pixel(x, 101, Rgba([0, 0, 255, 255]));
        }
        let palette = [Lab::from_rgb8([0, 0, 255]), Lab::from_rgb8([213, 213, 213])];
        let found = find_discs(&Frame::from_image(image), &palette, 0, 10.0, 4);
        assert_eq!(found.len(), 2);
        assert!((found[0].x - 40.5).abs() < 1.0 && (found[0].diameter - 25.0).abs() < 1.5, "{found:?}");
    }

    #[test]
    fn the_lattice_spans_gaps_and_counts_cells() {
        let at = |x: f64, y: f64| Disc { x, y, diameter: 20.0 };
        // Columns 0, 1 and 3 (col 2 empty), rows 0 and 2 (row 1 empty), pitch 47.
        let discs = [at(100.0, 50.0), at(147.0, 50.0), at(241.0, 144.0), at(100.5, 144.0)];
        let l = lattice(&discs).unwrap();
        assert_eq!((l.rows, l.cols), (3, 4));
        assert!((l.pitch_x - 47.0).abs() < 0.3 && (l.pitch_y - 47.0).abs() < 0.3, "{l:?}");
    }

    #[test]
    fn scattered_discs_are_no_lattice() {
        let at = |x: f64, y: f64| Disc { x, y, diameter: 20.0 };
        assert_eq!(lattice(&[at(100.0, 50.0), at(147.0, 50.0), at(180.0, 50.0)]), None);
        assert_eq!(lattice(&[]), None);
    }
}
