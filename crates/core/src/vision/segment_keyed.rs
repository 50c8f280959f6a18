//! Cuts a frame into the 4-connected parts of pixels of one key (near a background or not, on a
//! surface or not): the cuts besides the one by steps (`segment_unlike`, `segment_off`). Two
//! neighbours belong together exactly when their keys are equal, so a row's runs are the stretches
//! of one key, and a run joins each run above it that it overlaps with the same key: the rows are
//! matched run against run, not pixel against pixel. The parts are those of `segment_with` given
//! the same test, numbered alike (`numbered_parts`). No pixel's part is kept: the lattice finder
//! reads these cuts' parts only, and labelling every pixel of a large frame meant writing 4 bytes
//! a pixel into memory touched for the first time, for each cut.

use super::segment::{Run, Segmentation, numbered_parts, union};
use crate::frame::Frame;

/// The parts of `frame` whose neighbouring pixels have equal `key`s (one per pixel, row-major),
/// with no pixel's part (`labels` empty).
pub fn segment_keyed(frame: &Frame, key: &[bool]) -> Segmentation {
    let (width, height) = (frame.width(), frame.height());
    let w = width as usize;
    let raw = frame.image.as_raw();
    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut above_first = 0;
    for y in 0..height as usize {
        let row = y * w;
        let keys = &key[row..row + w];
        let first = runs.len();
        let mut x = 0;
        while x < w {
            let (start, k) = (x, keys[x]);
            x += 1;
            while x < w && keys[x] == k {
                x += 1;
            }
            let id = runs.len() as u32;
            let mut sum = [0u64; 3];
            for p in raw[4 * (row + start)..4 * (row + x)].chunks_exact(4) {
                (0..3).for_each(|c| sum[c] += u64::from(p[c]));
            }
            runs.push((start as u32, x as u32, y as u32, sum));
            parent.push(id);
        }
        if y > 0 {
            // Both rows' runs cover the row from left to right: step along both, always past the
            // run that ends first, and every pair that overlaps is met once.
            let (mut a, mut b) = (above_first, first);
            while a < first && b < runs.len() {
                let (end_a, end_b) = (runs[a].1, runs[b].1);
                if key[row - w + runs[a].0 as usize] == keys[runs[b].0 as usize] {
                    union(&mut parent, a as u32, b as u32);
                }
                if end_a <= end_b {
                    a += 1;
                }
                if end_b <= end_a {
                    b += 1;
                }
            }
        }
        above_first = first;
    }
    let (_, parts) = numbered_parts(&runs, &mut parent);
    Segmentation { width, height, parts, labels: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::segment::segment_with;
    use image::{Rgba, RgbaImage};

    /// Blotches of two keys with noise in the colours: runs of every length, parts touching
    /// along rows, down columns and only at corners.
    #[test]
    fn keyed_runs_cut_exactly_as_the_pixel_test() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u8
        };
        let image = RgbaImage::from_fn(83, 57, |x, y| {
            let v = next();
            Rgba([v, (x * 3) as u8, (y * 5) as u8, 255])
        });
        let frame = Frame::from_image(image);
        let mut key_seed = 5u64;
        let key: Vec<bool> = (0..83 * 57)
            .map(|i| {
                key_seed = key_seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let (x, y) = (i % 83, i / 83);
                ((x / 6 + y / 4) % 2 == 0) ^ ((key_seed >> 60) == 0)
            })
            .collect();
        let (fast, slow) = (segment_keyed(&frame, &key), segment_with(&frame, |i, j| key[i] == key[j]));
        assert!(fast.parts.len() > 50, "{} parts", fast.parts.len());
        assert!(fast.labels.is_empty() && fast.part_at(0, 0).is_none());
        assert_eq!(fast.parts, slow.parts);
    }
}
