//! Cuts a frame into parts: 4-connected pixels joined wherever two neighbours differ by at most a
//! small step in every channel. A flat or smoothly shaded area (a cell, a button, a disc with a
//! gradient, a wood-coloured board) is one part; an edge (a line, a gap, an outline, the rim of a
//! glyph) separates parts. Nothing is assumed about colours: a part is what a person would see as
//! one patch of paint, which is what the lattice finder (`vision::lattice`) builds on. A second cut,
//! by likeness to the window's background, keeps softly shaded things whole.

use crate::frame::Frame;

/// One part: its bounding box (exclusive right and bottom), pixel count and mean colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Part {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
    pub area: u32,
    pub mean: [f32; 3],
}

impl Part {
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }

    /// The centre of the bounding box.
    pub fn centre(&self) -> (f64, f64) {
        ((self.x0 + self.x1) as f64 / 2.0, (self.y0 + self.y1) as f64 / 2.0)
    }

    /// The share of the bounding box the part's pixels fill.
    pub fn fill(&self) -> f64 {
        self.area as f64 / (self.width() as f64 * self.height() as f64)
    }

    pub fn rgb(&self) -> [u8; 3] {
        self.mean.map(|v| v.round().clamp(0.0, 255.0) as u8)
    }
}

/// A frame cut into parts, with every pixel's part (row-major) when the cut keeps it.
pub struct Segmentation {
    pub width: u32,
    pub height: u32,
    pub parts: Vec<Part>,
    /// The index into `parts` of every pixel; empty for the cuts that keep their parts only
    /// (`segment_unlike`, `segment_off`: what lies on a lattice is told by parts alone).
    pub labels: Vec<u32>,
}

impl Segmentation {
    /// The part under pixel (x, y); None outside the frame, or when the cut kept no pixel's part.
    pub fn part_at(&self, x: u32, y: u32) -> Option<&Part> {
        let label = (x < self.width && y < self.height).then(|| self.labels.get((y * self.width + x) as usize))??;
        Some(&self.parts[*label as usize])
    }
}

/// The largest difference between two colours over their channels.
pub fn step(a: [u8; 3], b: [u8; 3]) -> u8 {
    a[0].abs_diff(b[0]).max(a[1].abs_diff(b[1])).max(a[2].abs_diff(b[2]))
}

pub(super) fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let grand = parent[parent[i as usize] as usize];
        parent[i as usize] = grand;
        i = grand;
    }
    i
}

pub(super) fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[hi as usize] = lo;
    }
}

/// Cuts `frame` into parts whose neighbouring pixels differ by at most `max_step` per channel.
pub fn segment(frame: &Frame, max_step: u8) -> Segmentation {
    let raw = frame.image.as_raw();
    let rgb = |i: usize| [raw[4 * i], raw[4 * i + 1], raw[4 * i + 2]];
    segment_with(frame, |i, j| step(rgb(i), rgb(j)) <= max_step)
}

/// Cuts `frame` into the areas near `background` (within `max_delta_e`) and the things drawn on
/// it, whatever their shading: a ball lit nearly to the background's colour at its top is one
/// part, where a segmentation by steps would let its soft edge run into the background. Its parts
/// only, no pixel's part (`Segmentation::labels`).
pub fn segment_unlike(frame: &Frame, background: [u8; 3], max_delta_e: f32) -> Segmentation {
    let near =
        crate::vision::learn::near_mask(frame, &[crate::vision::colour::Lab::from_rgb8(background)], max_delta_e);
    super::segment_keyed::segment_keyed(frame, &near)
}

/// Cuts `frame` into one of `steps`' parts, `surface` (a board's wood, however shaded across), and
/// the things lying on it: every patch of pixels not of that part is one part, however its own
/// pixels step (a small glossy ball that the cut by steps breaks into bits is whole here). Its
/// parts only, no pixel's part (`Segmentation::labels`).
pub fn segment_off(frame: &Frame, steps: &Segmentation, surface: u32) -> Segmentation {
    let on: Vec<bool> = steps.labels.iter().map(|&label| label == surface).collect();
    super::segment_keyed::segment_keyed(frame, &on)
}

/// Cuts `frame` into the 4-connected parts of pixels that `joined` says belong together
/// (pixel indices, row-major). Pixels are first gathered into runs along each row (a row at a
/// time: its runs, then their joins to the row above), and runs are joined to the runs above
/// them: unions per run, not per pixel.
pub(super) fn segment_with(frame: &Frame, joined: impl Fn(usize, usize) -> bool) -> Segmentation {
    let (width, height) = (frame.width(), frame.height());
    let w = width as usize;
    let n = w * height as usize;
    let raw = frame.image.as_raw();
    // Each pixel's run, then (at the end) its part.
    let mut labels = vec![0u32; n];
    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    for y in 0..height as usize {
        let row = y * w;
        let mut x = 0;
        while x < w {
            let start = x;
            x += 1;
            while x < w && joined(row + x, row + x - 1) {
                x += 1;
            }
            let id = runs.len() as u32;
            let mut sum = [0u64; 3];
            for p in raw[4 * (row + start)..4 * (row + x)].chunks_exact(4) {
                (0..3).for_each(|c| sum[c] += u64::from(p[c]));
            }
            labels[row + start..row + x].fill(id);
            runs.push((start as u32, x as u32, y as u32, sum));
            parent.push(id);
        }
        if y > 0 {
            // A pair of runs met again at the next pixel is not joined again.
            let mut above = (u32::MAX, u32::MAX);
            for i in row..row + w {
                if joined(i, i - w) {
                    let pair = (labels[i], labels[i - w]);
                    if pair != above {
                        union(&mut parent, pair.0, pair.1);
                        above = pair;
                    }
                }
            }
        }
    }
    parts_of_runs(width, height, &runs, &mut parent, labels)
}

/// A run of pixels along one row: its first and past-the-end columns, its row, its colour sum.
pub(super) type Run = (u32, u32, u32, [u64; 3]);

/// The parts of runs joined by `parent` (union-find over run ids, each set's root its smallest
/// id), and `labels` turned from each pixel's run into its part. The parts are numbered in pixel
/// order (a part's first run is its root); boxes and colour sums are gathered run by run.
pub(super) fn parts_of_runs(
    width: u32,
    height: u32,
    runs: &[Run],
    parent: &mut [u32],
    mut labels: Vec<u32>,
) -> Segmentation {
    let (index, parts) = numbered_parts(runs, parent);
    for label in labels.iter_mut() {
        *label = index[*label as usize];
    }
    Segmentation { width, height, parts, labels }
}

/// The parts of runs joined by `parent`, numbered as `parts_of_runs` numbers them, and each run's
/// part.
pub(super) fn numbered_parts(runs: &[Run], parent: &mut [u32]) -> (Vec<u32>, Vec<Part>) {
    let mut index = vec![u32::MAX; runs.len()];
    let mut sums: Vec<([u64; 3], Part)> = Vec::new();
    for (id, &(x0, x1, y, sum)) in runs.iter().enumerate() {
        let root = find(parent, id as u32) as usize;
        if index[root] == u32::MAX {
            index[root] = sums.len() as u32;
            sums.push(([0; 3], Part { x0, y0: y, x1, y1: y + 1, area: 0, mean: [0.0; 3] }));
        }
        let label = index[root];
        index[id] = label;
        let (total, part) = &mut sums[label as usize];
        (0..3).for_each(|k| total[k] += sum[k]);
        part.area += x1 - x0;
        part.x0 = part.x0.min(x0);
        part.x1 = part.x1.max(x1);
        part.y1 = y + 1;
    }
    let parts = sums
        .into_iter()
        .map(|(sum, mut part)| {
            part.mean = sum.map(|s| (s as f64 / part.area as f64) as f32);
            part
        })
        .collect();
    (index, parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    #[test]
    fn a_gradient_is_one_part_and_an_edge_cuts() {
        let mut image = RgbaImage::new(40, 10);
        for (x, y, p) in image.enumerate_pixels_mut() {
            let v = if x < 20 { 100 + x as u8 * 2 } else { 10 };
            *p = Rgba([v, v, v + (y as u8), 255]);
        }
        let s = segment(&Frame::from_image(image), 6);
        assert_eq!(s.parts.len(), 2);
        assert_eq!((s.parts[0].x0, s.parts[0].x1, s.parts[0].area), (0, 20, 200));
        assert_eq!(s.part_at(30, 5).unwrap().x0, 20);
    }

    #[test]
    fn a_ring_and_its_inside_are_separate_parts() {
        let mut image = RgbaImage::from_pixel(30, 30, Rgba([160, 80, 40, 255]));
        for (x, y, p) in image.enumerate_pixels_mut() {
            let d = ((x as f64 - 15.0).powi(2) + (y as f64 - 15.0).powi(2)).sqrt();
            if (8.0..10.0).contains(&d) {
                *p = Rgba([0, 0, 0, 255]);
            }
        }
        let s = segment(&Frame::from_image(image), 6);
        let inside = s.part_at(15, 15).unwrap();
        assert!(inside.width() < 18 && inside.height() < 18, "{inside:?}");
        assert_eq!(s.part_at(0, 0).unwrap().width(), 30);
    }

    /// The plain way, pixel by pixel: what the runs must agree with.
    fn segment_by_pixels(frame: &Frame, joined: impl Fn(usize, usize) -> bool) -> Segmentation {
        let (width, height) = (frame.width(), frame.height());
        let n = (width as usize) * (height as usize);
        let raw = frame.image.as_raw();
        let rgb = |i: usize| [raw[4 * i], raw[4 * i + 1], raw[4 * i + 2]];
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let w = width as usize;
        for y in 0..height as usize {
            for x in 0..w {
                let i = y * w + x;
                if x > 0 && joined(i, i - 1) {
                    union(&mut parent, i as u32, (i - 1) as u32);
                }
                if y > 0 && joined(i, i - w) {
                    union(&mut parent, i as u32, (i - w) as u32);
                }
            }
        }
        // Number the roots in pixel order, then gather boxes and colour sums.
        let mut labels = vec![0u32; n];
        let mut index = vec![u32::MAX; n];
        let mut sums: Vec<([f64; 3], Part)> = Vec::new();
        for (i, slot) in labels.iter_mut().enumerate() {
            let root = find(&mut parent, i as u32) as usize;
            if index[root] == u32::MAX {
                index[root] = sums.len() as u32;
                let (x, y) = ((i % w) as u32, (i / w) as u32);
                sums.push(([0.0; 3], Part { x0: x, y0: y, x1: x + 1, y1: y + 1, area: 0, mean: [0.0; 3] }));
            }
            let label = index[root];
            *slot = label;
            let (x, y) = ((i % w) as u32, (i / w) as u32);
            let (sum, part) = &mut sums[label as usize];
            let c = rgb(i);
            (0..3).for_each(|k| sum[k] += c[k] as f64);
            part.area += 1;
            part.x0 = part.x0.min(x);
            part.x1 = part.x1.max(x + 1);
            part.y1 = y + 1;
        }
        let parts = sums
            .into_iter()
            .map(|(sum, mut part)| {
                part.mean = sum.map(|s| (s / part.area as f64) as f32);
                part
            })
            .collect();
        Segmentation { width, height, parts, labels }
    }

    #[test]
    fn runs_cut_exactly_as_pixel_by_pixel() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u8
        };
        // Blotches of a few colours with noise: parts of every shape, touching in every way.
        let image = RgbaImage::from_fn(97, 61, |x, y| {
            let base = [[30u8, 30, 30], [200, 60, 60], [60, 200, 60]][((x / 7 + y / 5 + (x * y) % 3) % 3) as usize];
            let v = next() % 9;
            Rgba([base[0].saturating_add(v), base[1], base[2].saturating_add(v / 2), 255])
        });
        let frame = Frame::from_image(image);
        let raw = frame.image.as_raw();
        let rgb = |i: usize| [raw[4 * i], raw[4 * i + 1], raw[4 * i + 2]];
        let joined = |i: usize, j: usize| step(rgb(i), rgb(j)) <= 6;
        let (fast, slow) = (segment_with(&frame, joined), segment_by_pixels(&frame, joined));
        assert!(fast.parts.len() > 50, "{} parts", fast.parts.len());
        assert_eq!(fast.labels, slow.labels);
        for (a, b) in fast.parts.iter().zip(&slow.parts) {
            assert_eq!((a.x0, a.y0, a.x1, a.y1, a.area), (b.x0, b.y0, b.x1, b.y1, b.area));
            assert!((0..3).all(|k| (a.mean[k] - b.mean[k]).abs() < 1e-3));
        }
    }
}
