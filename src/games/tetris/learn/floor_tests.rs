//! The page under a well's floor. A well's rows go on below its empty region while a row shows some
//! cells of the empty colour and some not (the stack), so a photograph under a bordered well, light
//! in the middle and dark at the sides (blackwright/tetris at 900x950: fog between two buildings),
//! was read as one more row of the well. The rows of a well stand between its walls: where what
//! stands beside the well on both sides is no longer what stood beside its rows above, the well has
//! ended.

use image::{Rgba, RgbaImage, imageops};

use super::super::Piece;
use super::draw::{Scene, Style, put, render};
use super::read::read;
use super::tests::{MID, settled};
use crate::frame::Frame;

/// The well of `style` (MID, a T falling) with its 3-px border, pasted on `page` at (x, y).
fn well_on(style: &Style, mut page: RgbaImage, (x, y): (u32, u32)) -> Frame {
    let p = style.pitch;
    let drawn = render(style, &Scene { rows: &MID, next: &[], hold: None });
    let well = imageops::crop_imm(&drawn.image, 7 * p - 3, 2 * p - 3, 10 * p + 6, 20 * p + 6).to_image();
    imageops::replace(&mut page, &well, i64::from(x), i64::from(y));
    Frame::from_image(page)
}

/// Under the floor of a bordered well, a patch of nearly the well's empty colour under its middle
/// four columns (narrower than the well) and the page's darker colour under the others: read as a
/// well of 20 rows, not 21 or 22, at two cell sizes and with the patch starting 1 or 4 px under
/// the 3-px border (so 4 px of it or more part the patch from the well's seams: not bridged).
#[test]
fn a_light_patch_under_a_bordered_wells_floor_is_no_row_of_the_well() {
    for (pitch, gap) in [(25, 1), (25, 4), (30, 1)] {
        let style =
            Style { well: [230, 232, 234], well_bottom: [230, 232, 234], border: [0, 0, 0], ..Style::plain(pitch) };
        let (x, y) = (4 * pitch, 2 * pitch);
        let page = RgbaImage::from_pixel(18 * pitch, 26 * pitch, Rgba([70, 80, 95, 255]));
        let mut shot = well_on(&style, page, (x, y));
        let floor = y + 3 + 20 * pitch + 3 + gap;
        put(&mut shot.image, (x + 3 + 3 * pitch, floor, 4 * pitch, 2 * pitch), [238, 240, 244]);
        let what = format!("{pitch} px, the patch {gap} px under the border");
        let seen = read(&Frame::from_image(shot.image), None).unwrap_or_else(|e| panic!("{what}: {e:#}"));
        assert_eq!(seen.well.rows, 20, "{what} {:?}", (seen.well.x0, seen.well.y0, seen.well.pitch));
        assert_eq!(seen.settled_rows(), settled(&MID), "{what}");
        assert_eq!(seen.piece(), Some(Piece::T), "{what}");
    }
}
