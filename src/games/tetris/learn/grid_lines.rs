//! A well whose frame is drawn over its outer cells: a program may draw the cells first and then a
//! frame a few pixels wide over the well's rim, so that the region of the empty colour (`well.rs`)
//! is the well less a strip on every side, and cells taken from it come out too small and drift
//! off the real ones row by row. Where grid lines cross the well's inside, they are the cells'
//! own edges: thin lines of another colour with the empty colour a little to each side, at one
//! spacing. When the `cols - 1` lines inside the region are evenly spaced by a pitch other than
//! the region's width over `cols`, and the region's edges lie in the first and last cells they
//! make, the cells are placed on the lines (and on the rows' lines likewise). Nothing here is a
//! colour or a size of a particular program.

use super::floor::near;
use crate::frame::Frame;
use crate::vision::regions::Component;

/// A line is seen at a place along the axis when, of the lines across where the empty colour lies
/// two pixels to each side, at least this share are not of it there.
const LINE_SHARE: f64 = 0.8;
/// ... and such lines across are at least this share of the region's extent.
const SEEN_SHARE: f64 = 0.25;

/// The cells placed on the grid lines: x0, y0, pitch across, and the rows' pitch when their
/// lines were seen too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnLines {
    pub x0: f64,
    pub y0: f64,
    pub pitch: f64,
    pub pitch_y: Option<f64>,
}

/// Where the thin lines start along one axis: `empty(a, b)` says whether the pixel at `a` along
/// the axis and `b` across is of the empty colour, for `a` in `along` and `b` in `across`.
fn lines(along: (u32, u32), across: (u32, u32), empty: &dyn Fn(u32, u32) -> bool) -> Vec<f64> {
    let mut starts = Vec::new();
    let mut last: Option<u32> = None;
    for a in along.0 + 2..along.1.saturating_sub(2) {
        let (mut open, mut hits) = (0u32, 0u32);
        for b in across.0..across.1 {
            if empty(a - 2, b) && empty(a + 2, b) {
                open += 1;
                hits += u32::from(!empty(a, b));
            }
        }
        let line = f64::from(open) >= SEEN_SHARE * f64::from(across.1 - across.0)
            && f64::from(hits) >= LINE_SHARE * f64::from(open);
        if line && last.is_none_or(|l| a > l + 1) {
            starts.push(f64::from(a));
        }
        if line {
            last = Some(a);
        }
    }
    starts
}

/// The lines' common spacing, when every gap is within a pixel and a half of their mean.
fn even(lines: &[f64]) -> Option<f64> {
    if lines.len() < 3 {
        return None;
    }
    let gaps: Vec<f64> = lines.windows(2).map(|w| w[1] - w[0]).collect();
    let mean = gaps.iter().sum::<f64>() / gaps.len() as f64;
    gaps.iter().all(|g| (g - mean).abs() <= 1.5).then_some(mean)
}

/// The cells of a well `cols` wide whose empty `region` (of colour `empty`) is cut short by a
/// frame drawn over its rim, placed on its grid lines; None when its lines say nothing else than
/// the region does (or show no even grid).
pub fn overdrawn(frame: &Frame, region: &Component, cols: usize, empty: [u8; 3]) -> Option<OnLines> {
    let is_empty = |x: u32, y: u32| near(frame.rgb(x.min(frame.width() - 1), y.min(frame.height() - 1)), empty);
    let xs = lines((region.x0, region.x1), (region.y0, region.y1), &|a, b| is_empty(a, b));
    let pitch = even(&xs)?;
    let (first, last) = (xs[0], *xs.last()?);
    let (left, right) = (f64::from(region.x0), f64::from(region.x1));
    let placed = xs.len() == cols - 1 && first - pitch <= left + 1.0 && last + pitch >= right - 1.0;
    if !placed || (pitch - (right - left) / cols as f64).abs() <= 0.25 {
        return None;
    }
    let ys = lines((region.y0, region.y1), (region.x0, region.x1), &|a, b| is_empty(b, a));
    let rows = even(&ys).filter(|q| (q - pitch).abs() <= pitch * 0.1 && ys[0] - q <= f64::from(region.y0) + 1.0);
    Some(OnLines { x0: first - pitch, y0: rows.map_or(f64::from(region.y0), |q| ys[0] - q), pitch, pitch_y: rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A black well of 30-px cells at (50, 40), grey 1-px lines on every cell's first row and
    /// column, and a red frame 5 px wide drawn over its rim.
    fn framed() -> Frame {
        let mut image = image::RgbaImage::from_pixel(420, 700, image::Rgba([0, 0, 0, 255]));
        for (x, y, p) in image.enumerate_pixels_mut() {
            let (wx, wy) = (x as i64 - 50, y as i64 - 40);
            if !(0..300).contains(&wx) || !(0..600).contains(&wy) {
                continue;
            }
            if !(5..295).contains(&wx) || !(5..595).contains(&wy) {
                *p = image::Rgba([255, 0, 0, 255]);
            } else if wx % 30 == 0 || wy % 30 == 0 {
                *p = image::Rgba([128, 128, 128, 255]);
            }
        }
        Frame::from_image(image)
    }

    #[test]
    fn a_frame_over_the_rim_leaves_the_cells_on_their_lines() {
        let frame = framed();
        let region = Component { area: 290 * 590, x0: 55, y0: 45, x1: 345, y1: 635 };
        let on = overdrawn(&frame, &region, 10, [0, 0, 0]).expect("the lines place the cells");
        assert_eq!(on, OnLines { x0: 50.0, y0: 40.0, pitch: 30.0, pitch_y: Some(30.0) });
    }

    #[test]
    fn a_region_that_is_the_whole_well_is_left_as_it_is() {
        let frame = framed();
        // The region as wide as the lines say: nothing to place anew.
        let region = Component { area: 300 * 600, x0: 50, y0: 40, x1: 350, y1: 640 };
        assert_eq!(overdrawn(&frame, &region, 10, [0, 0, 0]), None);
    }
}
