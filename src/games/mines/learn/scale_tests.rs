//! A board drawn at another scale than the calibration shot's (a page zoomed out: its lines still
//! one pixel, its gaps and cells rounded to whole pixels, so a line falls otherwise within the
//! cells from row to row): read by the looks learned at the first scale, the grid placed where its
//! cells are drawn as the profile's looks are (`placed_cost`). Placed where its cells look most
//! alike, as calibration places a grid, the lines of some rows fell outside their cells' edges and
//! no cell was the profile's (masonward99's table at 16x16 zoomed to 0.7, from a 9x9 profile).
//! And a board most of whose cells show the profile's lines otherwise (or none) is found by its
//! cells' insides (`lined_as_known`): masonward99's 9x9 table zoomed to 0.7, most cells opened.

use super::*;
use crate::games::mines::config::Background;

const DARK: [u8; 3] = [0x41, 0x4a, 0x4c];
const LIGHT: [u8; 3] = [0xb2, 0xbe, 0xb5];
const WHITE: [u8; 3] = [255, 255, 255];
const PAGE: [u8; 3] = [250, 250, 250];

/// A cell's pitch in the page's own units: a gap of 2 (the table's dark colour), then the cell:
/// a white line, its inside, a white line, 32 in all (as a table of cells with borders and
/// spacing draws).
const PITCH: f64 = 34.0;
const SIZE: usize = 8;
/// Where the board's first gap begins, in the page's units.
const ORIGIN: f64 = 20.0;

/// Whether the cell at `row`, `col` is opened (a patch in the lower right).
fn opened(row: usize, col: usize) -> bool {
    row >= 3 && col >= 2 && !(row == 5 && col == 6)
}

/// What lies at pixel `p` along one axis at `scale`, as a browser paints it: each cell's box from
/// its start to its end rounded to whole pixels, its lines one pixel whatever the scale (never
/// thinner), the gaps between what is left: `None` outside the board, else the cell's index and
/// whether `p` is on its line (`Some(true)`), inside it (`Some(false)`) or in a gap (`None`).
fn along(p: u32, scale: f64) -> Option<(usize, Option<bool>)> {
    let start = |i: usize| ((ORIGIN + 2.0 + i as f64 * PITCH) * scale).round() as i64;
    let end = |i: usize| ((ORIGIN + 2.0 + i as f64 * PITCH + PITCH - 2.0) * scale).round() as i64;
    let p = p as i64;
    if p < (ORIGIN * scale).round() as i64 || p >= start(SIZE) {
        return None;
    }
    let i = (0..SIZE).rev().find(|&i| p >= start(i)).unwrap_or(0);
    if p < start(i) || p >= end(i) {
        return Some((i, None));
    }
    Some((i, Some(p == start(i) || p == end(i) - 1)))
}

/// The drawing at `scale`.
fn drawn(scale: f64) -> Frame {
    let side = ((SIZE as f64 * PITCH + 2.0 * ORIGIN + 20.0) * scale).ceil() as u32;
    let image = image::RgbaImage::from_fn(side, side, |x, y| {
        let c = match (along(x, scale), along(y, scale)) {
            (None, _) | (_, None) => PAGE,
            (Some((_, None)), _) | (_, Some((_, None))) => DARK,
            (Some((_, Some(true))), _) | (_, Some((_, Some(true)))) => WHITE,
            (Some((col, _)), Some((row, _))) => match opened(row, col) {
                true => LIGHT,
                false => DARK,
            },
        };
        image::Rgba([c[0], c[1], c[2], 255])
    });
    Frame::from_image(image)
}

/// The looks of the drawing at scale 1, taken where its cells are (a cell from the middle of one
/// gap to the middle of the next).
fn looks_at_scale_one() -> Looks {
    let frame = drawn(1.0);
    let at = |row: usize, col: usize| {
        let (x, y) = (ORIGIN + 1.0 + col as f64 * PITCH, ORIGIN + 1.0 + row as f64 * PITCH);
        background(&frame, Rect { x, y, width: PITCH, height: PITCH })
    };
    let background_of = |role, look: CellLook| Background {
        role,
        centre: to_hex(look.centre),
        edge: look.edge.iter().map(|&e| to_hex(e)).collect(),
    };
    Looks {
        max_delta_e: 8.0,
        ink_delta_e: 20.0,
        glyph_distance: super::glyph::MAX_LEARNED,
        min_cell: 8,
        backgrounds: vec![background_of(Role::Covered, at(0, 0)), background_of(Role::Opened, at(4, 4))],
        glyphs: Vec::new(),
    }
}

#[test]
fn a_board_zoomed_out_reads_by_the_looks_learned_at_another_zoom() {
    let looks = looks_at_scale_one();
    for scale in [1.0, 0.7] {
        let frame = drawn(scale);
        let grid = locate(&frame, &looks).unwrap_or_else(|e| panic!("at scale {scale}: {e}"));
        assert_eq!((grid.rows, grid.cols), (SIZE, SIZE), "at scale {scale}");
        for (row, col) in (0..SIZE).flat_map(|r| (0..SIZE).map(move |c| (r, c))) {
            let cell = read_cell(&frame, grid.cell_rect(row, col), &looks);
            let want = if opened(row, col) { Cell::Open(0) } else { Cell::Covered };
            assert_eq!(cell, Ok(want), "at scale {scale}, row {row} col {col}");
        }
    }
}

/// A 6x6 board of 30-px cells, 20 of them opened, drawn as masonward99's table zoomed to 0.7
/// drew its opened cells: a dark line at the top (the profile's opened cells' lines), the
/// covered cells' white line at the left and right, and none at the bottom (it fell in the next
/// cell). The covered cells have their white line all round.
fn board_with_opened_cells_lined_otherwise() -> Frame {
    let opened = |r: u32, c: u32| r >= 2 && c >= 1;
    let image = image::RgbaImage::from_fn(260, 260, |x, y| {
        let (bx, by) = (x as i64 - 40, y as i64 - 40);
        if !(0..180).contains(&bx) || !(0..180).contains(&by) {
            return image::Rgba([PAGE[0], PAGE[1], PAGE[2], 255]);
        }
        let (r, c, u, v) = ((by / 30) as u32, (bx / 30) as u32, bx % 30, by % 30);
        let colour = match opened(r, c) {
            true if v == 0 => DARK,
            true if u == 0 || u == 29 => WHITE,
            true => LIGHT,
            false if u == 0 || u == 29 || v == 0 || v == 29 => WHITE,
            false => DARK,
        };
        image::Rgba([colour[0], colour[1], colour[2], 255])
    });
    Frame::from_image(image)
}

/// The opened cells' edges are none of the profile's, so they read by their insides (`by_sides`);
/// they are most of the board's cells, where a board counted by insides is refused unless most
/// of its cells fit (a picture shrunk below its cells' size softens every line): their sides are
/// all the profile's lines or none (`lined_as_known`), so the board is found and reads.
#[test]
fn a_board_most_of_whose_cells_show_the_profiles_lines_otherwise_is_found() {
    let frame = board_with_opened_cells_lined_otherwise();
    let hex = |c: [u8; 3]| to_hex(c);
    let background_of =
        |role, centre: [u8; 3], edge: [u8; 3]| Background { role, centre: hex(centre), edge: vec![hex(edge); 4] };
    let looks = Looks {
        max_delta_e: 8.0,
        ink_delta_e: 20.0,
        glyph_distance: super::glyph::MAX_LEARNED,
        min_cell: 8,
        backgrounds: vec![background_of(Role::Covered, DARK, WHITE), background_of(Role::Opened, LIGHT, DARK)],
        glyphs: Vec::new(),
    };
    let grid = locate(&frame, &looks).expect("the board");
    assert_eq!((grid.rows, grid.cols), (6, 6));
    let cells = (0..36).map(|i| read_cell(&frame, grid.cell_rect(i / 6, i % 6), &looks)).collect::<Vec<_>>();
    let opened = cells.iter().filter(|c| **c == Ok(Cell::Open(0))).count();
    assert_eq!((opened, cells.iter().filter(|c| **c == Ok(Cell::Covered)).count()), (20, 16), "{cells:?}");
}
