//! Numbers fainter than the ink threshold. A program may draw a number as little apart from its
//! opened cell as the cell's own lines are (rw-pz's dark page draws its 4 in the grey of the opened
//! cells' border, ΔE 19.5 from their inside, under the ink threshold of 20): read at the threshold,
//! the 4 is an opened 0. An opened cell with no ink is looked at again with the threshold brought
//! down to a share of its own lines' contrast, when those lines are fainter than the threshold: a
//! program draws nothing it means to be seen fainter than the lines it draws between its cells,
//! and the inside of a blank opened cell, clear of its lines, is flat in any program.

use super::cells::CellLook;
use super::glyph;
use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;

/// The share of the cell's faintest line's contrast a pixel must reach to be ink, on a second look.
const SHARE: f32 = 0.75;
/// Lines nearer than this (ΔE) to the inside are no lines (as `cells::UNLIKE`).
const LINE: f32 = 10.0;

/// The ink threshold for a second look at a blank opened cell `look`: a share of its faintest
/// line's contrast, when that is under `threshold`; None when its lines are as strong (nothing
/// fainter to look for) or it has none.
pub fn second_threshold(look: &CellLook, threshold: f32) -> Option<f32> {
    let inside = Lab::from_rgb8(look.centre);
    let faintest = look
        .edge
        .iter()
        .map(|&side| Lab::from_rgb8(side).delta_e(&inside))
        .filter(|&d| d > LINE)
        .fold(f32::MAX, f32::min);
    (faintest < threshold).then_some(SHARE * faintest)
}

/// `look` again with its glyph found at the second threshold, when there is one (else as it was).
pub fn look_again(frame: &Frame, rect: Rect, inside: Rect, look: CellLook, threshold: f32) -> CellLook {
    let Some(lower) = second_threshold(&look, threshold) else { return look };
    let glyph = glyph::ink(frame, inside, look.centre, lower).and_then(|ink| glyph::glyph_of(&ink, rect.height));
    CellLook { glyph, ..look }
}

#[cfg(test)]
mod tests {
    use super::super::cells::{describe, read_cell};
    use super::*;
    use crate::games::mines::board::Cell;
    use crate::games::mines::config::{Background, GlyphLook, Looks, Role};
    use image::{Rgba, RgbaImage};

    const INSIDE: [u8; 3] = [0x1f, 0x29, 0x37];
    const BORDER: [u8; 3] = [0x4b, 0x55, 0x63];
    const COVERED: [u8; 3] = [0x37, 0x41, 0x51];
    const LIGHT: [u8; 3] = [0x9c, 0xa3, 0xaf];

    /// A 40 px cell at (4, 4) on its inside colour with a 1-px border of `border`, and `digit` (rows
    /// of '#', drawn at 3 px a dot) in `ink`, centred.
    fn cell(border: [u8; 3], ink: [u8; 3], digit: &[&str]) -> (Frame, Rect) {
        let px = |c: [u8; 3]| Rgba([c[0], c[1], c[2], 255]);
        let mut image = RgbaImage::from_pixel(48, 48, px(INSIDE));
        for k in 4..44 {
            for (x, y) in [(k, 4), (k, 43), (4, k), (43, k)] {
                image.put_pixel(x, y, px(border));
            }
        }
        let (w, h) = (digit[0].len() as u32 * 3, digit.len() as u32 * 3);
        let (x0, y0) = (24 - w / 2, 24 - h / 2);
        for (r, row) in digit.iter().enumerate() {
            for (c, dot) in row.chars().enumerate() {
                if dot == '#' {
                    for (dx, dy) in (0..3).flat_map(|dx| (0..3).map(move |dy| (dx, dy))) {
                        image.put_pixel(x0 + c as u32 * 3 + dx, y0 + r as u32 * 3 + dy, px(ink));
                    }
                }
            }
        }
        (Frame::from_image(image), Rect { x: 4.0, y: 4.0, width: 40.0, height: 40.0 })
    }

    fn looks(opened_edge: [u8; 3]) -> Looks {
        let hex = |c: [u8; 3]| crate::vision::colour::to_hex(c);
        let background = |role, centre, edge| Background { role, centre: hex(centre), edge: vec![hex(edge); 4] };
        Looks {
            max_delta_e: 8.0,
            ink_delta_e: 20.0,
            glyph_distance: glyph::MAX_LEARNED,
            min_cell: 8,
            backgrounds: vec![background(Role::Opened, INSIDE, opened_edge), background(Role::Covered, COVERED, LIGHT)],
            glyphs: Vec::new(),
        }
    }

    const FOUR: [&str; 7] = ["#..#.", "#..#.", "#..#.", "#####", "...#.", "...#.", "...#."];

    /// rw-pz's 4, drawn in the grey of the opened cells' border (ΔE 19.5 from their inside): no ink
    /// at the threshold of 20, so it read as an opened 0; looked at again at a share of the border's
    /// contrast, it is a 4. A blank cell of that look is still a 0.
    #[test]
    fn a_number_as_faint_as_the_cells_lines_reads() {
        let (frame, rect) = cell(BORDER, BORDER, &FOUR);
        assert!(describe(&frame, rect, 20.0).glyph.is_none(), "no ink at the threshold");
        assert_eq!(read_cell(&frame, rect, &looks(BORDER)), Ok(Cell::Open(4)));
        let (blank, rect) = cell(BORDER, INSIDE, &FOUR);
        assert_eq!(read_cell(&blank, rect, &looks(BORDER)), Ok(Cell::Open(0)));
    }

    /// A program that tells its numbers by colour in a ramp of greys: its learned 3's mean colour
    /// (pulled toward the background by its edges) lies within ΔE 8 of the faint 4's, which would
    /// refuse a 4 seen at the threshold as "shaped like 4 in the colour of the program's 3"; found
    /// only under the threshold, where no learned number is, it is a 4 by its shape.
    #[test]
    fn a_faint_number_is_not_taken_for_a_learned_number_of_a_near_colour() {
        let (frame, rect) = cell(BORDER, BORDER, &FOUR);
        let inside = Rect { x: rect.x + 5.6, y: rect.y + 5.6, width: rect.width - 11.2, height: rect.height - 11.2 };
        let seen = look_again(&frame, rect, inside, describe(&frame, rect, 20.0), 20.0).glyph.expect("a second look");
        let learned = |kind: &str, colour: &str| GlyphLook {
            kind: kind.into(),
            colour: colour.into(),
            zones: vec![0.0; glyph::ZONES],
            holes: 0,
            aspect: seen.aspect,
            height: Some(seen.height),
            pixels: None,
        };
        let mut looks = looks(BORDER);
        looks.glyphs = vec![learned("1", "#d1d5db"), learned("2", "#9ca3af"), learned("3", "#55606e")];
        assert_eq!(read_cell(&frame, rect, &looks), Ok(Cell::Open(4)));
    }

    /// Where the opened cells' lines stand out more than the threshold, nothing fainter is looked
    /// for: a mark fainter than the threshold on such a cell is no number.
    #[test]
    fn under_strong_lines_a_faint_mark_is_no_number() {
        let (frame, rect) = cell(LIGHT, BORDER, &FOUR);
        let look = describe(&frame, rect, 20.0);
        assert_eq!(second_threshold(&look, 20.0), None);
        assert_eq!(read_cell(&frame, rect, &looks(LIGHT)), Ok(Cell::Open(0)));
    }
}
