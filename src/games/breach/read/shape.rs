//! Which code a token shows, from the shapes of its two glyphs: no OCR, no templates, no colours.
//!
//! Each glyph's box is placed to a fraction of a pixel (where its ink profile crosses half way
//! from background to ink), resampled to one height with the pixels outside the box taken as
//! background (a touching neighbour stays out), binarised with a threshold 40 % of the way from the
//! token's background to its brightest ink, then measured in proportions of that box, so the same
//! numbers come out at every resolution and gamma, down to glyphs eight pixels tall: how many holes it has (B two; A, D and 9 one), whether a stem runs
//! down its left edge (C, E, F, B, D), whether ink sits at the right of its lower half (5, 9, A, B,
//! D, 1), how many strokes a vertical line through its middle crosses (E, 5, 9, B three), and how
//! many a line near its bottom crosses (A two legs). A token is given the code whose expected
//! features it disagrees with least, and only when that code is clearly ahead of the next.

use crate::vision::regions::Component;

use super::super::board::Code;
use super::luma::{Luma, between, percentile};
use super::tokens::Token;

/// What is measured of one glyph.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    pub holes: u8,
    pub left_stem: bool,
    pub right_low: bool,
    pub middle_crossings: u8,
    pub bottom_crossings: u8,
    /// The glyph's width on screen, in pixels.
    pub width: f64,
}

/// Expected features of a character; `None` where the font leaves it in doubt.
pub(super) struct Expected {
    holes: u8,
    left_stem: Option<bool>,
    right_low: Option<bool>,
    middle_crossings: Option<u8>,
    bottom_crossings: u8,
}

const fn expect(
    holes: u8,
    left_stem: Option<bool>,
    right_low: Option<bool>,
    middle: Option<u8>,
    bottom: u8,
) -> Expected {
    Expected { holes, left_stem, right_low, middle_crossings: middle, bottom_crossings: bottom }
}

/// The characters of the six codes: (first glyph, second glyph) per code.
fn characters(code: Code) -> (Expected, Expected) {
    let (t, f) = (Some(true), Some(false));
    let one = expect(0, f, t, None, 1);
    let c = expect(0, t, None, Some(2), 1);
    let five = expect(0, None, t, Some(3), 1);
    let f_ = expect(0, t, f, Some(2), 1);
    let seven = expect(0, f, f, Some(2), 1);
    let a = expect(1, None, t, Some(2), 2);
    let nine = expect(1, None, t, Some(3), 1);
    let b = expect(2, t, t, Some(3), 1);
    let d = expect(1, t, t, Some(2), 1);
    let e = expect(0, t, f, Some(3), 1);
    match code {
        Code::C1C => (one, c),
        Code::C55 => (five, expect(0, None, t, Some(3), 1)),
        Code::C7A => (seven, a),
        Code::CBD => (b, d),
        Code::CE9 => (e, nine),
        Code::CFF => (f_, expect(0, t, f, Some(2), 1)),
    }
}

/// How far a glyph's features are from a character's (holes count double: they are the surest).
fn distance(seen: &Features, want: &Expected) -> u32 {
    let mut d = 2 * (seen.holes as i32 - want.holes as i32).unsigned_abs();
    d += want.left_stem.is_some_and(|w| w != seen.left_stem) as u32;
    d += want.right_low.is_some_and(|w| w != seen.right_low) as u32;
    d += want.middle_crossings.is_some_and(|w| w != seen.middle_crossings.min(3)) as u32;
    d += (want.bottom_crossings != seen.bottom_crossings.clamp(1, 2)) as u32;
    d
}

/// The outcome of classifying a token: the best code, how far it was, and the runner-up's distance.
#[derive(Clone, Copy, Debug)]
pub struct Verdict {
    pub code: Code,
    pub distance: u32,
    pub runner_up: u32,
}

impl Verdict {
    /// Sure enough to act on: close to the best code and clearly ahead of every other.
    pub fn is_sure(&self) -> bool {
        self.distance <= 2 && self.runner_up >= self.distance + 2
    }
}

/// Classifies a token by the shapes of its glyphs.
pub fn classify(luma: &Luma, token: &Token) -> Verdict {
    let levels = Levels::around(luma, token);
    let first = measure(luma, &token.left, levels);
    let second = measure(luma, &token.right, levels);
    // "1" is the only narrow character: about half as wide as the glyph beside it, where the next
    // narrowest first glyph (the 7 of 7A) is three quarters as wide; the cut lies between.
    let narrow = first.width < 0.62 * second.width;
    let mut scored: Vec<(u32, Code)> = Code::ALL
        .iter()
        .map(|&code| {
            let (a, b) = characters(code);
            let narrow_wrong = (narrow != (code == Code::C1C)) as u32 * 2;
            (distance(&first, &a) + distance(&second, &b) + narrow_wrong, code)
        })
        .collect();
    scored.sort();
    Verdict { code: scored[0].1, distance: scored[0].0, runner_up: scored[1].0 }
}

/// The background around a token (the median of its box and a margin) and its brightest ink (the
/// 99th percentile).
#[derive(Clone, Copy, Debug)]
pub struct Levels {
    pub background: u8,
    pub ink: u8,
}

impl Levels {
    pub fn around(luma: &Luma, token: &Token) -> Levels {
        let pad = (token.height() * 0.3) as usize;
        let (x0, y0) = ((token.x0() as usize).saturating_sub(pad), (token.y0() as usize).saturating_sub(pad));
        let hist = luma.histogram(x0, y0, token.x1() as usize + pad, token.y1() as usize + pad);
        Levels { background: percentile(&hist, 0.5), ink: percentile(&hist, 0.99) }
    }

    /// What counts as ink: 40 % of the way from the background to the ink.
    pub(super) fn threshold(&self) -> u8 {
        between(self.background, self.ink)
    }

    /// Where an edge lies: half way from the background to the ink (a blurred step edge crosses
    /// its middle level where the sharp edge was).
    fn edge(&self) -> f64 {
        (self.background as f64 + self.ink as f64) / 2.0
    }
}

/// Glyphs are measured at this height, whatever their size on screen.
const SCALED_HEIGHT: usize = 32;

/// A glyph's ink as a bitmap at the measuring scale.
pub(super) struct Bitmap {
    pub(super) width: usize,
    pub(super) height: usize,
    ink: Vec<bool>,
    /// The glyph's width on screen, in pixels, to a fraction of a pixel.
    pub(super) screen_width: f64,
}

impl Bitmap {
    /// The glyph's box, its edges placed to a fraction of a pixel (`refined`), resampled
    /// (bilinear) to `SCALED_HEIGHT` rows, then thresholded: small glyphs keep their holes and
    /// strokes, and every measure works at one scale and in the same proportions at every size.
    pub(super) fn cut(luma: &Luma, glyph: &Component, levels: Levels) -> Bitmap {
        let (bx0, by0, bx1, by1) = refined(luma, glyph, levels.edge());
        let scale = SCALED_HEIGHT as f64 / (by1 - by0);
        let width = (((bx1 - bx0) * scale).round() as usize).max(1);
        let height = SCALED_HEIGHT;
        // Pixels outside the glyph's own box are background: a neighbour's ink a pixel away
        // must not enter the glyph's edge.
        let pixel = |x: i64, y: i64| -> f64 {
            let inside = x >= glyph.x0 as i64 && x < glyph.x1 as i64 && y >= glyph.y0 as i64 && y < glyph.y1 as i64;
            if inside { luma.at(x as usize, y as usize) as f64 } else { levels.background as f64 }
        };
        let sample = |x: f64, y: f64| -> f64 {
            let (x0, y0) = (x.floor() as i64, y.floor() as i64);
            let (tx, ty) = (x - x0 as f64, y - y0 as f64);
            let top = pixel(x0, y0) * (1.0 - tx) + pixel(x0 + 1, y0) * tx;
            let bottom = pixel(x0, y0 + 1) * (1.0 - tx) + pixel(x0 + 1, y0 + 1) * tx;
            top * (1.0 - ty) + bottom * ty
        };
        let threshold = levels.threshold() as f64;
        let mut ink = Vec::with_capacity(width * height);
        for j in 0..height {
            let y = by0 + (j as f64 + 0.5) / scale - 0.5;
            for i in 0..width {
                let x = bx0 + (i as f64 + 0.5) / scale - 0.5;
                ink.push(sample(x, y) > threshold);
            }
        }
        Bitmap { width, height, ink, screen_width: bx1 - bx0 }
    }

    pub(super) fn at(&self, x: usize, y: usize) -> bool {
        self.ink[y * self.width + x]
    }

    /// Runs of ink along the column at fraction `fx` of the width.
    fn column_runs(&self, fx: f64) -> u8 {
        let x = ((self.width as f64 * fx) as usize).min(self.width - 1);
        runs((0..self.height).map(|y| self.at(x, y)))
    }

    /// Runs of ink along the row at fraction `fy` of the height.
    fn row_runs(&self, fy: f64) -> u8 {
        let y = ((self.height as f64 * fy) as usize).min(self.height - 1);
        runs((0..self.width).map(|x| self.at(x, y)))
    }

    /// The share of rows in [fy0, fy1) of the height with ink in columns [fx0, fx1) of the width.
    pub(super) fn rows_with_ink(&self, (fy0, fy1): (f64, f64), (fx0, fx1): (f64, f64)) -> f64 {
        let span =
            |f0: f64, f1: f64, n: usize| ((n as f64 * f0) as usize, ((n as f64 * f1).ceil() as usize).clamp(1, n));
        let (y0, y1) = span(fy0, fy1, self.height);
        let (x0, x1) = span(fx0, fx1, self.width);
        let hit = (y0..y1).filter(|&y| (x0..x1).any(|x| self.at(x, y))).count();
        hit as f64 / (y1 - y0).max(1) as f64
    }

    /// Enclosed background regions (4-connected) of at least `min_area` pixels.
    fn holes(&self, min_area: usize) -> u8 {
        let (w, h) = (self.width, self.height);
        let mut seen = vec![false; w * h];
        let mut holes = 0;
        for start in 0..w * h {
            if seen[start] || self.ink[start] {
                continue;
            }
            let (mut stack, mut area, mut open) = (vec![start], 0, false);
            seen[start] = true;
            while let Some(i) = stack.pop() {
                area += 1;
                let (x, y) = (i % w, i / w);
                open |= x == 0 || y == 0 || x == w - 1 || y == h - 1;
                let mut visit = |j: usize| {
                    if !seen[j] && !self.ink[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                };
                if x > 0 {
                    visit(i - 1)
                }
                if x + 1 < w {
                    visit(i + 1)
                }
                if y > 0 {
                    visit(i - w)
                }
                if y + 1 < h {
                    visit(i + w)
                }
            }
            if !open && area >= min_area {
                holes += 1;
            }
        }
        holes
    }
}

/// Number of separate runs of `true` along a line.
fn runs(line: impl Iterator<Item = bool>) -> u8 {
    let (mut count, mut inside) = (0u8, false);
    for on in line {
        if on && !inside {
            count = count.saturating_add(1);
        }
        inside = on;
    }
    count
}

/// The box of a glyph placed to a fraction of a pixel (`refined`, at the level half way from the
/// background to the ink).
pub(super) fn refined_box(luma: &Luma, glyph: &Component, levels: Levels) -> (f64, f64, f64, f64) {
    refined(luma, glyph, levels.edge())
}

/// The box of a glyph (left, top, right, bottom) with each edge moved, by up to a pixel either
/// way, to where the ink's profile across it (the brightest pixel of each column or row of the
/// box) crosses `level`. A glyph a few pixels wide keeps its true proportions this way, where the
/// whole pixels of its box could be a quarter off.
fn refined(luma: &Luma, glyph: &Component, level: f64) -> (f64, f64, f64, f64) {
    let (x0, y0, x1, y1) = (glyph.x0 as i64, glyph.y0 as i64, glyph.x1 as i64, glyph.y1 as i64);
    let column = |x: i64| -> f64 {
        if x < 0 || x >= luma.width as i64 {
            return 0.0;
        }
        (y0..y1).map(|y| luma.at(x as usize, y as usize)).max().unwrap_or(0) as f64
    };
    let row = |y: i64| -> f64 {
        if y < 0 || y >= luma.height as i64 {
            return 0.0;
        }
        (x0..x1).map(|x| luma.at(x as usize, y as usize)).max().unwrap_or(0) as f64
    };
    let left = (x0 - 1) as f64 + crossing([column(x0 - 1), column(x0), column(x0 + 1)], level);
    let right = (x1 + 1) as f64 - crossing([column(x1), column(x1 - 1), column(x1 - 2)], level);
    let top = (y0 - 1) as f64 + crossing([row(y0 - 1), row(y0), row(y0 + 1)], level);
    let bottom = (y1 + 1) as f64 - crossing([row(y1), row(y1 - 1), row(y1 - 2)], level);
    // A degenerate profile (a glyph of one or two pixels) keeps its whole-pixel box.
    if right - left < 1.0 || bottom - top < 1.0 {
        return (x0 as f64, y0 as f64, x1 as f64, y1 as f64);
    }
    (left, top, right, bottom)
}

/// Where a profile of three pixels, from just outside an edge inwards, first rises to `level`,
/// in pixels from the outer pixel's outer side: linear between pixel centres. An outer pixel
/// already at the level (a neighbour's ink, or a soft edge) puts the edge in its middle; a
/// profile that never gets there keeps the whole-pixel edge.
fn crossing(p: [f64; 3], level: f64) -> f64 {
    if p[0] >= level {
        return 0.5;
    }
    for i in 1..3 {
        if p[i] >= level {
            return i as f64 - 0.5 + (level - p[i - 1]) / (p[i] - p[i - 1]);
        }
    }
    1.0
}

/// Measures one glyph.
pub fn measure(luma: &Luma, glyph: &Component, levels: Levels) -> Features {
    let bits = Bitmap::cut(luma, glyph, levels);
    let min_hole = (SCALED_HEIGHT * SCALED_HEIGHT) / 120;
    let mut middles = [bits.column_runs(0.45), bits.column_runs(0.5), bits.column_runs(0.55)];
    middles.sort();
    let mut bottoms = [bits.row_runs(0.85), bits.row_runs(0.88), bits.row_runs(0.91)];
    bottoms.sort();
    Features {
        holes: bits.holes(min_hole).min(2),
        left_stem: bits.rows_with_ink((0.1, 0.9), (0.0, 0.25)) >= 0.85,
        right_low: bits.rows_with_ink((0.55, 0.8), (0.7, 1.0)) >= 0.5,
        middle_crossings: middles[1],
        bottom_crossings: bottoms[1],
        width: bits.screen_width,
    }
}
