//! Luminance of a frame and the bright "ink" the Breach Protocol screen draws its codes with.
//!
//! The screen is dark with bright text, at any gamma: the ink threshold sits 40 % of the way from
//! the typical (median) luminance to the brightest text (the 99.5th percentile), so it follows the
//! brightness setting instead of being a fixed number.

use crate::frame::Frame;

/// A grey image: one luminance byte per pixel, row-major.
pub struct Luma {
    pub width: usize,
    pub height: usize,
    pub data: Vec<u8>,
}

impl Luma {
    /// Rec. 601 luma of every pixel of `frame`.
    pub fn of(frame: &Frame) -> Luma {
        let (width, height) = (frame.width() as usize, frame.height() as usize);
        let data = frame
            .image
            .as_raw()
            .chunks_exact(4)
            .map(|p| ((p[0] as u32 * 77 + p[1] as u32 * 150 + p[2] as u32 * 29) >> 8) as u8)
            .collect();
        Luma { width, height, data }
    }

    #[inline]
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.data[y * self.width + x]
    }

    /// The luminance histogram of the pixels of a box (exclusive right and bottom edges, clamped).
    pub fn histogram(&self, x0: usize, y0: usize, x1: usize, y1: usize) -> [u32; 256] {
        let mut hist = [0u32; 256];
        for y in y0..y1.min(self.height) {
            for &v in &self.data[y * self.width + x0.min(self.width)..y * self.width + x1.min(self.width)] {
                hist[v as usize] += 1;
            }
        }
        hist
    }

    /// The mask of pixels brighter than `threshold`.
    pub fn mask_above(&self, threshold: u8) -> Vec<bool> {
        self.data.iter().map(|&v| v > threshold).collect()
    }
}

/// The value below which `fraction` (0..1) of the histogram's pixels lie.
pub fn percentile(hist: &[u32; 256], fraction: f64) -> u8 {
    let total: u64 = hist.iter().map(|&n| n as u64).sum();
    let wanted = (total as f64 * fraction).ceil() as u64;
    let mut seen = 0u64;
    for (value, &n) in hist.iter().enumerate() {
        seen += n as u64;
        if seen >= wanted.max(1) {
            return value as u8;
        }
    }
    255
}

/// The typical (median) and brightest-text (99.5th percentile) levels of the whole frame.
pub fn levels(luma: &Luma) -> (u8, u8) {
    // Every fourth pixel of every fourth row is plenty for two percentiles.
    let mut hist = [0u32; 256];
    for y in (0..luma.height).step_by(4) {
        for &v in luma.data[y * luma.width..(y + 1) * luma.width].iter().step_by(4) {
            hist[v as usize] += 1;
        }
    }
    (percentile(&hist, 0.5), percentile(&hist, 0.995))
}

/// The threshold between the dark screen and its bright text, over the whole frame.
pub fn text_threshold(luma: &Luma) -> u8 {
    let (dark, bright) = levels(luma);
    between(dark, bright)
}

/// The ink where the background is not everywhere the same: a pixel is ink when it is above the
/// frame's threshold and 40 % of the way from the mean of the square around it (a sixtieth of the
/// frame's height each way) to the brightest text. On a dark screen that is the frame's threshold
/// again; on a lit band (a highlighted row) the band itself drops out and the codes on it stay.
pub fn banded_mask(luma: &Luma) -> Vec<bool> {
    let (dark, bright) = levels(luma);
    let threshold = between(dark, bright);
    let (w, h) = (luma.width, luma.height);
    let reach = (h / 60).max(4);
    // Summed-area table, one row and column of zeros in front (u32: 255 x 8.3 M pixels fits).
    let mut sums = vec![0u32; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u32;
        for x in 0..w {
            row += luma.at(x, y) as u32;
            sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
        }
    }
    let mut mask = vec![false; w * h];
    for y in 0..h {
        let (ya, yb) = (y.saturating_sub(reach), (y + reach + 1).min(h));
        for x in 0..w {
            let v = luma.at(x, y);
            if v <= threshold {
                continue;
            }
            let (xa, xb) = (x.saturating_sub(reach), (x + reach + 1).min(w));
            let total =
                sums[yb * (w + 1) + xb] + sums[ya * (w + 1) + xa] - sums[ya * (w + 1) + xb] - sums[yb * (w + 1) + xa];
            let mean = (total as usize / ((yb - ya) * (xb - xa))) as u8;
            mask[y * w + x] = v > between(mean.max(dark), bright);
        }
    }
    mask
}

/// The level 40 % of the way from `dark` to `bright`: below the middle, so the faint edges of
/// thin anti-aliased strokes still count as ink.
pub fn between(dark: u8, bright: u8) -> u8 {
    (dark as u32 + (bright.saturating_sub(dark) as u32 * 2) / 5) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_a_two_level_histogram() {
        let mut hist = [0u32; 256];
        hist[10] = 90;
        hist[200] = 10;
        assert_eq!(percentile(&hist, 0.5), 10);
        assert_eq!(percentile(&hist, 0.9), 10);
        assert_eq!(percentile(&hist, 0.95), 200);
    }

    #[test]
    fn threshold_follows_the_brightness_of_the_screen() {
        let frame = |dark: u8, bright: u8| {
            let mut image = image::RgbaImage::from_pixel(100, 100, image::Rgba([dark, dark, dark, 255]));
            for x in 0..100 {
                image.put_pixel(x, 0, image::Rgba([bright, bright, bright, 255]));
            }
            Frame::from_image(image)
        };
        let dim = text_threshold(&Luma::of(&frame(20, 200)));
        let bright = text_threshold(&Luma::of(&frame(2, 250)));
        assert!((88..=96).contains(&dim), "{dim}");
        assert!((98..=104).contains(&bright), "{bright}");
    }
}
