//! What calibration learns from one screenshot whose board is known: the look of each class from
//! labelled samples (a palette and how far a sample may stray from it), where the board stands out
//! from the window's background, and blobs of one colour (a program's colour buttons).
//!
//! Nothing here knows a game or a program: the limits are derived from the samples themselves.

use std::collections::HashMap;

use super::colour::{Lab, linear_table, luminance, luminance_of_lightness};
use super::palette::Sample;
use super::regions::{Component, components};
use crate::frame::{Frame, Rect};

/// Classes learned from labelled samples: their mean colours and the ΔE limit that separates them.
#[derive(Clone, Debug, PartialEq)]
pub struct Learned {
    /// The mean colour of each class, class 0 first.
    pub colours: Vec<[u8; 3]>,
    /// A sample within this ΔE of its class's mean belongs to it.
    pub max_delta_e: f32,
    /// The largest ΔE of a sample from its class's mean, as seen.
    pub widest: f32,
    /// The smallest ΔE between two classes' means.
    pub closest: f32,
    /// The largest spread (RMS, RGB units) of one sampled patch, as seen.
    pub spread: f32,
}

/// Why labelled samples teach no usable classes.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum LearnError {
    #[error("class {0} has no sample")]
    Empty(usize),
    #[error(
        "classes {a} and {b} look alike (ΔE {between:.1} between their means, samples stray up to {within:.1}): the layout is probably wrong"
    )]
    Overlap { a: usize, b: usize, between: f32, within: f32 },
}

/// Learns `classes` classes from samples labelled `labels` (same order).
pub fn learn_classes(samples: &[Sample], labels: &[usize], classes: usize) -> Result<Learned, LearnError> {
    let mut sums = vec![([0f64; 3], 0usize); classes];
    for (s, &l) in samples.iter().zip(labels) {
        let entry = &mut sums[l];
        (0..3).for_each(|i| entry.0[i] += s.rgb[i] as f64);
        entry.1 += 1;
    }
    let mut colours = Vec::with_capacity(classes);
    for (i, (sum, n)) in sums.iter().enumerate() {
        if *n == 0 {
            return Err(LearnError::Empty(i));
        }
        colours.push(sum.map(|v| (v / *n as f64).round() as u8));
    }
    let labs: Vec<Lab> = colours.iter().map(|&c| Lab::from_rgb8(c)).collect();
    let widest = samples.iter().zip(labels).map(|(s, &l)| s.lab.delta_e(&labs[l])).fold(0f32, f32::max);
    let spread = samples.iter().map(|s| s.spread).fold(0f32, f32::max);
    let mut closest = f32::INFINITY;
    for a in 0..classes {
        for b in a + 1..classes {
            let between = labs[a].delta_e(&labs[b]);
            if between <= 2.0 * widest + 2.0 {
                return Err(LearnError::Overlap { a, b, between, within: widest });
            }
            closest = closest.min(between);
        }
    }
    // Room for other boards' shading and scaling (three times what was seen, at least 8), but never
    // so much that a sample could be nearer another class than its own's limit allows.
    let max_delta_e = (3.0 * widest + 4.0).max(8.0).min(closest / 2.0);
    Ok(Learned { colours, max_delta_e, widest, closest, spread })
}

/// The colour most of the frame's outermost pixels have: the window's background.
pub fn border_colour(frame: &Frame) -> [u8; 3] {
    let (w, h) = (frame.width(), frame.height());
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    let mut add = |x: u32, y: u32| *counts.entry(frame.rgb(x, y)).or_insert(0) += 1;
    for x in 0..w {
        add(x, 0);
        add(x, h.saturating_sub(1));
    }
    for y in 0..h {
        add(0, y);
        add(w.saturating_sub(1), y);
    }
    counts.into_iter().max_by_key(|&(c, n)| (n, c)).map_or([0, 0, 0], |(c, _)| c)
}

/// The colour most pixels inside `rect` have.
pub fn dominant_colour(frame: &Frame, rect: Rect) -> [u8; 3] {
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    let (x0, y0) = (rect.x.max(0.0) as u32, rect.y.max(0.0) as u32);
    let x1 = ((rect.x + rect.width) as u32).min(frame.width());
    let y1 = ((rect.y + rect.height) as u32).min(frame.height());
    for y in y0..y1 {
        for x in x0..x1 {
            *counts.entry(frame.rgb(x, y)).or_insert(0) += 1;
        }
    }
    counts.into_iter().max_by_key(|&(c, n)| (n, c)).map_or([0, 0, 0], |(c, _)| c)
}

/// Pixels further than `min_delta_e` from `background`.
pub fn unlike_mask(frame: &Frame, background: [u8; 3], min_delta_e: f32) -> Vec<bool> {
    let bg = Lab::from_rgb8(background);
    colour_mask(frame, |rgb| Lab::from_rgb8(rgb).delta_e(&bg) > min_delta_e)
}

/// Pixels within `max_delta_e` of their nearest entry of `palette` (of any entry).
/// A colour whose lightness alone lies further than `max_delta_e` from every entry's (with a
/// margin for rounding) is near none of them, and is told so by its luminance, without converting
/// it to Lab or looking it up; the others are tested in full.
pub fn near_mask(frame: &Frame, palette: &[Lab], max_delta_e: f32) -> Vec<bool> {
    let linear = linear_table();
    let margin = f64::from(max_delta_e) + LIGHTNESS_MARGIN;
    let spans: Vec<(f32, f32)> = palette
        .iter()
        .map(|e| {
            let l = f64::from(e.l);
            (luminance_of_lightness(l - margin) as f32, luminance_of_lightness(l + margin) as f32)
        })
        .collect();
    let far_in_lightness = |rgb: [u8; 3]| {
        let y = luminance(rgb.map(|c| linear[c as usize]));
        spans.iter().all(|&(lo, hi)| y < lo || y > hi)
    };
    colour_mask_unless(frame, far_in_lightness, |rgb| {
        let lab = Lab::from_rgb8(rgb);
        palette.iter().any(|e| e.delta_e(&lab) <= max_delta_e)
    })
}

/// How much further than the limit, in L*, a colour's lightness must lie from an entry's to be
/// told apart by its luminance alone: far more than the rounding of either way of computing it.
const LIGHTNESS_MARGIN: f64 = 0.5;

/// A hasher for a colour packed in a `u32`: one multiplication (a screenshot has few colours, and
/// hashing each pixel with the default hasher cost more than the test it saves).
#[derive(Default)]
struct ColourHasher(u64);

impl std::hash::Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = u64::from(v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Every pixel's answer to `test` of its colour, each colour tested once (and a run of one colour
/// looked up once).
fn colour_mask(frame: &Frame, test: impl Fn([u8; 3]) -> bool) -> Vec<bool> {
    colour_mask_unless(frame, |_| false, test)
}

/// `colour_mask`, where a colour that `surely_not` says fails (a quick test that is never wrong
/// when it says so) is answered without `test` or a look-up.
fn colour_mask_unless(
    frame: &Frame,
    surely_not: impl Fn([u8; 3]) -> bool,
    test: impl Fn([u8; 3]) -> bool,
) -> Vec<bool> {
    let mut known: HashMap<u32, bool, std::hash::BuildHasherDefault<ColourHasher>> = HashMap::default();
    let mut last: Option<(u32, bool)> = None;
    frame
        .image
        .pixels()
        .map(|p| {
            let key = u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]);
            match last {
                Some((k, answer)) if k == key => answer,
                _ if surely_not([p[0], p[1], p[2]]) => {
                    last = Some((key, false));
                    false
                }
                _ => {
                    let answer = *known.entry(key).or_insert_with(|| test([p[0], p[1], p[2]]));
                    last = Some((key, answer));
                    answer
                }
            }
        })
        .collect()
}

/// The largest blob (no longer than four times its width) of pixels near `colour`, at least `min_side` across, lying
/// wholly outside `avoid`: where a program draws the button of that colour.
pub fn button_of(frame: &Frame, colour: [u8; 3], max_delta_e: f32, avoid: Rect, min_side: f64) -> Option<Rect> {
    let mask = near_mask(frame, &[Lab::from_rgb8(colour)], max_delta_e);
    let outside = |c: &Component| {
        let (x0, y0, x1, y1) = (c.x0 as f64, c.y0 as f64, c.x1 as f64 + 1.0, c.y1 as f64 + 1.0);
        x1 <= avoid.x || y1 <= avoid.y || x0 >= avoid.x + avoid.width || y0 >= avoid.y + avoid.height
    };
    components(&mask, frame.width() as usize)
        .into_iter()
        .filter(|c| {
            let (w, h) = (c.width() as f64, c.height() as f64);
            outside(c) && w.min(h) >= min_side && w.min(h) / w.max(h) >= 0.25
        })
        .max_by_key(|c| c.area)
        .map(|c| Rect { x: c.x0 as f64, y: c.y0 as f64, width: c.width() as f64, height: c.height() as f64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(rgb: [u8; 3]) -> Sample {
        Sample { rgb, lab: Lab::from_rgb8(rgb), spread: 1.0 }
    }

    #[test]
    fn classes_are_the_means_of_their_samples_with_a_limit_between_them() {
        let samples = [sample([200, 10, 10]), sample([210, 20, 10]), sample([10, 10, 200])];
        let learned = learn_classes(&samples, &[0, 0, 1], 2).unwrap();
        assert_eq!(learned.colours, vec![[205, 15, 10], [10, 10, 200]]);
        assert!(learned.max_delta_e >= 8.0 && learned.max_delta_e <= learned.closest / 2.0, "{learned:?}");
    }

    #[test]
    fn classes_that_overlap_are_refused() {
        let samples = [sample([200, 10, 10]), sample([20, 20, 200]), sample([200, 12, 10]), sample([20, 20, 190])];
        let err = learn_classes(&samples, &[0, 0, 1, 1], 2).unwrap_err();
        assert!(matches!(err, LearnError::Overlap { .. }), "{err}");
        assert_eq!(learn_classes(&samples[..1], &[0], 2).unwrap_err(), LearnError::Empty(1));
    }

    /// Told apart by lightness or tested in full, every pixel is answered as the full test alone
    /// answers it: colours of every lightness and hue around entries light, dark and mid-grey.
    #[test]
    fn the_near_mask_answers_as_the_full_test_does() {
        let image = image::RgbaImage::from_fn(256, 64, |x, y| {
            image::Rgba([x as u8, (y * 4) as u8 ^ (x as u8 / 3), (x as u8).wrapping_mul(7).wrapping_add(y as u8), 255])
        });
        let frame = Frame::from_image(image);
        for entry in [[255, 255, 255], [0, 0, 0], [128, 100, 90], [250, 212, 52]] {
            let palette = [Lab::from_rgb8(entry)];
            for limit in [0.5, 3.0, 12.0, 40.0] {
                let full: Vec<bool> = frame
                    .image
                    .pixels()
                    .map(|p| palette[0].delta_e(&Lab::from_rgb8([p[0], p[1], p[2]])) <= limit)
                    .collect();
                assert_eq!(near_mask(&frame, &palette, limit), full, "{entry:?} within {limit}");
            }
        }
    }
}
