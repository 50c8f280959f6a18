//! A next box exactly as large as the piece it shows, framed as the well is (a light well of
//! bevelled squares in a gradient frame of white and dark lines over a photograph): the piece
//! touches the box's sides, and the box is still found and read. A patch of the well's colour on
//! the page beside piece-like ink, framed by nothing, is no box.

use image::{Rgba, RgbaImage};

use super::super::Piece;
use super::draw::put;
use super::read::read;

const WELL: [u8; 3] = [200, 199, 168];
const PINK: [u8; 3] = [153, 53, 88];
const DARK: [u8; 3] = [80, 6, 35];
const ORANGE: [u8; 3] = [240, 160, 50];

fn mix(a: [u8; 3], b: [u8; 3], t: f64) -> [u8; 3] {
    std::array::from_fn(|i| (f64::from(a[i]) * (1.0 - t) + f64::from(b[i]) * t).round() as u8)
}

/// A content area (x, y, w, h) of the well's colour in a frame: white, dark, white lines, then
/// two pixels of a pink-to-dark gradient running down the whole frame.
fn framed(img: &mut RgbaImage, (x, y, w, h): (u32, u32, u32, u32)) {
    put(img, (x - 5, y - 5, w + 10, h + 10), [255; 3]);
    put(img, (x - 4, y - 4, w + 8, h + 8), DARK);
    put(img, (x - 3, y - 3, w + 6, h + 6), [255; 3]);
    for yy in y - 2..y + h + 2 {
        put(img, (x - 2, yy, w + 4, 1), mix(PINK, DARK, f64::from(yy + 2 - y) / f64::from(h + 3)));
    }
    put(img, (x, y, w, h), WELL);
}

/// An outset square: light top and left, grey bottom and right, `c` in the middle.
fn square(img: &mut RgbaImage, (x, y, p): (u32, u32, u32), c: [u8; 3]) {
    let e = (p / 5).max(2);
    put(img, (x, y, p, p), [154, 154, 154]);
    put(img, (x, y, p - e, p - e), [240, 240, 240]);
    put(img, (x + e, y + e, p - 2 * e, p - 2 * e), c);
}

/// The screen: a photograph-like page, the framed well with a T falling and a stack, a framed
/// next box of 4 x 2 cells holding `next` at (row, col) cells, and on the page left of the well a
/// patch of the well's colour beside an unframed O-shaped block.
fn screen(p: u32, next: &[(u32, u32)]) -> crate::frame::Frame {
    screen_with_box(p, (4, 2), next)
}

/// As `screen`, the next box `cells` (wide, tall) cells.
fn screen_with_box(p: u32, cells: (u32, u32), next: &[(u32, u32)]) -> crate::frame::Frame {
    let (wx, wy) = (5 * p, 3 * p);
    let mut img = RgbaImage::new(wx + 17 * p, wy + 22 * p);
    for (x, y, px) in img.enumerate_pixels_mut() {
        let band = (x / 7 + y / 11) % 5;
        *px = Rgba([20 + band as u8 * 9, 50 + (y % 40) as u8, 170 + band as u8 * 12, 255]);
    }
    framed(&mut img, (wx, wy, 10 * p, 20 * p));
    for (r, c) in [(2, 4), (2, 5), (2, 6), (3, 5), (19, 0), (19, 1), (19, 2), (18, 0), (19, 8), (19, 9)] {
        square(&mut img, (wx + c * p, wy + r * p, p), if r < 10 { [180, 60, 200] } else { [60, 180, 90] });
    }
    let bx = wx + 11 * p;
    framed(&mut img, (bx, wy, cells.0 * p, cells.1 * p));
    for &(r, c) in next {
        square(&mut img, (bx + c * p, wy + r * p, p), ORANGE);
    }
    put(&mut img, (p, 9 * p, p, 2 * p), WELL);
    for (r, c) in [(0, 1), (0, 2), (1, 1), (1, 2)] {
        square(&mut img, (p + c * p, 9 * p + r * p, p), ORANGE);
    }
    crate::frame::Frame::from_image(img)
}

#[test]
fn a_next_box_as_large_as_its_piece_framed_as_the_well_reads() {
    let j = [(0, 0), (1, 0), (1, 1), (1, 2)];
    let o = [(0, 1), (0, 2), (1, 1), (1, 2)];
    let i = [(0, 0), (0, 1), (0, 2), (0, 3)];
    for p in [16, 20, 25] {
        for (cells, piece) in [(&j, Piece::J), (&o, Piece::O), (&i, Piece::I)] {
            let seen = read(&screen(p, cells), None).unwrap_or_else(|e| panic!("{p} px, {piece:?}: {e:#}"));
            assert_eq!(seen.piece(), Some(Piece::T), "{p} px, {piece:?}");
            assert_eq!(seen.boxes.next, vec![piece], "{p} px, {piece:?}");
            assert_eq!(seen.boxes.hold, None, "{p} px, {piece:?}");
        }
    }
}

/// A framed next box of three previews, 4 cells wide and 12 tall (hona9/tetris draws such a
/// column, 6 x 12): it is found and read, top to bottom. It was left unfound, taller than the 6
/// cells a framed box could grow to.
#[test]
fn a_framed_column_of_three_previews_taller_than_wide_reads() {
    let pieces = [(1, 0), (2, 0), (2, 1), (2, 2), (5, 1), (5, 2), (6, 1), (6, 2), (9, 0), (9, 1), (9, 2), (9, 3)];
    for p in [16, 25] {
        let seen = read(&screen_with_box(p, (4, 12), &pieces), None).unwrap_or_else(|e| panic!("{p} px: {e:#}"));
        assert_eq!(seen.boxes.next, vec![Piece::J, Piece::O, Piece::I], "{p} px");
    }
}
