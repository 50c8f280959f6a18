//! A cell whose edge was put together otherwise than in the calibration shot (`by_sides`): read by
//! its inside and its sides (half of them at least seen on the profile's looks) when one role's looks have
//! its inside, refused when two roles share it.

use super::*;
use crate::games::mines::config::Background;

const WHITE: [u8; 3] = [254, 254, 254];
const DARK: [u8; 3] = [26, 26, 26];
const LIGHT_LINE: [u8; 3] = [208, 208, 208];
const DARK_LINE: [u8; 3] = [184, 184, 184];
const GREY_LINE: [u8; 3] = [94, 94, 94];

fn look(centre: [u8; 3], edge: Edge) -> CellLook {
    CellLook { centre, edge, glyph: None }
}

/// Navid079's opened cell in the board's bottom-left corner: its bottom side is the board's edge
/// (light, as the opened cells' tops are), a look no opened cell had in the shot it was learned
/// from; it is opened, by its inside and its sides.
#[test]
fn a_cell_whose_sides_were_all_seen_on_its_roles_looks_reads_as_that_role() {
    let known =
        [(Role::Opened, WHITE, [LIGHT_LINE, DARK_LINE, LIGHT_LINE, DARK_LINE]), (Role::Covered, DARK, [GREY_LINE; 4])];
    let corner = look(WHITE, [LIGHT_LINE, LIGHT_LINE, LIGHT_LINE, DARK_LINE]);
    assert!(known.iter().all(|&(_, c, e)| corner.distance(c, e) > 8.0), "no look is near it");
    assert_eq!(role_of(&corner, &known, 8.0).map(|(role, _)| role), Some(Role::Opened));
    let unseen_sides = look(WHITE, [LIGHT_LINE, [255, 0, 0], [255, 0, 0], [255, 0, 0]]);
    assert_eq!(role_of(&unseen_sides, &known, 8.0), None, "three sides no look has");
}

/// Where covered and opened cells share their inside colour (the Windows-classic looks: only the
/// edges tell them apart), a new edge tells nothing: refused.
#[test]
fn a_new_edge_on_an_inside_two_roles_share_is_refused() {
    let grey = [220, 220, 220];
    let known = [
        (Role::Opened, grey, [[128, 128, 128], grey, [128, 128, 128], grey]),
        (Role::Covered, grey, [[255, 255, 255], [128, 128, 128], [255, 255, 255], [128, 128, 128]]),
    ];
    let new = look(grey, [[255, 255, 255], grey, [128, 128, 128], grey]);
    assert_eq!(role_of(&new, &known, 8.0), None);
}

const RWPZ_OPENED: [u8; 3] = [0x1f, 0x29, 0x37];
const RWPZ_OPENED_LINE: [u8; 3] = [0x4b, 0x55, 0x63];
const RWPZ_OUTLINE: [u8; 3] = [0x9c, 0xa3, 0xaf];

/// rw-pz's dark page's looks: opened, covered, and covered outlined in light grey (a flag on it).
fn rwpz_looks() -> [(Role, [u8; 3], Edge); 3] {
    let (covered, covered_line) = ([0x37, 0x41, 0x51], [0x6b, 0x72, 0x80]);
    [
        (Role::Opened, RWPZ_OPENED, [RWPZ_OPENED_LINE; 4]),
        (Role::Covered, covered, [covered_line; 4]),
        (Role::Covered, covered, [RWPZ_OUTLINE; 4]),
    ]
}

/// rw-pz's dark page outlines the cell its keyboard is on (the top-left one) in the light grey it
/// draws round flagged cells: opened, that cell has an edge no opened cell had, of sides the
/// covered looks have. Its inside is the opened cells' alone, so it is opened; a side no look has
/// is still refused.
#[test]
fn a_cell_outlined_in_another_looks_edge_colour_reads_by_its_inside() {
    let (opened, opened_line, outline) = (RWPZ_OPENED, RWPZ_OPENED_LINE, RWPZ_OUTLINE);
    let known = rwpz_looks();
    let outlined = look(opened, [outline, opened_line, outline, opened_line]);
    assert!(known.iter().all(|&(_, c, e)| outlined.distance(c, e) > 8.0), "no look is near it");
    assert_eq!(role_of(&outlined, &known, 8.0).map(|(role, _)| role), Some(Role::Opened));
    let unseen_sides = look(opened, [[255, 0, 0], [255, 0, 0], [255, 0, 0], opened_line]);
    assert_eq!(role_of(&unseen_sides, &known, 8.0), None, "three sides no look has");
}

/// rw-pz's page leaves a black line along one or two sides of some opened cells (its animations),
/// as on its outlined top-left cell in a mid-game shot (edge #9ca3af #000000 #9ca3af #4b5563) and
/// on another (#4b5563 #000000 #4b5563 #000000): sides no look has. Their inside is the opened
/// cells' alone and their other sides were seen: opened. A cell whose inside two roles share is
/// still refused.
#[test]
fn a_cell_with_one_or_two_sides_of_a_colour_no_look_has_reads_by_its_inside() {
    let (opened, opened_line, outline) = (RWPZ_OPENED, RWPZ_OPENED_LINE, RWPZ_OUTLINE);
    let known = rwpz_looks();
    let black_side = look(opened, [outline, [0, 0, 0], outline, opened_line]);
    assert_eq!(role_of(&black_side, &known, 8.0).map(|(role, _)| role), Some(Role::Opened));
    let black_sides = look(opened, [opened_line, [0, 0, 0], opened_line, [0, 0, 0]]);
    assert_eq!(role_of(&black_sides, &known, 8.0).map(|(role, _)| role), Some(Role::Opened));
    let shared = [(Role::Opened, opened, [opened_line; 4]), (Role::Covered, opened, [outline; 4])];
    assert_eq!(role_of(&look(opened, [opened_line, [0, 0, 0], opened_line, opened_line]), &shared, 8.0), None);
}

/// A 6x6 board drawn as rw-pz draws its cells (22 px with a 1-px line, 2 px apart, on a darker
/// page): covered all round, opened inside, and each opened cell with a black line along its
/// bottom (as the page's animations leave them), with the profile of the looks of its unmarked
/// cells.
fn board_with_black_sides(black: bool) -> (Frame, Looks) {
    let (covered, covered_line) = ([0x37, 0x41, 0x51], [0x6b, 0x72, 0x80]);
    let px = |c: [u8; 3]| image::Rgba([c[0], c[1], c[2], 255]);
    let mut image = image::RgbaImage::from_pixel(200, 200, px([0x11, 0x18, 0x27]));
    let opened = |r: u32, c: u32| (1..5).contains(&r) && (1..5).contains(&c);
    for (r, c) in (0..6).flat_map(|r| (0..6).map(move |c| (r, c))) {
        let (x0, y0) = (28 + c * 24, 28 + r * 24);
        let (inside, line) = if opened(r, c) { (RWPZ_OPENED, RWPZ_OPENED_LINE) } else { (covered, covered_line) };
        for (x, y) in (0..22).flat_map(|x| (0..22).map(move |y| (x, y))) {
            let edge = x == 0 || y == 0 || x == 21 || y == 21;
            let black = black && opened(r, c) && y >= 20;
            image.put_pixel(
                x0 + x,
                y0 + y,
                px(if black {
                    [0; 3]
                } else if edge {
                    line
                } else {
                    inside
                }),
            );
        }
    }
    let frame = Frame::from_image(image);
    let hex = |c: [u8; 3]| to_hex(c);
    let look_at = |x: f64, y: f64| background(&frame, Rect { x, y, width: 24.0, height: 24.0 });
    let background_of = |role, look: CellLook| Background {
        role,
        centre: hex(look.centre),
        edge: look.edge.iter().map(|&e| hex(e)).collect(),
    };
    let backgrounds = vec![
        background_of(Role::Covered, look_at(27.0, 27.0)),
        background_of(Role::Opened, look_at(27.0 + 24.0 * 2.0, 27.0 + 24.0 * 2.0)),
    ];
    let looks = Looks {
        max_delta_e: 8.0,
        ink_delta_e: 20.0,
        glyph_distance: super::glyph::MAX_LEARNED,
        min_cell: 8,
        backgrounds,
        glyphs: Vec::new(),
    };
    (frame, looks)
}

/// With a black line along the bottom of every opened cell, 16 of the 36 cells fit none of the
/// profile's looks (a board allows a tenth): no board of fitting cells is found, and the board is
/// looked for again counting cells read by their insides; found whole, every cell reads.
#[test]
fn a_board_with_black_sides_on_many_cells_is_found_by_the_cells_insides() {
    let (plain, looks) = board_with_black_sides(false);
    let (frame, _) = board_with_black_sides(true);
    let whole = locate(&plain, &looks).expect("the board without black sides");
    assert_eq!((whole.rows, whole.cols), (6, 6));
    let grid = locate(&frame, &looks).expect("the board found by its cells' insides");
    assert_eq!((grid.rows, grid.cols), (6, 6));
    let cells = (0..36).map(|i| read_cell(&frame, grid.cell_rect(i / 6, i % 6), &looks)).collect::<Vec<_>>();
    let opened = cells.iter().filter(|c| **c == Ok(Cell::Open(0))).count();
    assert_eq!((opened, cells.iter().filter(|c| **c == Ok(Cell::Covered)).count()), (16, 20), "{cells:?}");
}
