//! A well drawn as a toolkit's grid of labels (as a Tk program lays out 20 x 10 `Label`s in a
//! white `Frame`, 1 px apart): black cells wider than tall, 2-px white lines between them and a
//! 1-px one around, on a black window, with a hold box and a next box drawn the same way as 4 x 4
//! grids of the same cells beside it. The well has no region of its own (the page is its colour);
//! its empty cells give it, the side grids' columns left out and the row pitch kept apart.

use image::{Rgba, RgbaImage};

use super::super::Piece;
use super::draw::put;
use super::read::read;
use super::tests::{MID, settled};
use crate::frame::Frame;

const WHITE: [u8; 3] = [255, 255, 255];
const CELL: [u8; 3] = [50, 200, 50];

/// A grid of labels at (x, y), `w` x `h` px each, 2 px apart inside a 1-px white rim; `at` gives
/// each label's colour.
fn labels(
    img: &mut RgbaImage,
    (x, y): (u32, u32),
    (rows, cols): (u32, u32),
    (w, h): (u32, u32),
    at: &dyn Fn(u32, u32) -> [u8; 3],
) {
    put(img, (x, y, cols * (w + 2), rows * (h + 2)), WHITE);
    for r in 0..rows {
        for c in 0..cols {
            put(img, (x + 1 + c * (w + 2), y + 1 + r * (h + 2), w, h), at(r, c));
        }
    }
}

/// The window: hold grid, well (its rim `top` px down), next grid holding an O, on black; cells
/// `w` x `h`.
fn tk_window((w, h): (u32, u32), top: u32) -> Frame {
    let (pw, ph) = (w + 2, h + 2);
    let well_x = 4 * pw + 2 * pw;
    let mut img = RgbaImage::from_pixel(well_x + 10 * pw + 6 * pw, 20 * ph + 2 * ph, Rgba([0, 0, 0, 255]));
    labels(&mut img, (pw, ph), (4, 4), (w, h), &|_, _| [0, 0, 0]);
    labels(&mut img, (well_x, top), (20, 10), (w, h), &|r, c| {
        let ch = MID[r as usize].as_bytes()[c as usize];
        match ch {
            b'#' => [200, 30, 30],
            b'x' => [160, 40, 200],
            _ => [0, 0, 0],
        }
    });
    let next_x = well_x + 10 * pw + pw / 2;
    labels(&mut img, (next_x, ph), (4, 4), (w, h), &|r, c| {
        if (1..3).contains(&r) && (1..3).contains(&c) { CELL } else { [0, 0, 0] }
    });
    Frame::from_image(img)
}

#[test]
fn a_grid_of_labels_wider_than_tall_with_grids_beside_it_is_the_well() {
    for size in [(42, 40), (40, 34), (30, 26)] {
        let frame = tk_window(size, (size.1 + 2) / 2);
        let seen = read(&frame, None).unwrap_or_else(|e| panic!("{size:?}: {e:#}"));
        let (pw, ph) = (f64::from(size.0 + 2), f64::from(size.1 + 2));
        assert_eq!((seen.well.cols, seen.well.rows), (10, 20), "{size:?}");
        assert!((seen.well.pitch - pw).abs() < 0.5, "{size:?}: pitch {}", seen.well.pitch);
        assert!((seen.well.pitch_y - ph).abs() < 0.5, "{size:?}: pitch_y {}", seen.well.pitch_y);
        assert_eq!(seen.settled_rows(), settled(&MID), "{size:?}");
        assert_eq!(seen.piece(), Some(Piece::T), "{size:?}");
    }
}

/// The same grid placed at the window's top (Tk's `place(x = 300)`: y = 0), its rim the window's
/// first line.
#[test]
fn a_grid_of_labels_from_the_windows_top_is_the_well() {
    for size in [(42, 40), (30, 26)] {
        let seen = read(&tk_window(size, 0), None).unwrap_or_else(|e| panic!("{size:?}: {e:#}"));
        assert_eq!(seen.well.rows, 20, "{size:?}: y0 {}", seen.well.y0);
        assert!(seen.well.y0 <= 1.0, "{size:?}: y0 {}", seen.well.y0);
        assert!((seen.well.pitch_y - f64::from(size.1 + 2)).abs() < 0.5, "{size:?}: pitch_y {}", seen.well.pitch_y);
        assert_eq!(seen.settled_rows(), settled(&MID), "{size:?}");
        assert_eq!(seen.piece(), Some(Piece::T), "{size:?}");
    }
}
