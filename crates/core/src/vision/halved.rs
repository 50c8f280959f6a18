//! The cut by steps of a frame at half its resolution, for a board drawn larger than its edges are
//! sharp. A zoom spreads an edge over more pixels, so it steps less from one pixel to the next: a
//! pale disc's smoothed rim on a board of nearly its colour steps by at most `lattice::STEP`
//! somewhere around the disc at 150%, and the cut by steps runs every disc into the board. In
//! the frame halved (each pixel the mean of two by two) the same rim steps about twice as much, as
//! it did drawn at half the size, and the discs are cut out again. The parts are given in the
//! frame's own pixels (boxes doubled, areas four times), with no pixel's part, so that they stand
//! beside the other cuts' parts.

use super::lattice::{Candidate, Found, STEP, Search, candidates};
use super::segment::{Segmentation, segment};
use crate::frame::Frame;

/// `frame` at half its width and height, each pixel the mean of two by two (an odd last row or
/// column left out).
pub fn halved(frame: &Frame) -> Frame {
    let (width, height) = (frame.width() as usize, frame.height() as usize);
    let (w, h) = ((width / 2).max(1), (height / 2).max(1));
    let raw = frame.image.as_raw();
    let mut out = vec![0u8; 4 * w * h];
    for (y, row) in out.chunks_exact_mut(4 * w).enumerate() {
        // The two rows of the frame this row halves (the one row twice in a frame one row high).
        let top = &raw[4 * (2 * y).min(height - 1) * width..][..4 * width];
        let below = &raw[4 * (2 * y + 1).min(height - 1) * width..][..4 * width];
        for (x, pixel) in row.chunks_exact_mut(4).enumerate() {
            let (left, right) = (4 * (2 * x).min(width - 1), 4 * (2 * x + 1).min(width - 1));
            for c in 0..4 {
                let sum = u16::from(top[left + c])
                    + u16::from(top[right + c])
                    + u16::from(below[left + c])
                    + u16::from(below[right + c]);
                pixel[c] = ((sum + 2) / 4) as u8;
            }
        }
    }
    let image = image::RgbaImage::from_raw(w as u32, h as u32, out).expect("a buffer of four bytes a pixel");
    Frame::from_image(image)
}

/// The cut by steps (`STEP`) of `frame` halved, its parts in `frame`'s pixels.
pub fn segment_halved(frame: &Frame) -> Segmentation {
    let cut = segment(&halved(frame), STEP);
    let parts = cut
        .parts
        .into_iter()
        .map(|p| super::segment::Part { x0: 2 * p.x0, y0: 2 * p.y0, x1: 2 * p.x1, y1: 2 * p.y1, area: 4 * p.area, ..p })
        .collect();
    Segmentation { width: frame.width(), height: frame.height(), parts, labels: Vec::new() }
}

/// The board candidates of the frame halved (`segment_halved`), the most occupied cells first,
/// with that one cut.
pub fn find(frame: &Frame, search: &Search) -> Found {
    let cut = segment_halved(frame);
    Found { candidates: candidates(&cut, search), segmentations: vec![cut] }
}

/// How much of the picture a candidate's things cover: their number times their size.
pub fn cover(candidate: &Candidate) -> f64 {
    candidate.cells.len() as f64 * candidate.thing.0 * candidate.thing.1
}

/// The most that `candidates`' things cover (`cover`), 0 for none.
pub fn most_covered(candidates: &[Candidate]) -> f64 {
    candidates.iter().map(cover).fold(0.0, f64::max)
}

/// Whether the best candidate of the frame halved (`halved`, from `find`) covers clearly more
/// with its things than `than` (another cut's most, `most_covered`): the cut where a board's
/// things come out whole, not specks between them nor bits of them, covers the most of it. Clearly:
/// by more than things of one size may differ, an eighth each way (as the lattice finder groups
/// sizes), so that the same board found in both cuts keeps the other cut's.
pub fn covers_more(halved: &Found, than: f64) -> bool {
    halved.candidates.first().is_some_and(|best| cover(best) > than * (9.0f64 / 8.0).powi(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    /// Each pixel of the frame halved is the rounded mean of its two by two, an odd last row or
    /// column left out, every channel alike.
    #[test]
    fn each_pixel_halved_is_the_mean_of_two_by_two() {
        let image = RgbaImage::from_fn(7, 5, |x, y| {
            Rgba([(x * 37 + y * 11) as u8, (x * y * 29) as u8, (250 - x * 3) as u8, (y * 50) as u8])
        });
        let frame = Frame::from_image(image.clone());
        let half = halved(&frame);
        assert_eq!((half.width(), half.height()), (3, 2));
        for (x, y, p) in half.image.enumerate_pixels() {
            for c in 0..4 {
                let sum: u32 = [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .iter()
                    .map(|&(dx, dy)| u32::from(image.get_pixel(2 * x + dx, 2 * y + dy).0[c]))
                    .sum();
                assert_eq!(u32::from(p.0[c]), (sum + 2) / 4, "({x}, {y}) channel {c}");
            }
        }
    }

    /// Pale discs 40 px across on a board of nearly their colour, their rims shaded over 8 px
    /// (as a page zoomed draws a soft rim): the cut by steps runs them into the board; halved, the
    /// 3x4 lattice of discs is found at its pitch, in the frame's own pixels.
    #[test]
    fn discs_whose_soft_rims_step_little_are_cut_out_halved() {
        let (board, disc) = ([249.0, 211.0, 52.0], [255.0, 239.0, 100.0]);
        let centre = |v: u32| (v / 60) as f64 * 60.0 + 30.0;
        let image = RgbaImage::from_fn(240, 180, |x, y| {
            let d = ((x as f64 + 0.5 - centre(x)).powi(2) + (y as f64 + 0.5 - centre(y)).powi(2)).sqrt();
            let t = ((24.0 - d) / 8.0).clamp(0.0, 1.0);
            let c: Vec<u8> = (0..3).map(|k| (board[k] + t * (disc[k] - board[k])).round() as u8).collect();
            Rgba([c[0], c[1], c[2], 255])
        });
        let frame = Frame::from_image(image);
        assert!(candidates(&segment(&frame, STEP), &Search::default()).is_empty(), "run into the board");
        let found = find(&frame, &Search::default());
        let grid = found.candidates[0].grid();
        assert_eq!((grid.rows, grid.cols), (3, 4), "{:?}", found.candidates[0]);
        assert!((grid.cell_width() - 60.0).abs() < 1.0 && (grid.rect.x).abs() < 2.0, "{grid:?}");
        assert!(found.segmentations[0].labels.is_empty() && found.segmentations[0].width == 240);
        assert!(covers_more(&found, 0.0));
    }

    /// The same discs with sharp rims are found in both cuts alike: the halved cut does not cover
    /// clearly more, so the full cut's board is kept.
    #[test]
    fn discs_with_sharp_rims_cover_no_more_halved() {
        let image = RgbaImage::from_fn(240, 180, |x, y| {
            let d = ((x % 60) as f64 - 29.5).powi(2) + ((y % 60) as f64 - 29.5).powi(2);
            if d <= 400.0 { Rgba([255, 239, 100, 255]) } else { Rgba([249, 211, 52, 255]) }
        });
        let frame = Frame::from_image(image);
        let full = candidates(&segment(&frame, STEP), &Search::default());
        assert_eq!((full[0].grid().rows, full[0].grid().cols), (3, 4), "{full:?}");
        let found = find(&frame, &Search::default());
        assert_eq!((found.candidates[0].grid().rows, found.candidates[0].grid().cols), (3, 4));
        assert!(!covers_more(&found, most_covered(&full)), "{:?} against {full:?}", found.candidates[0]);
    }
}
