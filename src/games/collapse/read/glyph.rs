//! Recognises one glyph of the Collapse game (a digit 0-9 or the player's '@') by its shape.
//!
//! The game draws each room's number in pygame's default font, anti-aliased; `digits.rs` holds that
//! font's glyphs rendered the same way at every small size and a few large ones. A room's ink, given
//! as coverage (0 = black, 1 = full ink colour) and cropped to its inked box, is compared with the
//! templates nearest in height: each template is laid over the ink by area resampling and scored by
//! normalised (Pearson) correlation; templates whose aspect ratio cannot be the ink's are skipped.
//! At the game's own sizes the best template matches pixel for pixel, which is what tells 3, 8 and
//! 9 apart when they are five or six pixels tall. The caller decides whether a score is convincing.

use std::sync::OnceLock;

use super::digits::TEMPLATES;

/// Coverage at or above this counts as inked when cropping a glyph to its box (the same rule for
/// templates and rooms, so their boxes agree; faint anti-aliasing fringes are left out).
pub const BOX_THRESHOLD: f32 = 0.25;

/// A rectangle of coverage values, row by row.
#[derive(Clone, Debug, PartialEq)]
pub struct Ink {
    pub width: usize,
    pub height: usize,
    pub data: Vec<f32>,
}

impl Ink {
    /// The box around every value at or above `BOX_THRESHOLD`, as (x0, y0, x1, y1) exclusive;
    /// `None` when nothing reaches it.
    pub fn inked_box(&self) -> Option<(usize, usize, usize, usize)> {
        let mut bounds: Option<(usize, usize, usize, usize)> = None;
        for y in 0..self.height {
            for x in 0..self.width {
                if self.data[y * self.width + x] >= BOX_THRESHOLD {
                    let b = bounds.get_or_insert((x, y, x + 1, y + 1));
                    *b = (b.0.min(x), b.1.min(y), b.2.max(x + 1), b.3.max(y + 1));
                }
            }
        }
        bounds
    }

    /// The part inside (x0, y0, x1, y1).
    pub fn crop(&self, (x0, y0, x1, y1): (usize, usize, usize, usize)) -> Ink {
        let data = (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).map(|(x, y)| self.data[y * self.width + x]);
        Ink { width: x1 - x0, height: y1 - y0, data: data.collect() }
    }
}

/// A template decoded and cropped by the same rule as a room's ink.
struct Shape {
    glyph: char,
    ink: Ink,
}

fn shapes() -> &'static [Shape] {
    static SHAPES: OnceLock<Vec<Shape>> = OnceLock::new();
    SHAPES.get_or_init(|| {
        TEMPLATES
            .iter()
            .filter_map(|t| {
                let data = t.ink.chars().map(|c| c.to_digit(16).unwrap_or(0) as f32 / 15.0).collect();
                let full = Ink { width: t.width.into(), height: t.height.into(), data };
                let ink = full.crop(full.inked_box()?);
                Some(Shape { glyph: t.glyph, ink })
            })
            .collect()
    })
}

/// The coverage of each of `to` cells over `from` cells along one axis: for target cell i, the
/// source cells it overlaps and by how much (weights sum to 1).
fn weights(from: usize, to: usize) -> Vec<Vec<(usize, f32)>> {
    let scale = from as f32 / to as f32;
    (0..to)
        .map(|i| {
            let (a, b) = (i as f32 * scale, (i + 1) as f32 * scale);
            let (first, last) = (a.floor() as usize, (b.ceil() as usize).min(from));
            (first..last)
                .map(|j| (j, ((j + 1) as f32).min(b) - (j as f32).max(a)))
                .filter(|&(_, w)| w > 0.0)
                .map(|(j, w)| (j, w / scale))
                .collect()
        })
        .collect()
}

/// `ink` resampled to `width` x `height` by area averaging (the identity when the sizes agree).
pub fn resample(ink: &Ink, width: usize, height: usize) -> Vec<f32> {
    let (wx, wy) = (weights(ink.width, width), weights(ink.height, height));
    let mut rows = vec![0.0; width * ink.height];
    for y in 0..ink.height {
        for (x, ws) in wx.iter().enumerate() {
            rows[y * width + x] = ws.iter().map(|&(j, w)| w * ink.data[y * ink.width + j]).sum();
        }
    }
    let mut out = vec![0.0; width * height];
    for (y, ws) in wy.iter().enumerate() {
        for x in 0..width {
            out[y * width + x] = ws.iter().map(|&(j, w)| w * rows[j * width + x]).sum();
        }
    }
    out
}

/// Pearson correlation of two equally long vectors; 0 when either is flat.
pub fn correlation(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len() as f32;
    let (ma, mb) = (a.iter().sum::<f32>() / n, b.iter().sum::<f32>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (&x, &y) in a.iter().zip(b) {
        let (dx, dy) = (x - ma, y - mb);
        ab += dx * dy;
        aa += dx * dx;
        bb += dy * dy;
    }
    if aa <= f32::EPSILON || bb <= f32::EPSILON { 0.0 } else { ab / (aa * bb).sqrt() }
}

/// Glyphs taller than this are compared at `COMPARE_HEIGHT`, where the sub-pixel differences
/// between neighbouring font sizes (templates exist for a few large sizes only) blur away.
const LARGE: usize = 20;
const COMPARE_HEIGHT: usize = 16;

/// The correlation of a room's ink with a template: at the template's own size when it is small
/// (pixel for pixel at the game's sizes), both reduced to `COMPARE_HEIGHT` when both are large.
fn compare(ink: &Ink, template: &Ink) -> f32 {
    if ink.height > LARGE && template.height > LARGE {
        let width = ((template.width * COMPARE_HEIGHT) as f32 / template.height as f32).round().max(1.0) as usize;
        correlation(&resample(ink, width, COMPARE_HEIGHT), &resample(template, width, COMPARE_HEIGHT))
    } else if (ink.width, ink.height) == (template.width, template.height) {
        correlation(&ink.data, &template.data)
    } else {
        correlation(&resample(ink, template.width, template.height), &template.data)
    }
}

/// True when a template `tw` x `th` scaled to height `h` could be `w` wide (within a pixel and a
/// half plus 15 %: rounding of tiny boxes, not a different glyph such as the narrow '1').
fn aspect_fits(tw: usize, th: usize, w: usize, h: usize) -> bool {
    let expected = tw as f32 * h as f32 / th as f32;
    (expected - w as f32).abs() <= 1.5 + 0.15 * w as f32
}

/// The best score of each allowed glyph against `ink` (already cropped to its inked box), best
/// first. A glyph none of whose templates has a fitting shape is left out.
pub fn scores(ink: &Ink, allowed: &[char]) -> Vec<(char, f32)> {
    let mut best: Vec<(char, f32)> = Vec::new();
    for &glyph in allowed {
        let fitting: Vec<&Shape> = shapes()
            .iter()
            .filter(|s| s.glyph == glyph && aspect_fits(s.ink.width, s.ink.height, ink.width, ink.height))
            .collect();
        let Some(nearest) = fitting.iter().map(|s| s.ink.height.abs_diff(ink.height)).min() else { continue };
        let score = fitting
            .iter()
            .filter(|s| s.ink.height.abs_diff(ink.height) <= nearest.max(1))
            .map(|s| compare(ink, &s.ink))
            .fold(f32::MIN, f32::max);
        best.push((glyph, score));
    }
    best.sort_by(|a, b| b.1.total_cmp(&a.1));
    best
}

/// The template of `glyph` at font `size`, decoded but not cropped (for tests that draw glyphs).
pub fn template(glyph: char, size: u8) -> Option<Ink> {
    let t = TEMPLATES.iter().find(|t| t.glyph == glyph && t.size == size)?;
    let data = t.ink.chars().map(|c| c.to_digit(16).unwrap_or(0) as f32 / 15.0).collect();
    Some(Ink { width: t.width.into(), height: t.height.into(), data })
}
