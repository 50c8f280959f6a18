//! Wells against the window's edges. A pygame program commonly draws its well from x = 0, its
//! score panel right of it: the well's region touches the window's left edge, as the window's own
//! background does, and is a well when the cells in it stand on its columns. One cut by the edge
//! through a column is refused; the window's background around a well, and a column of the well's
//! colour around it from the window's top to its bottom, are not taken for the well.

use image::{Rgba, RgbaImage, imageops};

use super::super::Piece;
use super::draw::{Scene, Style, put, render};
use super::read::read;
use super::tests::{MID, settled};
use crate::frame::Frame;

/// `frame`'s part (x, y, w, h) as a frame of its own.
fn crop(frame: &Frame, (x, y, w, h): (u32, u32, u32, u32)) -> Frame {
    Frame::from_image(imageops::crop_imm(&frame.image, x, y, w, h).to_image())
}

/// The well of `style` drawn by `render` (MID, a T falling), with its 3-px border, pasted on
/// `page` at (x, y) (the border's top-left).
fn well_on(style: &Style, mut page: RgbaImage, (x, y): (u32, u32)) -> Frame {
    let p = style.pitch;
    let drawn = render(style, &Scene { rows: &MID, next: &[], hold: None });
    let well = crop(&drawn, (7 * p - 3, 2 * p - 3, 10 * p + 6, 20 * p + 6));
    imageops::replace(&mut page, &well.image, i64::from(x), i64::from(y));
    Frame::from_image(page)
}

fn reads_mid(frame: &Frame, what: &str) -> f64 {
    let seen = read(frame, None).unwrap_or_else(|e| panic!("{what}: {e:#}"));
    assert_eq!(seen.settled_rows(), settled(&MID), "{what}");
    assert_eq!(seen.piece(), Some(Piece::T), "{what}");
    seen.well.x0
}

/// A well from the window's left edge (from its top-left corner too), a score panel with the
/// preview right of it: found, read, its preview too (where the top edge does not cut its box).
#[test]
fn a_well_at_the_windows_left_edge_with_a_panel_right_reads() {
    for pitch in [24, 30] {
        let style = Style::plain(pitch);
        let frame = render(&style, &Scene { rows: &MID, next: &[Piece::S], hold: None });
        let (width, height) = (frame.width(), frame.height());
        for top in [0, 2 * pitch] {
            let shot = crop(&frame, (7 * pitch, top, width - 7 * pitch, height - top));
            let what = format!("{pitch} px, from y = {top}");
            assert!(reads_mid(&shot, &what) < 1.0, "{what}: the well's left");
            if top == 0 {
                assert_eq!(read(&shot, None).expect("reads").boxes.next, [Piece::S], "{what}");
            }
        }
    }
}

/// A well ending at the window's right edge, its hold box left of it: found and read.
#[test]
fn a_well_at_the_windows_right_edge_reads() {
    for pitch in [24, 30] {
        let style = Style::plain(pitch);
        let frame = render(&style, &Scene { rows: &MID, next: &[], hold: Some(Piece::O) });
        let shot = crop(&frame, (0, 0, 17 * pitch, frame.height()));
        let x0 = reads_mid(&shot, &format!("{pitch} px"));
        assert!((x0 - f64::from(7 * pitch)).abs() < 1.0, "{pitch} px: the well's left {x0}");
        assert_eq!(read(&shot, None).expect("reads").boxes.hold, Some(Piece::O), "{pitch} px");
    }
}

/// The window's background of the well's colour touching every edge, sized so that it would be a
/// well of 10 columns and 20 whole rows with the well's border on its columns: the well inside
/// is found, not the background around it.
#[test]
fn the_windows_background_around_the_well_is_not_the_well() {
    let style = Style { page: [0, 0, 0], border: [150, 150, 150], ..Style::plain(24) };
    // The page's column would be 41 px: the well's border, 246 px wide, spans its columns 2 to 8.
    let frame = well_on(&style, RgbaImage::from_pixel(410, 820, Rgba([0, 0, 0, 255])), (82, 100));
    assert!((reads_mid(&frame, "the background around") - 85.0).abs() < 1.0);
}

/// A column of the well's colour from the window's top to its bottom, wider than the well and
/// around it (a page's middle column with the well inside): it spans whole rows of its own
/// columns, but holds the well, so it is the page, not the well.
#[test]
fn a_column_of_the_wells_colour_around_the_well_is_not_the_well() {
    let style = Style { border: [150, 150, 150], ..Style::plain(30) };
    let mut page = RgbaImage::from_pixel(600, 800, Rgba([60, 60, 70, 255]));
    put(&mut page, (100, 0, 400, 800), [0, 0, 0]);
    let frame = well_on(&style, page, (147, 97));
    assert!((reads_mid(&frame, "the column around") - 150.0).abs() < 1.0);
}

/// A well the window's left edge cuts through a column is refused, not read shifted by half a
/// column; at either cell size.
#[test]
fn a_well_cut_by_the_windows_left_edge_through_a_column_is_refused() {
    for pitch in [24, 30] {
        let style = Style::plain(pitch);
        let frame = render(&style, &Scene { rows: &MID, next: &[Piece::S], hold: None });
        let (width, height) = (frame.width(), frame.height());
        for cut in [pitch / 2, pitch / 3] {
            let x = 7 * pitch + cut;
            let shot = crop(&frame, (x, 0, width - x, height));
            let seen = read(&shot, None);
            assert!(seen.is_err(), "{pitch} px cut {cut}: read {:?}", seen.map(|s| (s.well.x0, s.settled_rows())));
        }
    }
}

/// A well from the window's top edge whose blocks cast drop shadows a fifth of a cell or a bit
/// more right and down (rwxdelir/mtwain-js: 30-px cells, a red shadow 5 px off, outlined: its
/// region's edges 6 px off the columns): its region stands on its columns all the same. With the
/// edges allowed a fifth of a cell off, such a well read only while its stack was low.
#[test]
fn a_well_at_the_windows_top_edge_with_drop_shadows_reads() {
    for (pitch, off) in [(30, 6), (24, 5)] {
        let style = Style { seam: 0, shadow: Some((off, [200, 30, 30])), ..Style::plain(pitch) };
        let frame = render(&style, &Scene { rows: &MID, next: &[], hold: None });
        let shot = crop(&frame, (0, 2 * pitch, frame.width(), frame.height() - 2 * pitch));
        reads_mid(&shot, &format!("{pitch} px, shadows {off} px off"));
    }
}
